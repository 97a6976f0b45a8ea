"""Browser entry point: boot.py (the script PyScript runs) imports this module once Python is up.

The page's shell (see also app.js, ui/__init__.py for the page's parts, and
docs/architecture.md): :func:`boot` builds the :class:`App` (the game on screen), hands app.js one
event handler and says the page is ready; every event is dispatched from one table
(:meth:`App.event_handlers`, :meth:`App.control_handlers`) to the ``ui/`` module of what the
player used, and one render loop (:meth:`App.render`) draws the result.

The start runs in steps, each a browser task of its own: :func:`boot`, :func:`import_edges` and
:func:`edges_loaded` are generators, and boot.py runs them a step at a time, marking each
(``vinci-step <name>``, read by bench/web.py) and letting the browser paint (the progress bar
moves) and handle input in between. Run in one go, the first render held the page for 0.2 to
0.6 s and pydantic's import with the engine's for 0.5 to 2.2 s (issue 29,
docs/performance.md).
"""

from __future__ import annotations

import importlib
import json
import os
import time
import traceback
from collections.abc import Callable, Iterator
from typing import Any

import js  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

# No pydantic plugins exist in the page: skip their entry-point scan (30 ms of each start).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from ui import dialogs, errors, language, links, relay, replay, review  # noqa: E402
from ui.about import AboutBox  # noqa: E402
from ui.actions import PLAYS, ActionButtons  # noqa: E402
from ui.analysis import AnalysisPanel  # noqa: E402
from ui.board import ZOOM_STEPS, BoardView  # noqa: E402
from ui.dom import BRIDGE, PROXIES, copy_field, forget_drawn, lang, scroll_to  # noqa: E402
from ui.edges import needs_edges  # noqa: E402
from ui.editor import TokenEditor  # noqa: E402
from ui.games import SavedGames  # noqa: E402
from ui.guide import GuidePanel, leave_guide, start_guide  # noqa: E402
from ui.hint import HintView  # noqa: E402
from ui.log import LogPanel  # noqa: E402
from ui.newgame import GameFlow  # noqa: E402
from ui.notices import NewsStrip  # noqa: E402
from ui.panels import SidePanels, render_frame, render_status, render_virtual, set_test_hooks  # noqa: E402,E501
from ui.phone import PhoneFocus  # noqa: E402
from ui.reference import ReferenceView  # noqa: E402
from ui.targets import BoardTargets  # noqa: E402
from ui.virtual import VirtualPlayers  # noqa: E402
from ui.watchdog import Watchdog, failed  # noqa: E402

# Controls whose second press, while the first waits for the edges, asks for nothing more:
# nothing on screen moved (a phone shows no busy cursor), so a player may well press Start
# again, and a second Start would start, and save, a second game.
ASKED_ONCE = frozenset({"start-game"})


