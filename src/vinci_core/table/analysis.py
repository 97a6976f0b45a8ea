"""Analysis of one's own game (issue 31): the strong AI looks back over every decision of a
chosen seat and lists the turning points, where its own choice promised clearly more.

The yardstick is the strong player's own (:class:`~vinci_core.players.ai.StrongPlayer`),
with its fixed budget, and the move played is weighed by the very search that weighs the
AI's options, as one more option of it:

- **civilization choice** and **decline** (at the start of a turn, and Rebirth's at its
  end): the rollouts of :meth:`StrongPlayer.compare`, the played option among the AI's;
- **conquests** (and stopping): the turn planner; a move is worth the planner's value of
  the best sequence that starts with it (stopping: the position as it is).

The difference is in the search's own VP (the rollouts' position value against the
leader, the planner's turn value): a turning point is a decision where the AI's move is
worth at least :data:`THRESHOLD` more. Reorganizing and placing returned tokens follow a
fixed placement rule, not a search, and diplomacy and forts are the book's: they are not
weighed.

The analysis runs in slices (:data:`Analysing`): it yields a :class:`Progress` after every
position its searches play, so a page shows a progress bar and cancels by no longer asking
for the next slice; :func:`finish` runs it to its end. Its randomness is the game's own
(the searches derive theirs from each position without advancing it), so the same game
always gives the same analysis.

>>> import vinci_core as vc
>>> from vinci_core.players.virtual import VirtualPlayer
>>> cfg = vc.GameConfig(seats=[vc.Seat(name=f"P{i}", virtual=True) for i in range(3)],
...                     seed=3)
>>> game = vc.new_game(cfg)
>>> for _ in range(40):  # the first moves of a game of book players
...     game = game.apply(VirtualPlayer.for_seat(cfg, game.current_player).act(game))
>>> analysing = analyse(game.config, game.actions, seat=0)
>>> first = next(analysing)
>>> first.done, first.total > 0
(0, True)
>>> result = finish(analysing)
>>> result.decisions == first.total and result.positions > 0
True
>>> all(p.gain >= THRESHOLD for p in result.points)
True
"""

from __future__ import annotations

import json
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..game.actions import Action, Choose, Conquer, Decline, EndTurn, Finish
from ..players.ai import StrongPlayer, Thinking
from ..players.reasons import Civ, Message, Province, say, word
from ..players.virtual import empire_worth
from ..text.i18n import N_, translations
from ..turn.state import new_game

if TYPE_CHECKING:
    from ..turn.schemas import GameConfig
    from ..turn.state import GameState

# A turning point is a decision where the strong AI's move is worth at least this many VP
# more than the move played, on the AI's own yardstick. Measured (bench/analysis.py
# --noise 6, 10 games, 206 civilization and decline decisions): weighed again on reseeded
# copies of the position, the difference between two options has a standard deviation of
# 2.6 VP at the median and 6.0 VP at p90, the rollouts' resampled futures. About twice the
# median noise, 5 VP keeps most flukes out of the list; the planner's conquest values are
# not sampled (the same threshold, for one rule). A book seat then has about five turning
# points a game.
THRESHOLD = 5.0

CIVILIZATION, DECLINE, CONQUEST = "civilization", "decline", "conquest"
KIND_WORDS = {CIVILIZATION: N_("civilization choice"), DECLINE: N_("decline"),
              CONQUEST: N_("conquest")}  # a turning point's kind, in words


@dataclass(frozen=True, slots=True)
class Progress:
    """How far an analysis is: decisions weighed so far out of all the seat's."""

    done: int
    total: int


@dataclass(frozen=True, slots=True)
class TurningPoint:
    """A decision where the AI's move promised clearly more than the move played.

    ``index``: the move's place in the action log (the replay's position before it);
    ``played`` and ``better``: the two actions in their JSON form; ``gain``: how many VP
    more the better move is worth on the AI's yardstick; ``reason``: why, in words."""

    index: int
    kind: str
    played: dict[str, Any]
    better: dict[str, Any]
    gain: float
    reason: Message


@dataclass(frozen=True, slots=True)
class Analysis:
    """What an analysis found: the seat's decisions weighed, the positions its searches
    played, and the turning points in the order of the game."""

    seat: int
    decisions: int
    positions: int
    points: tuple[TurningPoint, ...] = field(default=())


# Progress after every position played; the generator's return value is the analysis.
Analysing = Generator[Progress, None, Analysis]


