"""Virtual players (RULES.md V-1 … V-8): opponents that play "by the book".

A :class:`VirtualPlayer` answers one decision at a time: :meth:`VirtualPlayer.act` returns the
single action the virtual-player rules prescribe for whoever must act in ``state``. A turn is
many calls (the start-of-turn decline test, Diplomacy, each conquest, ``finish``, one
``place_all`` for the reorganization, forts, ``end_turn``). Every tie is broken by
:meth:`GameState.die`, a die derived from the game's own random stream, so a game with
virtual players replays exactly from its save.

The small named functions below (:func:`province_value` for V-3, :func:`best_target` for V-4,
:func:`reorganization_placement` for V-5, :func:`decline_test` for V-7, :func:`fort_province`
and :func:`diplomacy_partner` for V-8) are also meant for stronger AIs and for the UI's hints.

>>> from vinci_core import GameConfig, new_game
>>> from vinci_core.players.virtual import VirtualPlayer, play_game
>>> cfg = GameConfig.solo("Ann", map="mini", seed=3)
>>> state = new_game(cfg)
>>> VirtualPlayer().act(state)  # V-2: always the first display slot
Choose(slot=1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..game.actions import (
    Action,
    Choose,
    Conquer,
    Decline,
    Diplomacy,
    EndTurn,
    Finish,
    Fort,
    Keep,
    PlaceAll,
)
from ..game.costs import NEUTRAL
from ..game.defence import homogeneous_placement
from ..turn.common import linked
from ..turn.conquer import ESPIONAGE_COST, affordable, conquests
from ..turn.keep import parts_of
from ..turn.reorganize import fort_targets
from ..turn.state import GameState, new_game

if TYPE_CHECKING:
    from ..turn.schemas import GameConfig, Seat

Preference = Literal["value", "formula"]

HARD_START_VP = 15  # V-2 harder level
HARD_EXTRA_TOKENS = 9  # V-2 harder level ("9 or more")
DECLINE_WORTH = 10  # V-7: an empire worth fewer VP than this may decline
DECLINE_TOKENS = 5  # V-7: ... when it has at most this many tokens for expansion
FIELD_GENERAL_TOKENS = 2  # V-8: Field General considers decline only below 3 tokens
FIELD_GENERAL_MALUS = 2  # V-8: ... and subtracts 2 from the roll

# Salts of the tie dice, so that two dice of one decision never coincide (all below 1009,
# the step between two plies in GameState.die).
_SALT_DECLINE = 1
_SALT_DIPLOMACY = 2
_SALT_TARGET = 3
_SALT_FORT = 4
_SALT_KEEP = 5
_SALT_KEEP_RANK = 100  # + a counter: one die per province ranked
_SALT_PLACE = 500  # + a counter: one die per province placed


def _pick(state: GameState, items: Sequence[int], salt: int) -> int:
    """One of ``items`` by the game's tie die (the first when there is no tie)."""
    return items[0] if len(items) == 1 else items[state.die(len(items), salt)]


def _dice(state: GameState, salt: int) -> Callable[[int], int]:
    """A die function for :func:`homogeneous_placement` that never advances the stream."""
    counter = [salt]

    def die(sides: int) -> int:
        counter[0] += 1
        return state.die(sides, counter[0])

    return die


def _ties(items: Iterable[int], key: Callable[[int], tuple[int, ...]]) -> list[int]:
    """The items with the smallest key, in their original order."""
    best: list[int] = []
    best_key: tuple[int, ...] = ()
    for item in items:
        k = key(item)
        if not best or k < best_key:
            best, best_key = [item], k
        elif k == best_key:
            best.append(item)
    return best


# --- V-3: value of a province --------------------------------------------------------------

def declined_loss(state: GameState, seat: int, p: int) -> int:
    """VP ``seat``'s declined empire would lose if its active empire took ``p`` (C-3.3.8).

    The provinces of the declined empire next to ``p`` are cleared (unless Heritage or the
    ``forbid`` option); taking one's own declined province also removes it from that empire.
    """
    player = state.players[seat]
    owner, declined, board = state.owner, state.declined, state.board
    old = player.declined_abilities
    rs = state.ruleset
    points = rs.province_points
    loss = 0
    if owner[p] == seat and declined[p]:
        loss += points(board, p, old)
    if state.rules.clear_contact and "heritage" not in player.abilities:
        for q in board.adjacent[p]:
            if owner[q] == seat and declined[q] and rs.contact_clears(board, p, q):
                loss += points(board, q, old)  # C-3.3.8, Y-3.4.6
    return loss


