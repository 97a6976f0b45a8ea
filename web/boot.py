"""The page's start (issue 30): PyScript runs this script once Python is up.

index.html names it with its config (pyscript.json): PyScript starts the site's own Pyodide
(``interpreter``), installs our ``vinci-core`` wheel from the site's pyodide-lock.json while
Python boots (``packages_cache: "passthrough"``: Pyodide's own loader, no micropip, nothing
from another origin), and unpacks the page's own Python (web/main.py and web/ui/, with
bytecode: ``files``' page.zip) into the working folder, which is on ``sys.path``.

pydantic validates only what comes in from outside (a share link, a file, a save, the new-game
form, an action: vinci_core.turn.schemas), and a first render shows no game, so a first visit
renders without it and loads it right after (its wheels, listed in the lock, and
pydantic-core's WebAssembly were about half of a cold start). So the lock's ``vinci-core``
entry does not depend on pydantic (build_site.write_lock), and this script loads it: after
the first render, or first of all when the start opens a link or resumes a saved game (then
it is imported before the first render). Until App.edges_ready has run, main.py keeps any
event that needs it and handles it then.

Our Python runs in steps, each a browser task of its own (``await asyncio.sleep(0)``: the
browser paints, the progress bar moves, and handles input in between). In one go, the first
render held the page for 0.2 to 0.6 s and pydantic's import for 0.5 to 2.2 s on a loaded
machine (issue 29; bench/web.py first_visit_long_tasks reads the marks of each step).
"""

import asyncio
import importlib
import os
import traceback

import js  # type: ignore[import-not-found]
import pyodide_js  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy, to_js  # type: ignore[import-not-found]

# No pydantic plugins exist in the page: skip their entry-point scan (30 ms of each start).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

EDGES = ["pydantic"]  # and, through the lock, its dependencies
ENTRY = "main"  # main.py, from page.zip
LINK = "#g="  # vinci_core.table.store.LINK_KEY: the address holds a game
LAST_GAME = "vinci.last"  # vinci_core.table.store.SaveStore.LAST: a game to resume

# The modules main.py imports for a first render (build_site.FIRST_RENDER_MODULES and the
# page's own ui/), in groups imported one group per task before main.py itself.
FIRST_IMPORTS = (
    ("vinci_core",), ("vinci_core.text.i18n",),
    ("vinci_core.table.newgame", "vinci_core.table.store"),
    ("vinci_core.words.reference_labels", "vinci_core.words.guide_labels"),
    ("ui.dom", "ui.panels", "ui.dialogs", "ui.language"),
    ("ui.reference", "ui.guide", "ui.games", "ui.board", "ui.log"),
    ("ui.about", "ui.chart", "ui.editor", "ui.hint", "ui.notices", "ui.relay", "ui.replay",
     "ui.review", "ui.virtual", "ui.watchdog"),
    ("ui.actions", "ui.edges", "ui.errors", "ui.links", "ui.newgame", "ui.phone", "ui.targets"),
)


def mark(name):
    """A mark for bench/web.py and the tests (which task made it), and the progress bar."""
    js.performance.mark(name)
    js.window.vinci.bootStep()


async def next_task():
    """End this browser task: the page paints and handles input before the next step."""
    await asyncio.sleep(0)


async def run_steps(steps):
    """Run a generator of main.py a step per task (each ``yield`` ends a step and names it)."""
    for name in steps:
        js.performance.mark(f"vinci-step {name}")
        js.window.vinci.bootStep()
        await next_task()


def start_needs_edges():
    if js.location.hash.startswith(LINK):
        return True
    try:
        return bool(js.localStorage.getItem(LAST_GAME))
    except Exception:  # storage refused: there is no saved game to resume
        return False


# Pyodide's loader says each package it loads on the console: not here.
QUIET = create_proxy(lambda _message: None)


def load_edges():
    """pydantic's wheels, installed by Pyodide (the lock's sha256 checked): a JS promise."""
    return pyodide_js.loadPackage(to_js(EDGES), messageCallback=QUIET)


async def import_first_render():
    """Our first render's modules, a group per task (bench/web.py first_visit_long_tasks)."""
    for names in FIRST_IMPORTS:
        await next_task()
        for name in names:
            try:
                importlib.import_module(name)
            except ImportError:
                pass  # gone or renamed: main.py imports what it needs itself
        js.performance.mark(f"vinci-imported {names[0]}")  # which task is which
        js.window.vinci.bootStep()
    await next_task()


async def boot():
    with_edges = start_needs_edges()
    edges = load_edges() if with_edges else None
    js.performance.mark("vinci-python-booted")  # Python started, our code installed
    js.window.vinci.bootStep()
    await import_first_render()
    main = importlib.import_module(ENTRY)  # the page's shell: it starts in the steps below
    mark("vinci-imported main")
    await next_task()
    if with_edges:
        await edges
        await run_steps(main.import_edges())
    await run_steps(main.boot(with_edges))  # the first render, then vinci.ready()
    if not with_edges:
        js.performance.mark("vinci-edges-requested")  # Pyodide's own work from here
        await load_edges()
        js.performance.mark("vinci-edges-loaded")
        await run_steps(main.import_edges())
        await run_steps(main.edges_loaded())


async def start():
    try:
        await boot()
    except Exception:
        js.window.vinci.fail(traceback.format_exc())


STARTED = asyncio.ensure_future(start())  # the start runs on; kept, so it is not collected
