"""What the page shows of the analysis of one's own game (issue 31): the seat it analyses by
default, the progress in words, the turning points as lines of a list, and a turning point
on the board (the move played and the strong AI's, each with its provinces or display slot,
and a legend in words). The page (web/ui/analysis.py) only copies these into the DOM; the
analysis itself is :mod:`.analysis`, run in the AI's worker (:mod:`.aiworker`).

>>> import vinci_core as vc
>>> from vinci_core.table.analysis import Analysis, Progress
>>> cfg = vc.GameConfig(seats=[vc.Seat(name="Ann"), vc.Seat(name="Bot", virtual=True),
...                     vc.Seat(name="Cy", virtual=True)], seed=3)
>>> state = vc.new_game(cfg)
>>> default_seat(state.config, watched=2)
0
>>> progress_view(Progress(12, 40))["text"]
'Decision 12 of 40'
>>> result_view(Analysis(seat=0, decisions=9, positions=300), [state])["empty"]
'No decision of Ann cost 5 VP or more.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..game.actions import Action, Choose, Conquer, Decline, parse_action
from ..players.reasons import word
from ..text.i18n import translations
from .analysis import KIND_WORDS, THRESHOLD, Analysis, Progress, TurningPoint
from .presenter import describe, seat_name

if TYPE_CHECKING:
    from ..turn.schemas import GameConfig
    from ..turn.state import GameState

def default_seat(config: GameConfig, watched: int | None = None) -> int:
    """The seat analysed unless the player picks another: the one human seat of a game
    against the computer, else the seat being watched (the replay's seat to act), else the
    first."""
    humans = [i for i, seat in enumerate(config.seats) if not seat.virtual]
    if len(humans) == 1:
        return humans[0]
    if watched is not None and 0 <= watched < len(config.seats):
        return watched
    return humans[0] if humans else 0


def seat_choices(config: GameConfig) -> list[dict[str, Any]]:
    """The seats a player may analyse, for the page's picker."""
    return [{"seat": i, "name": seat.name} for i, seat in enumerate(config.seats)]


def progress_view(progress: Progress, lang: str = "en") -> dict[str, Any]:
    """The progress bar's value and its words (``done`` of ``total`` decisions weighed)."""
    t = translations(lang)
    if not progress.total:  # no answer yet: the worker is starting or the game is replayed
        return {"done": 0, "total": 1, "text": t.gettext("Starting the analysis…")}
    text = t.gettext("Decision {done} of {total}").format(done=progress.done,
                                                          total=progress.total)
    return {"done": progress.done, "total": progress.total, "text": text}


def result_view(analysis: Analysis, positions: Sequence[GameState],
                lang: str = "en") -> dict[str, Any]:
    """The analysis as the page lists it: a heading, ``points`` (one line each, in the
    order of the game) or ``empty`` (the sentence saying none was found).

    ``positions``: the game's positions, the replay's (``positions[i]`` is the position
    before move ``i``)."""
    t = translations(lang)
    state = positions[-1]
    name = seat_name(state, analysis.seat)
    vp = f"{THRESHOLD:g}"
    heading = t.ngettext(
        "{name}: {n} turning point ({decisions} decisions weighed)",
        "{name}: {n} turning points ({decisions} decisions weighed)",
        len(analysis.points)).format(name=name, n=len(analysis.points),
                                     decisions=analysis.decisions)
    empty = None if analysis.points else t.gettext(
        "No decision of {name} cost {vp} VP or more.").format(name=name, vp=vp)
    return {"heading": heading, "empty": empty,
            "points": [point_line(point, positions[point.index], n, lang)
                       for n, point in enumerate(analysis.points)]}


def point_line(point: TurningPoint, state: GameState, n: int, lang: str = "en"
               ) -> dict[str, Any]:
    """One turning point as a line of the list: where (the round), what kind of decision,
    how many VP and why. ``state``: the position before the move; ``n``: its place in the
    list."""
    t = translations(lang)
    where = t.gettext("Round {round} · {kind} · {gain} VP").format(
        round=state.round, kind=t.gettext(KIND_WORDS[point.kind]), gain=f"{point.gain:.0f}")
    return {"n": n, "index": point.index, "round": state.round, "kind": point.kind,
            "gain": point.gain, "where": where, "reason": word(point.reason, state, lang)}


def point_board(point: TurningPoint, state: GameState, lang: str = "en") -> dict[str, Any]:
    """A turning point on the board, at the position before the move (``state``): each of
    the move played and the strong AI's with its provinces and display slot to mark, and the
    legend in words."""
    seat = state.current_player
    played, better = parse_action(point.played), parse_action(point.better)
    t = translations(lang)
    return {
        "index": point.index,
        "played": _marks(state, played, seat),
        "better": _marks(state, better, seat),
        "legend": [
            {"key": "played", "text": t.gettext("Played: {move}").format(
                move=_move_words(state, played, lang))},
            {"key": "better", "text": t.gettext("The strong AI: {move}").format(
                move=_move_words(state, better, lang))},
            {"key": "reason", "text": word(point.reason, state, lang)},
        ],
    }


def _marks(state: GameState, action: Action, seat: int | None) -> dict[str, Any]:
    """What of ``action`` the board shows: the province conquered; for a decline, the empire
    it would put into decline; the display slot of a civilization choice."""
    provinces: list[str] = []
    slot = None
    if isinstance(action, Conquer):
        provinces = [action.province]
    elif isinstance(action, Decline) and seat is not None:
        ids = state.board.ids
        provinces = [ids[p] for p in state.empire(seat)]
    elif isinstance(action, Choose):
        slot = action.slot
    return {"provinces": provinces, "slot": slot}


def _move_words(state: GameState, action: Action, lang: str) -> str:
    """The move as the log says it, without the player's name ("conquers Burgundy …"):
    the AI's move was not the player's. (A language whose line does not begin with the
    name keeps the whole line.)"""
    line = describe(state, action, lang)
    if state.current_player is not None:
        who = seat_name(state, state.current_player)
        if line.startswith(who + " "):
            line = line[len(who) + 1:]
    return line.rstrip(".")


__all__ = ["default_seat", "point_board", "point_line", "progress_view",
           "result_view", "seat_choices"]