def finish(analysing: Analysing) -> Analysis:
    """Run an analysis to its end at once (CPython, tests, the command line)."""
    while True:
        try:
            next(analysing)
        except StopIteration as done:
            return done.value


@dataclass(frozen=True, slots=True)
class SeatDecision:
    """A position where the seat decided something the AI weighs."""

    index: int
    kind: str
    state: GameState
    played: Action


def decisions(config: GameConfig, actions: Sequence[Action], seat: int) -> list[SeatDecision]:
    """The seat's weighed decisions in the game, in order (a decline test and the first
    conquest of the same turn are two decisions at the same index)."""
    state = new_game(config)
    player = StrongPlayer()
    found: list[SeatDecision] = []
    for index, action in enumerate(actions):
        if state.current_player == seat:
            for kind in _kinds(state, seat, action, player):
                found.append(SeatDecision(index, kind, state, action))
        state = state.apply(action)
    return found


def _kinds(state: GameState, seat: int, action: Action, player: StrongPlayer) -> list[str]:
    phase = state.phase
    if phase == "choose" and isinstance(action, Choose):
        return [CIVILIZATION]
    if phase == "end_of_turn":
        rebirth = isinstance(action, Decline | EndTurn) and Decline() in state.legal_actions()
        return [DECLINE] if rebirth else []
    if phase != "expand":
        return []
    legal = state.legal_actions()
    kinds = []
    if (Decline() in legal and state.players[seat].civ is not None
            and player.weighs_decline(state, seat)):
        kinds.append(DECLINE)
    if isinstance(action, Conquer | Finish) and any(isinstance(a, Conquer) for a in legal):
        kinds.append(CONQUEST)
    return kinds


def analyse(config: GameConfig, actions: Sequence[Action], seat: int,
            player: StrongPlayer | None = None, threshold: float = THRESHOLD) -> Analysing:
    """Weigh every decision of ``seat`` in the game ``config`` + ``actions`` (see the
    module's docstring); yields progress after every position played."""
    player = player or StrongPlayer()
    todo = decisions(config, actions, seat)
    points: list[TurningPoint] = []
    positions = 0
    yield Progress(0, len(todo))
    for done, decision in enumerate(todo):
        progress = Progress(done, len(todo))
        weighing = weigh(player, decision, seat)
        while True:
            try:
                next(weighing)
            except StopIteration as result:
                weighed: tuple[Action, float, Message] | None = result.value
                break
            positions += 1
            yield progress
        if weighed is not None and weighed[1] >= threshold:
            better, gain, reason = weighed
            points.append(TurningPoint(decision.index, decision.kind,
                                       decision.played.to_dict(), better.to_dict(),
                                       round(gain, 1), reason))
    yield Progress(len(todo), len(todo))
    return Analysis(seat, len(todo), positions, tuple(points))


def analyse_save(text: str, seat: int, player: StrongPlayer | None = None,
                 threshold: float = THRESHOLD) -> Analysing:
    """:func:`analyse` of a saved game (the save text the page and ``save.py`` write)."""
    from .save import decode_save

    state = decode_save(text)
    return analyse(state.config, list(state.actions), seat, player, threshold)


# --- weighing one decision: (the AI's better move, its gain, the reason) or None ------------

Weighing = Thinking[tuple[Action, float, Message] | None]


def weigh(player: StrongPlayer, decision: SeatDecision, seat: int) -> Weighing:
    """One decision on the AI's yardstick, in slices: the AI's better move, how many VP
    more it is worth than the move played and why, or None when the move played is the
    AI's or worth as much."""
    if decision.kind == CIVILIZATION:
        return _weigh_civilization(player, decision.state, seat, decision.played)
    if decision.kind == DECLINE:
        return _weigh_decline(player, decision.state, seat, decision.played)
    return _weigh_conquest(player, decision.state, seat, decision.played)


def _weigh_civilization(player: StrongPlayer, state: GameState, seat: int, played: Action
                        ) -> Weighing:
    assert isinstance(played, Choose)
    options: list[Action | None] = list(player.civilization_options(state, seat))
    if played not in options:
        options.append(played)
    compared = yield from player.compare(state, options, seat)
    values = {action: value for value, action, _own in compared if isinstance(action, Choose)}
    best = max(values, key=lambda a: (values[a], -a.slot))
    gain = values[best] - values[played]
    if best == played:
        return None
    return best, gain, say(
        "Took {played} (slot {slot}); {better} (slot {better_slot}) promised {gain} VP "
        "more over the next turns.", played=_civ(state, played), slot=played.slot,
        better=_civ(state, best), better_slot=best.slot, gain=f"{gain:.0f}")


