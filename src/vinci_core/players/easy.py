"""The easy level: the rulebook's virtual player with a beginner's habits, for a first game.

It plays every move the book plays (reorganization, forts, Diplomacy, a split empire,
returned tokens) except three, where it makes the mistakes a new player makes:

- **Civilization**: it takes one of the first three civilizations it can afford, as the
  game's die says, rather than the free one the book always takes (V-2): a paid slot
  costs VP and its civilization is no better for it.
- **Decline**: it holds on to its empire too long, declining only when the empire is
  poor and has at most one token left to grow with (the book declines with up to five,
  V-7).
- **Conquests**: it is timid. It leaves the other players' active empires alone while a
  neutral or declined province is in reach, now and then takes the cheapest province
  rather than the most valuable one, and stops with a couple of tokens still in hand.

Every choice is a legal action of the engine's (it picks among the book's own candidates),
and its only randomness is the game's tie die (:meth:`GameState.die`), which never advances
the game's stream: the same position always gets the same move, and a game replays exactly
from its save.

>>> from vinci_core import GameConfig, Seat, new_game
>>> cfg = GameConfig(seats=[Seat(name=f"AI {i}", virtual=True, ai_level="easy")
...                         for i in range(3)], seed=1)
>>> state = new_game(cfg)
>>> decision = EasyPlayer().decide(state)
>>> decision.action in state.legal_actions(), decision.reason
(True, 'Takes Agriculture + Diplomacy (slot 2, 2 VP): it likes the look of it.')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..game.actions import Action, Choose, Conquer, Decline, Diplomacy, EndTurn, Finish
from ..game.costs import NEUTRAL
from ..turn.state import GameState
from .ai import Decision, Thinking, book_reason
from .reasons import Civ, Message, Province, say, say_n, word
from .virtual import (
    DECLINE_WORTH,
    Candidate,
    VirtualPlayer,
    best_target,
    candidates,
    diplomacy_partner,
    empire_worth,
    expansion_tokens,
)

CHOICE_SPREAD = 3  # it picks among this many of the first affordable civilizations
LATE_DECLINE_TOKENS = 1  # it declines only with at most this many tokens to grow with
RESERVE = 2  # it stops conquering with this many tokens in hand, once it has conquered
CHEAP_ODDS = 4  # one conquest in this many goes to the cheapest province, not the best

# Salts of its dice (below 1009, the ply step of GameState.die; clear of the book's 1–5,
# 100+ and 500+ and of the strong AI's 700+).
_SALT_CHOICE = 950
_SALT_CHEAP = 951


@dataclass(frozen=True, slots=True)
class EasyPlayer:
    """A beginner's opponent: the book's player (``player``: the seat's V-2/V-4 options)
    with a beginner's civilization choice, late declines and timid conquests."""

    player: VirtualPlayer = field(default_factory=VirtualPlayer)

    def act(self, state: GameState) -> Action:
        return self.decide(state).action

    def think(self, state: GameState) -> Thinking[Decision]:
        """:meth:`decide` as a search in slices (it has none: one slice)."""
        yield from ()
        return self.decide(state)

    def decide(self, state: GameState) -> Decision:
        """A legal action for whoever must act now, with its reason."""
        phase = state.phase
        if phase == "over":
            raise ValueError("the game is over: nobody acts")
        seat = state.turn_seat
        if phase == "choose":
            return _choose(state, seat)
        if phase == "expand":
            return self._expand(state, seat)
        if phase == "end_of_turn":
            return self._end_of_turn(state, seat)
        return self._as_the_book(state)

    def _as_the_book(self, state: GameState) -> Decision:
        action = self.player.act(state)
        return Decision(action, book_reason(state, action))

    def _expand(self, state: GameState, seat: int) -> Decision:
        turn = state.turn
        player = state.players[seat]
        if not turn.acted and "rebirth" not in player.abilities and _late_decline(
                state, seat):
            return _decided(state, Decline(), say(
                "Declines at last: its empire has almost no tokens left to grow with."))
        if turn.envoys > 0 and not turn.conquered:  # Diplomacy as the book (V-8)
            partner = diplomacy_partner(state, seat)
            if partner is not None:
                return Decision(Diplomacy(partner), book_reason(state, Diplomacy(partner)))
        return self._conquest(state, seat)

    def _conquest(self, state: GameState, seat: int) -> Decision:
        options = candidates(state, seat)
        if not options:
            return _decided(state, Finish(), say("Stops: nothing it can afford adds VP."))
        entering = not state.empire(seat)
        hand = max(0, state.players[seat].hand - state.players[seat].temp)
        if not entering and state.turn.conquered and hand <= RESERVE:
            return _decided(state, Finish(), say_n(
                "Stops conquering to keep {n} token in hand, just in case.",
                "Stops conquering to keep {n} tokens in hand, just in case.", hand))
        target, cheap = _timid_target(state, seat, options, self.player)
        action = Conquer(state.board.ids[target.province], target.espionage)
        where = Province(action.province)
        if cheap:
            return _decided(state, action, say(
                "Conquers {province}, the cheapest province in reach.", province=where))
        if entering:
            return _decided(state, action, say("Enters the board at {province}.",
                                               province=where))
        return _decided(state, action, say(
            "Conquers {province}, a good province that belongs to no rival empire.",
            province=where) if _unclaimed(state, seat, target.province) else say(
            "Conquers {province}: nothing else worth taking is in reach.", province=where))

    def _end_of_turn(self, state: GameState, seat: int) -> Decision:
        """A fort as the book builds it; Rebirth's decline only as late as ever."""
        book = self.player.act(state)
        if not isinstance(book, Decline | EndTurn):
            return Decision(book, book_reason(state, book))
        if Decline() in state.legal_actions() and _late_decline(state, seat, at_end=True):
            return _decided(state, Decline(), say(
                "Declines at last: its empire has almost no tokens left to grow with."))
        return Decision(EndTurn(), book_reason(state, EndTurn()))


def _decided(state: GameState, action: Action, message: Message) -> Decision:
    return Decision(action, word(message, state), message)


def _choose(state: GameState, seat: int) -> Decision:
    """One of the first affordable civilizations, as the die says."""
    score = state.players[seat].score
    price = state.ruleset.slot_price
    slots = [k + 1 for k in range(len(state.display)) if price * k <= score][:CHOICE_SPREAD]
    slot = slots[state.die(len(slots), _SALT_CHOICE)] if len(slots) > 1 else slots[0]
    a, b, _coins = state.display[slot - 1]
    if slot == 1:
        return _decided(state, Choose(1), say(
            "Takes {civ}, the civilization that costs nothing.", civ=Civ((a, b))))
    return _decided(state, Choose(slot), say(
        "Takes {civ} (slot {slot}, {cost} VP): it likes the look of it.", civ=Civ((a, b)),
        slot=slot, cost=price * (slot - 1)))


def _late_decline(state: GameState, seat: int, at_end: bool = False) -> bool:
    """A beginner's decline: only a poor empire with (almost) no tokens left to grow."""
    if state.players[seat].civ is None or not state.empire(seat):
        return False
    return (empire_worth(state, seat) < DECLINE_WORTH
            and expansion_tokens(state, seat, at_end) <= LATE_DECLINE_TOKENS)


def _unclaimed(state: GameState, seat: int, p: int) -> bool:
    """Whether ``p`` is neutral, empty or declined: no rival's active empire."""
    owner = state.owner[p]
    return owner == NEUTRAL or owner < 0 or owner == seat or state.declined[p]


def _timid_target(state: GameState, seat: int, options: list[Candidate],
                  player: VirtualPlayer) -> tuple[Candidate, bool]:
    """The conquest it makes: among the provinces of no rival's active empire when any
    is in reach, the most valuable (the book's order), or now and then the cheapest.
    Returns the candidate and whether it was the cheap pick."""
    unclaimed = [c for c in options if _unclaimed(state, seat, c.province)]
    pool = unclaimed or options
    if state.die(CHEAP_ODDS, _SALT_CHEAP) == 0:
        return min(pool, key=lambda c: (c.cost, -c.value, c.province)), True
    best = best_target(state, seat, player.preference, player.tiebreak_prefers_humans)
    if best is not None and best in pool:
        return best, False
    return max(pool, key=lambda c: (c.value, -c.cost, -c.province)), False


__all__ = ["EasyPlayer"]
