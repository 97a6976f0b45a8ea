"""Y-9.10: Militia's forts are drawn on the board, like Fortifications' (issue 29, item 6).

The board draws a fort exactly where a conquest's cost counts one: Fortification's and
Fortifications' forts (C-3.4.5, Y-9.9) and, online, Militia's in every non-river province of
an active Militia empire. Classic Militia is a +1 of the defender (C-4), no fort.
"""

from __future__ import annotations

import re

import pytest
from builders import give_civ, position, put, start_turn

from vinci_core import Decline, GameConfig, Seat
from vinci_core.players.randomplay import play_random
from vinci_core.table.presenter import board_view
from vinci_core.table.svg import board_svg
from vinci_core.turn.state import new_game


def _fort_shown(svg: str, pid: str) -> bool:
    group = re.search(rf'<g class="token" data-token="{pid}".*?</g>', svg, re.S)
    assert group is not None
    fort = re.search(r'<rect class="fort"[^>]*/>', group.group(0))
    assert fort is not None
    return "hidden" not in fort.group(0)


def test_y9_10_militia_forts_are_drawn_but_not_on_rivers() -> None:
    s = give_civ(position(seats=3, map="delta", ruleset="online"), 0, ("militia", "barbarians"),
                 hand=0)
    s = put(put(put(s, "farm", 0, 2), "desert", 0, 1), "nile", 0, 1)
    view = board_view(s)
    assert view["farm"]["fort"] and view["desert"]["fort"]
    assert not view["nile"]["fort"]  # Y-9.10: no Militia fort in a river province
    declined = start_turn(s, 0).apply(Decline())  # Y-5.1: removed at decline
    assert not any(v["fort"] for v in board_view(declined).values())


def test_y9_10_the_board_draws_militia_forts() -> None:
    s = give_civ(position(seats=3, map="europe", ruleset="online"), 0,
                 ("militia", "barbarians"), hand=0)
    mine, other = s.board.ids[0], s.board.ids[1]
    s = put(put(s, mine, 0, 2), other, 1, 2)
    svg = board_svg(s.board, board_view(s))
    assert _fort_shown(svg, mine) and not _fort_shown(svg, other)


def test_c4_classic_militia_is_no_fort() -> None:
    s = give_civ(position(seats=3, map="mini"), 0, ("militia", "barbarians"), hand=0)
    pid = s.board.ids[0]
    s = put(s, pid, 0, 2)
    assert not board_view(s)[pid]["fort"]
    assert board_view(put(s, pid, 0, 2, fort=True))[pid]["fort"]


@pytest.mark.parametrize(("ruleset", "board"), [("online", "europe"), ("online", "mare_nostrum"),
                                                ("classic", "europe")])
def test_y4_a_fort_is_drawn_where_the_cost_counts_one(ruleset: str, board: str) -> None:
    config = GameConfig.model_validate({"seats": [Seat(name=n) for n in "ABCD"],
                                        "ruleset": ruleset, "map": board, "seed": 11})
    state = new_game(config)
    militia_seen = 0
    for k, action in enumerate(play_random(config, seed=11).actions):
        if k % 7 == 0:
            view = board_view(state)
            for p, pid in enumerate(state.board.ids):
                o = state.owner[p]
                if o < 0:
                    assert not view[pid]["fort"]
                    continue
                attacker = (o + 1) % len(config.seats)
                labels = {t.label for t in state.ruleset.cost_terms(state, attacker, p, 0)}
                fortified = "fort" in labels or (ruleset == "online"
                                                 and "defender's Militia" in labels)
                assert view[pid]["fort"] == fortified, (pid, labels)
                militia_seen += "defender's Militia" in labels
        state = state.apply(action)
    assert ruleset == "classic" or militia_seen
