"""Browser entry point: boot.js imports this module once Python has started, our zip on its path.

How the page is put together (see also app.js and README "How the site is built"):

* ``index.html`` holds the page's skeleton (toolbar, board area, side panels, dialogs);
  app.js is the thin JS bridge (``js.vinci``). This file is the controller: it owns the
  game on screen (:class:`App`) and turns events into actions; the views and the page's
  other parts, one module per thing the player sees or uses, are in ``ui/`` (board, panels,
  editor, log, chart, dialogs, saved games, the virtual players' pace...; shipped with this
  file and vinci_core in our Python's zip, see build/build_site.py).
* What is legal, what a click means, prompts, log lines, the saved-games bookkeeping and
  error texts come from pure Python in vinci_core (``session``, ``presenter``, ``svg``),
  tested in CPython. The views only copy that into the DOM, always through
  ``textContent``/``setAttribute`` (player names are user text, never markup).
* :func:`boot` builds the :class:`App`, hands app.js one event handler and calls
  ``vinci.ready(digest)``, which sets ``<html data-ready="1">``. After every action
  ``<html data-digest>`` carries the engine's digest (the tests' hook), and the game is saved.
* pydantic (``vinci_core.turn.schemas``: links, files, saves, the new-game form, actions) is
  loaded by boot.js after a first visit's first render, and the engine is imported then
  (:func:`load_engine`): until :func:`edges_loaded` runs, an event that needs them waits
  in :attr:`App.waiting` (see :data:`WITHOUT_EDGES`), a click that opens the rules
  reference in that view's own queue (ui/reference.py), and each is handled then.
* Virtual players play by themselves (ui/virtual.py), one action every ``PACES`` ms
  (``?fast=1``: no pause); "Skip animation" plays them at once until a human must act.
"""

from __future__ import annotations

import json
import os
import time
import traceback
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

# No pydantic plugins exist in the page: skip their entry-point scan (30 ms of each start).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from ui import dialogs, language  # noqa: E402
from ui.about import AboutBox  # noqa: E402
from ui.board import BoardView  # noqa: E402
from ui.chart import render_chart  # noqa: E402
from ui.dom import (  # noqa: E402
    BRIDGE,
    PROXIES,
    _,
    append_parts,
    copy_field,
    element,
    forget_drawn,
    lang,
    ngettext,
    query,
    scroll_to,
    show,
)
from ui.editor import TokenPlan, render_editor  # noqa: E402
from ui.games import SavedGames  # noqa: E402
from ui.guide import GuidePanel  # noqa: E402
from ui.hint import HintView  # noqa: E402
from ui.log import LogPanel  # noqa: E402
from ui.notices import clear_notices, show_notice  # noqa: E402
from ui.panels import (  # noqa: E402
    render_controls,
    render_display,
    render_players,
    render_status,
    render_virtual,
    set_test_hooks,
)
from ui.reference import ReferenceView  # noqa: E402
from ui.relay import hide_link_note, render_link_note, render_send, send_copied  # noqa: E402
from ui.replay import ReplayBar  # noqa: E402
from ui.review import render_review  # noqa: E402
from ui.virtual import VirtualPlayers  # noqa: E402
from ui.watchdog import Watchdog, failed  # noqa: E402

# Below this width (CSS px, phones) the board opens zoomed in at ZOOMS[PHONE_ZOOM], centred,
# and is panned by touch: at 1x Europe's small provinces are too small to tap.
PHONE_WIDTH = 600
PHONE_ZOOM = 2
# The controls that work before pydantic is loaded (see edges_loaded): they only show, hide
# or move what is on screen. Every other action, a click on the board, an imported file and
# a link wait for it.
WITHOUT_EDGES = frozenset({
    "open-new-game", "close-dialog", "dismiss-error", "dismiss-link-note", "pace", "jump",
    "zoom-in", "zoom-out", "zoom-fit", "espionage",
})
# The buttons that play an action of the game (data-action -> the action, from data-value).
PLAYS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "finish": lambda value: {"kind": "finish"},
    "end_turn": lambda value: {"kind": "end_turn"},
    "decline": lambda value: {"kind": "decline"},
    "diplomacy": lambda value: {"kind": "diplomacy", "seat": int(value)},
    "abandon": lambda value: {"kind": "abandon", "province": str(value)},
}
ZOOM_STEPS = {"zoom-in": 1, "zoom-out": -1, "zoom-fit": -99}


