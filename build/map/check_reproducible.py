"""Regenerate every board into a temporary file and compare it byte for byte."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAPS = HERE.parent.parent / "src" / "vinci_core" / "data" / "maps"
DESIGNS = [HERE / "design.json", HERE / "design_mare_nostrum.json"]  # Europe, Mare Nostrum


def main() -> int:
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        for design in DESIGNS:
            board_id = json.loads(design.read_text())["board"]["id"]
            out = Path(tmp) / f"{board_id}.json"
            subprocess.run([sys.executable, str(HERE / "generate.py"), "--design", str(design),
                            "--out", str(out)], check=True)
            same = out.read_bytes() == (MAPS / f"{board_id}.json").read_bytes()
            print(f"{board_id}: " + ("reproducible: the generator rewrites the committed file "
                                     "byte for byte" if same else
                                     "NOT reproducible: the generated file differs from the "
                                     "committed one"))
            if not same:
                failed.append(board_id)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