class App:
    """The page: one :class:`vinci_core.table.session.Session` and the views that show it."""

    def __init__(self, vc: Any) -> None:
        self.vc = vc
        self.session: Any = None
        self.view: dict[str, Any] = {}
        self.replay: Any = None  # the replay bar on screen (ui/replay.py, issue 14)
        self.analysis = AnalysisPanel(self)  # beside the replay (issue 31)
        self.over_shown = False  # the game-over review was shown for the game on screen
        self.timings: list[float] = []  # ms from a click to the redrawn board (bench hook)
        self.edges = False  # pydantic is loaded (edges_loaded)
        self.waiting: list[dict[str, Any]] = []  # events that came before it, in order
        self.about = AboutBox(vc.__version__)
        self.board = BoardView()
        self.log = LogPanel()
        self.panels = SidePanels()
        self.hints = HintView(self.board)
        self.news = NewsStrip()  # what the others did since the last turn (issue 29)
        self.phone = PhoneFocus()  # back to the board for the player's turn (issue 29)
        self.guide = GuidePanel(self.render)  # the guided first game (issue 15)
        self.reference = ReferenceView(
            lambda: self.session.state.config if self.session else None)
        self.games = SavedGames(lambda: self.session, lambda: self.guide.active)
        self.targets = BoardTargets(self)
        self.actions = ActionButtons(self)
        self.editor = TokenEditor(self)
        self.flow = GameFlow(self)
        self.virtual = VirtualPlayers("fast=1" in str(BRIDGE.location.query()),
                                      lambda: self.session, lambda: self.replay is not None,
                                      self.actions.played)
        self.watchdog = Watchdog(lambda: self.session, lambda: self.replay is not None)
        self.events = self.event_handlers()
        self.controls = self.control_handlers()

    # ---------------------------------------------------------------- boot

    def start(self, attach: Callable[[], None]) -> Iterator[str]:
        """The first render, a step per browser task (see :func:`boot`); ``attach`` hands
        app.js the event handler just before the first game (events before it are dropped,
        as before Python started: the page is hidden and inert until it is ready)."""
        language.set_language(self, language.first_language())
        self.about.render()  # pydantic's version and the self-check follow in edges_ready()
        self.guide.render_labels()
        self.virtual.render_pace()
        yield "words"
        dialogs.build_seat_rows()
        yield "seat rows"
        attach()
        self.games.probe()
        self.flow.first_game()
        self.board.fit_screen()

    def edges_ready(self) -> Iterator[str]:
        """pydantic and the engine are imported (boot.py: :func:`import_edges`, after a first
        visit's first render; before the start when it opened a link or resumed a game): the
        About box's self-check, then every event that waited for them, in order. (A first
        visit renders without the engine: the new-game dialog, the saved-games list and the
        address need none of it, and its dataclasses took ~100 ms of the start.)"""
        from vinci_core.boards import maps

        maps.load_map("europe")  # the self-check's board and a new game's: read and compiled
        yield "europe"
        self.about.self_check()
        yield "self-check"
        self.edges = True  # events wait until here, then come in order
        root = js.document.documentElement
        root.removeAttribute("data-waiting")
        root.dataset.edges = "1"  # tests: what needs pydantic works now
        self.reference.engine_loaded()
        waiting, self.waiting = self.waiting, []
        for detail in waiting:
            self.on_event(detail)
        yield "edges"

    # ---------------------------------------------------------------- events

    def on_event(self, detail: dict[str, Any]) -> None:
        """One forwarded UI event (see app.js), by its type; a click by default."""
        if not self.edges and needs_edges(detail):
            if detail.get("action") in ASKED_ONCE and any(
                    event.get("action") == detail["action"] for event in self.waiting):
                return  # pressed again while the first press waits: the same request
            self.waiting.append(detail)  # handled by edges_ready, in order
            js.document.documentElement.dataset.waiting = "1"  # a progress cursor
            return
        self.events.get(str(detail.get("type")), self.click)(detail)

    def event_handlers(self) -> dict[str, Callable[[dict[str, Any]], Any]]:
        """The events app.js forwards, by type (see app.js)."""
        return {
            "hover": lambda d: self.targets.hover(d.get("province")),
            "import": lambda d: links.open_text(self, str(d.get("value") or ""), "file"),
            "hash": lambda d: links.open_shared_link(self),
            "language": lambda d: language.switch_language(self, str(d.get("value") or "")),
            "leave": lambda d: self.games.flush(),  # the page is hidden or left: save now
            "replay-key": lambda d: replay.on_key(self, d),
            "replay-seek": lambda d: replay.on_seek(self, d),
            "click": self.click,
        }

    def click(self, detail: dict[str, Any]) -> None:
        """A click (or Enter) on a province, a civilization on display or a button."""
        t0 = time.perf_counter()
        action = detail.get("action")
        if detail.get("province"):
            self.targets.click(str(detail["province"]), touch=bool(detail.get("touch")))
        elif detail.get("slot"):
            self.actions.play({"kind": "choose", "slot": int(detail["slot"])})
        elif action:
            handler = self.controls.get(str(action))
            if handler is not None:
                handler(detail.get("value"))
        self.timings.append((time.perf_counter() - t0) * 1000)
        del self.timings[:-500]

    def control_handlers(self) -> dict[str, Callable[[Any], Any]]:
        """The page's buttons: ``data-action`` -> its handler of ``data-value``."""
        games, actions, editor, flow = self.games, self.actions, self.editor, self.flow
        return {
            **{name: (lambda value, name=name: actions.press(name, value)) for name in PLAYS},
            "espionage": lambda _v: actions.toggle_espionage(),
            "keep-confirm": lambda _v: actions.answer_keep(True),
            "keep-cancel": lambda _v: actions.answer_keep(False),
            "undo": lambda _v: actions.undo(),
            "inc": lambda pid: editor.edit(str(pid), +1),
            "dec": lambda pid: editor.edit(str(pid), -1),
            "editor-reset": lambda _v: editor.reset(),
            "place-all": lambda _v: editor.place_all(),
            "hint": lambda _v: None if self.busy() else self.hints.ask(self.session),
            "skip": lambda _v: self.virtual.skip(self.view),
            "pace": lambda name: self.virtual.set_pace(str(name)),
            "guide-start": lambda _v: start_guide(self),
            "guide-leave": lambda _v: leave_guide(self),
            "open-new-game": lambda _v: dialogs.open_new_game(),
            "start-game": lambda _v: flow.new_game(),
            "close-dialog": lambda id_: dialogs.close(str(id_)),
            "open-saves": lambda _v: games.open_list(),
            "continue": lambda gid: flow.continue_game(str(gid)),
            "delete": lambda gid: games.delete(str(gid)),
            "share": lambda _v: games.share(),
            "export": lambda _v: games.export(),
            "copy-link": lambda _v: copy_field("share-link", dialogs.link_copied),
            "replay-open": lambda _v: replay.open_replay(self),
            "replay-close": lambda _v: replay.close_replay(self),
            "replay-step": lambda value: replay.step(self, value),
            "replay-play": lambda _v: self.replay.toggle_play() if self.replay else None,
            "replay-branch": lambda _v: replay.branch(self),
            "analysis-open": lambda _v: self.analysis.open_from_review(),
            "analysis-start": lambda _v: self.analysis.start(),
            "analysis-cancel": lambda _v: self.analysis.cancel(),
            "analysis-point": self.analysis.show_point,
            "rematch": lambda _v: flow.rematch(),
            "copy-send-link": lambda _v: copy_field("send-link", relay.send_copied),
            "share-send-link": lambda _v: links.share_send_link(self),
            "dismiss-link-note": lambda _v: relay.hide_link_note(),
            "dismiss-error": lambda _v: errors.clear_error(),
            "jump": lambda id_: scroll_to(str(id_)),
            "show-province": self.show_province,
            "news-drawer": lambda _v: self.news.toggle_drawer(),
            "news-close": lambda _v: self.news.close_drawer(),
            **{zoom: (lambda _v, step=step: self.board.zoom_by(step))
               for zoom, step in ZOOM_STEPS.items()},
        }

    def busy(self) -> bool:
        """No human of this device may act now (no game, a replay, another player's turn)."""
        return (self.session is None or self.replay is not None
                or bool(self.view.get("virtual_to_act")) or bool(self.view.get("remote_to_act")))

    # ---------------------------------------------------------------- the render loop

    def render(self) -> None:
        """Draw the game on screen (or the replay's position) from its view model."""
        render_frame(self.session is not None)
        if self.session is None:
            self.flow.render_none()
            return
        v = self.view = self.replay.view() if self.replay else self.session.view()
        self.board.ensure(self.session.state.board, lang())
        self.targets.render()
        render_status(v)
        self.actions.render()
        self.panels.render(v)  # each only when its data changed
        self.log.render(v["log_rows"])
        if self.replay is None and (flashed := self.news.render(self.session, v["players"],
                                                                 lang())):
            self.board.flash(flashed)
        render_virtual(v, self.replay is None)  # a replay has no live status
        self.hints.render(v, self.replay is not None)
        links.render_send_box(self)
        self.phone.render(v, self.replay is not None)
        self.targets.render_hover()
        BRIDGE.setDigest(v["digest"])
        BRIDGE.measureBoard()  # the status line above the board may have changed height
        set_test_hooks(v)
        self.guide.render(self.session.state if self.replay is None else None)
        if self.replay is not None:
            self.replay.render_controls(self.board)
            self.analysis.render()
        elif v["terminal"] and not self.over_shown:
            self.over_shown = True
            review.show_review(self.session)

    def redraw_all(self) -> None:
        """The next render draws every panel (another game, a replay opened or closed)."""
        self.panels.forget()
        forget_drawn()

    def schedule_virtual(self) -> None:
        """The game may have moved to a virtual seat: its move comes after the pace."""
        self.virtual.schedule(self.view)

    def show_province(self, pid: Any) -> None:
        """A notice's or a log line's province on the board (a phone's news drawer closes)."""
        self.news.close_drawer()
        self.targets.show_province(pid)

    def province_name(self, pid: str) -> str:
        from vinci_core.table.presenter import province_name

        return province_name(self.session.state, pid, lang())


