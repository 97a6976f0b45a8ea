"""Browser entry point: PyScript runs this file once Pyodide and vinci-core are loaded.

How the page is put together (see also app.js and README "How the site is built"):

* ``index.html`` holds the page's skeleton (toolbar, board area, side panels, dialogs);
  app.js is the thin JS bridge (``js.vinci``); this file binds the DOM to the engine.
* What is legal, what a click means, prompts, log lines, the saved-games bookkeeping and
  error texts come from pure Python in vinci_core (``session``, ``presenter``, ``svg``),
  tested in CPython. :class:`App` only copies that into the DOM, always through
  ``textContent``/``setAttribute`` (player names are user text, never markup).
* :func:`boot` builds the :class:`App`, hands app.js one event handler and calls
  ``vinci.ready(digest)``, which sets ``<html data-ready="1">``. After every action
  ``<html data-digest>`` carries the engine's digest (the tests' hook), and the game is saved.
* Virtual players play by themselves, one action every :data:`PACE_MS` (``?fast=1``: no
  pause); "Skip animation" plays them at once until a human must act.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
import traceback
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy  # type: ignore[import-not-found]

try:
    from pyodide.ffi import jsnull as JSNULL  # type: ignore[import-not-found]
except ImportError:  # older Pyodide: JS null is None
    JSNULL = None

# No pydantic plugins exist in the page: skip their entry-point scan (30 ms of each start).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

BRIDGE = js.vinci  # defined by app.js
SHARE_PREFIX = "g="
PACE_MS = 400
ZOOMS = (1.0, 1.35, 1.8, 2.4, 3.2)
# Below this width (CSS px, phones) the board opens zoomed in at ZOOMS[PHONE_ZOOM], centred,
# and is panned by touch: at 1x Europe's small provinces are too small to tap.
PHONE_WIDTH = 600
PHONE_ZOOM = 2
MAX_SKIP_ACTIONS = 5000

# create_proxy handles must stay referenced or the handler is garbage-collected.
_PROXIES: list[Any] = []


def element(id_: str) -> Any:
    return js.document.getElementById(id_)


def make(tag: str, text: str | None = None, **attrs: str) -> Any:
    """A DOM element with text content (never innerHTML) and attributes (``data_x`` -> data-x)."""
    node = js.document.createElement(tag)
    if text is not None:
        node.textContent = text
    for key, value in attrs.items():
        node.setAttribute(key.rstrip("_").replace("_", "-"), value)
    return node


def found(node: Any) -> bool:
    """A DOM query's result is an element (JS null is not Python None in Pyodide)."""
    return node is not None and node is not JSNULL