class App:
    """The page: one :class:`vinci_core.table.session.Session` and the views that show it."""

    def __init__(self, vc: Any) -> None:
        self.vc = vc
        self.session: Any = None
        self.view: dict[str, Any] = {}
        self.about = AboutBox(vc.__version__)
        self.hint: dict[str, Any] | None = None  # the strong AI's move shown as a hint
        self.hints = HintView()
        self.seen_moves = 0  # log entries already turned into notices
        self.espionage = False
        self.tokens = TokenPlan()  # the +/- editor's tokens so far
        self.board = BoardView()
        self.log = LogPanel()
        self.hovered: str | None = None
        self.pending_keep: dict[str, Any] | None = None  # a Keep waiting for its confirmation
        self.over_shown = False
        self.timings: list[float] = []  # ms from an event to the redrawn board (bench hook)
        self.drawn_panels: dict[str, tuple[Any, ...]] = {}  # panel -> its data (redraw)
        self.replay: ReplayBar | None = None  # a replay on screen (issue 14)
        self.guide = GuidePanel(self.render)  # the guided first game (issue 15)
        self.reference = ReferenceView(
            lambda: self.session.state.config if self.session else None)
        self.games = SavedGames(lambda: self.session, lambda: self.guide.active)
        self.virtual = VirtualPlayers("fast=1" in str(BRIDGE.location.query()),
                                      lambda: self.session, lambda: self.replay is not None,
                                      self.after_action)
        self.watchdog = Watchdog(lambda: self.session, lambda: self.replay is not None)
        self.controls = self.control_handlers()
        self.edges = False  # pydantic is loaded (edges_loaded)
        self.waiting: list[dict[str, Any]] = []  # events that came before it, in order

    # ---------------------------------------------------------------- start

    def start(self) -> None:
        vc = self.vc
        self.set_language(language.first_language())
        self.about.render()  # pydantic's version and the self-check follow in edges_ready()
        self.guide.render_labels()
        self.virtual.render_pace()
        dialogs.build_seat_rows()
        self.games.probe()

        shared = self.open_shared_link()
        if self.session is None:
            gid = self.games.store.last_id
            if gid is not None:
                try:
                    self.load(gid, self.games.store.load(gid), fresh=False)
                except vc.SaveError as exc:
                    from vinci_core.table.presenter import problem_text

                    self.error(_("The last game could not be resumed: {problem}").format(
                        problem=problem_text(exc, lang())))
        if self.session is None:
            self.render()
            if not shared:
                dialogs.open_new_game()
        if js.window.innerWidth < PHONE_WIDTH:
            self.board.set_zoom(PHONE_ZOOM)

    def edges_ready(self) -> None:
        """pydantic is loaded (boot.js, after a first visit's first render; before the start
        when it opened a link or resumed a game): the engine too, the About box's
        self-check, then every event that waited for them, in order."""
        load_engine()
        self.about.self_check()
        self.edges = True
        root = js.document.documentElement
        root.removeAttribute("data-waiting")
        root.dataset.edges = "1"  # tests: what needs pydantic works now
        self.reference.engine_loaded()
        waiting, self.waiting = self.waiting, []
        for detail in waiting:
            self.on_event(detail)

    def needs_edges(self, detail: dict[str, Any]) -> bool:
        """Whether the event ``detail`` must wait for pydantic (see WITHOUT_EDGES)."""
        if detail.get("type") in ("import", "hash"):
            return True
        action = detail.get("action")
        return bool(detail.get("province") or detail.get("slot")
                    or (action and action not in WITHOUT_EDGES))

    # ---------------------------------------------------------------- languages (issue 15)

    def set_language(self, code: str) -> None:
        """Word the page in ``code``: <html lang>, the menu, index.html's texts; the game's
        texts follow at the next render."""
        language.word_page(code)
        self.games.store.lang = code

    def switch_language(self, code: str) -> None:
        """The menu's choice: remembered, and everything on the page said again in it
        without touching the game (the same digest). Then the ``vinci:language`` event
        lets other views (rules reference, guide) word themselves again."""
        from pyodide.ffi import to_js  # type: ignore[import-not-found]

        if not language.choose(code) or code == lang():
            return
        names = [dialogs.default_name(i) for i in range(6)]
        self.set_language(code)
        dialogs.word_seat_rows(names)
        dialogs.update_seat_rows()
        self.about.render()
        self.hint = None
        if self.session is not None:
            self.session.set_language(code)
            if self.replay is not None:  # the same position, worded in the new language
                from vinci_core.table.playback import Replay

                index = self.replay.index
                self.replay.close()
                self.replay = ReplayBar(Replay.of(self.session), self.render)
                self.replay.index = index
            self.redraw_all()  # every panel's words change, not its data
            self.log.reset()
            self.board.key = None  # the board's names and labels are words too
            self.render()
            if js.document.getElementById("over-dialog").open:
                self.show_review()
            if js.document.getElementById("saves-dialog").open:
                dialogs.render_saves(self.games.store.entries(), self.games.game_id)
        js.document.dispatchEvent(js.CustomEvent.new(
            "vinci:language", to_js({"detail": code}, dict_converter=js.Object.fromEntries)))

    def digest(self) -> str | None:
        return None if self.session is None else str(self.view.get("digest"))

    # ---------------------------------------------------------------- games

    def load(self, gid: str | None, session: Any, fresh: bool = True,
             guided: bool = False) -> None:
        """Show ``session``; a fresh game (new, shared, imported) is saved at once, a resumed
        one is only marked as the game to resume. Any game but the guided one ends the guide."""
        self.games.flush()  # the game on screen so far (its last move may wait for a frame)
        self.close_replay(redraw=False)
        if not guided:
            self.guide.stop()
        if session.lang != lang():  # a new game, a branch: its texts in the page's language
            session.set_language(lang())
        self.session = session
        self.games.game_id = gid
        self.hint = None
        self.virtual.stop()  # an AI's move of the game on screen before is dropped
        self.espionage = False
        self.tokens.forget()
        self.over_shown = session.state.is_terminal
        self.redraw_all()
        self.pending_keep = None
        self.seen_moves = len(session.entries)  # no notices for what happened before
        clear_notices()
        for dialog in ("over-dialog", "keep-dialog"):  # they belonged to the game on screen
            dialogs.close(dialog)
        self.log.reset()
        self.render()
        if fresh:
            self.games.save_now()
        elif gid is not None:
            self.games.store.set_last(gid)
        self.schedule_virtual()

    def open_shared_link(self) -> bool:
        """The address holds a share link (at start, or pasted into the open tab): open its
        game. The fragment is cleared first, so a reload does not open it twice."""
        from vinci_core.table.store import parse_link_fragment

        parsed = parse_link_fragment(str(BRIDGE.location.hash()))
        if parsed is None:
            return False
        BRIDGE.location.replaceHash("")
        self.open_text(parsed[0], "link", parsed[1])
        return True

    def open_text(self, text: str, what: str, for_seat: int | None = None) -> bool:
        """A share link's fragment or an imported file (see SaveStore.open_link): its saved
        game moved forward, shown, or a new saved game; or a clear error."""
        self.games.flush()  # the link may move forward the game on screen: saved first
        try:
            outcome = self.games.store.open_link(text, for_seat)
        except self.vc.SaveError as exc:
            message = (_("This link does not hold a valid game: {problem}. Nothing was changed.")
                       if what == "link" else
                       _("This file does not hold a valid game: {problem}. Nothing was "
                         "changed."))
            from vinci_core.table.presenter import problem_text

            self.error(message.format(problem=problem_text(exc, lang())))
            return False
        self.games.render_saving()
        ok = self.games.store.ok
        self.load(outcome.gid if ok else None, outcome.session, fresh=not ok)
        self.clear_error()
        session = outcome.session
        seat = session.state.current_player
        your_turn, since = "", []
        if seat is not None and session.remote and seat in session.local_seats():
            name = session.state.config.seats[seat].name
            since = session.since_last_turn_parts(seat)
            your_turn = (_("Your turn, {name}. Since your last turn:") if since
                         else _("Your turn, {name}.")).format(name=name)
        render_link_note(outcome.message, your_turn, since)
        return True

    def new_game(self) -> None:
        from vinci_core.table import newgame
        from vinci_core.table.session import Session

        try:
            form = dialogs.read_form()
            config = newgame.config_from_form(form, lang())
            session = Session.new(config, newgame.remote_seats(form))
        except (ValueError, KeyError) as exc:
            dialogs.form_error(str(exc).strip("'\""))
            return
        dialogs.form_error("")
        dialogs.close("new-game-dialog")
        self.load(self.games.store.new_id(), session)

    def continue_game(self, gid: str) -> None:
        self.games.flush()  # it may be the game on screen: its last move first
        try:
            session = self.games.store.load(gid)
        except self.vc.SaveError as exc:
            from vinci_core.table.presenter import problem_text

            self.error(_("This saved game cannot be opened: {problem}").format(
                problem=problem_text(exc, lang())))
            return
        dialogs.close("saves-dialog")
        self.clear_error()
        self.load(gid, session, fresh=False)

    def rematch(self) -> None:
        """A new game with the same players and options (the review's button)."""
        import random

        from vinci_core.table import newgame
        from vinci_core.table.session import Session

        old = self.session
        if old is None:
            return
        config = newgame.rematch_config(old.state.config, random.getrandbits(62))
        dialogs.close("over-dialog")
        self.load(self.games.store.new_id(), Session.new(config, old.remote))

    # ---------------------------------------------------------------- replay (issue 14)

    def open_replay(self) -> None:
        if self.session is None:
            return
        from vinci_core.table.playback import Replay

        dialogs.close("over-dialog")
        self.replay = ReplayBar(Replay.of(self.session), self.render)
        self.redraw_all()
        self.render()

    def close_replay(self, redraw: bool = True) -> None:
        if self.replay is None:
            return
        self.replay.close()
        self.replay = None
        self.redraw_all()
        self.log.reset()
        if redraw:
            self.render()
            self.schedule_virtual()

    def replay_branch(self) -> None:
        """"Play on from here": a new saved game with the log up to the position shown."""
        if self.replay is None:
            return
        branch = self.replay.replay.play_on(self.replay.index)
        self.load(self.games.store.new_id(), branch)

    # ---------------------------------------------------------------- the guided game (issue 15)

    def start_guide(self) -> None:
        """The guided first game, not saved; the game on screen stays saved to go back to."""
        from vinci_core.table.guide import guide_config
        from vinci_core.table.session import Session

        self.games.save_now()
        # Replayed from the menu during the guide: the game to go back to stays the same.
        self.guide.begin(self.guide.previous if self.guide.active else self.games.game_id)
        dialogs.close("new-game-dialog")
        self.clear_error()
        self.load(None, Session.new(guide_config(lang())), fresh=False,
                  guided=True)

    def leave_guide(self) -> None:
        """Back to the saved game that was on screen before the guide (or to none)."""
        previous = self.guide.previous
        self.guide.stop()
        if previous is not None and previous in self.games.store.ids():
            self.continue_game(previous)
            return
        self.virtual.stop()
        self.session, self.games.game_id = None, None
        clear_notices()
        self.clear_error()
        self.render()
        dialogs.open_new_game()

    # ---------------------------------------------------------------- acting

    def act(self, action: dict[str, Any]) -> None:
        if self.session is None:
            return
        try:
            refused = self.guide.refusal(self.session.state, action)
            if refused:  # off the guide's script: nothing is played, the bar says what to do
                self.guide.render(self.session.state)
                return
            self.session.act(action)
        except self.vc.IllegalAction as exc:
            from vinci_core.table.presenter import refusal_parts

            self.error_parts(refusal_parts(exc, lang(), self.session.state))
            return
        except self.vc.ActionError as exc:
            from vinci_core.table.presenter import problem_text

            self.error(problem_text(exc, lang()))
            return
        self.clear_error()
        self.after_action()

    def after_action(self) -> None:
        self.tokens.forget()
        self.hint = None
        self.espionage = False
        self.render()
        self.games.save_soon()
        self.schedule_virtual()

    # ---------------------------------------------------------------- AI seats and hints
    # (issue 13) The virtual seats play by themselves (ui/virtual.py); Session.hint gives the
    # strong AI's move for a human, shown (ui/hint.py) without being played.

    def show_hint(self) -> None:
        if self.session is None or self.busy():
            return
        self.hint = self.session.hint()
        self.render_hint()

    def render_hint(self) -> None:
        self.hints.render(self.hint, self.board.nodes)
    def schedule_virtual(self) -> None:
        self.virtual.schedule(self.view)
    # ---------------------------------------------------------------- events

    def on_event(self, detail: dict[str, Any]) -> None:
        """One forwarded UI event (see app.js)."""
        kind = detail.get("type")
        if not self.edges and self.needs_edges(detail):
            self.waiting.append(detail)  # handled by edges_ready, in order
            js.document.documentElement.dataset.waiting = "1"  # a progress cursor
            return
        if kind == "hover":
            self.hover(detail.get("province"))
            return
        if kind == "import":
            self.open_text(str(detail.get("value") or ""), "file")
            return
        if kind == "hash":
            self.open_shared_link()
            return
        if kind == "language":
            self.switch_language(str(detail.get("value") or ""))
        if kind == "leave":  # the page is hidden or left: nothing may stay unsaved
            self.games.flush()
            return
        if kind == "replay-key" and self.replay is not None:
            self.timed(lambda: self.replay.key(str(detail.get("key")), bool(detail.get("shift"))))
            return
        if kind == "replay-seek" and self.replay is not None:
            self.timed(lambda: self.replay.go(int(detail.get("value") or 0)))
            return
        t0 = time.perf_counter()
        action = detail.get("action")
        if detail.get("province"):
            self.click_province(str(detail["province"]), touch=bool(detail.get("touch")))
        elif detail.get("slot"):
            self.act({"kind": "choose", "slot": int(detail["slot"])})
        elif action:
            self.control(str(action), detail.get("value"))
        self.timings.append((time.perf_counter() - t0) * 1000)
        del self.timings[:-500]

    def timed(self, step: Any) -> None:
        """A replay step, timed from the event to the redrawn page (bench hook)."""
        t0 = time.perf_counter()
        step()
        if self.replay is not None:
            self.replay.timings.append((time.perf_counter() - t0) * 1000)
            js.document.documentElement.setAttribute(
                "data-replay-ms", ",".join(f"{ms:.1f}" for ms in self.replay.timings[-200:]))

    def busy(self) -> bool:
        return (self.session is None or self.replay is not None
                or bool(self.view.get("virtual_to_act")) or bool(self.view.get("remote_to_act")))

    def click_province(self, pid: str, touch: bool = False) -> None:
        if self.view.get("remote_to_act") and self.replay is None:
            self.error(str(self.view.get("waiting")))  # the page says whose turn it is
            return
        if self.busy():
            return
        if self.tokens.editing(self.view) is not None:
            self.edit(pid, +1)
            return
        target = self.view.get("targets", {}).get(pid)
        if target is None:
            self.arm(None)
            self.hover(pid)
            return
        if touch and pid != self.board.armed:  # no hover on a touch screen: show, then confirm
            self.arm(pid)
            return
        self.arm(None)
        action = target["action"]
        if self.espionage and "espionage" in target:
            action = target["espionage"]
        if "confirm" in target:  # keeping the smaller part of a split empire: ask first
            self.pending_keep = action
            dialogs.ask_keep(target["confirm"])
            return
        self.act(action)

    def arm(self, pid: str | None) -> None:
        """Touch screens: the first tap on a target marks it and shows what it would do and
        cost (what a mouse shows on hover); a second tap on it acts."""
        self.board.arm(pid)
        if pid is not None:
            self.hover(pid)

    def control(self, action: str, value: Any) -> None:
        """A button of the page: its ``data-action`` and ``data-value``."""
        if action in PLAYS:  # an action of the game: only for the human whose turn it is
            if not self.busy():
                self.act(PLAYS[action](value))
            return
        handler = self.controls.get(action)
        if handler is not None:
            handler(value)

    def control_handlers(self) -> dict[str, Callable[[Any], Any]]:
        games = self.games
        return {
            "espionage": lambda _v: self.toggle_espionage(),
            "inc": lambda pid: self.edit(str(pid), +1),
            "dec": lambda pid: self.edit(str(pid), -1),
            "editor-reset": lambda _v: self.reset_editor(),
            "place-all": lambda _v: self.place_all(),
            "keep-confirm": lambda _v: self.answer_keep(True),
            "keep-cancel": lambda _v: self.answer_keep(False),
            "undo": lambda _v: self.undo(),
            "hint": lambda _v: self.show_hint(),
            "skip": lambda _v: self.virtual.skip(self.view),
            "pace": lambda name: self.virtual.set_pace(str(name)),
            "guide-start": lambda _v: self.start_guide(),
            "guide-leave": lambda _v: self.leave_guide(),
            "open-new-game": lambda _v: dialogs.open_new_game(),
            "start-game": lambda _v: self.new_game(),
            "close-dialog": lambda id_: dialogs.close(str(id_)),
            "open-saves": lambda _v: games.open_list(),
            "continue": lambda gid: self.continue_game(str(gid)),
            "delete": lambda gid: games.delete(str(gid)),
            "share": lambda _v: games.share(),
            "export": lambda _v: games.export(),
            "copy-link": lambda _v: copy_field("share-link", dialogs.link_copied),
            "replay-open": lambda _v: self.open_replay(),
            "replay-close": lambda _v: self.close_replay(),
            "replay-step": self.replay_step,
            "replay-play": lambda _v: self.replay.toggle_play() if self.replay else None,
            "replay-branch": lambda _v: self.replay_branch(),
            "rematch": lambda _v: self.rematch(),
            "copy-send-link": lambda _v: copy_field("send-link", send_copied),
            "share-send-link": lambda _v: self.share_send_link(),
            "dismiss-link-note": lambda _v: hide_link_note(),
            "dismiss-error": lambda _v: self.clear_error(),
            "jump": lambda id_: scroll_to(str(id_)),
            "show-province": self.show_province,
            **{zoom: (lambda _v, step=step: self.board.set_zoom(self.board.zoom + step))
               for zoom, step in ZOOM_STEPS.items()},
        }

    def toggle_espionage(self) -> None:
        self.espionage = not self.espionage
        self.render_controls()

    def answer_keep(self, confirmed: bool) -> None:
        """The answer to "keep the smaller part?" (see click_province)."""
        dialogs.close("keep-dialog")
        pending, self.pending_keep = self.pending_keep, None
        if confirmed and pending is not None and not self.busy():
            self.act(pending)

    def undo(self) -> None:
        if self.session is not None and self.session.undo():
            self.clear_error()
            self.after_action()

    def replay_step(self, value: Any) -> None:
        """``value``: "<unit>:<direction>", a unit of ReplayBar.step and +1 or -1."""
        if self.replay is not None:
            unit, _sep, direction = str(value).partition(":")
            self.timed(lambda: self.replay.step(unit, int(direction)))

    def share_send_link(self) -> None:
        if self.session is None:
            return
        seat = self.session.state.current_player
        name = self.session.state.config.seats[seat].name if seat is not None else ""
        BRIDGE.share(_("Vinci: your turn, {name}").format(name=name), element("send-link").value)

    def show_province(self, pid: Any) -> None:
        """A log line's "show on the board" button."""
        if self.session is not None:
            self.board.flash(str(pid), scroll=True)
            self.hover(str(pid))

    # ---------------------------------------------------------------- placement editor

    def edit(self, pid: str, delta: int) -> None:
        if not self.busy() and self.tokens.edit(self.view, pid, delta, self.province_name,
                                                self.error):
            self.clear_error()
            self.render_editor()
            self.render_tokens()

    def reset_editor(self) -> None:
        self.tokens.forget()
        self.render_editor()
        self.render_tokens()

    def place_all(self) -> None:
        action = self.tokens.action(self.view)
        if action is not None and not self.busy():
            self.act(action)

    # ---------------------------------------------------------------- messages

    def error(self, text: str) -> None:
        self.error_parts([(text, None)])

    def error_parts(self, parts: list[tuple[str, str | None]]) -> None:
        """The error line; tile names in ``parts`` (vinci_core.text.textparts) become links."""
        box = element("error-text")
        box.replaceChildren()
        append_parts(box, parts)
        show(element("error"), True)

    def clear_error(self) -> None:
        show(element("error"), False)

    def hover(self, pid: str | None) -> None:
        self.hovered = pid
        box = element("hover-info")
        if pid is None or self.session is None or not self.board.has(pid):  # another board's
            box.textContent = ""
            return
        from vinci_core.table.presenter import cost_text

        planned = self.tokens.preview(self.view)
        if pid in planned:
            n = planned[pid]
            name = self.province_name(pid)
            box.textContent = ngettext("{province}: {n} token planned. Click to add one.",
                                       "{province}: {n} tokens planned. Click to add one.",
                                       n).format(province=name, n=n)
            return
        target = self.view.get("targets", {}).get(pid)
        text = cost_text(self.session.state, pid, target, lang())
        box.textContent = text + (" " + _("Tap again to confirm.") if pid == self.board.armed
                                  else "")

    # ---------------------------------------------------------------- rendering

    def province_name(self, pid: str) -> str:
        from vinci_core.table.presenter import province_name

        return province_name(self.session.state, pid, lang())

    def render(self) -> None:
        has_game = self.session is not None
        show(element("welcome"), not has_game)
        show(query("[data-testid=status]"), has_game)
        for tid in ("share", "export", "replay"):
            query(f"[data-testid={tid}]").disabled = not has_game
        if not has_game:
            query("[data-testid=undo]").disabled = True
            for id_ in ("board", "display", "players", "chart"):  # a last visit's picture
                element(id_).replaceChildren()
            self.board.key = None
            self.redraw_all()
            self.guide.render(None)
            return
        v = self.view = self.replay.view() if self.replay else self.session.view()
        self.board.ensure(self.session.state.board, lang())
        self.render_tokens()
        self.render_targets()
        render_status(v)
        self.render_controls()
        # Panels that most clicks leave as they were are redrawn only when their data changed
        # (a click's redraw is what a player waits for).
        self.redraw("display", render_display, v["display"], v["controls"]["choose"],
                    v.get("virtual_to_act"))
        self.redraw("players", render_players, v["players"], v["current_player"])
        self.redraw("chart", render_chart, v["rounds"], v["target_vp"],
                    [(p["name"], p["colour"], p["mark"]) for p in v["players"]])
        self.log.render(v["log_rows"])
        if self.replay is None:
            self.render_notices()
        render_virtual(v, True)
        self.render_hint()
        show(query("[data-testid=hint]"), v["controls"]["hint"] and not v.get("virtual_to_act")
             and not v["terminal"] and not v.get("remote_to_act") and self.replay is None)
        self.render_send()
        if self.hovered:
            self.hover(self.hovered)
        BRIDGE.setDigest(v["digest"])
        BRIDGE.measureBoard()  # the status line above the board may have changed height
        set_test_hooks(v)
        self.guide.render(self.session.state if self.replay is None else None)
        if self.replay is not None:
            self.replay.render_controls()
        elif v["terminal"] and not self.over_shown:
            self.over_shown = True
            self.show_review()

    def show_review(self) -> None:
        """The end-of-game review (vinci_core.table.review) in the game-over dialog."""
        from vinci_core.table.playback import Replay
        from vinci_core.table.review import review

        render_review(review(Replay.of(self.session)))

    def render_send(self) -> None:
        """The link for the remote player to act ("send to the next player")."""
        v = self.view
        seat = v.get("current_player")
        if self.replay is not None:
            render_send(None, "")
        elif v.get("remote_to_act") and seat is not None:
            name = v["players"][seat]["name"]
            render_send(_("{name} plays on another device: send {name} this link to take "
                          "the turn.").format(name=name), self.games.link(seat))
        elif v["terminal"] and v.get("remote"):
            render_send(_("The game is over: send the others this link, so that they see "
                          "its end."), self.games.link())
        else:
            render_send(None, "")

    def redraw_all(self) -> None:
        """The next render draws every panel (another game, a replay opened or closed)."""
        self.drawn_panels = {}
        forget_drawn()

    def redraw(self, panel: str, draw: Any, *data: Any) -> None:
        # Compared as they are (each view is built anew, nothing here is changed later):
        # serializing them was a fair share of a click's Python time.
        if panel not in self.drawn_panels or self.drawn_panels[panel] != data:
            self.drawn_panels[panel] = data
            draw(self.view)

    def render_notices(self) -> None:
        """A notice for each new move of a virtual player, and each turn's score; the last
        province played flashes. (Moves made by a click here are seen as they are made.)"""
        entries = self.session.entries
        new, self.seen_moves = entries[self.seen_moves:], len(entries)
        seats = self.session.state.config.seats
        players = self.view["players"]
        flashed = None
        for e in new[-8:]:
            actor = e.get("seat")
            if not e.get("notice") or actor is None:
                continue
            if seats[actor].virtual or e["kind"] == "score":
                show_notice(e["notice"], players[actor]["colour"], self.virtual.pace,
                            e.get("notice_parts"))
                flashed = e.get("province") or flashed
        if flashed:
            self.board.flash(flashed)

    def render_tokens(self) -> None:
        self.board.render_tokens(self.view["board"], self.tokens.preview(self.view),
                                 self.view["current_player"])

    def render_targets(self) -> None:
        targets = self.view.get("targets", {})
        human = not self.view.get("virtual_to_act")
        ed = self.view.get("editor")
        lit = set() if not human else set(ed["base"]) if ed is not None else set(targets)
        self.board.render_targets(targets, lit)
        if self.board.armed is not None and (self.board.armed not in targets or not human):
            self.arm(None)  # the game moved on: a pending tap no longer applies

    def render_controls(self) -> None:
        if not render_controls(self.view, self.espionage, self.province_name):
            self.espionage = False
        self.render_editor()

    def render_editor(self) -> None:
        from vinci_core.table.presenter import placement_problem

        ed = self.tokens.editing(self.view)
        add = self.tokens.counts(self.view)
        problem = None
        if ed is not None and sum(add.values()) == ed["total"]:
            problem = placement_problem(self.session.state, add, lang())
        render_editor(ed, add, self.province_name, problem)


def load_engine() -> None:
    """Import the engine (a game's state and actions, the session and what it shows) if
    nothing has yet. A first visit renders without it (the new-game dialog, the saved-games
    list and the address need none of it; its dataclasses took ~100 ms of the start) and
    loads it here, with pydantic, before the first click that needs it."""
    import vinci_core.table.session  # noqa: F401
    import vinci_core.table.svg  # noqa: F401


def boot() -> App | None:
    try:
        import vinci_core as vc

        app = App(vc)

        def handle(event_json: str) -> None:
            try:
                app.on_event(json.loads(event_json))
            except Exception:
                failed()  # logged, and the page offers to reload the saved game

        proxy = create_proxy(handle)
        PROXIES.append(proxy)
        BRIDGE.attach(proxy)
        app.reference.install()
        app.start()
        BRIDGE.ready(app.digest())
        return app
    except Exception:
        BRIDGE.fail(traceback.format_exc())
        return None


def edges_loaded() -> None:
    """boot.js: pydantic is installed (see App.edges_ready)."""
    if APP is not None:
        try:
            APP.edges_ready()
        except Exception:
            BRIDGE.fail(traceback.format_exc())


APP = boot()