def province_value(state: GameState, seat: int, p: int) -> int:
    """V-3: VP that taking ``p`` adds to this turn's score for ``seat``'s active empire.

    Terrain and tile bonuses (C-3.6), Slavery's removed token (V-8; neutral tokens and other
    players' tokens, decision 6), minus what the declined empire loses (C-3.3.8).
    """
    player = state.players[seat]
    ab = player.abilities
    value = state.ruleset.province_points(state.board, p, ab)  # C-3.6, Y-3.7
    o = state.owner[p]
    if o == NEUTRAL or (o >= 0 and o != seat):
        value += ab.get("slavery", 0)
    return value - declined_loss(state, seat, p)


# --- V-4 and V-8: entry and conquests ------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Candidate:
    """One affordable conquest as a virtual player sees it."""

    province: int
    value: int  # V-3
    cost: int  # C-4 cost, or the Espionage cost when that is cheaper (V-4, V-8)
    espionage: bool


def candidates(state: GameState, seat: int) -> list[Candidate]:
    """Every conquest ``seat`` can afford now, with its V-3 value and the cheaper cost.

    Conquests that would lower this turn's score (negative value) are left out, except for
    an entry the civilization must make (C-3.1.2). With Ship Building the entry goes next to
    an ocean or open sea, not an inland sea, whenever such an entry is affordable (V-8).
    """
    player = state.players[seat]
    hand = player.hand
    spy = state.turn.spies > 0 and affordable(player, ESPIONAGE_COST)
    out: list[Candidate] = []
    negative: list[Candidate] = []
    for p, cost in conquests(state, seat).items():
        espionage = spy and cost > ESPIONAGE_COST
        if espionage:
            cost = ESPIONAGE_COST
        if cost > hand or not affordable(player, cost):  # Y-9.8 Mercenaries
            continue
        c = Candidate(p, province_value(state, seat, p), cost, espionage)
        (out if c.value >= 0 else negative).append(c)
    entering = not state.empire(seat)
    if entering:
        out = out or negative  # C-3.1.2: a new civilization must enter if it can
        if "ship_building" in player.abilities:
            board = state.board
            kinds = board.sea_kind
            open_sea = [c for c in out
                        if any(kinds[s] != "inland" for s in board.seas_of[c.province])]
            out = open_sea or out
    return out


def best_target(state: GameState, seat: int, preference: Preference = "value",
                prefers_humans: bool = False) -> Candidate | None:
    """V-4: the conquest a virtual player makes next, or None when it stops.

    Highest value first, ties to the lowest cost (Espionage counted), or with
    ``preference="formula"`` the lowest ``cost - 2 * value`` (ties to the lowest cost).
    Remaining ties: Heritage prefers a province of an active opponent next to its declined
    empire (V-8), then, with ``prefers_humans``, a province of a human player (V-4), then
    the game's die. Unaffordable provinces are skipped, so the best affordable one is taken.
    """
    options = candidates(state, seat)
    if not options:
        return None
    by_index = {c.province: c for c in options}
    if preference == "formula":
        def key(p: int) -> tuple[int, int]:
            c = by_index[p]
            return (c.cost - 2 * c.value, c.cost)
    else:
        def key(p: int) -> tuple[int, int]:
            c = by_index[p]
            return (-c.value, c.cost)
    tied = _ties(sorted(by_index), key)
    owner, declined, board = state.owner, state.declined, state.board
    if len(tied) > 1 and "heritage" in state.players[seat].abilities:
        tied = _ties(tied, lambda p: (0 if (
            owner[p] >= 0 and owner[p] != seat and not declined[p]
            and any(owner[q] == seat and declined[q] for q in board.adjacent[p])) else 1,))
    if len(tied) > 1 and prefers_humans:
        seats = state.config.seats
        tied = _ties(tied, lambda p: (0 if owner[p] >= 0 and owner[p] != seat
                     and not seats[owner[p]].virtual else 1,))
    return by_index[_pick(state, tied, _SALT_TARGET)]


# --- V-5: reorganization and returned tokens ------------------------------------------------

