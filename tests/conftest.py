"""Shared fixtures: the hand-made test boards under tests/maps are registered by name."""

from pathlib import Path

from vinci_core import register_map

MAPS = Path(__file__).parent / "maps"

for path in sorted(MAPS.glob("*.json")):
    register_map(path)
