"""The action vocabulary: JSON forms, parsing at the edge, compact save codes.

Every kind round-trips through ``to_dict``/``parse_action`` and through the save codec's
``action_code``/``parse_code``; anything that is not an action raises ``ActionError`` (and
nothing else); the JSON examples of docs/api.md parse.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from builders import give_civ, position, put, run, start_turn
from hypothesis import given, settings
from hypothesis import strategies as st

from vinci_core import (
    Abandon,
    ActionError,
    Choose,
    Conquer,
    Decline,
    Diplomacy,
    EndTurn,
    Finish,
    Fort,
    IllegalAction,
    Keep,
    Place,
    PlaceAll,
    digest,
    load_map,
    parse_action,
)
from vinci_core.game.actions import ACTION_TYPES, action_json
from vinci_core.table.save import action_code, parse_code

EXAMPLES = [
    (Choose(3), {"kind": "choose", "slot": 3}),
    (Decline(), {"kind": "decline"}),
    (Diplomacy(2), {"kind": "diplomacy", "seat": 2}),
    (Abandon("castile"), {"kind": "abandon", "province": "castile"}),
    (Conquer("castile"), {"kind": "conquer", "province": "castile"}),
    (Conquer("castile", True), {"kind": "conquer", "province": "castile", "espionage": True}),
    (Finish(), {"kind": "finish"}),
    (Keep("italy"), {"kind": "keep", "province": "italy"}),
    (Place("italy"), {"kind": "place", "province": "italy"}),
    (PlaceAll.of({"italy": 2, "alps": 1}),
     {"kind": "place_all", "placement": {"alps": 1, "italy": 2}}),
    (Fort("alps"), {"kind": "fort", "province": "alps"}),
    (EndTurn(), {"kind": "end_turn"}),
]


def test_every_kind_has_an_example() -> None:
    assert {a.kind for a, _ in EXAMPLES} == set(ACTION_TYPES)


@pytest.mark.parametrize(("action", "data"), EXAMPLES, ids=[d["kind"] for _, d in EXAMPLES])
def test_json_round_trip(action: Any, data: dict[str, Any]) -> None:
    assert action.to_dict() == data
    assert parse_action(data) == action
    assert parse_action(json.dumps(data)) == action
    assert parse_action(action_json(action)) == action
    assert json.loads(action_json(action)) == data


@pytest.mark.parametrize(("action", "data"), EXAMPLES, ids=[d["kind"] for _, d in EXAMPLES])
def test_save_code_round_trip(action: Any, data: dict[str, Any]) -> None:
    board = load_map("mini")
    code = action_code(action, board)
    assert " " not in code and code.isascii()
    assert parse_code(code, board) == action


def test_espionage_false_is_the_plain_conquest() -> None:
    assert parse_action({"kind": "conquer", "province": "alps", "espionage": False}) == \
        Conquer("alps")
    assert "espionage" not in Conquer("alps").to_dict()


def test_place_all_drops_zero_counts_and_sorts() -> None:
    assert PlaceAll.of({"b": 0, "c": 1, "a": 2}).placement == (("a", 2), ("c", 1))
    assert parse_action({"kind": "place_all", "placement": {}}) == PlaceAll(())


BAD = [
    {},
    {"kind": "jump"},
    {"kind": "choose"},
    {"kind": "choose", "slot": 0},
    {"kind": "choose", "slot": 7},
    {"kind": "choose", "slot": "one"},
    {"kind": "choose", "slot": 1, "extra": 1},
    {"kind": "diplomacy", "seat": -1},
    {"kind": "conquer"},
    {"kind": "conquer", "province": ""},
    {"kind": "conquer", "province": "Castile"},
    {"kind": "conquer", "province": "x" * 41},
    {"kind": "conquer", "province": "alps", "espionage": "maybe"},
    {"kind": "place_all", "placement": {"alps": -1}},
    {"kind": "place_all", "placement": {"alps": 1000}},
    {"kind": "place_all", "placement": ["alps"]},
    {"kind": "place", "province": None},
    {"kind": None},
]


@pytest.mark.parametrize("data", BAD, ids=[json.dumps(d)[:40] for d in BAD])
def test_not_an_action(data: dict[str, Any]) -> None:
    with pytest.raises(ActionError):
        parse_action(data)
    with pytest.raises(ActionError):
        parse_action(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "3", '"choose"', "{'kind': 1}"])
def test_not_json_is_an_action_error(text: str) -> None:
    with pytest.raises(ActionError):
        parse_action(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=10,
)


@settings(deadline=None)
@given(st.fixed_dictionaries({"kind": st.sampled_from([*ACTION_TYPES, "x"])},
                             optional={"slot": json_values, "seat": json_values,
                                       "province": json_values, "espionage": json_values,
                                       "placement": json_values, "other": json_values}))
def test_fuzz_parse_action_raises_only_action_error(data: dict[str, Any]) -> None:
    try:
        action = parse_action(data)
    except ActionError:
        return
    assert parse_action(action.to_dict()) == action


@settings(deadline=None)
@given(st.text(max_size=60))
def test_fuzz_parse_action_text(text: str) -> None:
    try:
        parse_action(text)
    except ActionError:
        pass


@settings(deadline=None)
@given(st.text(alphabet="acdefkopqsFO0123456789=,-_ ", max_size=12))
def test_fuzz_parse_code_raises_only_value_error(code: str) -> None:
    board = load_map("mini")
    try:
        action = parse_code(code, board)
    except ValueError:
        return
    assert parse_code(action_code(action, board), board) == action


# --- place_all with counts the JSON schema forbids (the save codec builds them directly) ----

def _reorganizing() -> Any:
    s = position(seats=3)
    s = give_civ(s, 0, ("weapons", "mining"), hand=0)
    s = put(s, "castile", 0, 3)
    s = put(s, "portugal", 0, 3)
    s = start_turn(s, 0)
    return run(s, Finish())


def test_place_all_rejects_negative_counts_in_reorganization() -> None:
    s = _reorganizing()
    assert s.phase == "reorganize"
    hand = s.players[0].hand
    before = digest(s)
    with pytest.raises(IllegalAction) as exc:
        s.apply(PlaceAll.of({"castile": hand + 1, "portugal": -1}))
    assert exc.value.rule == "C-3.4.3"
    assert digest(s) == before
    ok = s.apply(PlaceAll.of({"castile": hand - 1, "portugal": 1}))
    assert ok.tokens[ok.board.index["portugal"]] == 1


def test_place_all_rejects_negative_counts_in_redistribution() -> None:
    s = position(seats=3)
    s = give_civ(s, 0, ("weapons", "mining"), hand=10)
    s = give_civ(s, 1, ("ports", "currency"), hand=0)
    s = put(s, "castile", 0, 1)
    s = put(s, "portugal", 1, 4)
    s = put(s, "andalusia", 1, 1)
    s = put(s, "sicily", 1, 1)
    s = start_turn(s, 0)
    s = run(s, Conquer("portugal"), Finish())
    while s.phase != "redistribute":
        s = s.apply(s.legal_actions()[-1])
    assert s.current_player == 1 and s.players[1].returned == 3
    with pytest.raises(IllegalAction) as exc:
        s.apply(PlaceAll.of({"andalusia": 4, "sicily": -1}))
    assert exc.value.rule == "C-3.5.1"
    ok = s.apply(PlaceAll.of({"andalusia": 2, "sicily": 1}))
    assert ok.players[1].returned == 0


# --- malformed actions built in Python: refused by apply, nothing changes --------------------

def _choosing() -> Any:
    from vinci_core import GameConfig, Seat, new_game

    return new_game(GameConfig(seats=[Seat(name=n) for n in "ABC"], map="mini", seed=2))


def _refused(s: Any, action: Any, rule: str) -> None:
    before = digest(s)
    with pytest.raises(IllegalAction) as exc:
        s.apply(action)
    assert exc.value.rule == rule, str(exc.value)
    assert digest(s) == before


@pytest.mark.parametrize("slot", [True, False, "1", None, 1.0, [1]])
def test_c2_1_choose_refuses_a_slot_that_is_not_a_whole_number(slot: Any) -> None:
    """``Choose(True)`` used to choose slot 1 and leave an unsaveable game."""
    _refused(_choosing(), Choose(slot), "C-2.1")


@pytest.mark.parametrize("seat", [True, "1", None, 1.5])
def test_c3_3_9_diplomacy_refuses_a_seat_that_is_not_a_whole_number(seat: Any) -> None:
    s = give_civ(position(seats=3), 0, ("diplomacy", "barbarians"), hand=10)
    s = start_turn(s, 0)
    assert Diplomacy(1) in s.legal_actions()
    _refused(s, Diplomacy(seat), "C-3.3.9")


@pytest.mark.parametrize("placement", [
    (("castile", 15.5),), None, (("castile", True),), [("castile", 3)], (("castile",),),
    (("castile", 2), ("castile", 1)), ((3, 1),), "castile=3",
])
def test_c3_4_3_place_all_refuses_malformed_placements(placement: Any) -> None:
    """A fractional count (15.5 tokens) used to be placed and corrupt the position."""
    _refused(_reorganizing(), PlaceAll(placement), "C-3.4.3")


def test_c3_4_3_place_all_refuses_fractional_counts_that_add_up_to_the_hand() -> None:
    s = _reorganizing()
    hand = s.players[0].hand
    _refused(s, PlaceAll((("castile", hand - 0.5), ("portugal", 0.5))), "C-3.4.3")


@pytest.mark.parametrize("province", [["x"], None, 3, "", "x" * 41])
def test_c3_4_3_place_refuses_a_province_that_is_not_a_name(province: Any) -> None:
    _refused(_reorganizing(), Place(province), "C-3.4.3")


def test_c3_3_conquer_refuses_espionage_that_is_not_true_or_false() -> None:
    s = start_turn(give_civ(position(seats=3), 0, ("espionage", "barbarians"), hand=9), 0)
    _refused(s, Conquer("ireland", "yes"), "C-3.3")  # type: ignore[arg-type]


JUNK = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=False), st.text(max_size=5),
                 st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=2),
                                                                      st.integers(), max_size=2),
                 st.binary(max_size=3), st.tuples(st.integers(), st.text(max_size=3)))
MALFORMED = st.one_of(
    JUNK.filter(lambda v: type(v) is not int).map(Choose),
    JUNK.filter(lambda v: type(v) is not int).map(Diplomacy),
    *(JUNK.filter(lambda v: not (type(v) is str and 0 < len(v) <= 40)).map(kind)
      for kind in (Abandon, Conquer, Keep, Place, Fort)),
    JUNK.filter(lambda v: type(v) is not bool).map(lambda v: Conquer("ireland", v)),
    st.one_of(JUNK, st.lists(st.tuples(st.text(max_size=4), JUNK), min_size=1, max_size=3)
              .map(tuple)).map(PlaceAll),
)


@settings(deadline=None)
@given(MALFORMED, st.sampled_from(["choose", "expand", "reorganize"]))
def test_fuzz_malformed_actions_are_refused_without_change(action: Any, phase: str) -> None:
    """Any malformed field of any action kind: IllegalAction naming the action's rule, and
    the position is exactly as before."""
    s = {"choose": _choosing, "reorganize": _reorganizing,
         "expand": lambda: start_turn(give_civ(position(seats=3), 0,
                                               ("espionage", "diplomacy"), hand=9), 0)}[phase]()
    assert s.phase == phase
    assert action.malformed() is not None
    _refused(s, action, action.rule)


# --- the documentation's examples --------------------------------------------------------------

DOC = Path(__file__).parent.parent / "docs" / "api.md"


def test_api_doc_action_examples_parse() -> None:
    if not DOC.exists():
        pytest.skip("docs/api.md not written yet")
    text = DOC.read_text(encoding="utf-8")
    examples = [json.loads(m) for m in re.findall(r"^(\{\"kind\".*\})\s*$", text, re.M)]
    kinds = set()
    for data in examples:
        action = parse_action(data)
        kinds.add(action.kind)
        assert action.to_dict() == data, f"docs/api.md example is not canonical: {data}"
    assert kinds == set(ACTION_TYPES), f"docs/api.md lacks examples of {set(ACTION_TYPES) - kinds}"
