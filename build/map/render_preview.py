"""Render the boards' pictures (1600 px wide) from the committed boards with the game's own SVG:
docs/map.png (Europe) and docs/mare_nostrum.png.

Uses vinci_core.table.svg (the renderer the page uses) and rsvg-convert (Debian librsvg2-bin).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "src"))

from vinci_core.boards.maps import load_map  # noqa: E402
from vinci_core.table.svg import board_svg  # noqa: E402

PICTURES = {"europe": "map.png", "mare_nostrum": "mare_nostrum.png"}


def main() -> int:
    for board_id, picture in PICTURES.items():
        board = load_map(board_id)
        out = ROOT / "docs" / picture
        with tempfile.NamedTemporaryFile("w", suffix=".svg", delete=False) as f:
            f.write(board_svg(board))
        subprocess.run(["rsvg-convert", "-w", "1600", "-o", str(out), f.name], check=True)
        Path(f.name).unlink()
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
