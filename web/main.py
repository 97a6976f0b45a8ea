"""Browser entry point: PyScript runs this file once Pyodide and vinci-core are loaded.

How the page is put together (see also app.js and README "How the site is built"):

* ``index.html`` loads app.js (the thin JS bridge, ``js.vinci``), PyScript and this file.
  pyscript.json makes Pyodide install ``vinci-core`` (and pydantic) from the site itself.
* :func:`boot` imports the engine, builds the :class:`App`, hands app.js one event handler
  and finally calls ``vinci.ready(digest)``, which sets ``<html data-ready="1">`` (the
  marker every end-to-end test waits for). Any exception on the way is shown on the page
  through ``vinci.fail`` instead of leaving a blank page.
* The UI belongs in :class:`App`: ``render()`` draws the DOM from the engine state,
  ``on_event(detail)`` receives every click that app.js forwards (elements with
  ``data-action``, ``data-province`` or ``data-slot``) as a dict, and ``self.save()``
  / ``self.load()`` use localStorage through the bridge. After each change, call
  ``self.publish()`` so ``<html data-digest>`` carries the engine's digest.
"""

from __future__ import annotations

import json
import sys
import traceback
from importlib import metadata
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

BRIDGE = js.vinci  # defined by app.js
STORAGE_KEY = "vinci.autosave.v1"

# create_proxy handles must stay referenced or the handler is garbage-collected.
_PROXIES: list[Any] = []

# A two-province board validated and compiled in the page: proves that the engine and
# pydantic-core (WebAssembly) really run here even before the Europe map ships.
_SELF_CHECK_MAP = {
    "id": "self-check",
    "name": "Self-check",
    "provinces": {
        "a": {"name": "Alpha", "terrain": "farmland", "neighbours": ["b"], "edge": True},
        "b": {"name": "Beta", "terrain": "mountain", "neighbours": ["a"], "seas": ["s"]},
    },
    "seas": {"s": {"name": "Sea", "edge": True}},
}


def element(id_: str) -> Any:
    return js.document.getElementById(id_)


def make(tag: str, text: str | None = None, **attrs: str) -> Any:
    """A DOM element with text content (never innerHTML) and attributes (``data_x`` -> data-x)."""
    node = js.document.createElement(tag)
    if text is not None:
        node.textContent = text
    for key, value in attrs.items():
        node.setAttribute(key.replace("_", "-"), value)
    return node


class App:
    """The page's state and behaviour. The game UI grows here; JS only forwards events."""

    def __init__(self, vc: Any) -> None:
        self.vc = vc
        self.state: Any = None  # a vinci_core game state once the engine provides one
        self.report: list[tuple[str, str, str]] = []  # (test id, label, value)

    # ---------------------------------------------------------------- engine

    def start(self) -> None:
        """Gather what the engine can show right now (defensive while the engine grows)."""
        vc = self.vc
        from vinci_core import maps

        self.report.append(("engine-version", "vinci-core", _version("vinci-core")))
        self.report.append(("python-version", "Python", sys.version.split()[0]))
        self.report.append(("pydantic-version", "pydantic", _version("pydantic")))

        board = maps.register_map(_SELF_CHECK_MAP)
        self.report.append(
            ("engine-check", "Engine self-check",
             f"ok: {len(board.ids)} provinces compiled, fingerprint {board.fingerprint}")
        )
        try:
            europe = maps.load_map("europe")
            self.report.append(
                ("map", "Europe map",
                 f"{len(europe.ids)} provinces, {len(europe.sea_ids)} sea zones, "
                 f"fingerprint {europe.fingerprint}")
            )
        except KeyError:
            self.report.append(("map", "Europe map", "not shipped yet"))

        if hasattr(vc, "new_game") and hasattr(vc, "GameConfig"):
            try:
                cfg = vc.GameConfig(seats=[vc.Seat(name="Ann"), vc.Seat(name="Bob")], seed=7)
                self.state = vc.new_game(cfg)
                self.report.append(
                    ("game", "New game", f"{len(self.state.legal_actions())} legal actions")
                )
            except Exception as exc:  # the engine is still being written
                self.report.append(("game", "New game", f"not available: {exc!r}"))
        else:
            self.report.append(("game", "New game", "engine API not there yet"))

    def digest(self) -> str | None:
        if self.state is not None and hasattr(self.vc, "digest"):
            return str(self.vc.digest(self.state))
        return None

    # ---------------------------------------------------------------- persistence

    def save(self) -> None:
        if self.state is not None and hasattr(self.vc, "encode_save"):
            BRIDGE.storage.set(STORAGE_KEY, self.vc.encode_save(self.state))

    def load(self) -> bool:
        text = BRIDGE.storage.get(STORAGE_KEY)
        if not text or not hasattr(self.vc, "decode_save"):
            return False
        try:
            self.state = self.vc.decode_save(text)
        except Exception:  # vc.SaveError: a stale or foreign save is ignored
            BRIDGE.storage.remove(STORAGE_KEY)
            return False
        return True

    # ---------------------------------------------------------------- view

    def render(self) -> None:
        box = element("engine")
        box.replaceChildren()
        rows = make("dl", None, data_testid="engine-report")
        for test_id, label, value in self.report:
            rows.append(make("dt", label))
            rows.append(make("dd", value, data_testid=test_id))
        box.append(rows)

    def publish(self) -> None:
        """Expose the current digest on <html data-digest> (a test hook)."""
        d = self.digest()
        if d is not None:
            BRIDGE.setDigest(d)

    def on_event(self, detail: dict[str, Any]) -> None:
        """One forwarded UI event: {"type": "click", "action", "province", "slot", "value"}."""
        # The game UI dispatches here (choose a province, pick a slot, end turn, ...).


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "unknown"


def boot() -> App | None:
    try:
        import vinci_core as vc

        app = App(vc)
        app.start()
        app.render()

        def handle(event_json: str) -> None:
            try:
                app.on_event(json.loads(event_json))
            except Exception:
                js.console.error(traceback.format_exc())

        proxy = create_proxy(handle)
        _PROXIES.append(proxy)
        BRIDGE.attach(proxy)
        BRIDGE.ready(app.digest())
        return app
    except Exception:
        BRIDGE.fail(traceback.format_exc())
        return None


APP = boot()