def _kept_provinces(state: GameState, seat: int, provinces: list[int], count: int) -> list[int]:
    """Which ``count`` of ``provinces`` keep a token when tokens are short (C-3.4.3).

    The most valuable first, ties by die. Virtual seats ignore cohesion (V-6); a seat bound
    by it (a human seat played by the book, without Messengers) grows a connected set.
    """
    board = state.board
    ab = state.players[seat].abilities
    die = _dice(state, _SALT_KEEP_RANK)
    points = state.ruleset.province_points
    rank = {p: (-points(board, p, ab), die(6 * len(provinces))) for p in provinces}
    ordered = sorted(provinces, key=lambda p: rank[p])
    if state.rules.virtual[seat] or "messengers" in ab:
        return ordered[:count]
    placed = {p for p in state.empire(seat) if state.tokens[p]}
    if placed:  # some tokens already placed one by one: grow from them
        grown: list[int] = []
        while len(grown) < count:
            nxt = next((p for p in ordered if p not in placed
                        and linked(state, seat, placed, p)), None)
            if nxt is None:
                break
            placed.add(nxt)
            grown.append(nxt)
        return grown
    best: list[int] = []
    for first in ordered:  # grow a connected set from the most valuable province
        chosen, kept = {first}, [first]
        while len(kept) < count:
            nxt = next((p for p in ordered if p not in chosen
                        and linked(state, seat, chosen, p)), None)
            if nxt is None:
                break
            chosen.add(nxt)
            kept.append(nxt)
        if len(kept) == count:
            return kept
        best = max(best, kept, key=len)
    return best


def reorganization_placement(state: GameState, seat: int) -> dict[int, int]:
    """V-5: where the tokens in hand go during reorganization (province -> tokens).

    One token in every province first (C-3.4.3), then one at a time on the province that is
    cheapest to conquer (terrain, tokens, fort), ties as :func:`homogeneous_placement` says.
    With fewer tokens than provinces, the most valuable provinces are kept.
    """
    empire = state.empire(seat)
    hand = state.players[seat].hand
    empty = [p for p in empire if state.tokens[p] == 0]
    if hand < len(empty):
        return {p: 1 for p in _kept_provinces(state, seat, empty, hand)}
    placement = {p: 1 for p in empty}
    extra = homogeneous_placement(state, seat, empire, hand - len(empty),
                                  _dice(state, _SALT_PLACE), base=placement)
    for p, n in extra.items():
        placement[p] = placement.get(p, 0) + n
    return placement


def redistribution_placement(state: GameState, seat: int) -> dict[int, int]:
    """V-5 for a defender's returned tokens (C-3.5)."""
    return homogeneous_placement(state, seat, state.empire(seat),
                                 state.players[seat].returned, _dice(state, _SALT_PLACE))


# --- V-7: decline ---------------------------------------------------------------------------

def empire_worth(state: GameState, seat: int) -> int:
    """VP the active empire's provinces score as they stand (C-3.6.1, C-3.6.2)."""
    board = state.board
    ab = state.players[seat].abilities
    return sum(state.ruleset.province_points(board, p, ab) for p in state.empire(seat))


def expansion_tokens(state: GameState, seat: int, at_end: bool = False) -> int:
    """Tokens available for expansion: the hand after collection (Field General's
    temporaries not counted), or at the end of a turn (Rebirth) the tokens the next
    collection would give: all but one per province, plus Medicine."""
    player = state.players[seat]
    if not at_end:
        return max(0, player.hand - player.temp)
    spare = sum(state.tokens[p] - 1 for p in state.empire(seat) if state.tokens[p] > 1)
    return spare + player.hand + player.abilities.get("medicine", 0)


def decline_wanted(worth: int, tokens: int, roll: int, field_general: bool = False) -> bool:
    """V-7 and V-8 (Field General) with the d6 ``roll`` (1–6) given."""
    limit = FIELD_GENERAL_TOKENS if field_general else DECLINE_TOKENS
    if worth >= DECLINE_WORTH or tokens > limit:
        return False
    return roll - (FIELD_GENERAL_MALUS if field_general else 0) > tokens


