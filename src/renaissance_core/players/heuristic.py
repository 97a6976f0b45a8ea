"""A heuristic player: rules of thumb a Vinci-strength player would call sensible.

``act`` sees only the seat's observation (``turn.view``) and the seat's own legal actions,
never the full state; the board, the sheet and the cards are public data it reads as any
player reads the rulebook. Ties are broken by its own random stream, so a player with a
given seed always makes the same choice in the same position.

The score (R-13.3) is advances' values + cash − misery, so the player's plan is: turn
cash into advances at a profit (credits and discounts make an advance worth more than it
costs), keep misery down (stabilisation affordable, relief bought), and grow income by
controlling provinces (R-9.2) and commodities (R-6.2), fighting only at good odds.

>>> from renaissance_core import GameConfig, new_game
>>> state = new_game(GameConfig.of(4, seed=3))
>>> player = HeuristicPlayer(seed=1)
>>> state.apply(player.choose(state, 0)).sealed[0] in state.hands[0]
True
"""

from __future__ import annotations

import random
from typing import Any

from ..boards.board import load_board
from ..game.actions import (
    Action,
    Attack,
    BidCapital,
    BidTokens,
    BuyAdvance,
    CathedralAttack,
    ChooseCapital,
    ChooseLoss,
    ChooseProvince,
    ChooseVictim,
    Discard,
    Done,
    Exchange,
    GrowFleet,
    NameCommodity,
    Place,
    PlayCard,
    ReturnCard,
    UsePatron,
)
from ..game.cards import COMMODITY, PERSONALITY, load_cards
from ..game.constants import COMMODITIES
from ..game.payout import payout
from ..game.sheet import load_sheet
from ..turn.conflict import win_chance
from ..turn.state import GameState
from ..turn.view import own_actions
from .randomplay import RandomPlayer
from .seat import SeatPlayer, play_on

View = dict[str, Any]

# Attack only when the dice favour us clearly: a lost attack sends every committed token
# back to stock and the round's expansion with it.
GOOD_ODDS = 0.55
# Ducats kept back after purchases for next round's token bid, so expansion never stalls.
TOKEN_RESERVE = 8
# The advances whose effects are worth more than their face value to an engine of income:
# Z raises income, L doubles cash up to the income, D and the B/K pair lower misery.
EFFECT_BONUS = {"Z": 40, "L": 30, "D": 20, "B": 15, "K": 15, "M": 10, "J": 5, "V": 0}