def show(node: Any, on: bool) -> None:
    node.hidden = not on


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
    """The page: one :class:`vinci_core.session.Session` and the DOM that shows it."""

    def __init__(self, vc: Any) -> None:
        from vinci_core import session as session_mod

        self.vc = vc
        self.sm = session_mod
        self.store = session_mod.SaveStore(BridgeStorage())
        self.session: Any = None
        self.game_id: str | None = None
        self.view: dict[str, Any] = {}
        self.report: list[tuple[str, str, str]] = []
        self.hint: dict[str, Any] | None = None  # the strong AI's move shown as a hint
        self.ai_ms: list[float] = []  # the strong AI's decision times (bench hook)
        query = str(BRIDGE.location.query())
        self.fast = "fast=1" in query
        self.pace = 0 if self.fast else PACE_MS
        self.timer_pending = False
        self.skipping = False
        self.espionage = False
        self.zoom = 0
        self.editor: dict[str, Any] | None = None  # the +/- editor's state
        self.counts: dict[str, int] = {}
        self.board_key: str | None = None
        self.nodes: dict[str, tuple[Any, ...]] = {}  # pid -> (path, g, disc, text, fort, dec)
        self.drawn: dict[str, tuple[Any, ...]] = {}  # pid -> what the token group shows
        self.lit: set[str] = set()
        self.log_shown: list[str] = []
        self.hovered: str | None = None
        self.armed: str | None = None  # touch: the target tapped once, waiting for its 2nd tap
        self.over_shown = False
        self.timings: list[float] = []  # ms from an event to the redrawn board (bench hook)

    # ---------------------------------------------------------------- start

    def start(self) -> None:
        vc = self.vc
        import pydantic

        from vinci_core import maps

        # Module attributes, not importlib.metadata: that pulls in the email package (0.1 s).
        self.report.append(("engine-version", "vinci-core", vc.__version__))
        self.report.append(("python-version", "Python", sys.version.split()[0]))
        self.report.append(("pydantic-version", "pydantic", pydantic.VERSION))
        board = maps.register_map(_SELF_CHECK_MAP)
        self.report.append(("engine-check", "Engine self-check",
                            f"ok: {len(board.ids)} provinces compiled, "
                            f"fingerprint {board.fingerprint}"))
        try:
            europe = maps.load_map("europe")
            self.report.append(("map", "Europe map",
                                f"{len(europe.ids)} provinces, {len(europe.sea_ids)} sea "
                                f"zones, fingerprint {europe.fingerprint}"))
        except KeyError:
            self.report.append(("map", "Europe map", "not available"))
        self.render_about()
        self.build_seat_rows()
        self.store_probe()

        shared = str(BRIDGE.location.hash())
        if shared.startswith(SHARE_PREFIX):
            BRIDGE.location.replaceHash("")  # a reload must not import it twice
            self.open_text(shared[len(SHARE_PREFIX):], "link")
        if self.session is None:
            gid = self.store.last_id
            if gid is not None:
                try:
                    self.load(gid, self.store.load(gid), fresh=False)
                except vc.SaveError as exc:
                    self.error(f"The last game could not be resumed: {exc}")
        if self.session is None:
            self.render()
            if not shared.startswith(SHARE_PREFIX):
                self.open_new_game()
        if js.window.innerWidth < PHONE_WIDTH:
            self.set_zoom(PHONE_ZOOM)

    def store_probe(self) -> None:
        probe = "vinci.probe"
        if not BRIDGE.storage.set(probe, "1"):
            self.store.ok = False
        BRIDGE.storage.remove(probe)
        self.render_saving()

    def digest(self) -> str | None:
        return None if self.session is None else str(self.view.get("digest"))

    # ---------------------------------------------------------------- games

    def load(self, gid: str | None, session: Any, fresh: bool = True) -> None:
        """Show ``session``; a fresh game (new, shared, imported) is saved at once, a resumed
        one is only marked as the game to resume."""
        self.session = session
        self.game_id = gid
        self.hint = None
        self.espionage = False
        self.editor = None
        self.over_shown = session.state.is_terminal
        self.log_shown = []
        self.render()
        if fresh:
            self.autosave()
        elif gid is not None:
            self.store.set_last(gid)
        self.schedule_virtual()

    def open_text(self, text: str, what: str) -> bool:
        """A share link's fragment or an imported file: a new saved game, or a clear error."""
        try:
            gid, session = self.store.add_shared(text)
        except self.vc.SaveError as exc:
            self.error(f"This {what} does not hold a valid game: {exc}. Nothing was changed.")
            return False
        self.render_saving()
        self.load(gid if self.store.ok else None, session)
        self.clear_error()
        return True

    def new_game(self) -> None:
        form = self.read_form()
        box = element("new-game-form").querySelector(".form-error")
        try:
            config = self.sm_presenter().config_from_form(form)
            session = self.sm.Session.new(config)
        except (ValueError, KeyError) as exc:
            box.textContent = str(exc).strip("'\"")
            return
        box.textContent = ""
        element("new-game-dialog").close()
        self.load(self.store.new_id(), session)

    def sm_presenter(self) -> Any:
        from vinci_core import presenter

        return presenter

    def autosave(self) -> None:
        if self.session is None:
            return
        if self.game_id is None:
            self.game_id = self.store.new_id()
        self.store.put(self.game_id, self.session)
        self.render_saving()

    # ---------------------------------------------------------------- acting

    def act(self, action: dict[str, Any]) -> None:
        if self.session is None:
            return
        try:
            self.session.act(action)
        except (self.vc.IllegalAction, self.vc.ActionError) as exc:
            rule = getattr(exc, "rule", "")
            msg = getattr(exc, "message", str(exc))
            self.error(f"{msg} ({rule})" if rule else str(msg))
            return
        self.clear_error()
        self.after_action()

    def after_action(self) -> None:
        self.editor = None
        self.hint = None
        self.espionage = False
        self.render()
        self.autosave()
        self.schedule_virtual()

    # ---------------------------------------------------------------- AI seats and hints
    # (issue 13) The AI of a virtual seat plays at the level in its config through
    # Session.play_ai, which logs its reason; Session.hint gives the strong AI's move for a
    # human, shown and highlighted here without being played.

    def virtual_action(self) -> bool:
        strong = self.view.get("ai_level") == "strong"
        t0 = time.perf_counter()
        played = bool(self.session.play_ai())
        if played and strong:  # bench hook: decision times of the strong level, in ms
            self.ai_ms.append((time.perf_counter() - t0) * 1000)
            del self.ai_ms[:-1000]
            js.document.documentElement.setAttribute(
                "data-ai-ms", ",".join(f"{ms:.1f}" for ms in self.ai_ms))
        return played

    def show_hint(self) -> None:
        if self.session is None or self.busy():
            return
        self.hint = self.session.hint()
        self.render_hint()

    def render_hint(self) -> None:
        box = element("hint-text")
        hint = self.hint
        show(box, hint is not None)
        for node in js.document.querySelectorAll(".hinted"):
            node.classList.remove("hinted")
        if hint is None:
            return
        box.textContent = hint["text"]
        for pid in hint["provinces"]:
            if pid in self.nodes:
                self.nodes[pid][0].classList.add("hinted")
        if hint["slot"] is not None:
            slot = js.document.querySelector(f"[data-testid=slot-{hint['slot']}]")
            if found(slot):
                slot.classList.add("hinted")

    def render_notice(self) -> None:
        box = element("ai-notice")
        notice = self.view.get("notice") or ""
        show(box, bool(notice))
        box.textContent = notice

    def schedule_virtual(self) -> None:
        if self.timer_pending or self.session is None or not self.view.get("virtual_to_act"):
            self.skipping = False
            self.render_virtual()
            return
        self.timer_pending = True
        self.render_virtual()
        BRIDGE.later(0 if self.skipping else self.pace, create_once_callable(self.virtual_tick))

    def virtual_tick(self) -> None:
        self.timer_pending = False
        try:
            if self.session is None:
                return
            if self.skipping:
                for _ in range(MAX_SKIP_ACTIONS):
                    if not self.virtual_action():
                        break
            else:
                self.virtual_action()
            self.after_action()
        except Exception:
            js.console.error(traceback.format_exc())

    # ---------------------------------------------------------------- events

    def on_event(self, detail: dict[str, Any]) -> None:
        """One forwarded UI event (see app.js)."""
        kind = detail.get("type")
        if kind == "hover":
            self.hover(detail.get("province"))
            return
        if kind == "import":
            self.open_text(str(detail.get("value") or ""), "file")
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

    def busy(self) -> bool:
        return self.session is None or bool(self.view.get("virtual_to_act"))

    def click_province(self, pid: str, touch: bool = False) -> None:
        if self.busy():
            return
        if self.editor is not None:
            self.edit(pid, +1)
            return
        target = self.view.get("targets", {}).get(pid)
        if target is None:
            self.arm(None)
            self.hover(pid)
            return
        if touch and pid != self.armed:  # no hover on a touch screen: show, then confirm
            self.arm(pid)
            return
        self.arm(None)
        action = target["action"]
        if self.espionage and "espionage" in target:
            action = target["espionage"]
        self.act(action)

    def arm(self, pid: str | None) -> None:
        """Touch screens: the first tap on a target marks it and shows what it would do and
        cost (what a mouse shows on hover); a second tap on it acts."""
        if self.armed in self.nodes:
            self.nodes[self.armed][0].classList.remove("armed")
        self.armed = pid
        if pid is not None:
            self.nodes[pid][0].classList.add("armed")
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
        elif action == "place-all":
            self.place_all()
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
        elif action == "open-new-game":
            self.open_new_game()
        elif action == "start-game":
            self.new_game()
        elif action == "close-dialog":
            element(str(value)).close()
        elif action == "open-saves":
            self.open_saves()
        elif action == "continue":
            self.continue_game(str(value))
        elif action == "delete":
            self.store.delete(str(value))
            if value == self.game_id:
                self.game_id = None  # the game on screen stays; it is saved anew on next move
            self.render_saving()
            self.render_saves()
        elif action == "share":
            self.share()
        elif action == "copy-link":
            BRIDGE.copy(element("share-link").value)
            element("share-dialog").querySelector(".share-note").textContent = "Link copied."
        elif action == "export":
            self.export()
        elif action == "dismiss-error":
            self.clear_error()
        elif action in ("zoom-in", "zoom-out", "zoom-fit"):
            step = {"zoom-in": 1, "zoom-out": -1, "zoom-fit": -99}[action]
            self.set_zoom(self.zoom + step)

    def set_zoom(self, index: int) -> None:
        """Zoom the board, keeping the point at the centre of the view where it is."""
        box = element("board")
        fx = (box.scrollLeft + box.clientWidth / 2) / max(1, box.scrollWidth)
        fy = (box.scrollTop + box.clientHeight / 2) / max(1, box.scrollHeight)
        self.zoom = max(0, min(len(ZOOMS) - 1, index))
        box.style.setProperty("--zoom", str(ZOOMS[self.zoom]))
        box.scrollLeft = fx * box.scrollWidth - box.clientWidth / 2
        box.scrollTop = fy * box.scrollHeight - box.clientHeight / 2

    def continue_game(self, gid: str) -> None:
        try:
            session = self.store.load(gid)
        except self.vc.SaveError as exc:
            self.error(f"This saved game cannot be opened: {exc}")
            return
        element("saves-dialog").close()
        self.clear_error()
        self.load(gid, session, fresh=False)

    # ---------------------------------------------------------------- placement editor

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
        if delta > 0 and left <= 0:
            self.error("No token left in hand: take one from another province first.")
            return
        add[pid] = max(0, add.get(pid, 0) + delta)
        self.clear_error()
        self.render_editor()
        self.render_tokens()

    def place_all(self) -> None:
        if self.view.get("editor") is None or self.busy():
            return
        add = self.editor_counts()
        self.act({"kind": "place_all", "placement": {p: n for p, n in add.items() if n}})

    # ---------------------------------------------------------------- dialogs

    def open_new_game(self) -> None:
        dialog = element("new-game-dialog")
        if not dialog.open:
            dialog.showModal()
        self.update_seat_rows()

    def build_seat_rows(self) -> None:
        from vinci_core.presenter import SEAT_COLOURS

        rows = element("seat-rows")
        defaults = ("You", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6")
        for i in range(6):
            li = make("li", None, class_="seat-row")
            name = make("input", None, name=f"name{i}", maxlength="40", autocomplete="off",
                        data_testid=f"name-{i}", aria_label=f"Name of player {i + 1}")
            name.value = defaults[i]
            colour = make("input", None, type="color", name=f"colour{i}",
                          data_testid=f"colour-{i}", aria_label=f"Colour of player {i + 1}")
            colour.value = SEAT_COLOURS[i]
            li.append(name, colour)
            rows.append(li)
        form = element("new-game-form")
        handler = create_proxy(self.on_form_change)
        _PROXIES.append(handler)
        form.addEventListener("change", handler)

    def on_form_change(self, event: Any) -> None:
        """The edition preset sets its options; an option changed by hand names the preset
        it now matches (or "custom")."""
        from vinci_core.presenter import edition_fields, edition_of_fields

        form = element("new-game-form")
        name = str(getattr(event.target, "name", "") or "")
        if name == "edition":
            for key, value in edition_fields(str(event.target.value)).items():
                form.querySelector(f"[name={key}]").value = value
        elif name in edition_fields("dutch"):
            fields = {key: str(form.querySelector(f"[name={key}]").value)
                      for key in edition_fields("dutch")}
            form.querySelector("[name=edition]").value = edition_of_fields(fields)
        self.update_seat_rows()

    def update_seat_rows(self) -> None:
        form = element("new-game-form")
        mode = form.querySelector("input[name=mode]:checked").value
        count = int(form.querySelector("select[name=count]").value)
        shown = {"solo": 1, "two_player": 2}.get(mode, count)
        show(form.querySelector(".count-row"), mode == "hotseat")
        for i, li in enumerate(form.querySelectorAll(".seat-row")):
            show(li, i < shown)
        self.build_level_rows(str(mode), count)

    def build_level_rows(self, mode: str, count: int) -> None:
        """(issue 13) One level selector per seat an AI may play (presenter.level_rows);
        a choice already made in a row is kept when the rows are rebuilt."""
        from vinci_core.presenter import level_rows

        box = element("level-rows")
        key = f"{mode}:{count}"
        if box.getAttribute("data-key") == key:
            return
        box.setAttribute("data-key", key)
        box.replaceChildren()
        for i, row in enumerate(level_rows(mode, count)):
            select = make("select", None, name=f"level{i}", data_testid=f"level-{i}")
            for option in row["options"]:
                select.append(make("option", option["label"], value=option["value"]))
            label = make("label", None)
            label.append(make("span", row["label"]), select)
            li = make("li")
            li.append(label)
            box.append(li)

    def read_form(self) -> dict[str, Any]:
        form = element("new-game-form")
        mode = str(form.querySelector("input[name=mode]:checked").value)
        count = int(form.querySelector("select[name=count]").value)
        shown = {"solo": 1, "two_player": 2}.get(mode, count)
        names = [str(form.querySelector(f"[name=name{i}]").value) for i in range(shown)]
        colours = [str(form.querySelector(f"[name=colour{i}]").value) for i in range(shown)]
        levels = [str(node.value) for node in
                  element("level-rows").querySelectorAll("select")]
        out: dict[str, Any] = {"mode": mode, "names": names, "colours": colours,
                               "levels": levels, "random_seed": random.getrandbits(62)}
        for key in ("seed", "target_vp", "edition", "decline_contact",
                    "defender_redistribution", "tile_counts", "automatic_decline",
                    "cut_off_tokens"):
            out[key] = str(form.querySelector(f"[name={key}]").value)
        return out

    def open_saves(self) -> None:
        self.render_saves()
        dialog = element("saves-dialog")
        if not dialog.open:
            dialog.showModal()

    def render_saves(self) -> None:
        box = element("saves-list")
        box.replaceChildren()
        entries = self.store.entries()
        show(element("saves-dialog").querySelector(".empty"), not entries)
        for e in entries:
            li = make("li", None, data_game=e["id"])
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(float(e.get("updated", 0))))
            current = " (on screen)" if e["id"] == self.game_id else ""
            info = make("div", None, class_="info")
            info.append(make("strong", str(e.get("title", "?"))),
                        make("span", f"{e.get('status', '')} · {when}{current}"))
            li.append(info,
                      make("button", "Continue", type="button", data_action="continue",
                           data_value=e["id"], data_testid="continue"),
                      make("button", "Delete", type="button", data_action="delete",
                           data_value=e["id"], data_testid="delete", class_="danger"))
            box.append(li)

    def share(self) -> None:
        if self.session is None:
            return
        link = f"{BRIDGE.location.base()}#{SHARE_PREFIX}{self.session.save()}"
        element("share-link").value = link
        element("share-dialog").querySelector(".share-note").textContent = ""
        dialog = element("share-dialog")
        if not dialog.open:
            dialog.showModal()
        element("share-link").select()

    def export(self) -> None:
        if self.session is None:
            return
        names = "-".join(s.name for s in self.session.state.config.seats)
        safe = "".join(c if c.isalnum() else "-" for c in names)[:40].strip("-") or "game"
        BRIDGE.download(f"vinci-{safe}-round{self.session.state.round}.vinci",
                        self.session.save())

    # ---------------------------------------------------------------- messages

    def error(self, text: str) -> None:
        element("error-text").textContent = text
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

        ed = self.view.get("editor")
        if ed is not None and pid in ed["base"] and not self.view.get("virtual_to_act"):
            n = ed["base"][pid] + self.editor_counts().get(pid, 0)
            name = self.session.state.board.province(pid).name
            box.textContent = f"{name}: {n} token{'s' * (n != 1)} planned. Click to add one."
            return
        target = self.view.get("targets", {}).get(pid)
        text = cost_text(self.session.state, pid, target)
        box.textContent = text + (" Tap again to confirm." if pid == self.armed else "")

    # ---------------------------------------------------------------- rendering

    def render(self) -> None:
        has_game = self.session is not None
        show(element("welcome"), not has_game)
        show(js.document.querySelector("[data-testid=status]"), has_game)
        for tid in ("share", "export"):
            js.document.querySelector(f"[data-testid={tid}]").disabled = not has_game
        if not has_game:
            js.document.querySelector("[data-testid=undo]").disabled = True
            return
        self.view = self.session.view()
        self.ensure_board()
        self.render_tokens()
        self.render_targets()
        self.render_status()
        self.render_controls()
        self.render_display()
        self.render_players()
        self.render_chart()
        self.render_log()
        self.render_virtual()
        self.render_notice()
        self.render_hint()
        show(js.document.querySelector("[data-testid=hint]"),
             not self.view.get("virtual_to_act") and not self.view["terminal"])
        if self.hovered:
            self.hover(self.hovered)
        BRIDGE.setDigest(self.view["digest"])
        # Test hooks next to data-digest: the phase and who must act (human, virtual, over).
        root = js.document.documentElement
        root.dataset.phase = self.view["phase"]
        root.dataset.actor = ("over" if self.view["terminal"] else
                              "virtual" if self.view.get("virtual_to_act") else "human")
        if self.view["terminal"] and not self.over_shown:
            self.over_shown = True
            self.render_over()

    def ensure_board(self) -> None:
        state = self.session.state
        key = state.board.fingerprint
        if key == self.board_key:
            return
        from vinci_core.svg import board_svg

        holder = element("board")
        # board_svg escapes every name: the one place markup is inserted.
        holder.innerHTML = board_svg(state.board)
        svg = holder.querySelector("svg")
        svg.setAttribute("preserveAspectRatio", "xMidYMid meet")
        holder.scrollLeft = (holder.scrollWidth - holder.clientWidth) / 2  # zoomed: centred
        holder.scrollTop = (holder.scrollHeight - holder.clientHeight) / 2
        self.board_key = key
        self.nodes = {}
        for pid in state.board.ids:
            path = holder.querySelector(f'[data-province="{pid}"]')
            g = holder.querySelector(f'[data-token="{pid}"]')
            if not found(path) or not found(g):
                self.nodes[pid] = (path, None, None, None, None, None)
                continue
            self.nodes[pid] = (path, g, g.querySelector(".disc"), g.querySelector(".count"),
                               g.querySelector(".fort"), g.querySelector(".decline"))
        self.drawn = {}
        self.lit = set()

    def render_tokens(self) -> None:
        from vinci_core.svg import NEUTRAL_COLOUR, _contrast

        board = self.view["board"]
        preview: dict[str, int] = {}
        ed = self.view.get("editor")
        if ed is not None and not self.view.get("virtual_to_act"):
            add = self.editor_counts()
            preview = {p: ed["base"][p] + add.get(p, 0) for p in ed["base"]}
        for pid, b in board.items():
            nodes = self.nodes.get(pid)
            if nodes is None or nodes[1] is None:
                continue
            tokens = preview.get(pid, b["tokens"])
            owner = b["owner"]
            colour = b["colour"] or NEUTRAL_COLOUR
            want = (tokens, colour, bool(b["fort"]), bool(b["declined"]),
                    bool(tokens or owner is not None or pid in preview), pid in preview)
            if self.drawn.get(pid) == want:
                continue
            self.drawn[pid] = want
            _, g, disc, text, fort, dec = nodes
            g.setAttribute("visibility", "visible" if want[4] else "hidden")
            disc.setAttribute("fill", colour)
            text.setAttribute("fill", _contrast(colour))
            text.textContent = str(tokens)
            fort.setAttribute("visibility", "visible" if want[2] else "hidden")
            dec.setAttribute("visibility", "visible" if want[3] else "hidden")
            g.classList.toggle("preview", want[5])

    def render_targets(self) -> None:
        targets = self.view.get("targets", {})
        ed = self.view.get("editor")
        human = not self.view.get("virtual_to_act")
        if ed is not None:
            lit = set(ed["base"]) if human else set()
        else:
            lit = set(targets) if human else set()
        for pid in self.lit - lit:
            path = self.nodes[pid][0]
            path.classList.remove("target", "spy")
            path.removeAttribute("data-cost")
        for pid in lit:
            path = self.nodes[pid][0]
            path.classList.add("target")
            t = targets.get(pid) or {}
            path.classList.toggle("spy", "espionage" in t)
            if "cost" in t:
                path.setAttribute("data-cost", str(t["cost"]))
            else:
                path.removeAttribute("data-cost")
        self.lit = lit
        if self.armed is not None and (self.armed not in targets or not human):
            self.arm(None)  # the game moved on: a pending tap no longer applies
        element("board").classList.toggle("acting", bool(lit))

    def render_status(self) -> None:
        v = self.view
        seat = v["current_player"]
        who = element("turn-who")
        if seat is None:
            who.querySelector(".nm").textContent = "Game over"
            who.querySelector(".dot").style.background = "transparent"
        else:
            p = v["players"][seat]
            who.querySelector(".nm").textContent = p["name"] + (" (virtual)" if p["virtual"]
                                                               else "")
            who.querySelector(".dot").style.background = p["colour"]
        element("turn-round").textContent = f"Round {v['round']} · target {v['target_vp']} VP" \
            + (" · final round" if v.get("final_round") else "")
        element("turn-phase").textContent = v["phase_name"]
        element("prompt").textContent = v["prompt"]
        js.document.querySelector("[data-testid=undo]").disabled = not v["can_undo"]

    def render_controls(self) -> None:
        v = self.view
        c = v["controls"]
        human = not v.get("virtual_to_act") and not v["terminal"]
        q = js.document.querySelector
        show(q("[data-testid=finish-conquest]"), human and c["finish"])
        show(q("[data-testid=end-turn]"), human and c["end_turn"])
        show(q("[data-testid=decline]"), human and c["decline"])
        spy = human and any("espionage" in t for t in v["targets"].values())
        if not spy:
            self.espionage = False
        button = q("[data-testid=espionage]")
        show(button, spy)
        button.setAttribute("aria-pressed", "true" if self.espionage else "false")
        button.textContent = ("Espionage on: click a province (cost 2)" if self.espionage
                              else "Use Espionage")
        box = element("diplomacy")
        box.replaceChildren()
        if human and c["diplomacy"]:
            box.append(make("span", "Make peace with:", class_="lbl"))
            for seat in c["diplomacy"]:
                p = v["players"][seat]
                b = make("button", p["name"], type="button", data_action="diplomacy",
                         data_value=str(seat), data_testid=f"diplomacy-{seat}")
                b.style.setProperty("--c", p["colour"])
                box.append(b)
        show(box, human and bool(c["diplomacy"]))
        ab = element("abandon")
        lst = ab.querySelector(".list")
        lst.replaceChildren()
        names = {pid: self.session.state.board.province(pid).name for pid in c["abandon"]}
        for pid in c["abandon"]:
            lst.append(make("button", names[pid], type="button", data_action="abandon",
                            data_value=pid, data_testid=f"abandon-{pid}"))
        show(ab, human and bool(c["abandon"]))
        self.render_editor()
        show(element("controls"), human and (c["finish"] or c["end_turn"] or c["decline"] or spy
                                             or bool(c["diplomacy"]) or bool(c["abandon"])
                                             or v.get("editor") is not None))

    def render_editor(self) -> None:
        box = element("editor")
        ed = self.view.get("editor")
        if ed is None or self.view.get("virtual_to_act"):
            show(box, False)
            return
        show(box, True)
        add = self.editor_counts()
        left = ed["total"] - sum(add.values())
        title = ("Reorganize your empire" if ed["kind"] == "reorganize"
                 else "Place the tokens you got back")
        box.querySelector(".title").textContent = title
        box.querySelector(".left").textContent = (
            f"{left} token{'s' * (left != 1)} left to place" if left
            else "All tokens placed: confirm.")
        rows = box.querySelector(".rows")
        rows.replaceChildren()
        board = self.session.state.board
        for pid, base in ed["base"].items():
            n = base + add.get(pid, 0)
            li = make("li", None, data_row=pid)
            li.append(make("span", board.province(pid).name, class_="pname"),
                      make("button", "−", type="button", class_="icon", data_action="dec",
                           data_value=pid, data_testid=f"dec-{pid}",
                           aria_label=f"One token less in {board.province(pid).name}"),
                      make("output", str(n), data_testid=f"count-{pid}"),
                      make("button", "+", type="button", class_="icon", data_action="inc",
                           data_value=pid, data_testid=f"inc-{pid}",
                           aria_label=f"One token more in {board.province(pid).name}"))
            rows.append(li)
        box.querySelector("[data-testid=place-all]").disabled = left != 0

    def render_display(self) -> None:
        from vinci_core.presenter import tile_name
        from vinci_core.tiles import TILES

        v = self.view
        box = element("display")
        box.replaceChildren()
        choosable = set(v["controls"]["choose"]) if not v.get("virtual_to_act") else set()
        for slot in v["display"]:
            k = slot["slot"]
            b = make("button", None, type="button", class_="slot", data_slot=str(k),
                     data_testid=f"slot-{k}")
            if k not in choosable:
                b.disabled = True
            a, t = slot["tiles"]
            tiles = make("span", None, class_="tiles")
            for tid in (a, t):
                tile = TILES[tid]
                chip = make("span", None, class_="tile", title=tile.summary)
                chip.append(make("b", tile_name(tid)))
                if tile.tokens is not None:
                    chip.append(make("i", f"+{tile.tokens}"))
                tiles.append(chip)
            meta = make("span", None, class_="meta")
            meta.append(make("span", f"{slot['tokens']} tokens", class_="tok"))
            meta.append(make("span", f"cost {slot['cost']}" if slot["cost"] else "free",
                             class_="cost"))
            if slot["coins"]:
                meta.append(make("span", f"+{slot['coins']} coin{'s' * (slot['coins'] != 1)}",
                                 class_="coins"))
            b.append(make("span", str(k), class_="num"), tiles, meta)
            li = make("li")
            li.append(b)
            box.append(li)

    def render_players(self) -> None:
        from vinci_core.presenter import tile_name

        v = self.view
        box = element("players")
        box.replaceChildren()
        for p in v["players"]:
            card = make("div", None, class_="player", data_seat=str(p["seat"]),
                        data_testid=f"player-{p['seat']}")
            if p["seat"] == v["current_player"]:
                card.classList.add("current")
            card.style.setProperty("--c", p["colour"])
            head = make("div", None, class_="head")
            head.append(make("span", None, class_="swatch"),
                        make("span", p["name"] + (" · virtual" if p["virtual"] else ""),
                             class_="pname"),
                        make("span", f"{p['score']} VP", class_="score",
                             data_testid=f"score-{p['seat']}"))
            card.append(head)
            if p["active"]:
                a = p["active"]
                line = make("div", None, class_="civ")
                line.append(make("span", "Active", class_="tag"),
                            make("span", " + ".join(tile_name(t) for t in a["tiles"])))
                card.append(line)
                card.append(make("div", f"{a['provinces']} provinces · {a['tokens_on_board']} "
                                        f"tokens on the board · {p['hand']} in hand",
                                 class_="facts"))
            else:
                card.append(make("div", "No active civilization", class_="facts"))
            if p["declined"]:
                d = p["declined"]
                line = make("div", None, class_="civ declined")
                line.append(make("span", "Declined", class_="tag"),
                            make("span", " + ".join(tile_name(t) for t in d["tiles"])
                                 + f" · {d['provinces']} provinces"))
                card.append(line)
            box.append(card)

    def render_chart(self) -> None:
        from vinci_core.svg import score_chart_svg

        v = self.view
        holder = element("chart")
        # Names are escaped by score_chart_svg.
        holder.innerHTML = score_chart_svg(v["rounds"], v["players"], v["target_vp"])

    def render_log(self) -> None:
        lines = self.view["log"]
        box = element("log")
        shown = self.log_shown
        if lines[:len(shown)] != shown or len(lines) < len(shown):
            box.replaceChildren()
            shown = []
        for line in lines[len(shown):]:
            box.append(make("li", line))
        self.log_shown = list(lines)
        box.scrollTop = box.scrollHeight

    def render_virtual(self) -> None:
        box = element("virtual-status")
        on = bool(self.view.get("virtual_to_act")) and self.session is not None
        show(box, on)
        if on:
            seat = self.view["current_player"]
            name = self.view["players"][seat]["name"]
            thinking = self.view.get("ai_level") == "strong"
            box.querySelector(".txt").textContent = (f"{name} is thinking…" if thinking
                                                     else f"{name} is playing…")

    def render_over(self) -> None:
        v = self.view
        dialog = element("over-dialog")
        ranking = v["ranking"]
        winners = [r["name"] for r in ranking if r["winner"]]
        dialog.querySelector(".winner").textContent = (
            " and ".join(winners) + (" share the victory." if len(winners) > 1 else " wins."))
        box = element("ranking")
        box.replaceChildren()
        for r in ranking:
            li = make("li", None, data_seat=str(r["seat"]))
            sw = make("span", None, class_="swatch")
            sw.style.background = r["colour"]
            li.append(make("span", str(r["rank"]), class_="rank"), sw,
                      make("span", r["name"], class_="pname"),
                      make("span", f"{r['score']} VP", class_="score"))
            box.append(li)
        if not dialog.open:
            dialog.showModal()

    def render_about(self) -> None:
        box = element("engine")
        box.replaceChildren()
        rows = make("dl", None, data_testid="engine-report")
        for test_id, label, value in self.report:
            rows.append(make("dt", label))
            rows.append(make("dd", value, data_testid=test_id))
        box.append(rows)


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
        _PROXIES.append(proxy)
        BRIDGE.attach(proxy)
        app.start()
        BRIDGE.ready(app.digest())
        return app
    except Exception:
        BRIDGE.fail(traceback.format_exc())
        return None


APP = boot()