def decline_test(state: GameState, seat: int, at_end: bool = False) -> bool:
    """V-7: does the virtual player decline now? Rolls the game's d6 only when the empire
    qualifies (worth fewer than 10 VP, 0–5 tokens for expansion; Field General 0–2)."""
    player = state.players[seat]
    if player.civ is None:
        return False
    fg = "field_general" in player.abilities or "mercenaries" in player.abilities  # Y-9.8
    roll = state.die(6, _SALT_DECLINE) + 1
    return decline_wanted(empire_worth(state, seat), expansion_tokens(state, seat, at_end),
                          roll, fg)


# --- V-8: forts and Diplomacy -----------------------------------------------------------------

def fort_province(state: GameState, seat: int) -> int | None:
    """V-8 Fortification: the province with most neighbouring enemy or neutral provinces;
    ties to the larger sum of those neighbours' values, then the die."""
    targets = fort_targets(state, seat)
    if not targets:
        return None
    board, owner = state.board, state.owner
    ab = state.players[seat].abilities

    def hostile(p: int) -> list[int]:
        return [q for q in board.adjacent[p] if owner[q] == NEUTRAL
                or (owner[q] >= 0 and owner[q] != seat)]

    def key(p: int) -> tuple[int, int]:
        near = hostile(p)
        return (-len(near), -sum(state.ruleset.province_points(board, q, ab) for q in near))

    return _pick(state, _ties(targets, key), _SALT_FORT)


def diplomacy_partner(state: GameState, seat: int) -> int | None:
    """V-8 Diplomacy: peace with a human player (the die chooses between humans).

    With no human left to name (an all-virtual game), the virtual player makes peace with
    the opponent whose active empire has the most tokens next to its own (the likeliest
    attacker), ties by die, and names nobody when no active empire borders its own.
    """
    named = {b for a, b in state.peace if a == seat}
    others = [s for s in range(state.rules.seats) if s != seat and s not in named]
    seats = state.config.seats
    humans = [s for s in others if not seats[s].virtual]
    if humans:
        return _pick(state, humans, _SALT_DIPLOMACY)
    owner, declined, tokens, board = state.owner, state.declined, state.tokens, state.board
    pressure = dict.fromkeys(others, 0)
    seen: set[int] = set()
    for p in state.empire(seat):
        for q in board.adjacent[p]:
            o = owner[q]
            if q not in seen and o in pressure and not declined[q]:
                seen.add(q)
                pressure[o] += tokens[q]
    strongest = _ties([s for s in others if pressure[s]], lambda s: (-pressure[s],))
    return _pick(state, strongest, _SALT_DIPLOMACY) if strongest else None