APP: App | None = None  # the page, once boot() built it

# pydantic and the engine, imported a group per browser task (boot.py, import_edges) once
# pydantic's wheels are installed, each group after the modules it needs: imported in one go
# they held the page for 0.5 to 2.2 s (pydantic.main alone, with what it imports, 0.55 s).
EDGE_IMPORTS = (
    ("typing_extensions",),
    ("datetime", "decimal"),
    ("pydantic_core",),  # its WebAssembly module and its core schema's typed dicts
    ("pydantic",),  # its errors and typing_inspection (the rest is imported on use)
    ("pydantic._internal._decorators",),
    ("pydantic._internal._fields",),
    ("pydantic.functional_validators",),
    ("pydantic.json_schema",),
    ("pydantic._internal._generate_schema",),
    ("pydantic.main",),
    ("annotated_types",),
    ("pydantic.types",),
    ("vinci_core.boards.maps",),
    ("vinci_core.rulesets",),
    ("vinci_core.turn.schemas",),  # the models of the edges: their schemas are built here
    ("vinci_core.game.actions",),
    ("vinci_core.turn.state",),
    ("vinci_core.players.reasons", "vinci_core.table.presenter"),
    ("vinci_core.table.session", "vinci_core.table.svg"),
)


def boot(with_edges: bool = False) -> Iterator[str]:
    """The page's start, step by step (boot.py runs each step in a task of its own): the
    :class:`App`, then the first render (:meth:`App.start`), then the page is shown ready.
    Each ``yield`` names the step just done. A failure shows on the boot screen and ends the
    start. ``with_edges``: the start opened a link or resumed a game, so pydantic came with
    the page and was imported before (:func:`import_edges`): what waits for it is done too
    before the page is ready."""
    global APP
    try:
        import vinci_core as vc

        app = App(vc)
        app.reference.install()
        yield "app"

        def handle(event_json: str) -> None:
            try:
                app.on_event(json.loads(event_json))
            except Exception:
                failed()  # logged, and the page offers to reload the saved game

        def attach() -> None:
            proxy = create_proxy(handle)
            PROXIES.append(proxy)
            BRIDGE.attach(proxy)

        if with_edges:
            yield from app.edges_ready()
        yield from app.start(attach)
        # Ready in the first game's own task, as before the steps: no virtual player's timer
        # may move the game between its first render and the page said ready.
        BRIDGE.ready(None if app.session is None else str(app.view.get("digest")))
        APP = app
        yield "ready"
    except Exception:
        BRIDGE.fail(traceback.format_exc())


def import_edges() -> Iterator[str]:
    """pydantic (its wheels installed by boot.py) and the engine, a group of modules per step
    (EDGE_IMPORTS): imported in one go they held the page for 0.5 to 2.2 s. A failure is
    raised to boot.py, which shows it."""
    for group in EDGE_IMPORTS:
        for name in group:
            importlib.import_module(name)
        yield "imported " + group[-1]


def edges_loaded() -> Iterator[str]:
    """boot.py, after a first visit's first render and :func:`import_edges`: what waited for
    pydantic (see App.edges_ready)."""
    if APP is not None:
        try:
            yield from APP.edges_ready()
        except Exception:
            BRIDGE.fail(traceback.format_exc())
