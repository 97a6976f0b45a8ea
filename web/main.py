"""Browser entry point: boot.js imports this module once Pyodide and our wheels are loaded.

How the page is put together (see also app.js and README "How the site is built"):

* ``index.html`` holds the page's skeleton (toolbar, board area, side panels, dialogs);
  app.js is the thin JS bridge (``js.vinci``). This file is the controller: it owns the
  game (:class:`App`), turns events into actions and paces the virtual players; the views,
  one module per thing the player sees, are in ``ui/`` (board, panels, editor, log, chart,
  dialogs; shipped with this file in the vinci-page wheel, see build/build_site.py).
* What is legal, what a click means, prompts, log lines, the saved-games bookkeeping and
  error texts come from pure Python in vinci_core (``session``, ``presenter``, ``svg``),
  tested in CPython. The views only copy that into the DOM, always through
  ``textContent``/``setAttribute`` (player names are user text, never markup).
* :func:`boot` builds the :class:`App`, hands app.js one event handler and calls
  ``vinci.ready(digest)``, which sets ``<html data-ready="1">``. After every action
  ``<html data-digest>`` carries the engine's digest (the tests' hook), and the game is saved.
* pydantic (``vinci_core.schemas``: links, files, saves, the new-game form, actions) is
  loaded by boot.js after a first visit's first render: until :func:`edges_loaded` runs,
  an event that needs it waits in :attr:`App.waiting` and is handled then (see
  :data:`WITHOUT_EDGES`).
* Virtual players play by themselves, one action every :data:`PACES` ms (``?fast=1``: no
  pause); "Skip animation" plays them at once until a human must act.
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy  # type: ignore[import-not-found]

# No pydantic plugins exist in the page: skip their entry-point scan (30 ms of each start).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from ui import dialogs  # noqa: E402
from ui.board import BoardView  # noqa: E402
from ui.chart import render_chart  # noqa: E402
from ui.dom import (  # noqa: E402
    BRIDGE,
    PROXIES,
    _,
    append_parts,
    element,
    forget_drawn,
    found,
    lang,
    ngettext,
    query,
    show,
    translate_static,
)
from ui.editor import render_editor  # noqa: E402
from ui.guide import GuidePanel  # noqa: E402
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

# The other players' pace: ms between two of their actions (the pace buttons; ?fast=1: 0).
PACES = {"slow": 1400, "normal": 500, "instant": 0}
PACE_KEY = "vinci.pace"
# The language the player chose from the menu (a first visit follows the browser's).
LANG_KEY = "vinci.lang"
# Below this width (CSS px, phones) the board opens zoomed in at ZOOMS[PHONE_ZOOM], centred,
# and is panned by touch: at 1x Europe's small provinces are too small to tap.
PHONE_WIDTH = 600
PHONE_ZOOM = 2
MAX_SKIP_ACTIONS = 5000
# The controls that work before pydantic is loaded (see edges_loaded): they only show, hide
# or move what is on screen. Every other action, a click on the board, an imported file and
# a link wait for it.
WITHOUT_EDGES = frozenset({
    "open-new-game", "close-dialog", "dismiss-error", "dismiss-link-note", "pace", "jump",
    "zoom-in", "zoom-out", "zoom-fit", "espionage",
})
# An AI's search runs in slices of about this many ms, each a short task of its own, so the
# page paints its "thinking" state and answers its player in between (issue 13).
SLICE_MS = 25


class BridgeStorage:
    """vinci_core.session.Storage over localStorage (app.js swallows its exceptions)."""

    def get(self, key: str) -> str | None:
        value = BRIDGE.storage.get(key)
        return value if isinstance(value, str) else None  # JS null is not None in Pyodide

    def set(self, key: str, value: str) -> bool:
        return bool(BRIDGE.storage.set(key, value))

    def remove(self, key: str) -> None:
        BRIDGE.storage.remove(key)


class App:
    """The page: one :class:`vinci_core.session.Session` and the views that show it."""

    def __init__(self, vc: Any) -> None:
        from vinci_core import session as session_mod

        self.vc = vc
        self.sm = session_mod
        self.store = session_mod.SaveStore(BridgeStorage())
        self.session: Any = None
        self.game_id: str | None = None
        self.view: dict[str, Any] = {}
        self.report: list[tuple[str, str, str, dict[str, Any] | None]] = []
        self.hint: dict[str, Any] | None = None  # the strong AI's move shown as a hint
        self.ai_ms: list[float] = []  # the strong AI's decision times (bench hook)
        query_text = str(BRIDGE.location.query())
        self.fast = "fast=1" in query_text
        saved = BRIDGE.storage.get(PACE_KEY)
        self.pace_name = saved if isinstance(saved, str) and saved in PACES else "normal"
        self.pace = 0 if self.fast else PACES[self.pace_name]
        self.seen_moves = 0  # log entries already turned into notices
        self.timer_pending = False
        self.thinking: Any = None  # the AI's move in progress (Session.ai_turn), if any
        self.think_ms = 0.0  # its search time so far
        self.think_level: str | None = None  # the level of the AI that is thinking
        self.skipped = 0  # moves played at once by "Skip animation"
        self.skipping = False
        self.espionage = False
        self.editor: dict[str, Any] | None = None  # the +/- editor's state
        self.board = BoardView()
        self.log = LogPanel()
        self.hovered: str | None = None
        self.pending_keep: dict[str, Any] | None = None  # a Keep waiting for its confirmation
        self.over_shown = False
        self.timings: list[float] = []  # ms from an event to the redrawn board (bench hook)
        self.drawn_panels: dict[str, tuple[Any, ...]] = {}  # panel -> its data (redraw)
        self.replay: ReplayBar | None = None  # a replay on screen (issue 14)
        self.guide = GuidePanel(self.render)  # the guided first game (issue 15)
        self.save_pending = False  # a move not yet saved (see save_soon)
        self.hint_shown = False  # a hint is on the page (render_hint)
        self.edges = False  # pydantic is loaded (edges_loaded)
        self.waiting: list[dict[str, Any]] = []  # events that came before it, in order

    # ---------------------------------------------------------------- start

    def start(self) -> None:
        vc = self.vc
        self.set_language(self.first_language())

        # Module attributes, not importlib.metadata: that pulls in the email package (0.1 s).
        # (test id, label, value, values): a worded value is a message id with its values,
        # said in the page's language by dialogs.render_about; names and versions are as
        # they are. pydantic's version and the self-check follow in edges_ready().
        self.report.append(("engine-version", "vinci-core", vc.__version__, None))
        self.report.append(("python-version", "Python", sys.version.split()[0], None))
        dialogs.render_about(self.report)
        self.guide.render_labels()
        self.render_pace()
        dialogs.build_seat_rows()
        self.store_probe()

        shared = self.open_shared_link()
        if self.session is None:
            gid = self.store.last_id
            if gid is not None:
                try:
                    self.load(gid, self.store.load(gid), fresh=False)
                except vc.SaveError as exc:
                    from vinci_core.presenter import problem_text

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
        when it opened a link or resumed a game): the About box's self-check, then every
        event that waited for it, in order."""
        import pydantic

        from vinci_core import maps
        from vinci_core.i18n import N_

        self.report.append(("pydantic-version", "pydantic", pydantic.VERSION, None))
        board = maps.register_map(_SELF_CHECK_MAP)
        self.report.append(("engine-check", N_("Engine self-check"),
                            N_("ok: {n} provinces compiled, fingerprint {fingerprint}"),
                            {"n": len(board.ids), "fingerprint": board.fingerprint}))
        try:
            europe = maps.load_map("europe")
            self.report.append(("map", N_("Europe map"),
                                N_("{n} provinces, {seas} sea zones, fingerprint "
                                   "{fingerprint}"),
                                {"n": len(europe.ids), "seas": len(europe.sea_ids),
                                 "fingerprint": europe.fingerprint}))
        except KeyError:
            self.report.append(("map", N_("Europe map"), N_("not available"), {}))
        dialogs.render_about(self.report)
        self.edges = True
        root = js.document.documentElement
        root.removeAttribute("data-waiting")
        root.dataset.edges = "1"  # tests: what needs pydantic works now
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

    def first_language(self) -> str:
        """The language chosen from the menu before, else the browser's first one that
        the page speaks (vinci_core.i18n.negotiate), else English."""
        from vinci_core.i18n import LANGUAGES, negotiate

        saved = BRIDGE.storage.get(LANG_KEY)
        if isinstance(saved, str) and saved in LANGUAGES:
            return saved
        preferred = js.navigator.languages
        tags = [str(t) for t in preferred] if preferred else [str(js.navigator.language)]
        return negotiate(tags)

    def set_language(self, code: str) -> None:
        """Word the page in ``code``: <html lang>, the menu, index.html's texts; the game's
        texts follow at the next render."""
        js.document.documentElement.lang = code
        element("language").value = code
        self.store.lang = code
        menu = element("language")
        # (hasAttribute: a dataset key never set is undefined, an AttributeError in Pyodide)
        if code != "en" or menu.hasAttribute("data-worded"):
            translate_static()  # the page is written in English: nothing to do at first
            menu.dataset.worded = "1"

    def switch_language(self, code: str) -> None:
        """The menu's choice: remembered, and everything on the page said again in it
        without touching the game (the same digest). Then the ``vinci:language`` event
        lets other views (rules reference, guide) word themselves again."""
        from pyodide.ffi import to_js  # type: ignore[import-not-found]

        from vinci_core.i18n import LANGUAGES

        if code not in LANGUAGES:
            return
        BRIDGE.storage.set(LANG_KEY, code)
        if code == lang():
            return
        names = [dialogs.default_name(i) for i in range(6)]
        self.set_language(code)
        dialogs.word_seat_rows(names)
        dialogs.update_seat_rows()
        dialogs.render_about(self.report)
        self.hint = None
        if self.session is not None:
            self.session.set_language(code)
            if self.replay is not None:  # the same position, worded in the new language
                from vinci_core.playback import Replay

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
                dialogs.render_saves(self.store.entries(), self.game_id)
        js.document.dispatchEvent(js.CustomEvent.new(
            "vinci:language", to_js({"detail": code}, dict_converter=js.Object.fromEntries)))

    def store_probe(self) -> None:
        probe = "vinci.probe"
        if not BRIDGE.storage.set(probe, "1"):
            self.store.ok = False
        BRIDGE.storage.remove(probe)
        self.render_saving()

    def digest(self) -> str | None:
        return None if self.session is None else str(self.view.get("digest"))

    # ---------------------------------------------------------------- games

    def load(self, gid: str | None, session: Any, fresh: bool = True,
             guided: bool = False) -> None:
        """Show ``session``; a fresh game (new, shared, imported) is saved at once, a resumed
        one is only marked as the game to resume. Any game but the guided one ends the guide."""
        self.flush_save()  # the game on screen so far (its last move may wait for a frame)
        self.close_replay(redraw=False)
        if not guided:
            self.guide.stop()
        if session.lang != lang():  # a new game, a branch: its texts in the page's language
            session.set_language(lang())
        self.session = session
        self.game_id = gid
        self.hint = None
        self.stop_thinking()  # an AI's move of the game on screen before is dropped
        self.espionage = False
        self.editor = None
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
            self.autosave()
        elif gid is not None:
            self.store.set_last(gid)
        self.schedule_virtual()

    def open_shared_link(self) -> bool:
        """The address holds a share link (at start, or pasted into the open tab): open its
        game. The fragment is cleared first, so a reload does not open it twice."""
        parsed = self.sm.parse_link_fragment(str(BRIDGE.location.hash()))
        if parsed is None:
            return False
        BRIDGE.location.replaceHash("")
        self.open_text(parsed[0], "link", parsed[1])
        return True

    def open_text(self, text: str, what: str, for_seat: int | None = None) -> bool:
        """A share link's fragment or an imported file (see SaveStore.open_link): its saved
        game moved forward, shown, or a new saved game; or a clear error."""
        self.flush_save()  # the link may move forward the game on screen: saved first
        try:
            outcome = self.store.open_link(text, for_seat)
        except self.vc.SaveError as exc:
            message = (_("This link does not hold a valid game: {problem}. Nothing was changed.")
                       if what == "link" else
                       _("This file does not hold a valid game: {problem}. Nothing was "
                         "changed."))
            from vinci_core.presenter import problem_text

            self.error(message.format(problem=problem_text(exc, lang())))
            return False
        self.render_saving()
        self.load(outcome.gid if self.store.ok else None, outcome.session,
                  fresh=not self.store.ok)
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
        from vinci_core import presenter

        try:
            form = dialogs.read_form()
            config = presenter.config_from_form(form, lang())
            session = self.sm.Session.new(config, presenter.remote_seats(form))
        except (ValueError, KeyError) as exc:
            dialogs.form_error(str(exc).strip("'\""))
            return
        dialogs.form_error("")
        dialogs.close("new-game-dialog")
        self.load(self.store.new_id(), session)

    def autosave(self) -> None:
        """Save the game on screen now (see save_soon for the saves after a move)."""
        self.save_pending = False
        if self.session is None or self.guide.active:
            return  # the guided game is never saved: leaving it goes back to the saved game
        if self.game_id is None:
            self.game_id = self.store.new_id()
        self.store.put(self.game_id, self.session)
        self.render_saving()

    def save_soon(self) -> None:
        """A move was played: save it right after the next painted frame, so the player sees
        the move before the save's ~15 ms. No move may be lost on the way: whatever reads or
        replaces the saved games first (opening a game, a link, a file, the saved-games list)
        calls flush_save, and so does the page when it is hidden or left (app.js "leave")."""
        if self.session is None or self.save_pending:
            return
        self.save_pending = True
        BRIDGE.afterPaint(create_once_callable(self.flush_save))

    def flush_save(self) -> None:
        if self.save_pending:
            self.autosave()

    def continue_game(self, gid: str) -> None:
        self.flush_save()  # it may be the game on screen: its last move first
        try:
            session = self.store.load(gid)
        except self.vc.SaveError as exc:
            from vinci_core.presenter import problem_text

            self.error(_("This saved game cannot be opened: {problem}").format(
                problem=problem_text(exc, lang())))
            return
        dialogs.close("saves-dialog")
        self.clear_error()
        self.load(gid, session, fresh=False)

    def share(self) -> None:
        if self.session is not None:
            dialogs.open_share(self.link())

    def link(self, for_seat: int | None = None) -> str:
        return f"{BRIDGE.location.base()}#{self.sm.link_fragment(self.session, for_seat)}"

    def rematch(self) -> None:
        """A new game with the same players and options (the review's button)."""
        import random

        from vinci_core import presenter

        old = self.session
        config = presenter.rematch_config(old.state.config, random.getrandbits(62))
        dialogs.close("over-dialog")
        self.load(self.store.new_id(), self.sm.Session.new(config, old.remote))

    # ---------------------------------------------------------------- replay (issue 14)

    def open_replay(self) -> None:
        if self.session is None:
            return
        from vinci_core.playback import Replay

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
        self.load(self.store.new_id(), branch)

    # ---------------------------------------------------------------- the guided game (issue 15)

    def start_guide(self) -> None:
        """The guided first game, not saved; the game on screen stays saved to go back to."""
        from vinci_core.guide import guide_config

        self.autosave()
        # Replayed from the menu during the guide: the game to go back to stays the same.
        self.guide.begin(self.guide.previous if self.guide.active else self.game_id)
        dialogs.close("new-game-dialog")
        self.clear_error()
        self.load(None, self.sm.Session.new(guide_config(lang())), fresh=False,
                  guided=True)

    def leave_guide(self) -> None:
        """Back to the saved game that was on screen before the guide (or to none)."""
        previous = self.guide.previous
        self.guide.stop()
        if previous is not None and previous in self.store.ids():
            self.continue_game(previous)
            return
        self.stop_thinking()
        self.session, self.game_id = None, None
        clear_notices()
        self.clear_error()
        self.render()
        dialogs.open_new_game()

    def export(self) -> None:
        if self.session is None:
            return
        names = "-".join(s.name for s in self.session.state.config.seats)
        safe = "".join(c if c.isalnum() else "-" for c in names)[:40].strip("-") or "game"
        BRIDGE.download(f"vinci-{safe}-round{self.session.state.round}.vinci",
                        self.session.save())

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
            from vinci_core.presenter import refusal_parts

            self.error_parts(refusal_parts(exc, lang(), self.session.state))
            return
        except self.vc.ActionError as exc:
            from vinci_core.presenter import problem_text

            self.error(problem_text(exc, lang()))
            return
        self.clear_error()
        self.after_action()

    def after_action(self) -> None:
        self.editor = None
        self.hint = None
        self.espionage = False
        self.render()
        self.save_soon()
        self.schedule_virtual()

    # ---------------------------------------------------------------- AI seats and hints
    # (issue 13) The AI of a virtual seat plays at the level in its config through
    # Session.play_ai, which logs its reason; Session.hint gives the strong AI's move for a
    # human, shown and highlighted here without being played.

    def decided(self, played: bool) -> None:
        """An AI's move is made: bench hook, its search times in ms (strong level)."""
        if played and self.think_level == "strong":
            self.ai_ms.append(self.think_ms)
            del self.ai_ms[:-1000]
            js.document.documentElement.setAttribute(
                "data-ai-ms", ",".join(f"{ms:.1f}" for ms in self.ai_ms))
        self.think_ms = 0.0

    def show_hint(self) -> None:
        if self.session is None or self.busy():
            return
        self.hint = self.session.hint()
        self.render_hint()

    def render_hint(self) -> None:
        hint = self.hint
        if hint is None and not self.hint_shown:
            return  # nothing shown, nothing to show: no DOM call (most redraws)
        self.hint_shown = hint is not None
        box = element("hint-text")
        show(box, hint is not None)
        for node in js.document.querySelectorAll(".hinted"):
            node.classList.remove("hinted")
        if hint is None:
            return
        box.replaceChildren()
        append_parts(box, hint["parts"] or [(hint["text"], None)])
        for pid in hint["provinces"]:
            if pid in self.board.nodes:
                self.board.nodes[pid][0].classList.add("hinted")
        if hint["slot"] is not None:
            slot = js.document.querySelector(f"[data-testid=slot-{hint['slot']}]")
            if found(slot):
                slot.classList.add("hinted")

    def schedule_virtual(self) -> None:
        if self.timer_pending or self.thinking is not None:
            return  # a virtual move is already on its way
        if self.session is None or not self.view.get("virtual_to_act"):
            self.skipping = False
            render_virtual(self.view, self.session is not None)
            return
        self.timer_pending = True
        render_virtual(self.view, True)
        BRIDGE.later(0 if self.skipping else self.pace, create_once_callable(self.virtual_tick))

    def virtual_tick(self) -> None:
        self.timer_pending = False
        if self.session is None or self.replay is not None:
            return  # a replay pauses the virtual players (closing it resumes them)
        self.think_slice(self.begin_ai_turn())

    def begin_ai_turn(self) -> Any:
        state = self.session.state
        seat = state.current_player
        self.think_level = None if seat is None else state.config.seats[seat].ai_level
        self.thinking = self.session.ai_turn()
        js.document.documentElement.dataset.thinking = "1"  # tests: the search is under way
        return self.thinking

    def think_slice(self, turn: Any) -> None:
        """Run the AI's move ``turn`` for one slice, then hand the page back to the browser
        until the next slice; play the move when its search ends. Skipping chains the moves
        (the page is drawn once a human must act)."""
        if self.thinking is not turn:
            return  # dropped: another game is on screen
        if self.replay is not None:
            self.stop_thinking()  # a replay opened: the move is searched again when it closes
            return
        start = mark = time.perf_counter()
        try:
            while (time.perf_counter() - start) * 1000 < SLICE_MS:
                try:
                    next(turn)
                    continue
                except StopIteration as done:
                    played = bool(done.value)
                now = time.perf_counter()
                self.think_ms += (now - mark) * 1000
                mark = now
                self.decided(played)
                if played and self.skipping and self.skipped < MAX_SKIP_ACTIONS:
                    self.skipped += 1
                    turn = self.begin_ai_turn()
                    continue
                self.stop_thinking()
                self.after_action()
                return
        except Exception:
            self.stop_thinking()
            js.console.error(traceback.format_exc())
            return
        self.think_ms += (time.perf_counter() - mark) * 1000
        BRIDGE.later(0, create_once_callable(lambda: self.think_slice(turn)))

    def stop_thinking(self) -> None:
        self.thinking = None
        self.think_ms = 0.0
        self.skipped = 0
        js.document.documentElement.removeAttribute("data-thinking")

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
            self.flush_save()
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
        if self.editor_view() is not None:
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
        simple = {"finish": "finish", "end_turn": "end_turn", "decline": "decline"}
        if action in simple and not self.busy():
            self.act({"kind": simple[action]})
        elif action == "diplomacy" and not self.busy():
            self.act({"kind": "diplomacy", "seat": int(value)})
        elif action == "abandon" and not self.busy():
            self.act({"kind": "abandon", "province": str(value)})
        elif action == "espionage":
            self.espionage = not self.espionage
            self.render_controls()
        elif action in ("inc", "dec"):
            self.edit(str(value), +1 if action == "inc" else -1)
        elif action == "editor-reset":
            self.editor = None
            self.render_editor()
            self.render_tokens()
        elif action == "place-all":
            self.place_all()
        elif action in ("keep-confirm", "keep-cancel"):
            dialogs.close("keep-dialog")
            pending, self.pending_keep = self.pending_keep, None
            if action == "keep-confirm" and pending is not None and not self.busy():
                self.act(pending)
        elif action == "undo":
            if self.session is not None and self.session.undo():
                self.clear_error()
                self.after_action()
        elif action == "hint":
            self.show_hint()
        elif action == "skip":
            self.skipping = True
            if not self.timer_pending:
                self.schedule_virtual()
        elif action == "guide-start":
            self.start_guide()
        elif action == "guide-leave":
            self.leave_guide()
        elif action == "open-new-game":
            dialogs.open_new_game()
        elif action == "start-game":
            self.new_game()
        elif action == "close-dialog":
            dialogs.close(str(value))
        elif action == "open-saves":
            self.flush_save()
            dialogs.render_saves(self.store.entries(), self.game_id)
            dialogs.open_modal("saves-dialog")
        elif action == "continue":
            self.continue_game(str(value))
        elif action == "delete":
            self.flush_save()
            self.store.delete(str(value))
            if value == self.game_id:
                self.game_id = None  # the game on screen stays; it is saved anew on next move
            self.render_saving()
            dialogs.render_saves(self.store.entries(), self.game_id)
        elif action == "share":
            self.share()
        elif action == "replay-open":
            self.open_replay()
        elif action == "replay-close":
            self.close_replay()
        elif action == "replay-step" and self.replay is not None:
            unit, _sep, direction = str(value).partition(":")
            self.timed(lambda: self.replay.step(unit, int(direction)))
        elif action == "replay-play" and self.replay is not None:
            self.replay.toggle_play()
        elif action == "replay-branch":
            self.replay_branch()
        elif action == "rematch" and self.session is not None:
            self.rematch()
        elif action == "copy-send-link":
            BRIDGE.copy(element("send-link").value)
            send_copied()
        elif action == "share-send-link" and self.session is not None:
            seat = self.session.state.current_player
            name = self.session.state.config.seats[seat].name if seat is not None else ""
            BRIDGE.share(_("Vinci: your turn, {name}").format(name=name),
                         element("send-link").value)
        elif action == "dismiss-link-note":
            hide_link_note()
        elif action == "copy-link":
            BRIDGE.copy(element("share-link").value)
            dialogs.link_copied()
        elif action == "export":
            self.export()
        elif action == "dismiss-error":
            self.clear_error()
        elif action == "pace" and value in PACES:
            self.pace_name = str(value)
            self.pace = 0 if self.fast else PACES[self.pace_name]
            BRIDGE.storage.set(PACE_KEY, self.pace_name)
            self.render_pace()
        elif action == "jump":
            target = element(str(value))
            if found(target):
                target.scrollIntoView()
        elif action == "show-province" and self.session is not None:
            self.board.flash(str(value), scroll=True)
            self.hover(str(value))
        elif action in ("zoom-in", "zoom-out", "zoom-fit"):
            step = {"zoom-in": 1, "zoom-out": -1, "zoom-fit": -99}[action]
            self.board.set_zoom(self.board.zoom + step)

    # ---------------------------------------------------------------- placement editor

    def editor_view(self) -> dict[str, Any] | None:
        """The view's editor while a human places tokens (None otherwise)."""
        return None if self.view.get("virtual_to_act") else self.view.get("editor")

    def editor_counts(self) -> dict[str, int]:
        ed = self.view.get("editor")
        if ed is None:
            return {}
        if self.editor is None or self.editor.get("digest") != self.view.get("digest"):
            self.editor = {"digest": self.view.get("digest"), "add": dict(ed["start"])}
        return self.editor["add"]

    def edit(self, pid: str, delta: int) -> None:
        ed = self.view.get("editor")
        if ed is None or self.busy() or pid not in ed["base"]:
            return
        add = self.editor_counts()
        left = ed["total"] - sum(add.values())
        n = ed["base"][pid] + add.get(pid, 0) + delta
        high = ed["max"][pid]
        if delta > 0 and left <= 0:
            self.error(_("No token left in hand: take one from another province first."))
            return
        if delta > 0 and high is not None and n > high:
            self.error(ngettext("{province} takes at most {n} token now (C-3.4.3).",
                                "{province} takes at most {n} tokens now (C-3.4.3).",
                                high).format(province=self.province_name(pid), n=high))
            return
        if delta < 0 and (add.get(pid, 0) <= 0 or n < ed["min"][pid]):
            return  # the button is disabled: the rules need this token here
        add[pid] = add.get(pid, 0) + delta
        self.clear_error()
        self.render_editor()
        self.render_tokens()

    def place_all(self) -> None:
        if self.view.get("editor") is None or self.busy():
            return
        add = self.editor_counts()
        self.act({"kind": "place_all", "placement": {p: n for p, n in add.items() if n}})

    # ---------------------------------------------------------------- messages

    def error(self, text: str) -> None:
        self.error_parts([(text, None)])

    def error_parts(self, parts: list[tuple[str, str | None]]) -> None:
        """The error line; tile names in ``parts`` (vinci_core.textparts) become links."""
        box = element("error-text")
        box.replaceChildren()
        append_parts(box, parts)
        show(element("error"), True)

    def clear_error(self) -> None:
        show(element("error"), False)

    def render_saving(self) -> None:
        show(element("saving-off"), not self.store.ok)

    def hover(self, pid: str | None) -> None:
        self.hovered = pid
        box = element("hover-info")
        if pid is None or self.session is None:
            box.textContent = ""
            return
        from vinci_core.presenter import cost_text

        ed = self.editor_view()
        if ed is not None and pid in ed["base"]:
            n = ed["base"][pid] + self.editor_counts().get(pid, 0)
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
        from vinci_core.presenter import province_name

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
        """The end-of-game review (vinci_core.review) in the game-over dialog."""
        from vinci_core.playback import Replay
        from vinci_core.review import review

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
                          "the turn.").format(name=name), self.link(seat))
        elif v["terminal"] and v.get("remote"):
            render_send(_("The game is over: send the others this link, so that they see "
                          "its end."), self.link())
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
                show_notice(e["notice"], players[actor]["colour"], self.pace,
                            e.get("notice_parts"))
                flashed = e.get("province") or flashed
        if flashed:
            self.board.flash(flashed)

    def render_pace(self) -> None:
        for name in PACES:
            query(f"[data-testid=pace-{name}]").setAttribute(
                "aria-pressed", "true" if name == self.pace_name else "false")

    def render_tokens(self) -> None:
        ed = self.editor_view()
        preview: dict[str, int] = {}
        if ed is not None:
            add = self.editor_counts()
            preview = {p: ed["base"][p] + add.get(p, 0) for p in ed["base"]}
        self.board.render_tokens(self.view["board"], preview, self.view["current_player"])

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
        from vinci_core.presenter import placement_problem

        ed = self.editor_view()
        add = self.editor_counts()
        problem = None
        if ed is not None and sum(add.values()) == ed["total"]:
            problem = placement_problem(self.session.state, add, lang())
        render_editor(ed, add, self.province_name, problem)


# A two-province board validated and compiled in the page: proves that the engine and
# pydantic-core (WebAssembly) really run here.
_SELF_CHECK_MAP = {
    "id": "self-check",
    "name": "Self-check",
    "provinces": {
        "a": {"name": "Alpha", "terrain": "farmland", "neighbours": ["b"], "edge": True},
        "b": {"name": "Beta", "terrain": "mountain", "neighbours": ["a"], "seas": ["s"]},
    },
    "seas": {"s": {"name": "Sea", "edge": True}},
}


def boot() -> App | None:
    try:
        import vinci_core as vc

        app = App(vc)

        def handle(event_json: str) -> None:
            try:
                app.on_event(json.loads(event_json))
            except Exception:
                js.console.error(traceback.format_exc())

        proxy = create_proxy(handle)
        PROXIES.append(proxy)
        BRIDGE.attach(proxy)
        ReferenceView(lambda: app.session.state.config if app.session else None).install()
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
