"""Regenerate the Europe board into a temporary file and compare it byte for byte."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
COMMITTED = HERE.parent.parent / "src" / "vinci_core" / "data" / "maps" / "europe.json"


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "europe.json"
        subprocess.run([sys.executable, str(HERE / "generate.py"), "--out", str(out)], check=True)
        same = out.read_bytes() == COMMITTED.read_bytes()
    print("reproducible: the generator rewrites the committed file byte for byte" if same
          else "NOT reproducible: the generated file differs from the committed one")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
