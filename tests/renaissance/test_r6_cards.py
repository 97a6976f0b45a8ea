"""R-6: phase 3, playing cards (commodity cards and personalities; events: slice 3)."""

from __future__ import annotations

import pytest
from renaissance_helpers import at, owning, set_up

from renaissance_core import IllegalAction
from renaissance_core.game.actions import BuyAdvance, Done, NameCommodity, PlayCard

WINE = ("barcelona", "lisbon", "marseille")  # three wine provinces in play with 3 players


def _with_hand(state, seat, cards):
    hands = [list(h) for h in state.hands]
    hands[seat] = list(cards)
    return hands


def _playing(cards, holdings=None, **facts):
    state = set_up(3)
    seat = state.order[0]
    state = at(state, "play", hands=_with_hand(state, seat, cards),
               holdings=holdings or [set(), set(), set()], **facts)
    assert state.current_player == seat
    return state, seat


def test_r6_1_one_lap_with_any_number_of_cards():
    state, seat = _playing(["wine_1", "stone_1", "uprising"])
    state = state.apply(PlayCard("stone_1")).apply(PlayCard("uprising"))
    assert state.current_player == seat
    state = state.apply(Done())
    assert state.current_player != seat
    while state.step == "play":
        state = state.apply(Done())
    assert state.step == "purchase" and state.hands[seat] == ["wine_1"]


def test_r6_2_a_commodity_card_pays_every_holder_and_a_dual_card_is_named():
    state, seat = _playing(["wine_or_cloth_1"], holdings=[{"barcelona"}, {"genoa"}, set()])
    cash = list(state.cash)
    state = state.apply(PlayCard("wine_or_cloth_1"))
    assert state.pending == [("name_commodity", seat, "wine_or_cloth_1")]
    assert set(state.legal_actions()) == {NameCommodity("wine"), NameCommodity("cloth")}
    state = state.apply(NameCommodity("cloth"))  # Genoa is a cloth province
    assert [c - b for c, b in zip(state.cash, cash, strict=True)] == [0, 5, 0]
    assert "wine_or_cloth_1" in state.reuse


def test_r6_3_manufacturing_pays_as_for_one_more_province():
    # The rule's check, wine (base 5): 3 provinces 45, 1 province 5, 1 province with M 20.
    state, seat = _playing(["wine_1"], holdings=[set(WINE), {"cyprus"}, {"bordeaux"}])
    state = owning(state, 2, "M")
    cash = list(state.cash)
    state = state.apply(PlayCard("wine_1"))
    assert [c - b for c, b in zip(state.cash, cash, strict=True)] == [45, 5, 20]


def test_r6_4_a_shortage_pays_one_step_more_and_the_card_clears_a_marker():
    state, seat = _playing(["wine_1", "wine_2"], holdings=[set(WINE), {"cyprus"}, set()],
                           scale={"wine": 2})
    cash = list(state.cash)
    state = state.apply(PlayCard("wine_1"))
    assert [c - b for c, b in zip(state.cash, cash, strict=True)] == [80, 20, 0]
    assert state.scale == {"wine": 1}  # one of the two markers cleared
    state = state.apply(PlayCard("wine_2"))
    assert state.scale == {}


def test_r6_4_a_surplus_pays_one_step_less():
    state, seat = _playing(["wine_1"], holdings=[set(WINE), {"cyprus"}, set()],
                           scale={"wine": -1})
    cash = list(state.cash)
    state = state.apply(PlayCard("wine_1"))
    assert [c - b for c, b in zip(state.cash, cash, strict=True)] == [20, 0, 0]


def test_r6_7_personalities_give_this_rounds_discount_then_leave():
    state, seat = _playing(["charlemagne", "dionysius_exiguus", "st_benedict", "rashid_al_din"],
                           cash=[400] * 3)
    for card in ("charlemagne", "dionysius_exiguus", "st_benedict", "rashid_al_din"):
        state = state.apply(PlayCard(card))
    assert [c for c, _ in state.display][:3] == ["charlemagne", "dionysius_exiguus",
                                                 "st_benedict"]
    while state.step == "play":
        state = state.apply(Done())
    while state.current_player != seat:
        state = state.apply(Done())
    cash = state.cash[seat]
    n_price = state.sheet.advances["N"].cost - 40  # 20 + 10 + 10 (Dionysius, Benedict, Rashid)
    state = state.apply(BuyAdvance("N"))
    assert state.cash[seat] == cash - n_price
    state = state.apply(BuyAdvance("W"))  # 20 off (Charlemagne)
    assert state.cash[seat] == cash - n_price - (state.sheet.advances["W"].cost - 20)
    while state.step == "purchase":
        state = state.apply(Done())
    assert state.display == [] and "charlemagne" in state.removed


def test_r6_8_cards_made_unplayable_stay_in_hand():
    state, seat = _playing(["stirrup", "wine_1"], marks={"played:longbows"})
    assert PlayCard("stirrup") not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(PlayCard("stirrup"))
    state = state.apply(PlayCard("wine_1"))
    assert state.current_player != seat  # nothing playable left: the lap moves on
    assert state.hands[seat] == ["stirrup"]


def test_r6_9_a_card_is_never_taken_back_because_a_wrong_play_is_refused_unchanged():
    # a card not in hand, or one that cannot be played now, is refused before anything
    # moves: the state is as it was and the card stays in hand to be played when it may.
    state, seat = _playing(["wine_1", "stirrup"], marks={"played:gunpowder"})
    before = state.facts()
    with pytest.raises(IllegalAction) as refused:
        state.apply(PlayCard("stone_1"))
    assert refused.value.rule == "R-6.9"
    with pytest.raises(IllegalAction) as refused:
        state.apply(PlayCard("stirrup"))  # made unplayable by Gunpowder
    assert refused.value.rule == "R-6.8"
    assert state.facts() == before and sorted(state.hands[seat]) == ["stirrup", "wine_1"]
    assert PlayCard("stirrup") not in state.legal_actions()
    assert PlayCard("wine_1") in state.legal_actions()  # the next opportunity is still there
