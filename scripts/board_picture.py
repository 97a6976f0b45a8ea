"""Write web/board.svg: the empty Europe board that a first visit shows while Python loads
(the build draws it as dist/site/board.png: build_site.BOARD_PICTURE).

Run it after a change to the map or to vinci_core.table.svg (tests/test_page_model.py checks that
the file is what this script writes):

    PYTHONPATH=src python3 scripts/board_picture.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "board.svg"


def picture() -> str:
    from vinci_core.boards.maps import load_map
    from vinci_core.table.svg import board_svg

    return board_svg(load_map("europe"), title="The Europe board, loading") + "\n"


def main() -> int:
    OUT.write_text(picture(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({OUT.stat().st_size} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
