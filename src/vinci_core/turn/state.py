"""The game state and its turn flow (RULES.md C-1 … C-6).

A :class:`GameState` is immutable from the outside: :meth:`GameState.apply` returns a new
state and raises :class:`IllegalAction` (naming the rule) without touching the old one.
The API follows OpenSpiel's ``State``: ``legal_actions``, ``apply``, ``current_player``,
``is_terminal``, ``returns``, ``clone``.

>>> from vinci_core import GameConfig, Seat, new_game
>>> cfg = GameConfig(seats=[Seat(name="Ann"), Seat(name="Bo"), Seat(name="Cy")], seed=7,
...                  map="mini")
>>> state = new_game(cfg)
>>> state.phase, state.round, len(state.display)
('choose', 1, 6)
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..boards.maps import Board, load_map
from ..game import rng
from ..game.actions import (
    Abandon,
    Action,
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
    illegal_n,
)
from ..game.config import Rules
from ..game.position import NEUTRAL, NOBODY
from ..game.tiles import abilities, civ_tokens, compatible
from ..rulesets import Ruleset
from ..rulesets.online import (
    MERCENARIES,
    conquest_phases,
    culture_tokens,
    keeps_all_at_decline,
    keeps_all_tokens,
    mercenaries_paying,
    one_token_each,
)
from ..text.i18n import N_

if TYPE_CHECKING:
    from .schemas import GameConfig

SLOTS = 6
FIELD_GENERAL_TOKENS = 7  # C-3.1.3
ESPIONAGE_COST = 2  # C-3.3.10

# Phases of the turn flow. "choose": pick a civilization (C-2); "expand": start of turn and
# conquests (C-3.1–C-3.3, C-5.1); "keep": cohesion choice (C-3.4.2); "reorganize": C-3.4.3;
# "end_of_turn": forts and Rebirth (C-3.4.5, C-5.3); "redistribute": a defender places its
# returned tokens (C-3.5); "over": the game has ended (C-6.2).
PHASES = ("choose", "expand", "keep", "reorganize", "end_of_turn", "redistribute", "over")


@dataclass(slots=True)
class Player:
    """One seat's empires and score. ``civ`` is the active pair, ``declined_civ`` the last
    declined pair and ``declined_kept`` the tiles that pair kept (C-5.1.3)."""

    score: int
    civ: tuple[str, str] | None = None
    abilities: dict[str, int] = field(default_factory=dict)
    declined_civ: tuple[str, str] | None = None
    declined_kept: tuple[str, ...] = ()
    declined_abilities: dict[str, int] = field(default_factory=dict)
    hand: int = 0  # tokens of the active civilization in hand
    temp: int = 0  # Field General tokens among them, gone at reorganization (C-3.4.4)
    returned: int = 0  # defender tokens waiting for redistribution (C-3.5)
    returned_old: int = 0  # the same for the declined empire (Y-3.6.2, Philosophy only)
    # Ledger of the active civilization, checked by the conformance tests.
    received: int = 0  # tokens at choice + Medicine
    lost: int = 0  # tokens removed by attackers

    def copy(self) -> Player:
        # Field by field: several times faster than dataclasses.replace in the hot loop.
        # Ability dicts are never mutated, only replaced, so they are shared.
        p = Player.__new__(Player)
        p.score, p.civ, p.abilities = self.score, self.civ, self.abilities
        p.declined_civ, p.declined_kept = self.declined_civ, self.declined_kept
        p.declined_abilities, p.hand, p.temp = self.declined_abilities, self.hand, self.temp
        p.returned, p.received, p.lost = self.returned, self.received, self.lost
        p.returned_old = self.returned_old
        return p


@dataclass(slots=True)
class Turn:
    """Bookkeeping of the turn in progress."""

    acted: bool = False  # anything done this turn: a start-of-turn decline is no longer legal
    conquered: bool = False
    spies: int = 0  # Espionage conquests left (C-3.3.10)
    envoys: int = 0  # Diplomacy partners left to name (C-3.3.9)
    forts: int = 0  # forts left to build (C-3.4.5)
    reorg_before: tuple[tuple[int, int], ...] = ()  # tokens per province when reorg began
    second: bool = False  # Y-9.28 Armies: a second collection and conquest is still to come
    collected: tuple[tuple[int, int], ...] = ()  # Y-9.26: tokens collected, by province
    converted: tuple[int, ...] = ()  # Y-9.24: opponents Religion took a province from

    def copy(self) -> Turn:
        t = Turn.__new__(Turn)
        t.acted, t.conquered, t.spies = self.acted, self.conquered, self.spies
        t.envoys, t.forts, t.reorg_before = self.envoys, self.forts, self.reorg_before
        t.second, t.collected, t.converted = self.second, self.collected, self.converted
        return t


class GameState:
    """A position of a game of Vinci. Use :func:`new_game` to make the first one."""

    __slots__ = (
        "config", "rules", "ruleset", "board", "rng", "draws", "bag", "display", "players", "owner",
        "declined", "tokens", "fort", "phase", "turn_seat", "round", "start", "turn", "peace",
        "queue", "ending", "ended_by", "slaves", "culled", "ply", "scorings", "last_score", "_log",
        "_history",
    )

    config: GameConfig
    rules: Rules
    ruleset: Ruleset
    board: Board
    rng: int
    draws: int
    bag: list[str]
    display: list[tuple[str, str, int]]
    players: list[Player]
    owner: list[int]
    declined: list[bool]
    tokens: list[int]
    fort: list[bool]
    phase: str
    turn_seat: int
    round: int
    start: int
    turn: Turn
    peace: tuple[tuple[int, int], ...]
    queue: tuple[int, ...]
    ending: bool  # C-6.2: the target was reached, this round is the last
    ended_by: tuple[int, int] | None  # (round, seat) of the score that reached it first
    slaves: int
    culled: int  # other players' tokens this turn's conquests removed (Y-9.23 Culture)
    ply: int
    scorings: int  # how many scorings so far (len(history), without building it)
    last_score: tuple[int, tuple[tuple[str, int, str], ...]] | None
    _log: tuple[Any, Action] | None  # (earlier log, last action): O(1) to extend
    _history: tuple[Any, tuple[int, int, int]] | None  # (earlier, last scoring): the same

    # --- construction and copying ---------------------------------------------------------

    @classmethod
    def initial(cls, config: GameConfig) -> GameState:
        s = cls.__new__(cls)
        s.config = config
        s.rules = config.rule_parameters()
        s.ruleset = rs = config.rules_set
        s.board = load_map(config.map, config.map_version)
        n = len(s.board.ids)
        s.rng = rng.seed_state(config.seed)
        s.draws = 0
        s.bag = rs.bag(config.tile_counts, s.rules.seats)
        s.display = []
        s.players = [Player(score=config.start_vp(i)) for i in range(s.rules.seats)]
        # C-1.3, Y-1.3: a native token on every land province except mountains (online:
        # and deserts and rivers).
        natives = rs.natives(s.board)
        s.owner = [NEUTRAL if native else NOBODY for native in natives]
        s.declined = [False] * n
        s.tokens = [1 if native else 0 for native in natives]
        s.fort = [False] * n
        s.turn = Turn()
        s.peace = ()
        s.queue = ()
        s.ending = False
        s.ended_by = None
        s.slaves = 0
        s.culled = 0
        s.ply = 0
        s.scorings = 0
        s._history = None
        s.last_score = None
        s._log = None
        s._refill_display()  # C-1.4
        s.start = s._roll(s.rules.seats)  # C-1.6
        s.turn_seat = s.start
        s.round = 1  # C-1.7: round 1 is choosing only
        s.phase = "choose"
        return s

    def clone(self) -> GameState:
        s = GameState.__new__(GameState)
        s.config = self.config
        s.rules = self.rules
        s.ruleset = self.ruleset
        s.board = self.board
        s.rng = self.rng
        s.draws = self.draws
        s.bag = self.bag[:]
        s.display = self.display[:]
        s.players = [p.copy() for p in self.players]
        s.owner = self.owner[:]
        s.declined = self.declined[:]
        s.tokens = self.tokens[:]
        s.fort = self.fort[:]
        s.phase = self.phase
        s.turn_seat = self.turn_seat
        s.round = self.round
        s.start = self.start
        s.turn = self.turn.copy()
        s.peace = self.peace
        s.queue = self.queue
        s.ending = self.ending
        s.ended_by = self.ended_by
        s.slaves = self.slaves
        s.culled = self.culled
        s.ply = self.ply
        s.scorings = self.scorings
        s._history = self._history
        s.last_score = self.last_score
        s._log = self._log
        return s

    # --- public API ----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """Seat expected to act now: a defender during redistribution, None when over."""
        if self.phase == "over":
            return None
        if self.phase == "redistribute":
            return self.queue[0]
        return self.turn_seat

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> list[int]:
        return [p.score for p in self.players]

    @property
    def winners(self) -> list[int]:
        """C-6.2: the seats with the highest score (shared victory); empty until the end."""
        if not self.is_terminal:
            return []
        best = max(self.scores)
        return [i for i, sc in enumerate(self.scores) if sc == best]

    @property
    def places(self) -> list[int]:
        """Y-6.2 (and C-6.2): each seat's place, 1 + the number of seats with more VP, so
        equal scores share a place (50, 50, 40 -> 1, 1, 3)."""
        scores = self.scores
        return [1 + sum(other > mine for other in scores) for mine in scores]

    @property
    def last_round(self) -> int | None:
        """Y-6.1: the round after which an online game ends; None when a target ends it."""
        return self.rules.rounds or None

    def returns(self) -> list[float]:
        """OpenSpiel-style utilities: winners share 1, everyone else 0 (all 0 until the end)."""
        won = self.winners
        return [1.0 / len(won) if i in won else 0.0 for i in range(self.rules.seats)]

    def apply(self, action: Action) -> GameState:
        """The state after ``action``. Raises :class:`IllegalAction`; ``self`` never changes."""
        s = self.clone()
        s._dispatch(action)
        s.ply += 1
        s._log = (self._log, action)
        return s

    def advance(self, action: Action) -> None:
        """Apply ``action`` to this very state, without the copy :meth:`apply` makes: for
        replaying a log fast (a save). On :class:`IllegalAction` the state is left half
        changed, so only a state nobody else holds may advance, and it is dropped then."""
        self._dispatch(action)
        self.ply += 1
        self._log = (self._log, action)

    @property
    def actions(self) -> list[Action]:
        """Every action applied since :func:`new_game`, in order (with the config: the game)."""
        out: list[Action] = []
        node = self._log
        while node is not None:
            node, action = node
            out.append(action)
        out.reverse()
        return out

    @property
    def history(self) -> tuple[tuple[int, int, int], ...]:
        """Every scoring so far, in order: (round, seat, points)."""
        out: list[tuple[int, int, int]] = []
        node = self._history
        while node is not None:
            node, entry = node
            out.append(entry)
        out.reverse()
        return tuple(out)

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now (``place_all`` is the one shorthand
        not listed: it stands for a run of listed ``place`` actions)."""
        phase = self.phase
        seat = self.turn_seat
        if phase == "choose":
            score = self.players[seat].score
            price = self.ruleset.slot_price
            return [Choose(k + 1) for k in range(len(self.display)) if price * k <= score]
        if phase == "expand":
            return self._expand_actions(seat)
        if phase == "keep":
            return [Keep(self.board.ids[part[0]]) for part in self._parts(seat)]
        if phase == "reorganize":
            return [Place(self.board.ids[p]) for p in self._reorg_targets(seat)]
        if phase == "end_of_turn":
            out: list[Action] = [Fort(self.board.ids[p]) for p in self._fort_targets(seat)]
            if "rebirth" in self.players[seat].abilities:
                out.append(Decline())
            out.append(EndTurn())
            return out
        if phase == "redistribute":
            return [Place(self.board.ids[p]) for p in self.empire(self.queue[0])]
        return []

    def empire(self, seat: int) -> list[int]:
        """Province numbers of ``seat``'s active empire, in map order."""
        declined = self.declined
        return [p for p, o in enumerate(self.owner) if o == seat and not declined[p]]

    def declined_empire(self, seat: int) -> list[int]:
        return [p for p, o in enumerate(self.owner) if o == seat and self.declined[p]]

    def die(self, sides: int, salt: int = 0) -> int:
        """A die from the game's stream that does not advance it (virtual players' ties)."""
        return rng.peek_below(self.rng, self.ply * 1009 + salt, sides)

    # --- dispatch ----------------------------------------------------------------------------

    def _dispatch(self, action: Action) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction("API", f"unknown action {action!r}")
        problem = action.malformed()
        if problem is not None:
            raise IllegalAction(action.rule, problem)
        handler(self, action)

    def _province(self, pid: str) -> int:
        p = self.board.index.get(pid)
        if p is None:
            raise IllegalAction("C-8", f"there is no province {pid!r} on this board")
        return p

    def _need_phase(self, *phases: str, rule: str, what: str) -> None:
        if self.phase not in phases:
            raise IllegalAction(rule, "{what} is not possible now (phase: {phase})", what=what,
                                phase=self.phase)

    def _roll(self, n: int) -> int:
        self.rng, value = rng.below(self.rng, n)
        self.draws += 1
        return value

    # --- C-1.4, C-1.5, C-2: the display ------------------------------------------------------

    def _draw_pair(self) -> tuple[str, str] | None:
        bag = self.bag
        tiles = self.ruleset.tiles
        if len({tiles[t].ability for t in bag}) < 2:
            return None  # C-1.5: no legal pair can come out of the bag
        while True:
            a = bag.pop(self._roll(len(bag)))
            b = bag.pop(self._roll(len(bag)))
            if compatible(a, b, tiles):
                return (a, b)
            insort(bag, a)  # C-1.5: both go back, draw again
            insort(bag, b)

    def _refill_display(self) -> None:
        while len(self.display) < SLOTS:
            pair = self._draw_pair()
            if pair is None:
                return
            self.display.append((pair[0], pair[1], 0))

    def _do_choose(self, action: Choose) -> None:
        self._need_phase("choose", rule="C-2.1", what=N_("choosing a civilization"))
        seat = self.turn_seat
        player = self.players[seat]
        k = action.slot - 1
        if not 0 <= k < len(self.display):
            raise IllegalAction("C-2.1", "display slot {slot} holds no civilization",
                                slot=action.slot)
        rs = self.ruleset
        cost = rs.slot_price * k  # C-2.2, Y-2.2
        if cost > player.score:
            raise IllegalAction("C-2.2", "slot {slot} costs {cost} VP, you have {score}",
                                slot=action.slot, cost=cost, score=player.score)
        player.score -= cost
        for i in range(k):  # C-2.2: a coin on every slot skipped
            a, b, coins = self.display[i]
            self.display[i] = (a, b, coins + 1)
        a, b, coins = self.display.pop(k)
        player.score += rs.coin_value * coins  # C-2.3, Y-2.3
        if self.rules.end_at_any_scoring:
            self._check_target(seat)  # D-6: coins can reach the target too
        self._refill_display()  # C-2.4
        pair = (a, b)
        player.civ = pair
        player.abilities = abilities(pair, rs.tiles)
        player.hand = civ_tokens(pair, rs.tiles) + self.rules.extra[seat]  # C-2.5, C-2.6
        player.temp = 0
        player.received = player.hand
        player.lost = 0
        if self.round == 1:
            self._next_turn()
        else:
            self._after_turn()

    # --- C-3.1, C-3.3, C-5.1: the start of a turn and conquests -----------------------------

    def _begin_turn(self) -> None:
        seat = self.turn_seat
        self.turn = Turn()
        self.slaves = self.culled = 0
        self.peace = tuple(pair for pair in self.peace if pair[0] != seat)  # C-3.3.9 ends
        player = self.players[seat]
        if player.civ is None:  # the display was empty when this seat last declined
            self._score(seat)
            if self.display:
                self.phase = "choose"
            else:
                self._after_turn()
            return
        ab = player.abilities
        if keeps_all_at_decline(ab):  # Y-9.26: a decline now puts them back
            self.turn.collected = tuple((p, self.tokens[p] - 1) for p in self.empire(seat)
                                        if self.tokens[p] > 1)
        for p in self.empire(seat):  # C-3.1.1: all but one token into hand
            if self.tokens[p] > 1:
                player.hand += self.tokens[p] - 1
                self.tokens[p] = 1
        medicine = ab.get("medicine", 0)  # C-3.1.3
        player.hand += medicine
        player.received += medicine
        # C-3.1.3 Field General, Y-9.8 Mercenaries: temporary tokens for this turn.
        general = FIELD_GENERAL_TOKENS * ab.get("field_general", 0) \
            + MERCENARIES * ab.get("mercenaries", 0)
        player.hand += general
        player.temp = general
        self.turn.second = conquest_phases(ab) > 1  # Y-9.28
        self.turn.spies = ab.get("espionage", 0)
        self.turn.envoys = ab.get("diplomacy", 0)
        self.turn.forts = ab.get("fortification", 0)
        self.phase = "expand"

    def _conquests(self, seat: int) -> dict[int, int]:
        """Province -> cost of every conquest open to ``seat`` now, affordable or not."""
        peace, forbid = self._peace_partners(seat), self._contact_forbidden(seat)
        barring = bool(peace) or forbid
        out: dict[int, int] = {}
        rs = self.ruleset
        cost = rs.cost
        for target, origin in rs.reach(self, seat).items():
            if barring and self._barred(seat, target, peace, forbid):
                continue
            out[target] = cost(self, seat, target, origin)
        return out

    def _peace_partners(self, seat: int) -> set[int]:
        return {b if a == seat else a for a, b in self.peace if seat in (a, b)}

    def _contact_forbidden(self, seat: int) -> bool:
        return not self.rules.clear_contact and "heritage" not in self.players[seat].abilities

    def _barred(self, seat: int, target: int, peace: set[int], forbid: bool) -> str | None:
        """The rule that bars a reachable conquest, if one does."""
        if self.owner[target] in peace and not self.declined[target]:
            return "C-3.3.9"
        if forbid and self._touches_own_declined(seat, target):
            return "C-3.3.8"  # option decline_contact = "forbid"
        return None

    def _touches_own_declined(self, seat: int, target: int) -> bool:
        """C-3.3.8 under ``decline_contact = "forbid"``: ``target`` borders one of the seat's
        declined provinces, or (rules 2, the Dutch text) is one."""
        owner, declined = self.owner, self.declined
        if owner[target] == seat and declined[target] and self.rules.forbid_own_declined:
            return True
        return any(owner[q] == seat and declined[q] and q != target
                   for q in self.board.adjacent[target])

    def _declines_at_end_only(self, seat: int) -> bool:
        """D-3: in rules 2 a Rebirth empire declines at the end of a turn, never at its start."""
        return self.rules.rebirth_only_at_end and "rebirth" in self.players[seat].abilities

    def _expand_actions(self, seat: int) -> list[Action]:
        player = self.players[seat]
        turn = self.turn
        ids = self.board.ids
        out: list[Action] = []
        if not turn.acted and not self._declines_at_end_only(seat):
            out.append(Decline())
        if not turn.conquered:
            named = {b for a, b in self.peace if a == seat}
            if turn.envoys:
                out.extend(Diplomacy(s) for s in range(self.rules.seats)
                           if s != seat and s not in named)
            empire = self.empire(seat)
            if len(empire) > 1 or self.rules.abandon_last_province:
                out.extend(Abandon(ids[p]) for p in empire)
        hand = player.hand
        options = self._conquests(seat)
        if "mercenaries" in player.abilities:  # Y-9.8: each conquest needs an own token
            spy = turn.spies > 0 and self._affordable(player, ESPIONAGE_COST)
            for p, cost in options.items():
                if self._affordable(player, cost):
                    out.append(Conquer(ids[p]))
                if spy:
                    out.append(Conquer(ids[p], True))
        else:
            spy = turn.spies > 0 and hand >= ESPIONAGE_COST
            for p, cost in options.items():
                if cost <= hand:
                    out.append(Conquer(ids[p]))
                if spy:
                    out.append(Conquer(ids[p], True))
        if "religion" in player.abilities:
            out.extend(Conquer(ids[p], religion=True) for p in self._religion_targets(seat))
        if not self._must_enter(seat, options):
            out.append(Finish())
        return out

    def _religion_targets(self, seat: int) -> list[int]:
        """Y-9.24: reachable provinces held by exactly one token of an opponent's active
        empire, one such conquest per opponent and turn, never against a peace partner."""
        peace = self._peace_partners(seat)
        done = self.turn.converted
        owner, declined, tokens = self.owner, self.declined, self.tokens
        return [p for p in self.ruleset.reach(self, seat)
                if owner[p] >= 0 and owner[p] != seat and not declined[p] and tokens[p] == 1
                and owner[p] not in peace and owner[p] not in done]

    def _must_enter(self, seat: int, options: dict[int, int] | None = None) -> bool:
        """C-3.1.2: a civilization with tokens but no province must enter if it can."""
        player = self.players[seat]
        # D-5: only permanent tokens force an entry (rules 1 counted the temporary ones too).
        forcing = player.hand - player.temp if self.rules.temporaries_never_force_entry \
            else player.hand
        if forcing <= 0 or any(o == seat and not d
                               for o, d in zip(self.owner, self.declined, strict=True)):
            return False
        if options is None:
            options = self._conquests(seat)
        spy = self.turn.spies > 0 and self._affordable(player, ESPIONAGE_COST)
        return any(spy or self._affordable(player, c) for c in options.values())

    @staticmethod
    def _affordable(player: Player, cost: int) -> bool:
        """C-3.3.3; Y-9.8: with Mercenaries one token of each conquest is an own one."""
        if "mercenaries" in player.abilities:
            return mercenaries_paying(cost, player.hand, player.temp) is not None
        return cost <= player.hand

    def _do_decline(self, action: Decline) -> None:
        seat = self.turn_seat
        player = self.players[seat]
        if self.phase == "end_of_turn":
            if "rebirth" not in player.abilities:
                raise IllegalAction("C-5.3", "only Rebirth declines at the end of a turn")
            self._score(seat)  # C-5.3: this turn's VP are counted once, before the decline
            self._decline(seat)
            if self.display:
                self.phase = "choose"
            else:
                self._after_turn()
            return
        self._need_phase("expand", rule="C-5.1", what=N_("declining"))
        if self._declines_at_end_only(seat):
            raise IllegalAction("C-5.3", "a Rebirth empire declines at the end of a turn, "
                                "not at its start")
        if self.turn.acted:
            raise IllegalAction("C-5.1", "decline is declared at the start of the turn, "
                                "before anything else")
        self._decline(seat)
        self._score(seat)  # C-5.1.4
        if self.display:
            self.phase = "choose"  # C-5.1.5
        else:
            self._after_turn()

    def _decline(self, seat: int) -> None:
        player = self.players[seat]
        rs = self.ruleset
        for p in self.declined_empire(seat):  # C-5.1.1: the old declined empire goes
            self._empty(p)
        for tid in player.declined_kept:
            insort(self.bag, tid)
        keep_all = keeps_all_at_decline(player.abilities)  # Y-9.26 Philosophy
        if keep_all and not self.turn.acted:  # a start-of-turn decline: undo the collection
            for p, n in self.turn.collected:
                self.tokens[p] += n
        for p in self.empire(seat):  # C-5.1.2
            if not keep_all:
                self.tokens[p] = 1
            self.declined[p] = True
        assert player.civ is not None
        kept, acting = rs.declined_tiles(player.civ)  # C-5.1.3, Y-5.1.3
        for tid in player.civ:
            if tid not in kept:
                insort(self.bag, tid)
        player.declined_civ = player.civ
        player.declined_kept = kept
        player.declined_abilities = abilities(acting, rs.tiles) if acting else {}
        player.civ = None
        player.abilities = {}
        player.hand = player.temp = player.returned = 0
        if rs.tiles_leave_with_empire:
            self._return_vanished_tiles()  # an empire with no province returns them at once

    def _empty(self, p: int) -> None:
        self.owner[p] = NOBODY
        self.tokens[p] = 0
        self.declined[p] = False
        self.fort[p] = False

    def _do_diplomacy(self, action: Diplomacy) -> None:
        self._need_phase("expand", rule="C-3.3.9", what=N_("Diplomacy"))
        seat = self.turn_seat
        if self.turn.envoys <= 0:
            raise IllegalAction("C-3.3.9", "no Diplomacy partner left to name this turn")
        if self.turn.conquered:
            raise IllegalAction("C-3.3.9", "peace is made at the start of the turn")
        if not 0 <= action.seat < self.rules.seats or action.seat == seat:
            raise IllegalAction("C-3.3.9", "name another player of this game")
        if (seat, action.seat) in self.peace:
            raise IllegalAction("C-3.3.9", "peace with that player is already made")
        self.peace = (*self.peace, (seat, action.seat))
        self.turn.envoys -= 1
        self.turn.acted = True

    def _do_abandon(self, action: Abandon) -> None:
        self._need_phase("expand", rule="C-3.1.1", what=N_("emptying a province"))
        seat = self.turn_seat
        p = self._province(action.province)
        if self.turn.conquered:
            raise IllegalAction("C-3.1.1", "provinces are emptied before the first conquest")
        if self.owner[p] != seat or self.declined[p]:
            raise IllegalAction("C-3.1.1", "{province} is not in your active empire",
                                province=action.province)
        if len(self.empire(seat)) == 1 and not self.rules.abandon_last_province:
            raise IllegalAction("C-3.1.1", "an empire keeps at least one province")
        self.players[seat].hand += self.tokens[p]
        self._empty(p)
        self.turn.acted = True

    def _do_conquer(self, action: Conquer) -> None:
        self._need_phase("expand", rule="C-3.3", what=N_("conquering"))
        seat = self.turn_seat
        player = self.players[seat]
        p = self._province(action.province)
        owner = self.owner[p]
        if owner == seat and not self.declined[p]:
            raise IllegalAction("C-3.3.4", "{province} is already yours", province=action.province)
        # Only this target's cost: a save replays thousands of conquests.
        rs = self.ruleset
        origins = rs.reach(self, seat)
        if p not in origins:
            if not any(o == seat and not d for o, d in zip(self.owner, self.declined,
                                                           strict=True)):
                raise IllegalAction("C-3.2.1", "{province} is not a legal entry",
                                    province=action.province)
            raise IllegalAction("C-3.3.1", "{province} does not border your empire",
                                province=action.province)
        barred = self._barred(seat, p, self._peace_partners(seat), self._contact_forbidden(seat))
        if barred == "C-3.3.9":
            raise IllegalAction(barred, "you are at peace with that player")
        if barred is not None:
            if owner == seat and self.rules.forbid_own_declined:
                raise IllegalAction(barred, "in this edition your active empire cannot take a "
                                    "province of your declined empire")
            raise IllegalAction(barred, "that conquest would touch your declined empire")
        if action.religion:
            if "religion" not in player.abilities:
                raise IllegalAction("Y-9.24", "only Religion converts a province")
            if p not in self._religion_targets(seat):
                raise IllegalAction("Y-9.24", "Religion takes a province held by a single token "
                                    "of an opponent's active empire, once per opponent and "
                                    "turn")
            cost = 0
            self.turn.converted = (*self.turn.converted, owner)
        elif action.espionage:
            if self.turn.spies <= 0:
                raise IllegalAction("C-3.3.10", "no Espionage conquest left this turn")
            cost = ESPIONAGE_COST
            self.turn.spies -= 1
        else:
            cost = rs.cost(self, seat, p, origins[p])
        own, mercs = cost, 0
        if action.religion:  # Y-9.24: a new permanent token from the supply
            own = 1
            player.received += 1
        elif "mercenaries" in player.abilities:  # Y-9.8
            paying = mercenaries_paying(cost, player.hand, player.temp)
            if paying is None:
                raise illegal_n("Y-9.8", "costs {n} token, which must be your own; your "
                                "hand: own tokens {own}, mercenaries {mercenaries}",
                                "costs {n} tokens and at least one must be your own; your "
                                "hand: own tokens {own}, mercenaries {mercenaries}",
                                cost, own=player.hand - player.temp,
                                mercenaries=player.temp)
            own, mercs = paying
        if cost > player.hand:
            raise illegal_n("C-3.3.3", "costs {n} token, you hold {hand}",
                            "costs {n} tokens, you hold {hand}", cost, hand=player.hand)
        # C-3.3.5, Y-3.4.4: the defender loses one token, the rest go back to its hand.
        fallen = None
        board = self.board
        if owner == NEUTRAL:
            self.slaves += 1
        elif owner >= 0:
            defender = self.players[owner]
            if not self.declined[p]:
                if keeps_all_tokens(board, defender.abilities, p):  # Y-9.22, Y-9.25
                    defender.returned += self.tokens[p]
                else:
                    if owner != seat:
                        self.slaves += 1  # C-3.6.2: other players' tokens
                        self.culled += 1
                    defender.lost += 1
                    defender.returned += self.tokens[p] - 1
                if self.rules.automatic_decline and owner != seat:
                    fallen = owner
            else:
                if owner != seat:
                    self.slaves += 1  # C-3.6.2: declined tokens included
                    self.culled += 1
                defender.returned_old += self.tokens[p] - 1  # Y-5.4 (Philosophy)
        player.hand -= cost
        player.temp -= mercs  # Y-9.8: spent mercenaries leave the game
        self.owner[p] = seat
        self.tokens[p] = own
        self.declined[p] = False  # C-3.3.7
        self.fort[p] = rs.fort_on_conquest(board, player.abilities, p)  # Y-9.9
        self.turn.acted = self.turn.conquered = True
        if self.rules.clear_contact and "heritage" not in player.abilities:
            for q in board.adjacent[p]:  # C-3.3.8, Y-3.4.6
                if self.owner[q] == seat and self.declined[q] \
                        and rs.contact_clears(board, p, q):
                    self._empty(q)
        if rs.tiles_leave_with_empire:
            self._return_vanished_tiles()
        if fallen is not None and not self.empire(fallen):
            self._fall(fallen)

    def _return_vanished_tiles(self) -> None:
        """Y-5.1.3: a declined empire's tiles go back to the bag once it has no province."""
        for seat, player in enumerate(self.players):
            if player.declined_kept and not self.declined_empire(seat):
                for tid in player.declined_kept:
                    insort(self.bag, tid)
                player.declined_kept = ()
                player.declined_abilities = {}

    def _fall(self, seat: int) -> None:
        """C-7.1 (Dutch edition): an active empire that loses its last province to another
        player declines at once. Its older declined empire leaves the board (C-5.1.1) and,
        with no province left to serve, even its decline-proof tiles go back to the bag. Its
        player's next turn is the skipped turn of a decline: score, then choose (C-5.1.5)."""
        player = self.players[seat]
        self._decline(seat)
        for tid in player.declined_kept:
            insort(self.bag, tid)
        player.declined_kept = ()
        player.declined_abilities = {}

    # --- C-3.4: cohesion, reorganization, forts -----------------------------------------------

    def _linked(self, seat: int, members: set[int], p: int) -> list[int]:
        """Provinces of ``members`` adjacent to ``p`` for cohesion (C-3.4.1)."""
        board = self.board
        out = [q for q in board.adjacent[p] if q in members]
        if "astronomy" in self.players[seat].abilities and board.components_of[p]:
            comps = board.components_of[p]
            out.extend(q for q in members if q != p and q not in out
                       and comps & board.components_of[q])
        return out

    def _parts(self, seat: int) -> list[list[int]]:
        """Connected parts of the active empire, each sorted, in map order."""
        members = set(self.empire(seat))
        parts: list[list[int]] = []
        seen: set[int] = set()
        for start in sorted(members):
            if start in seen:
                continue
            part, stack = [start], [start]
            seen.add(start)
            while stack:
                for q in self._linked(seat, members, stack.pop()):
                    if q not in seen:
                        seen.add(q)
                        part.append(q)
                        stack.append(q)
            parts.append(sorted(part))
        return parts

    def _do_finish(self, action: Finish) -> None:
        self._need_phase("expand", rule="C-3.3", what=N_("finishing the conquests"))
        seat = self.turn_seat
        if self._must_enter(seat):
            raise IllegalAction("C-3.1.2", "a new civilization must enter the board")
        self.turn.acted = True
        if self.turn.second:  # Y-9.28 Armies: collect again and conquer a second time
            self._second_phase(seat)
            return
        messengers = "messengers" in self.players[seat].abilities
        loose = messengers or self.rules.virtual[seat]  # V-6: virtual empires ignore cohesion
        if not loose and len(self._parts(seat)) > 1:  # C-3.4.1
            self.phase = "keep"
            return
        self._begin_reorganization(seat)

    def _second_phase(self, seat: int) -> None:
        """Y-9.28, OQ-6: each province keeps one token, the rest go to hand; provinces may
        be emptied again before this phase's first conquest. Turn limits carry over."""
        player = self.players[seat]
        for p in self.empire(seat):
            if self.tokens[p] > 1:
                player.hand += self.tokens[p] - 1
                self.tokens[p] = 1
        self.turn.second = False
        self.turn.conquered = False
        self.turn.envoys = 0  # Y-3.1.2 (a): peace is made at the start of the turn

    def _do_keep(self, action: Keep) -> None:
        self._need_phase("keep", rule="C-3.4.2", what=N_("choosing the part to keep"))
        seat = self.turn_seat
        p = self._province(action.province)
        parts = self._parts(seat)
        kept = next((part for part in parts if p in part), None)
        if kept is None:
            raise IllegalAction("C-3.4.2", "{province} is not in your active empire",
                                province=action.province)
        player = self.players[seat]
        permanent = sum(self.tokens[q] for part in parts for q in part) + player.hand \
            - player.temp
        cut_off = 0
        for part in parts:
            if part is not kept:
                for q in part:
                    cut_off += self.tokens[q]
                    self._empty(q)
        if self.rules.remove_cut_off:
            # C-7.2: the cut-off tokens leave the game. They are permanent tokens first, as
            # Field General's temporaries leave only afterwards (C-3.4.4).
            from_permanent = min(cut_off, max(permanent, 0))
            player.lost += from_permanent
            player.temp -= cut_off - from_permanent
        else:
            player.hand += cut_off  # C-3.4.2: they join the kept part at reorganization
        self._begin_reorganization(seat)

    def _begin_reorganization(self, seat: int) -> None:
        player = self.players[seat]
        empire = self.empire(seat)
        self.turn.reorg_before = tuple((p, self.tokens[p]) for p in empire)
        total = sum(self.tokens[p] for p in empire) + player.hand - player.temp  # C-3.4.4
        culture = culture_tokens(player.abilities, self.culled)  # Y-9.23
        player.received += culture
        for p in empire:
            self.tokens[p] = 0
        player.hand = max(0, total) + culture
        player.temp = 0
        self.phase = "reorganize"
        self._settle_reorganization(seat)

    def _reorg_targets(self, seat: int) -> list[int]:
        """Where the next token may go during reorganization (C-3.4.3)."""
        empire = self.empire(seat)
        hand = self.players[seat].hand
        empty = [p for p in empire if self.tokens[p] == 0]
        placed = len(empire) - len(empty)
        if hand + sum(self.tokens[p] for p in empire) >= len(empire):
            if one_token_each(self.players[seat].abilities):
                return empty  # Y-9.29 Hordes: one token in each province, no more
            return empty if hand == len(empty) else empire
        # Fewer tokens than provinces: choose which to keep, still connected.
        if placed == 0 or "messengers" in self.players[seat].abilities \
                or self.rules.virtual[seat]:  # V-6
            return empty
        chosen = {p for p in empire if self.tokens[p]}
        return [p for p in empty if self._linked(seat, chosen, p)]

    def _settle_reorganization(self, seat: int) -> None:
        """Place what is forced, and close the reorganization once the hand is empty.

        An empire with no province keeps its tokens in hand for re-entry (C-5.5)."""
        player = self.players[seat]
        empire = self.empire(seat)
        empty = [p for p in empire if self.tokens[p] == 0]
        if one_token_each(player.abilities):  # Y-9.29: the rest waits off the board
            if player.hand >= len(empty):
                for p in empty:
                    self.tokens[p] = 1
                player.hand -= len(empty)
                empty = []
            if player.hand and empty:
                return
        elif player.hand and len(empire) == 1:
            self.tokens[empire[0]] += player.hand
            player.hand = 0
        elif player.hand and player.hand == len(empty):  # one token each, nothing to choose
            for p in empty:
                self.tokens[p] = 1
            player.hand = 0
        if player.hand and empire and not one_token_each(player.abilities):
            return
        for p in empire:
            if self.tokens[p] == 0:
                self._empty(p)  # C-3.3.6, C-3.4.3: provinces left without a token
        if self._fort_targets(seat) or "rebirth" in player.abilities:
            self.phase = "end_of_turn"
        else:
            self._score(seat)
            self._after_turn()

    def _do_place(self, action: Place) -> None:
        p = self._province(action.province)
        if self.phase == "redistribute":
            defender = self.queue[0]
            if self.owner[p] != defender or self.declined[p]:
                raise IllegalAction("C-3.5.1", "returned tokens go into your own active "
                                    "provinces")
            self.tokens[p] += 1
            self.players[defender].returned -= 1
            self._continue_redistribution()
            return
        self._need_phase("reorganize", rule="C-3.4.3", what=N_("placing a token"))
        seat = self.turn_seat
        if p not in self._reorg_targets(seat):
            if self.owner[p] != seat or self.declined[p]:
                raise IllegalAction("C-3.4.3", "{province} is not in your active empire",
                                    province=action.province)
            raise IllegalAction("C-3.4.3", "every kept province needs a token, and the kept "
                                "provinces stay connected")
        self.tokens[p] += 1
        self.players[seat].hand -= 1
        self._settle_reorganization(seat)

    def _do_place_all(self, action: PlaceAll) -> None:
        placement = {self._province(pid): n for pid, n in action.placement}
        if any(n < 0 for n in placement.values()):  # PlaceAll.of and save codes allow them
            raise IllegalAction("C-3.5.1" if self.phase == "redistribute" else "C-3.4.3",
                                "a placement never takes tokens away")
        if self.phase == "redistribute":
            defender = self.queue[0]
            if any(self.owner[p] != defender or self.declined[p] for p in placement):
                raise IllegalAction("C-3.5.1", "returned tokens go into your own active "
                                    "provinces")
            if sum(placement.values()) != self.players[defender].returned:
                raise illegal_n("C-3.5.1", "place exactly the {n} returned token",
                                "place exactly the {n} returned tokens",
                                self.players[defender].returned)
            for p, n in placement.items():
                self.tokens[p] += n
            self.players[defender].returned = 0
            self._continue_redistribution()
            return
        self._need_phase("reorganize", rule="C-3.4.3", what=N_("placing tokens"))
        seat = self.turn_seat
        player = self.players[seat]
        empire = self.empire(seat)
        members = set(empire)
        if any(p not in members for p in placement):
            raise IllegalAction("C-3.4.3", "tokens go only into provinces of your active empire")
        if sum(placement.values()) != player.hand:
            raise illegal_n("C-3.4.3", "place the {n} token of your hand",
                            "place all {n} tokens of your hand", player.hand)
        final = {p: self.tokens[p] + placement.get(p, 0) for p in empire}
        if one_token_each(player.abilities) and any(n > 1 for n in final.values()):
            raise IllegalAction("Y-9.29", "Hordes keep exactly one token in each province")
        total = sum(final.values())
        kept = {p for p, n in final.items() if n}
        if total >= len(empire):
            if len(kept) < len(empire):
                raise IllegalAction("C-3.4.3", "every province of the empire keeps a token")
        else:
            if any(n > 1 for n in final.values()):
                raise IllegalAction("C-3.4.3", "with fewer tokens than provinces, keep as many "
                                    "provinces as you have tokens")
            if "messengers" not in player.abilities and not self.rules.virtual[seat] \
                    and not self._connected(seat, kept):  # V-6: virtual seats need not
                raise IllegalAction("C-3.4.3", "the provinces you keep must stay connected")
        for p, n in placement.items():
            self.tokens[p] += n
        player.hand = 0
        self._settle_reorganization(seat)

    def _connected(self, seat: int, members: set[int]) -> bool:
        if not members:
            return True
        start = min(members)
        seen, stack = {start}, [start]
        while stack:
            for q in self._linked(seat, members, stack.pop()):
                if q not in seen:
                    seen.add(q)
                    stack.append(q)
        return len(seen) == len(members)

    def _fort_targets(self, seat: int) -> list[int]:
        if self.turn.forts <= 0:
            return []
        return [p for p in self.empire(seat) if not self.fort[p]]

    def _do_fort(self, action: Fort) -> None:
        self._need_phase("end_of_turn", rule="C-3.4.5", what=N_("building a fort"))
        seat = self.turn_seat
        p = self._province(action.province)
        if self.turn.forts <= 0:
            raise IllegalAction("C-3.4.5", "no fort left to build this turn")
        if p not in self._fort_targets(seat):
            raise IllegalAction("C-3.4.5", "a fort goes into a province of your active empire "
                                "that has none")
        self.fort[p] = True
        self.turn.forts -= 1
        if not self._fort_targets(seat) and "rebirth" not in self.players[seat].abilities:
            self._score(seat)
            self._after_turn()

    def _do_end_turn(self, action: EndTurn) -> None:
        self._need_phase("end_of_turn", rule="C-3.6", what=N_("ending the turn"))
        self._score(self.turn_seat)
        self._after_turn()

    # --- C-3.6, C-3.5, C-6: scoring, redistribution, next turn --------------------------------

    def _score(self, seat: int) -> None:
        terms = tuple(self.ruleset.score_terms(self, seat))
        points = sum(t[1] for t in terms)
        self.players[seat].score += points
        self._history = (self._history, (self.round, seat, points))
        self.scorings += 1
        self.last_score = (seat, terms)
        if self.rules.end_at_any_scoring:
            self._check_target(seat)  # D-6: at this scoring, whatever comes after it

    def _check_target(self, seat: int) -> None:
        """C-6.2: a score that reaches the target starts the last round, once."""
        if not self.ending and not self.rules.rounds \
                and self.players[seat].score >= self.rules.target:
            self.ending = True
            self.ended_by = (self.round, seat)

    def _after_turn(self) -> None:
        """End of the attacker's turn: defenders place returned tokens (C-3.5)."""
        n = self.rules.seats
        seat = self.turn_seat
        # Y-3.6.2, Y-3.6.3: seat order from the attacker's left, the attacker's own
        # declined empire last (classic queues never hold the attacker: nothing of its own
        # is ever displaced there).
        self.queue = tuple((seat + i) % n for i in range(1, n + 1)
                           if self.players[(seat + i) % n].returned
                           or self.players[(seat + i) % n].returned_old)
        self.phase = "redistribute"
        self._continue_redistribution()

    def _continue_redistribution(self) -> None:
        while self.queue:
            defender = self.queue[0]
            player = self.players[defender]
            if player.returned_old:  # Y-3.6.2, OQ-18: declined tokens, automatically
                self._place_displaced(defender, self.declined_empire(defender),
                                      player.returned_old)
                player.returned_old = 0
            empire = self.empire(defender)
            if player.returned and not empire:  # C-3.5.1: kept in hand (C-5.5)
                player.hand += player.returned
                player.returned = 0
            if player.returned and (self.rules.auto_redistribution
                                    or self.rules.virtual[defender]):  # C-3.5.2, Y-3.6
                self._place_displaced(defender, empire, player.returned)
                player.returned = 0
            if player.returned:
                return  # this defender chooses (phase "redistribute")
            self.queue = self.queue[1:]
        self._next_turn()

    def _place_displaced(self, seat: int, provinces: list[int], count: int) -> None:
        """Displaced tokens placed by the ruleset's rule (C-3.5.2 / Y-3.6.3); with no
        province left they leave the game (a declined empire's, Y-3.6.4)."""
        placement = self.ruleset.place_displaced(self, seat, provinces, count, self._roll)
        for p, k in placement.items():
            self.tokens[p] += k

    def _next_turn(self) -> None:
        n = self.rules.seats
        for seat in range(n):  # C-6.2: the round is played out (coins can reach it too)
            self._check_target(seat)
        if self.rules.rounds and self.round == self.rules.rounds:
            self.ending = True  # Y-6.1: the last round
        if self.ending and self.turn_seat == (self.start - 1) % n:
            self.phase = "over"
            return
        self.turn_seat = (self.turn_seat + 1) % n
        if self.turn_seat == self.start:
            self.round += 1
        if self.round == 1:
            self.phase = "choose"
        else:
            self._begin_turn()

    # --- views ---------------------------------------------------------------------------

    def __repr__(self) -> str:
        return (f"<GameState round={self.round} phase={self.phase} seat={self.current_player} "
                f"scores={self.scores}>")


_HANDLERS: dict[type, Any] = {
    Choose: GameState._do_choose,
    Decline: GameState._do_decline,
    Diplomacy: GameState._do_diplomacy,
    Abandon: GameState._do_abandon,
    Conquer: GameState._do_conquer,
    Finish: GameState._do_finish,
    Keep: GameState._do_keep,
    Place: GameState._do_place,
    PlaceAll: GameState._do_place_all,
    Fort: GameState._do_fort,
    EndTurn: GameState._do_end_turn,
}


def new_game(config: GameConfig) -> GameState:
    """The position before the first action: display drawn, start player chosen (C-1)."""
    return GameState.initial(config)


def replay(config: GameConfig, actions: Iterable[Action]) -> GameState:
    state = new_game(config)
    for action in actions:
        state = state.apply(action)
    return state
