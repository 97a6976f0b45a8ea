"""Saves are forever: every save a released edition wrote still loads and replays as played.

``tests/saves/released-format-*.json`` hold saves written by released editions (the
format, the rules and the board of that release). Each must decode to the digest it was
written with; a game in progress must go on to its end on the board it began on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vinci_core import decode_save, digest, encode_save
from vinci_core.players.randomplay import RandomChooser

SAVES = Path(__file__).parent / "saves"
RELEASED = [
    (path.stem, entry)
    for path in sorted(SAVES.glob("released-format-*.json"))
    for entry in json.loads(path.read_text(encoding="utf-8"))["saves"]
]
FIRST_EUROPE = "8c91eba20863"  # the Europe board's fingerprint in the first release


def test_released_saves_are_kept() -> None:
    assert len(RELEASED) >= 6


@pytest.mark.parametrize(("release", "entry"), RELEASED,
                         ids=[f"{r}:{e['name']}" for r, e in RELEASED])
def test_released_save_replays_as_played(release: str, entry: dict[str, Any]) -> None:
    state = decode_save(entry["save"])
    assert digest(state) == entry["digest"]
    assert (state.ply, state.is_terminal, state.scores) == (entry["ply"], entry["over"],
                                                            entry["scores"])
    assert state.board.fingerprint == FIRST_EUROPE
    assert decode_save(encode_save(state)).actions == state.actions


@pytest.mark.parametrize(("release", "entry"),
                         [(r, e) for r, e in RELEASED if not e["over"]],
                         ids=[f"{r}:{e['name']}" for r, e in RELEASED if not e["over"]])
def test_released_game_in_progress_finishes_on_its_board(release: str,
                                                         entry: dict[str, Any]) -> None:
    state = decode_save(entry["save"])
    chooser = RandomChooser(1)
    while not state.is_terminal and state.ply < 20_000:
        state = state.apply(chooser.pick(state.legal_actions()))
    assert state.is_terminal
    assert state.board.fingerprint == FIRST_EUROPE
    again = decode_save(encode_save(state))
    assert digest(again) == digest(state)


# --- rules 2 (issue 29): Keep of any province of a part --------------------------------------

KEEP_ANY = json.loads((SAVES / "rules-2-keep-any-province.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("entry", KEEP_ANY["saves"], ids=[e["name"] for e in KEEP_ANY["saves"]])
def test_c3_4_2_rules_2_save_with_an_unlisted_keep_replays(entry: dict[str, Any]) -> None:
    """Rules 2 kept a part by any of its provinces; rules 3 take only the listed one. A
    rules-2 save holding such a Keep still loads, replays to its digest and goes on."""
    from vinci_core.game.actions import Keep

    state = decode_save(entry["save"])
    assert state.config.rules_version == 2
    assert digest(state) == entry["digest"]
    assert (state.ply, state.is_terminal, state.scores) == (entry["ply"], entry["over"],
                                                            entry["scores"])
    assert decode_save(encode_save(state)).actions == state.actions
    assert any(isinstance(a, Keep) for a in state.actions)
    from vinci_core import IllegalAction, replay

    with pytest.raises(IllegalAction, match="kept by its province"):  # not in rules 3
        replay(state.config.model_copy(update={"rules_version": 3}), state.actions)
    chooser = RandomChooser(2)
    while not state.is_terminal and state.ply < 20_000:
        state = state.apply(chooser.pick(state.legal_actions()))
    assert state.is_terminal
