"""Render the boards' pictures from the committed boards with each game's own SVG:
docs/map.png (Europe) and docs/mare_nostrum.png, 1600 px wide, and docs/renaissance-map.png,
2400 px wide (one pixel a board unit: Renaissance's board has 107 areas).

Uses vinci_core.table.svg (the renderer the page uses), renaissance_core.table.svg and
rsvg-convert (Debian librsvg2-bin).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "src"))

from renaissance_core.table.svg import board_svg as renaissance_svg  # noqa: E402
from vinci_core.boards.maps import load_map  # noqa: E402
from vinci_core.table.svg import board_svg  # noqa: E402

PICTURES = {"europe": "map.png", "mare_nostrum": "mare_nostrum.png"}


def render(svg: str, out: Path, width: int) -> None:
    with tempfile.NamedTemporaryFile("w", suffix=".svg", delete=False) as f:
        f.write(svg)
    subprocess.run(["rsvg-convert", "-w", str(width), "-o", str(out), f.name], check=True)
    Path(f.name).unlink()
    print(f"wrote {out}")


def main() -> int:
    for board_id, picture in PICTURES.items():
        render(board_svg(load_map(board_id)), ROOT / "docs" / picture, 1600)
    render(renaissance_svg(), ROOT / "docs" / "renaissance-map.png", 2400)
    return 0


if __name__ == "__main__":
    sys.exit(main())
