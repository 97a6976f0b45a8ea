"""The versions a Renaissance game is played by: the rules' number and the data files'.

A save records them all (``table.save``): a game is replayed only by an engine that plays
the same rules on the same board, advance sheet and cards, since any of them changes what
an action log means.

While Renaissance is not on the page no player holds a save, so the rules keep the
development number :data:`DEVELOPMENT_RULES` and the golden games are regenerated when a
slice changes the rules (``scripts/regen_renaissance_golden.py``). The first release sets
:data:`RULES_VERSION` to 1; from then on every change to the rules or the data raises a
number, and saves are kept forever, as Vinci's are.

>>> RULES_VERSION == DEVELOPMENT_RULES, sorted(data_versions())
(True, ['board', 'cards', 'sheet'])
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from ..boards.board import load_board
from .sheet import load_sheet

DEVELOPMENT_RULES = 0  # the rules while they are being built: no release plays them
RULES_VERSION = DEVELOPMENT_RULES


@cache
def data_versions() -> dict[str, int]:
    """The version of each data file (``data/board.json``, ``sheet.json``, ``cards.json``)."""
    return {"board": load_board().version, "sheet": load_sheet().version,
            "cards": _cards_version()}


def _cards_version() -> int:
    # The card loader keeps only the cards; their file's version is read here.
    text = resources.files("renaissance_core").joinpath("data/cards.json").read_text("utf-8")
    return int(json.loads(text)["version"])


def versions() -> dict[str, int]:
    """Everything a save must match to be replayed: the rules and every data file."""
    return {"rules": RULES_VERSION, **data_versions()}
