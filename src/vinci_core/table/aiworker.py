"""What the AI's worker computes, and how the page asks and applies it (issue 30).

The page's thread only applies moves; the searches of the book and strong AIs and the
Hint run in a second interpreter (web/worker/ai.py, a PyScript worker). The two talk in
pure data, JSON both ways:

* the **request** (:func:`request`): the game's save text (config and action log, as
  :meth:`Session.save` writes it), the seat to act and its level, what to compute
  (``"move"`` or ``"hint"``) and a ``ticket`` the page numbers its requests with;
* the **answer** (:func:`think`): the chosen action's JSON, its reason as a message (the
  strong AI's, worded by the page in its own language) or None (the book's, worded again
  from the move), the digest of the position searched and the ticket.

The analysis of one's own game (issue 31, :mod:`.analysis`) is a third kind of request
(:func:`analysis_request`), driven by the page a step at a time: the worker starts the
analysis (:func:`start_analysis`) and every step (:func:`analysis_step`) runs it a while and
answers its progress, the last one its result (:func:`encode_analysis`); the page reads each
answer with :func:`read_analysis_answer`. The page asks for the next step only once an answer
came, so cancelling is asking no more (and telling the worker to forget the analysis).

The worker rebuilds the position from the save (:class:`Positions` keeps the last one and
plays only the new moves), runs the very search :meth:`Session.ai_turn` runs (the seat's
player from its config, ``players.levels.player_for_seat``, so every level works here
unchanged), and the page applies the answer with :func:`play_answer` or shows it with
:func:`hint_answer` only if it is still the position on screen. The searches count their
work in positions, never in time, and their randomness is in the state: the worker, the
page and CPython make the same move (tests/test_aiworker.py).

>>> import vinci_core as vc
>>> from vinci_core.table.session import Session
>>> cfg = vc.GameConfig(seats=[vc.Seat(name="Ann"), vc.Seat(name="Bot", virtual=True,
...                     ai_level="strong"), vc.Seat(name="Cy", virtual=True)], seed=2)
>>> page = Session.new(cfg)
>>> page.state.config.seats[page.state.current_player].virtual
True
>>> ask = request(page, "move", ticket=1)
>>> answer = finish(think(ask, Positions()))
>>> play_answer(page, ask, answer)
True
>>> other = Session.new(cfg)
>>> other.play_ai() and other.state.actions == page.state.actions
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..game.actions import parse_action
from ..players.ai import Decision, StrongPlayer, checked, finish
from ..players.levels import player_for_seat
from ..players.reasons import Civ, Message, Province
from .analysis import Analysing, Analysis, Progress, TurningPoint, analyse_save
from .presenter import hint_view, reason_text
from .save import action_code, decode_save, digest, parse_code, save_facts

if TYPE_CHECKING:
    from ..turn.state import GameState
    from .session import Session

MOVE, HINT, ANALYSE = "move", "hint", "analyse"
# A search yields after every position it plays (players.ai.Thinking): an answer in slices.
Answering = Generator[None, None, dict[str, Any]]


# --- the reason as data ---------------------------------------------------------------------

def encode_message(message: Message | None) -> Any:
    """The strong AI's reason as JSON data (:func:`decode_message` reads it back).

    >>> from vinci_core.players.reasons import say
    >>> m = say("Takes {province} ({why})", province=Province("p1"), why=say("cheap"))
    >>> decode_message(json.loads(json.dumps(encode_message(m)))) == m
    True
    """
    if message is None:
        return None
    return {"t": message.template, "p": message.plural, "n": message.n,
            "v": [[key, _encode_value(value)] for key, value in message.values]}


def decode_message(data: Any) -> Message | None:
    if data is None:
        return None
    return Message(str(data["t"]), tuple((str(k), _decode_value(v)) for k, v in data["v"]),
                   data["p"], int(data["n"]))


def _encode_value(value: object) -> Any:
    if isinstance(value, Message):
        return {"m": encode_message(value)}
    if isinstance(value, Province):
        return {"province": value.pid}
    if isinstance(value, Civ):
        return {"civ": list(value.tiles)}
    if isinstance(value, tuple):
        return {"tuple": [_encode_value(v) for v in value]}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"a reason's value of type {type(value).__name__} has no JSON form")


def _decode_value(data: Any) -> object:
    if not isinstance(data, dict):
        return data
    if "m" in data:
        return decode_message(data["m"])
    if "province" in data:
        return Province(str(data["province"]))
    if "civ" in data:
        first, second = data["civ"]
        return Civ((str(first), str(second)))
    return tuple(_decode_value(v) for v in data["tuple"])


# --- the page's side ----------------------------------------------------------------------------

def request(session: Session, what: str, ticket: int) -> dict[str, Any]:
    """What the page sends for the position on screen: ``what`` is MOVE (the virtual seat
    to act) or HINT (the strong AI's move for whoever acts)."""
    state = session.state
    seat = state.current_player
    level = None if seat is None else state.config.seats[seat].ai_level
    return {"what": what, "save": session.save(), "seat": seat, "level": level,
            "ticket": ticket}


def _still_on_screen(session: Session, ask: dict[str, Any], answer: dict[str, Any]) -> bool:
    """The answer is for the position on screen: the same ticket and the same game."""
    return (answer.get("ticket") == ask["ticket"]
            and answer.get("digest") == digest(session.state)
            and session.state.current_player == ask["seat"])


def decision_of(state: GameState, answer: dict[str, Any]) -> Decision:
    """The answer's decision, checked against the engine (an action it refuses gives way to
    the book's, as on the page: players.ai.checked)."""
    decision = Decision(parse_action(answer["action"]), str(answer["reason"]),
                        decode_message(answer.get("message")))
    return checked(state, decision)


def play_answer(session: Session, ask: dict[str, Any], answer: dict[str, Any]) -> bool:
    """Play the worker's move on the page, logged with its reason as
    :meth:`Session.ai_turn` logs it; False (nothing played) when the answer is not for the
    position on screen (the game moved on, another game, a dropped search)."""
    if answer.get("what") != MOVE or not _still_on_screen(session, ask, answer):
        return False
    state = session.state
    seat = state.current_player
    if seat is None or not state.config.seats[seat].virtual:
        return False
    decision = decision_of(state, answer)
    session.act(decision.action, reason_text(state, decision, session.lang), decision.message)
    return True


def hint_answer(session: Session, ask: dict[str, Any],
                answer: dict[str, Any]) -> dict[str, Any] | None:
    """The worker's hint as :meth:`Session.hint` gives it, or None when it is not for the
    position on screen."""
    if answer.get("what") != HINT or not _still_on_screen(session, ask, answer):
        return None
    state = session.state
    decision = decision_of(state, answer)
    return hint_view(state, decision.action, reason_text(state, decision, session.lang),
                     session.lang)


# --- the worker's side --------------------------------------------------------------------------

@dataclass
class Positions:
    """The last position the worker rebuilt, so the next request (the same game a move or a
    few later) replays only the new moves, not the whole game."""

    settings: str = ""
    codes: tuple[str, ...] = ()
    state: GameState | None = field(default=None, repr=False)

    def of(self, save: str) -> GameState:
        """The position of ``save`` (raises SaveError on a bad save)."""
        facts = save_facts(save)
        known = len(self.codes)
        if (self.state is None or facts.settings != self.settings
                or facts.codes[:known] != self.codes):
            state = decode_save(save)  # checks the moves and the digest
        else:
            state = self.state
            for code in facts.codes[known:]:
                state = state.apply(parse_code(code, state.board))
        self.settings, self.codes, self.state = facts.settings, facts.codes, state
        return state


def think(ask: dict[str, Any], positions: Positions) -> Answering:
    """The answer to ``ask`` (see the module's docstring), as a search in slices: it yields
    after every position the search plays (:func:`players.ai.finish` runs it at once)."""
    state = positions.of(str(ask["save"]))
    seat = state.current_player
    if seat is None or seat != ask["seat"] or state.is_terminal:
        raise ValueError(f"the save's seat to act is {seat}, the request's {ask['seat']}")
    level = state.config.seats[seat].ai_level
    if ask["what"] == MOVE:
        if not state.config.seats[seat].virtual or level != ask["level"]:
            raise ValueError(f"seat {seat} is not a virtual seat at level {ask['level']}")
        decision = yield from player_for_seat(state.config, seat).think(state)
    elif ask["what"] == HINT:
        decision = yield from StrongPlayer().think(state)  # players.ai.hint, in slices
    else:
        raise ValueError(f"unknown request {ask['what']!r}")
    decision = checked(state, decision)
    return {"what": ask["what"], "ticket": ask["ticket"], "digest": digest(state),
            "action": decision.action.to_dict(), "reason": decision.reason,
            "message": encode_message(decision.message),
            "code": action_code(decision.action, state.board)}


# --- the analysis of one's own game (issue 31) ----------------------------------------------

def analysis_request(session: Session, seat: int, ticket: int) -> dict[str, Any]:
    """What the page sends to analyse ``seat``'s decisions in the game on screen (its whole
    log, also in a replay: the replay's positions are the game's)."""
    return {"what": ANALYSE, "save": session.save(), "seat": seat, "ticket": ticket}


def start_analysis(ask: dict[str, Any]) -> Analysing:
    """The analysis ``ask`` asks for (raises SaveError on a bad save, ValueError on a seat
    the game has not)."""
    if ask.get("what") != ANALYSE:
        raise ValueError(f"not an analysis: {ask.get('what')!r}")
    return analyse_save(str(ask["save"]), int(ask["seat"]))


def analysis_step(analysing: Analysing, ticket: int, more: Callable[[], bool]) -> dict[str, Any]:
    """Run ``analysing`` while ``more()`` says so (the caller's time budget), at least one
    position: the answer is its progress, or its result once it ended (``"result"``).

    >>> from vinci_core.table.analysis import Analysis
    >>> def two() -> Analysing:
    ...     yield Progress(0, 1)
    ...     yield Progress(1, 1)
    ...     return Analysis(seat=0, decisions=1, positions=1)
    >>> run = two()
    >>> analysis_step(run, 7, lambda: False)
    {'what': 'analyse', 'ticket': 7, 'done': 0, 'total': 1}
    >>> analysis_step(run, 7, lambda: True)["result"]["decisions"]
    1
    """
    progress: Progress | None = None
    while True:
        try:
            progress = next(analysing)
        except StopIteration as ended:
            return {"what": ANALYSE, "ticket": ticket, "result": encode_analysis(ended.value)}
        if not more():
            return {"what": ANALYSE, "ticket": ticket, "done": progress.done,
                    "total": progress.total}


def encode_analysis(analysis: Analysis) -> dict[str, Any]:
    """An analysis as JSON data (:func:`decode_analysis` reads it back)."""
    return {"seat": analysis.seat, "decisions": analysis.decisions,
            "positions": analysis.positions,
            "points": [{"index": p.index, "kind": p.kind, "played": p.played,
                        "better": p.better, "gain": p.gain,
                        "reason": encode_message(p.reason)} for p in analysis.points]}


def decode_analysis(data: dict[str, Any]) -> Analysis:
    points = tuple(TurningPoint(int(p["index"]), str(p["kind"]), dict(p["played"]),
                                dict(p["better"]), float(p["gain"]),
                                _message(decode_message(p["reason"])))
                   for p in data["points"])
    return Analysis(int(data["seat"]), int(data["decisions"]), int(data["positions"]), points)


def _message(message: Message | None) -> Message:
    if message is None:
        raise ValueError("a turning point without its reason")
    return message


def read_analysis_answer(ask: dict[str, Any], answer: dict[str, Any]
                         ) -> Progress | Analysis | None:
    """A step's answer: the progress so far, the analysis once it ended, or None when the
    answer is not for ``ask`` (an older analysis, another request)."""
    if answer.get("what") != ANALYSE or answer.get("ticket") != ask["ticket"]:
        return None
    if "result" in answer:
        return decode_analysis(answer["result"])
    return Progress(int(answer["done"]), int(answer["total"]))


def answer_json(request_json: str, positions: Positions) -> str:
    """:func:`think` at once, JSON in and out (what a caller without slices uses)."""
    return json.dumps(finish(think(json.loads(request_json), positions)))


__all__ = ["ANALYSE", "HINT", "MOVE", "Answering", "Positions", "analysis_request",
           "analysis_step", "answer_json", "decision_of", "decode_analysis", "decode_message",
           "encode_analysis", "encode_message", "hint_answer", "play_answer",
           "read_analysis_answer", "request", "start_analysis", "think"]