class HeuristicPlayer(SeatPlayer):
    """``act(observation, legal_actions) -> action``; deterministic for a given seed."""

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)
        self.board, self.sheet, self.cards = load_board(), load_sheet(), load_cards()

    def act(self, view: View, legal: list[Action]) -> Action:
        """Pick among ``legal`` (the seat's own actions) knowing only ``view``."""
        legal = own_actions(legal, view["seat"])  # a caller may hand over every seat's bids
        for kind, decide in self._deciders():
            options = [a for a in legal if isinstance(a, kind)]
            if options:
                choice = decide(view, legal)
                if choice is not None and choice in legal:
                    return choice
                break
        return self._default(legal)

    def _deciders(self) -> list[tuple[Any, Any]]:
        return [(ReturnCard, self._return_card), (BidCapital, self._bid_capital),
                (ChooseCapital, self._choose_capital), (BidTokens, self._bid_tokens),
                (NameCommodity, self._name_commodity), (Attack | CathedralAttack, self._conflict),
                (Exchange, self._exchange), (PlayCard, self._play_card),
                (Discard, self._discard), (BuyAdvance | GrowFleet | UsePatron, self._purchase),
                (Place, self._place), (ChooseVictim, self._victim), (ChooseLoss, self._loss),
                (ChooseProvince, self._hand_over)]

    def _default(self, legal: list[Action]) -> Action:
        """Anything without a rule of thumb (buying cards, the Mill, swaps, the provinces
        Rebellion and Pirates strike, Black Death's region): pass when passing is allowed,
        since every extra card costs stabilisation; otherwise a choice of its own stream."""
        if Done() in legal:
            return Done()
        return self.random.choice(legal)

    # --- setup -----------------------------------------------------------------------------

    def _return_card(self, view: View, legal: list[Action]) -> Action:
        """Keep the two cards worth most: give back the weakest."""
        return min((a for a in legal if isinstance(a, ReturnCard)),
                   key=lambda a: (self._card_worth(view, a.card), a.card))

    def _bid_capital(self, view: View, legal: list[Action]) -> Action:
        """A capital is worth a few ducats of position, never the cash for the first
        advances: bid about a tenth of the purse."""
        want = view["cash"][view["seat"]] // 10
        return min((a for a in legal if isinstance(a, BidCapital)),
                   key=lambda a: abs(a.ducats - want))

    def _choose_capital(self, view: View, legal: list[Action]) -> Action:
        """The capital whose home region holds the most commodity wealth per token."""
        return max((a for a in legal if isinstance(a, ChooseCapital)),
                   key=lambda a: (self._home_wealth(a.area), a.area))

    def _home_wealth(self, capital: str) -> float:
        region = self.board.capital(capital).home_region
        return sum(self._area_income(a.id) for a in self.board.areas.values()
                   if a.region == region)

    # --- order bid -------------------------------------------------------------------------

    def _bid_tokens(self, view: View, legal: list[Action]) -> Action:
        """Tokens cost a ducat each and a province pays every round (R-9.2): buy as many
        as the stock holds and a third of the purse allows, more while the game is young."""
        seat = view["seat"]
        cash, stock = view["cash"][seat], view["stock_tokens"][seat]
        share = 2 if view["round"] <= 3 else 3
        want = max(0, min(stock, cash // share))
        return min((a for a in legal if isinstance(a, BidTokens)),
                   key=lambda a: (abs(a.tokens - want), a.tokens))

    # --- cards -----------------------------------------------------------------------------

    def _card_worth(self, view: View, card: str) -> float:
        """What playing the card brings us, less what it brings the best other player."""
        info = self.cards[card]
        if info.kind == COMMODITY:
            return max(self._commodity_edge(view, c) for c in info.commodities)
        if info.kind == PERSONALITY:
            owned = view["advances"].get(str(view["seat"]), {})
            return sum(d for letter, d in info.discounts.items() if letter not in owned) / 2
        return 1.0

    def _commodity_edge(self, view: View, commodity: str) -> float:
        """Our payout from the commodity minus the largest payout of another seat."""
        pays = [self._payout(view, p, commodity) for p in range(view["players"])
                if view["alive"][p]]
        mine = self._payout(view, view["seat"], commodity)
        others = [v for p, v in enumerate(pays) if p != view["seat"]]
        return mine - max(others, default=0)

    def _payout(self, view: View, seat: int, commodity: str) -> int:
        held = sum(1 for a in view["holdings"][seat]
                   if commodity in self.board.areas[a].commodities)
        manufacturing = "M" in view["advances"].get(str(seat), {})
        return payout(COMMODITIES[commodity].base, held, manufacturing,
                      view["scale"].get(commodity, 0))

    def _play_card(self, view: View, legal: list[Action]) -> Action:
        """Play commodity cards where we hold the most of the commodity, personalities whose
        discounts we can use, and events (a smaller hand is cheaper to stabilise); keep a
        commodity card that would pay a rival more, unless the hand grows costly."""
        plays = [a for a in legal if isinstance(a, PlayCard)]
        best = max(plays, key=lambda a: (self._card_worth(view, a.card), a.card))
        costly_hand = len(view["hand"]) >= 4
        if self._card_worth(view, best.card) >= 0 or costly_hand:
            return best
        return Done() if Done() in legal else best

    def _name_commodity(self, view: View, legal: list[Action]) -> Action:
        """A dual card: name the commodity that favours us most over the others."""
        return max((a for a in legal if isinstance(a, NameCommodity)),
                   key=lambda a: (self._commodity_edge(view, a.commodity), a.commodity))

    def _discard(self, view: View, legal: list[Action]) -> Action:
        """P: throw away the card that would help a rival most (its stabilisation saved)."""
        worst = min((a for a in legal if isinstance(a, Discard)),
                    key=lambda a: (self._card_worth(view, a.card), a.card))
        if self._card_worth(view, worst.card) < 0 or Done() not in legal:
            return worst
        return Done()

    def _exchange(self, view: View, legal: list[Action]) -> Action:
        """Written Records: give the card worth least to us."""
        return min((a for a in legal if isinstance(a, Exchange)),
                   key=lambda a: (self._card_worth(view, a.card), a.card))

    # --- purchases -------------------------------------------------------------------------

    def _reserve(self, view: View) -> int:
        """Cash kept back: this round's stabilisation (R-7.6) and a token bid."""
        seat = view["seat"]
        n = len(view["hand"])
        cost = n * (n + 1) // 2
        if "Z" in view["advances"].get(str(seat), {}):
            cost = (cost + 1) // 2
        return cost + TOKEN_RESERVE

    def _purchase(self, view: View, legal: list[Action]) -> Action:
        """Patrons first (free discounts), then a galley early (sea reach for expansion),
        then the advance with the best value per ducat within the spare cash."""
        patrons = [a for a in legal if isinstance(a, UsePatron) and self._card_worth(
            view, a.card) > 0]
        if patrons:
            return patrons[0]
        seat = view["seat"]
        spare = view["cash"][seat] - self._reserve(view)
        if GrowFleet() in legal and self._wants_fleet(view, spare):
            return GrowFleet()
        buys = [a for a in legal if isinstance(a, BuyAdvance)]
        scored = [(self._advance_value(view, a.letter), a) for a in buys]
        affordable = [(v, a) for v, a in scored if self._advance_price(view, a.letter) <= spare]
        if affordable:
            return max(affordable, key=lambda va: (va[0], va[1].letter))[1]
        return Done()

    def _wants_fleet(self, view: View, spare: int) -> bool:
        """A coastal capital gains a galley in the first rounds, a second step a bit later:
        the sea doubles the areas within reach."""
        seat = view["seat"]
        capital = view["capital"][seat]
        coastal = capital is not None and self.board.areas[capital].coastal
        size = view["fleet_size"][seat] if view["fleet_kind"][seat] else 0
        return coastal and spare >= 25 and size < 4 and view["round"] <= 6

    def _advance_price(self, view: View, letter: str) -> int:
        """R-7.3's price from public facts: cost less credits of earlier rounds' advances."""
        owned = view["advances"].get(str(view["seat"]), {})
        credit = sum(self.sheet.advances[a].credits.get(letter, 0)
                     for a, bought in owned.items() if bought < view["round"] or a == "X")
        mine = [c for c, who in view["display"] if who == view["seat"]]
        off = sum(self.cards[c].discounts.get(letter, 0) for c in mine)
        return max(self.sheet.advances[letter].cost - credit - off, 0)

    def _advance_value(self, view: View, letter: str) -> float:
        """Score per ducat: the face value (R-13.3), the credits it gives later advances and
        its effect's bonus, over the price."""
        advance = self.sheet.advances[letter]
        owned = view["advances"].get(str(view["seat"]), {})
        credits = sum(d for a, d in advance.credits.items() if a not in owned)
        worth = advance.cost + credits / 2 + EFFECT_BONUS.get(letter, 0)
        return worth / max(self._advance_price(view, letter), 1)

    # --- expansion -------------------------------------------------------------------------

    def _area_income(self, area_id: str) -> float:
        """What controlling an area brings a round: a province's income share and its
        commodities' bases, less per token of volume it needs."""
        area = self.board.areas[area_id]
        worth = 4.0 if area.holds_control else 1.5
        worth += sum(COMMODITIES[c].base for c in area.commodities) / 2
        return worth / max(area.volume, 1)

    def _pieces(self, view: View, area: str, seat: int) -> int:
        if view["control"].get(area) == seat:
            return self.board.areas[area].volume
        return view["tokens"].get(area, {}).get(seat, 0)

    def _place_value(self, view: View, area: str) -> float:
        """Finishing control is worth most, building towards it less; a place that would
        open a fight is worth its odds, and nothing when the odds are poor."""
        seat, volume = view["seat"], self.board.areas[area].volume
        mine = view["tokens"].get(area, {}).get(seat, 0)
        others = sum(self._pieces(view, area, p) for p in range(view["players"]) if p != seat)
        base = self._area_income(area) * volume
        if others == 0:
            return base * (2.0 if mine + 1 >= volume else (mine + 1) / volume)
        if mine + 1 + others <= volume:
            return base * 0.2  # sharing gains no control
        odds = float(win_chance(self._rank(view)))
        need = volume - mine
        if odds < GOOD_ODDS or need > view["bought"][seat] or others > volume:
            return -1.0
        return base * odds

    def _rank(self, view: View) -> int:
        fields = self.sheet.order_fields[view["players"]]
        live = [p for p in view["order"] if view["alive"][p]]
        return fields[live.index(view["seat"])]

    def _place(self, view: View, legal: list[Action]) -> Action:
        places = [a for a in legal if isinstance(a, Place)]
        best = max(places, key=lambda a: (self._place_value(view, a.area), a.area))
        if self._place_value(view, best.area) > 0 or Done() not in legal:
            return best
        return Done()

    def _conflict(self, view: View, legal: list[Action]) -> Action:
        """Cathedral wins outright; attack at good odds; give up otherwise."""
        if CathedralAttack() in legal:
            return CathedralAttack()
        if Attack() in legal and float(win_chance(self._rank(view))) >= GOOD_ODDS:
            return Attack()
        return Done()


    # --- the events' choices -------------------------------------------------------------

    def _standing(self, view: View, seat: int) -> float:
        """A seat's score as R-13.3 counts it: advances' values + cash − misery."""
        owned = view["advances"].get(str(seat), {})
        return (sum(self.sheet.advances[a].cost for a in owned) + view["cash"][seat]
                - self.sheet.misery_levels[view["misery"][seat]])

    def _victim(self, view: View, legal: list[Action]) -> Action:
        """Alchemy, Civil War and War strike the strongest rival: only one player wins."""
        return max((a for a in legal if isinstance(a, ChooseVictim)),
                   key=lambda a: (self._standing(view, a.victim), -a.victim))

    def _loss(self, view: View, legal: list[Action]) -> Action:
        """Civil War (Q-24): a bought token is worth about three ducats to place (it costs
        one and earns a share of a province); lose whichever half is worth less."""
        seat = view["seat"]
        tokens_worth = 3 * (view["bought"][seat] // 2)
        return ChooseLoss("tokens" if tokens_worth < view["cash"][seat] // 2 else "cash")

    def _hand_over(self, view: View, legal: list[Action]) -> Action | None:
        """A War lost: hand over the markers that bring least."""
        if not view["pending"] or view["pending"][-1][0] != "war_handover":
            return None
        return min((a for a in legal if isinstance(a, ChooseProvince)),
                   key=lambda a: (self._area_income(a.area) * self.board.areas[a.area].volume,
                                  a.area))


def play_heuristic_seat(state: GameState, heuristic_seat: int, seed: int = 0,
                        max_actions: int = 100_000) -> GameState:
    """Play on with the heuristic at ``heuristic_seat`` and random players elsewhere."""
    players: list[SeatPlayer] = [RandomPlayer(seed * 101 + p) for p in range(state.players)]
    players[heuristic_seat] = HeuristicPlayer(seed)
    return play_on(state, players, max_actions)
