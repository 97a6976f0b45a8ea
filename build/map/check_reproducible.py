"""Regenerate every board into a temporary file and compare it byte for byte."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
MAPS = ROOT / "src" / "vinci_core" / "data" / "maps"
DESIGNS = [HERE / "design.json", HERE / "design_mare_nostrum.json"]  # Europe, Mare Nostrum
# Boards of other games: (generator, design, committed output).
OTHER_BOARDS = [
    (HERE / "generate_renaissance.py", HERE / "design_renaissance.json",
     ROOT / "src" / "renaissance_core" / "data" / "board_shapes.json"),
]


def same(generator: Path, design: Path, committed: Path, name: str, tmp: str) -> bool:
    out = Path(tmp) / committed.name
    subprocess.run([sys.executable, str(generator), "--design", str(design), "--out", str(out)],
                   check=True)
    ok = out.read_bytes() == committed.read_bytes()
    print(f"{name}: " + ("reproducible: the generator rewrites the committed file byte for "
                         "byte" if ok else
                         "NOT reproducible: the generated file differs from the committed one"))
    return ok


def main() -> int:
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        for design in DESIGNS:
            board_id = json.loads(design.read_text())["board"]["id"]
            if not same(HERE / "generate.py", design, MAPS / f"{board_id}.json", board_id, tmp):
                failed.append(board_id)
        for generator, design, committed in OTHER_BOARDS:
            board_id = json.loads(design.read_text())["board"]["id"]
            if not same(generator, design, committed, board_id, tmp):
                failed.append(board_id)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
