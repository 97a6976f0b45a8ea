"""Seat colours against the page and the board (issue 29): no default seat colour within
3:1 (WCAG contrast ratio) of the page's background; since no six colours can stand out 3:1
from every terrain fill, an owned province is outlined in a dark colour that does."""

from __future__ import annotations

import re
from pathlib import Path

from vinci_core.table import palette
from vinci_core.table.svg import TERRAIN_COLOURS

ROOT = Path(__file__).resolve().parent.parent
CSS = (ROOT / "web" / "style.css").read_text(encoding="utf-8")


def _css_var(name: str) -> str:
    found = re.search(rf"--{name}:\s*(#[0-9a-fA-F]{{6}})", CSS)
    assert found, name
    return found.group(1).lower()


def test_the_page_backgrounds_are_the_stylesheets():
    assert palette.PAGE_BACKGROUNDS == (_css_var("paper"), _css_var("panel"))


def test_every_default_seat_colour_stands_out_from_the_page():
    assert palette.contrast_problems(palette.DEFAULT_COLOURS) == []
    for colour in palette.DEFAULT_COLOURS:
        for background in palette.PAGE_BACKGROUNDS:
            assert palette.contrast_ratio(colour, background) >= 3.0, (colour, background)


def test_the_old_white_and_yellow_seats_did_not():
    assert palette.contrast_problems(("#f5f5f5", "#f0e442")) != []
    assert palette.contrast_ratio("#f5f5f5", "#f4ecd8") < 1.1


def test_the_defaults_still_pass_the_colour_blind_checks():
    assert palette.palette_problems(palette.DEFAULT_COLOURS) == []
    assert len(set(palette.DEFAULT_COLOURS)) == 6


def test_no_six_colours_stand_out_from_every_terrain_so_the_outline_does():
    fills = list(TERRAIN_COLOURS.values())
    # Lighter than every terrain: impossible (desert and river are near white) ...
    lightest = max(palette.luminance(f) for f in fills)
    assert 3.0 * (lightest + 0.05) - 0.05 > 1.0
    # ... darker than every one: only near-black (forest is dark), where six colours would
    # all read as black under a half-transparent tint.
    assert palette.max_luminance_against(fills) < 0.02
    for colour in palette.DEFAULT_COLOURS:
        assert palette.luminance(colour) > palette.max_luminance_against(fills) or \
            colour == "#222222"
    # The outline of an owned province stands out 3:1 from every terrain fill ...
    for terrain, fill in TERRAIN_COLOURS.items():
        assert palette.contrast_ratio(palette.OWNER_OUTLINE, fill) >= 3.0, terrain
    # ... and it is the one the stylesheet draws.
    assert re.search(r"\.board \.owner\.active, \.board \.owner\.declined \{ stroke: "
                     + palette.OWNER_OUTLINE, CSS)


def test_seat_colours_chosen_before_are_kept():
    import vinci_core as vc
    from vinci_core.table.view import seat_colours

    old = ("#d55e00", "#0072b2", "#f5f5f5")
    seats = [vc.Seat(name=n, colour=c) for n, c in zip("ABC", old, strict=True)]
    config = vc.GameConfig(seats=seats)
    assert seat_colours(config) == list(old)
