"""Shared fixtures: the hand-made test boards under tests/maps are registered by name, and
the gettext catalogues of the work tree are compiled (as the site build does for the wheel)."""

import sys
from pathlib import Path

from vinci_core import register_map

MAPS = Path(__file__).parent / "maps"

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build"))
import catalogues  # noqa: E402

catalogues.compile_catalogues()

for path in sorted(MAPS.glob("*.json")):
    register_map(path)