def _civ(state: GameState, choice: Choose) -> Civ:
    a, b, _coins = state.display[choice.slot - 1]
    return Civ((a, b))


def _weigh_decline(player: StrongPlayer, state: GameState, seat: int, played: Action
                   ) -> Weighing:
    declined = isinstance(played, Decline)
    rebirth = state.phase == "end_of_turn"
    on: Action | None = EndTurn() if rebirth else None  # None: the turn played on
    compared = yield from player.compare(state, [Decline(), on], seat)
    (decline_value, _, _), (on_value, _, _) = compared
    gain = on_value - decline_value if declined else decline_value - on_value
    if gain <= 0:
        return None
    worth = empire_worth(state, seat)
    if not declined and rebirth:
        return Decline(), gain, say(
            "Ended the turn; declining with Rebirth promised {gain} VP more.",
            gain=f"{gain:.0f}")
    if not declined:
        return Decline(), gain, say(
            "Played on with the empire ({worth} VP a turn); declining promised {gain} VP "
            "more over the next turns.", worth=worth, gain=f"{gain:.0f}")
    if rebirth:
        return EndTurn(), gain, say(
            "Declined with Rebirth; playing on promised {gain} VP more.", gain=f"{gain:.0f}")
    plan = yield from player.plan(state, seat)
    better = plan[0] if plan else Finish()
    if better not in state.legal_actions():
        return None
    return better, gain, say(
        "Declined the empire ({worth} VP a turn); playing on promised {gain} VP more over "
        "the next turns.", worth=worth, gain=f"{gain:.0f}")


def _weigh_conquest(player: StrongPlayer, state: GameState, seat: int, played: Action
                    ) -> Weighing:
    plan = yield from player.plan(state, seat)
    if not plan and Finish() not in state.legal_actions():
        return None  # a forced entry: the AI picks it by another measure (not weighed)
    best: Action = plan[0] if plan else Finish()
    if best == played:
        return None
    best_value = _worth_after(player, state, seat, plan)
    if isinstance(played, Finish):
        played_value = player.plan_worth(state, seat)
    else:
        child = state.apply(played)
        rest: list[Action] = []
        if child.phase == "expand" and child.turn_seat == state.turn_seat:
            rest = yield from player.plan(child, seat)
        played_value = _worth_after(player, child, seat, rest, state)
    gain = best_value - played_value
    if gain <= 0:
        return None
    return best, gain, _conquest_reason(played, best, gain)


def _worth_after(player: StrongPlayer, state: GameState, seat: int,
                 plan: Sequence[Action], start: GameState | None = None) -> float:
    """The planner's value after ``plan`` from ``state``, both plans weighed from ``start``
    (default: ``state``): a Nomads opponent's prospects as they stood there."""
    begin = start or state
    for action in plan:
        state = state.apply(action)
    return player.plan_worth(state, seat, begin)


def _conquest_reason(played: Action, best: Action, gain: float) -> Message:
    more = f"{gain:.0f}"
    if isinstance(played, Finish):
        assert isinstance(best, Conquer)
        return say("Stopped conquering; conquering {province} promised {gain} VP more this "
                   "turn and after.", province=Province(best.province), gain=more)
    assert isinstance(played, Conquer)
    if isinstance(best, Finish):
        return say("Conquered {province}; stopping there promised {gain} VP more this "
                   "turn and after.", province=Province(played.province), gain=more)
    assert isinstance(best, Conquer)
    return say("Conquered {province}; conquering {better} first promised {gain} VP more "
               "this turn and after.", province=Province(played.province),
               better=Province(best.province), gain=more)


def describe(point: TurningPoint, state: GameState, lang: str = "en") -> str:
    """A turning point in one line of ``lang``: where, how much and why (and the better move
    in its JSON form, for a reader who replays it).

    ``state``: any position of the game (for the provinces' names)."""
    t = translations(lang)
    line = t.gettext("move {index}: {kind}, +{gain} VP: {reason}").format(
        index=point.index, kind=t.gettext(KIND_WORDS[point.kind]), gain=f"{point.gain:.1f}",
        reason=word(point.reason, state, lang))
    return f"{line} ({json.dumps(point.better, sort_keys=True)})"