# --- the player -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class VirtualPlayer:
    """A virtual player (V-1 … V-8) with its options.

    ``preference`` and ``tiebreak_prefers_humans`` steer its conquests (V-4);
    ``start_vp`` and ``extra_tokens`` are the harder levels of V-2, used by :meth:`seat`
    when building a game's seats (the engine reads them from the config).
    """

    preference: Preference = "value"
    tiebreak_prefers_humans: bool = False
    start_vp: int | None = None
    extra_tokens: int | None = None

    def __post_init__(self) -> None:
        if self.preference not in ("value", "formula"):
            raise ValueError(f"virtual preference is 'value' or 'formula', not "
                             f"{self.preference!r}")

    @classmethod
    def hard(cls, preference: Preference = "value", tiebreak_prefers_humans: bool = False,
             start_vp: int = HARD_START_VP, extra_tokens: int = HARD_EXTRA_TOKENS
             ) -> VirtualPlayer:
        """V-2's harder level: 15 VP at the start and 9 extra tokens per civilization."""
        return cls(preference, tiebreak_prefers_humans, start_vp, extra_tokens)

    @classmethod
    def for_seat(cls, config: GameConfig, seat: int) -> VirtualPlayer:
        """The virtual player of ``seat`` with the options stored in the game's config."""
        s = config.seats[seat]
        return cls(s.virtual_preference, s.virtual_tiebreak_prefers_humans, s.start_vp,
                   s.extra_tokens)

    def seat(self, name: str, colour: str | None = None) -> Seat:
        """A virtual :class:`Seat` that carries this player's options."""
        from ..turn.schemas import Seat

        return Seat(name=name, virtual=True, colour=colour, start_vp=self.start_vp,
                    extra_tokens=self.extra_tokens, virtual_preference=self.preference,
                    virtual_tiebreak_prefers_humans=self.tiebreak_prefers_humans)

    # -- decisions --

    def act(self, state: GameState) -> Action:
        """The one action the rules prescribe for the seat that must act now."""
        phase = state.phase
        if phase == "over":
            raise ValueError("the game is over: nobody acts")
        seat = state.turn_seat
        ids = state.board.ids
        if phase == "choose":
            return Choose(1)  # V-2
        if phase == "expand":
            return self._expand(state, seat)
        if phase == "keep":  # only for a seat bound by cohesion (V-6 spares virtual seats)
            return Keep(ids[self._part_to_keep(state, seat)])
        if phase == "reorganize":
            placement = reorganization_placement(state, seat)
            return PlaceAll.of({ids[p]: n for p, n in placement.items()})
        if phase == "end_of_turn":
            p = fort_province(state, seat)
            if p is not None:
                return Fort(ids[p])  # V-8 Fortification
            if "rebirth" in state.players[seat].abilities and decline_test(state, seat, True):
                return Decline()  # V-8 Rebirth: the decline test at the end of every turn
            return EndTurn()
        if phase == "redistribute":
            defender = state.queue[0]
            placement = redistribution_placement(state, defender)
            return PlaceAll.of({ids[p]: n for p, n in placement.items()})
        raise ValueError(f"unknown phase {phase!r}")

    def _expand(self, state: GameState, seat: int) -> Action:
        turn = state.turn
        player = state.players[seat]
        if not turn.acted and "rebirth" not in player.abilities and decline_test(state, seat):
            return Decline()  # V-7
        if turn.envoys > 0 and not turn.conquered:
            partner = diplomacy_partner(state, seat)
            if partner is not None:
                return Diplomacy(partner)  # V-8
        target = best_target(state, seat, self.preference, self.tiebreak_prefers_humans)
        if target is None:
            return Finish()
        return Conquer(state.board.ids[target.province], target.espionage)

    def _part_to_keep(self, state: GameState, seat: int) -> int:
        board = state.board
        ab = state.players[seat].abilities
        parts = parts_of(state, seat)
        heads = [part[0] for part in parts]
        by_head = dict(zip(heads, parts, strict=True))

        def key(head: int) -> tuple[int, int]:
            part = by_head[head]
            return (-sum(state.ruleset.province_points(board, p, ab) for p in part),
                    -sum(state.tokens[p] for p in part))

        return _pick(state, _ties(heads, key), _SALT_KEEP)


# --- games ----------------------------------------------------------------------------------

def solo(name: str = "You", player: VirtualPlayer | None = None,
         **options: object) -> GameConfig:
    """V-1: one human against three virtual players built from ``player``'s options."""
    from ..turn.schemas import GameConfig, Seat

    player = player or VirtualPlayer()
    seats = [Seat(name=name)] + [player.seat(f"Virtual {i}") for i in (1, 2, 3)]
    return GameConfig.model_validate({"seats": seats, "mode": "solo", **options})


def two_player(first: str = "Player 1", second: str = "Player 2",
               player: VirtualPlayer | None = None, **options: object) -> GameConfig:
    """V-1: two humans and two virtual players, seated alternately."""
    from ..turn.schemas import GameConfig, Seat

    player = player or VirtualPlayer()
    seats = [Seat(name=first), player.seat("Virtual 1"), Seat(name=second),
             player.seat("Virtual 2")]
    return GameConfig.model_validate({"seats": seats, "mode": "two_player", **options})


MAX_ACTIONS = 100_000  # far above any game (a few thousand actions)


def play_game(start: GameConfig | GameState,
              players: dict[int, VirtualPlayer] | None = None,
              max_actions: int = MAX_ACTIONS,
              on_action: Callable[[GameState, Action, GameState], None] | None = None
              ) -> GameState:
    """Play a game to its end, every seat by the book (each seat's options from the config
    unless ``players`` gives one). ``on_action(before, action, after)`` sees every step."""
    from ..turn.schemas import GameConfig

    state = new_game(start) if isinstance(start, GameConfig) else start
    config = state.config
    table = [players.get(i) if players else None for i in range(state.rules.seats)]
    by_seat = [p or VirtualPlayer.for_seat(config, i) for i, p in enumerate(table)]
    for _ in range(max_actions):
        seat = state.current_player
        if seat is None:
            return state
        action = by_seat[seat].act(state)
        after = state.apply(action)
        if on_action is not None:
            on_action(state, action, after)
        state = after
    raise RuntimeError(f"game not over after {max_actions} actions")
