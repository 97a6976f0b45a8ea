#!/usr/bin/env python3
"""Browser benchmark of the built site: ``.venv/bin/python bench/web.py [--runs N]``.

In one run, with the same vendored Pyodide core and the same Debian Chromium:

* cold load to interactive of our page (navigation start to ``<html data-ready="1">``, new
  browser context each time: empty HTTP cache, no service worker yet) against a bare
  PyScript boot of the same core (the site's own PyScript and Pyodide, its plugins off as
  the page has them, running a one-line script that says ready; target: ours <= 1.3x),
  and against a bare Pyodide boot page (no packages, ready right after ``loadPyodide``),
  twice: with the site's own core (its standard library precompiled by the build) and with
  the npm package's core as shipped (standard library as sources, compiled at every load);
  and, to show where our page's time goes, PyScript with the page's own config (our wheel
  installed, the page's zip unpacked, nothing imported) running the same one-line script;
  the ``boot_breakdown`` measure times the installation of each wheel and each import in
  turn;
* offline reload to interactive (service worker controlling, network off);
* total site size, bytes transferred by a cold load (and by the whole first visit including
  the service worker's precache), and the gzip size a compressing host would send.

Pages are served by play.py's http.server on loopback (http://localhost is a secure
context, so the service worker works as for a real user).

Hooks for later figures (click on a province to redrawn board, a virtual player's turn):
decorate a function with ``@measure("name")``; it gets the :class:`Bench` (``bench.ready_page()``
gives a booted page of the game, ``bench.runs`` the repeat count) and returns a dict of
figures in ms (use :func:`summary` for mean/median/p95), or None when not measurable yet.
"""

from __future__ import annotations

import argparse
import gzip
import html
import json
import os
import statistics
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
import build_site  # noqa: E402
import play  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
BARE_PATH = "/__bench__/bare.html"  # loads the site's ../pyodide/
STOCK_PATH = "/__bench__/stock/bare.html"  # loads ./pyodide/: the npm package's files
STOCK_PREFIX = "/__bench__/stock/pyodide/"
BARE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>bare</title></head>
<body><script type="module">
import { loadPyodide } from "%(core)s/pyodide.mjs";
const py = await loadPyodide({ indexURL: "%(core)s/" });
py.runPython("import sys");
document.documentElement.dataset.ready = "1";
</script></body></html>
"""
# PyScript on the site's core running a one-line script that says ready (READY_PY): bare
# (the site's own PyScript, its plugins off as the page has them), and with the page's own
# config (web/pyscript.json: our wheel installed, the page's zip unpacked, nothing imported).
# (Served beside index.html: PyScript reads a config's interpreter from the page's address.)
PYSCRIPT_PATH = "/__bench__pyscript.html"
PYSCRIPT_OURS_PATH = "/__bench__pyscript-ours.html"
PLUGINS_OFF = json.loads((build_site.WEB / build_site.PAGE_CONFIG).read_text())["plugins"]
PYSCRIPT_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>pyscript</title>
<script type="module" src="./pyscript/core.js"></script></head>
<body><mpy-config hidden>%(plugins)s</mpy-config>
<script type="py" src="./__bench__/ready.py" config="%(config)s"></script></body></html>
"""
READY_PY = b"import js\njs.document.documentElement.dataset.ready = '1'\n"
PYSCRIPT_BARE_CONFIG = {"interpreter": "./pyodide/pyodide.mjs", "plugins": PLUGINS_OFF}
# Where a cold load's time goes after the bare boot: the site's core booted, then each wheel
# installed in turn (ours, then pydantic's, dependencies first; the page installs pydantic
# after its first render), then imports the page makes, each step marked ("boot", "install
# <package>", "import <module>").
BREAKDOWN_PATH = "/__bench__/breakdown.html"
BREAKDOWN_PACKAGES = ["vinci-core", "typing-extensions", "annotated-types", "typing-inspection",
                      "pydantic-core", "pydantic"]
BREAKDOWN_IMPORTS = ["vinci_core", "vinci_core.table.newgame", "pydantic_core", "pydantic.main",
                     "vinci_core.table.session",
                     "vinci_core.table.presenter", "vinci_core.table.svg"]
BREAKDOWN_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>breakdown</title></head>
<body><script type="module">
import { loadPyodide } from "../pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "../pyodide/",
  env: { PYDANTIC_DISABLE_PLUGINS: "__all__" } });
performance.mark("boot");
const lock = await (await fetch("../pyodide/pyodide-lock.json")).json();
for (const name of PACKAGES.filter((n) => n in lock.packages)) {
  await py.loadPackage(name, { messageCallback: () => {} });
  performance.mark("install " + name);
}
for (const name of IMPORTS) {
  py.pyimport(name).destroy();
  performance.mark("import " + name);
}
document.documentElement.dataset.ready = "1";
</script></body></html>
""".replace("PACKAGES", json.dumps(BREAKDOWN_PACKAGES)).replace(
    "IMPORTS", json.dumps(BREAKDOWN_IMPORTS))
HTML_TYPE = "text/html; charset=utf-8"
BARE_PAGES = {
    BARE_PATH: ((BARE_HTML % {"core": "../pyodide"}).encode(), HTML_TYPE),
    STOCK_PATH: ((BARE_HTML % {"core": "./pyodide"}).encode(), HTML_TYPE),
    **{path: ((PYSCRIPT_HTML % {"plugins": json.dumps({"plugins": PLUGINS_OFF}),
                                "config": html.escape(config)}).encode(), HTML_TYPE)
       for path, config in ((PYSCRIPT_PATH, json.dumps(PYSCRIPT_BARE_CONFIG)),
                            (PYSCRIPT_OURS_PATH, "./" + build_site.PAGE_CONFIG))},
    BREAKDOWN_PATH: (BREAKDOWN_HTML.encode(), HTML_TYPE),
    "/__bench__/ready.py": (READY_PY, "text/x-python"),
}
# Records performance.now() (ms since navigation start) when data-ready becomes "1".
READY_PROBE = """
(() => {
  const mark = () => {
    const root = document.documentElement;
    if (root && root.dataset.ready === "1" && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
    }
    // pydantic loaded after the first render (boot.py): what needs it works from here.
    if (root && root.dataset.edges === "1" && window.__edgesAt === undefined) {
      window.__edgesAt = performance.now();
    }
  };
  // Observe the document itself: <html> may not exist yet when this runs.
  new MutationObserver(mark).observe(document, {
    subtree: true, attributes: true, attributeFilter: ["data-ready", "data-edges"],
  });
})();
"""
READY_TIMEOUT_MS = 120_000

MEASURES: list[tuple[str, Callable[..., Any]]] = []
# Measures that take both builds at once with --compare, ``fn(bench, other)`` returning
# (ours, theirs): they alternate between the two pages run by run, so a burst of load on
# the machine falls on both alike.
PAIRED: set[str] = set()


def measure(name: str, paired: bool = False):
    """Register an extra measurement (see the module docstring)."""
    def deco(fn: Callable[..., Any]):
        MEASURES.append((name, fn))
        if paired:
            PAIRED.add(name)
        return fn
    return deco


def summary(samples: list[float]) -> dict:
    s = sorted(samples)
    p95 = s[min(len(s) - 1, round(0.95 * (len(s) - 1)))]
    return {"n": len(s), "mean": round(statistics.fmean(s), 1),
            "median": round(statistics.median(s), 1), "p95": round(p95, 1),
            "min": round(s[0], 1), "max": round(s[-1], 1)}


class BenchHandler(play.SiteHandler):
    """The site, plus the reference pages (bare Pyodide on both cores, PyScript with an empty
    script); counts the body bytes of the site's files it sends."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        path = self.path.split("?")[0]
        if path in BARE_PAGES:
            self._send(*BARE_PAGES[path])
        elif path.startswith(STOCK_PREFIX) and "/" not in path[len(STOCK_PREFIX):]:
            name = path[len(STOCK_PREFIX):]
            if name not in (*build_site.PYODIDE_CORE, "pyodide-lock.json"):
                self.send_error(404)
                return
            data = (self.server.stock / name).read_bytes()  # type: ignore[attr-defined]
            self._send(data, build_site.content_type(name))
        else:
            super().do_GET()

    def _send(self, data: bytes, ctype: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def send_head(self):
        f = super().send_head()
        if f is not None and hasattr(f, "fileno"):
            with self.server.lock:  # type: ignore[attr-defined]
                self.server.sent += os.fstat(f.fileno()).st_size  # type: ignore[attr-defined]
        return f


class Bench:
    def __init__(self, browser, base_url: str, server, runs: int) -> None:
        self.compare_url: str | None = None  # another build's page, loaded in turn (--compare)
        self.browser = browser
        self.base_url = base_url
        self.server = server
        self.runs = runs

    def bytes_sent(self) -> int:
        with self.server.lock:
            return self.server.sent

    def new_context(self, service_workers: str = "block"):
        ctx = self.browser.new_context(service_workers=service_workers)
        ctx.add_init_script(READY_PROBE)
        return ctx

    def load(self, page, url: str) -> float:
        """Navigate and return ms from navigation start to data-ready."""
        page.goto(url, wait_until="commit")
        page.wait_for_function("window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS)
        return float(page.evaluate("window.__readyAt"))

    def ready_page(self, ctx=None):
        """A page of the game that reached data-ready (for @measure hooks)."""
        ctx = ctx or self.new_context()
        page = ctx.new_page()
        self.load(page, self.base_url)
        return page


def bench_cold(bench: Bench) -> dict:
    samples: dict[str, list[float]] = {"bare": [], "stock": [], "pyscript": [],
                                       "pyscript_ours": [], "ours": [], "ours_sw": []}
    edges: list[float] = []  # ours: navigation to pydantic loaded (data-edges), a first visit
    root = bench.base_url.rstrip("/")
    urls = {"bare": root + BARE_PATH, "stock": root + STOCK_PATH,
            "pyscript": root + PYSCRIPT_PATH, "pyscript_ours": root + PYSCRIPT_OURS_PATH}
    if bench.compare_url:
        samples["compare"] = []
        urls["compare"] = bench.compare_url
    transfer = None
    for _ in range(bench.runs):  # alternate so background load hits all alike
        for kind in samples:
            ctx = bench.new_context("allow" if kind == "ours_sw" else "block")
            page = ctx.new_page()
            before = bench.bytes_sent()
            samples[kind].append(bench.load(page, urls.get(kind, bench.base_url)))
            if kind == "ours" and transfer is None:
                transfer = bench.bytes_sent() - before
            if kind == "ours":
                page.wait_for_function("window.__edgesAt !== undefined",
                                       timeout=READY_TIMEOUT_MS)
                edges.append(float(page.evaluate("window.__edgesAt")))
            ctx.close()
    ours = statistics.median(samples["ours"])
    compared: dict = {}
    if samples.get("compare"):
        # Each round loads both builds a few seconds apart, so the difference within a round
        # is less exposed to the machine's drift than the difference of the two medians.
        paired = [o - c for o, c in zip(samples["ours"], samples["compare"], strict=True)]
        compared = {"compare_ms": summary(samples["compare"]),
                    "compare_ratio_median": round(statistics.median(samples["compare"])
                                                  / statistics.median(samples["bare"]), 2),
                    "compare_pyscript_ratio_median": round(
                        statistics.median(samples["compare"])
                        / statistics.median(samples["pyscript"]), 2),
                    "ours_minus_compare_ms": {**summary(paired),
                                              "ours_faster": sum(d < 0 for d in paired)}}
    return {**compared, "bare_ms": summary(samples["bare"]),
            "stock_bare_ms": summary(samples["stock"]),
            "pyscript_empty_ms": summary(samples["pyscript"]),
            "pyscript_our_config_ms": summary(samples["pyscript_ours"]),
            "ours_ms": summary(samples["ours"]),
            "ours_edges_loaded_ms": summary(edges),
            "ours_first_visit_with_sw_ms": summary(samples["ours_sw"]),
            "ratio_median": round(ours / statistics.median(samples["bare"]), 2),
            "pyscript_ratio_median": round(ours / statistics.median(samples["pyscript"]), 2),
            "stock_ratio_median": round(ours / statistics.median(samples["stock"]), 2),
            "cold_transfer_bytes": transfer}


def _offline_page(bench: Bench):
    """A page of ``bench``'s site, its service worker in control, the network cut; with the
    bytes its first visit fetched."""
    ctx = bench.new_context("allow")
    page = ctx.new_page()
    before = bench.bytes_sent()
    bench.load(page, bench.base_url)
    page.wait_for_function("navigator.serviceWorker.controller !== null",
                           timeout=READY_TIMEOUT_MS)
    first_visit = bench.bytes_sent() - before
    # A returning player's browser keeps the snapshot of a started Python that the first
    # visit made once idle (web/pyodide-start.mjs); a build without it has no
    # data-python-snapshot, so nothing to wait for.
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=READY_TIMEOUT_MS)
    ctx.set_offline(True)
    return ctx, page, first_visit


SNAPSHOT_SETTLED = ("() => !['pending', 'making'].includes("
                    "document.documentElement.dataset.pythonSnapshot)")


def _offline_reload(page) -> float:
    page.reload(wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS)
    return float(page.evaluate("window.__readyAt"))


def bench_offline(bench: Bench) -> dict:
    ctx, page, first_visit = _offline_page(bench)
    samples = [_offline_reload(page) for _ in range(bench.runs)]
    ctx.close()
    return {"offline_reload_ms": summary(samples), "first_visit_transfer_bytes": first_visit}


@measure("offline_reload", paired=True)
def offline_reload(bench: Bench, other: Bench | None = None) -> Any:
    """The offline reload of ``load`` alone; with ``other`` (--compare), a page of each
    build reloads in turn, and ours less theirs within each round is summed up too
    (``ours_minus_compare_ms``): the machine's drift falls on both alike."""
    if other is None:
        return bench_offline(bench)["offline_reload_ms"]
    pages = [_offline_page(bench), _offline_page(other)]
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(bench.runs):
        ours.append(_offline_reload(pages[0][1]))
        theirs.append(_offline_reload(pages[1][1]))
    for ctx, _page, _bytes in pages:
        ctx.close()
    paired = [o - t for o, t in zip(ours, theirs, strict=True)]
    return ({**summary(ours), "ours_minus_compare_ms": {
                **summary(paired), "ours_faster": sum(d < 0 for d in paired),
                "standard_error": round(statistics.stdev(paired) / len(paired) ** 0.5, 1)
                if len(paired) > 1 else None}},
            summary(theirs))


def bench_first_visit_disk(playwright, chromium: str, bench: Bench) -> dict:
    """Bytes of a first visit in a real (on-disk) browser profile, service worker included.

    Test contexts keep their HTTP cache in memory and drop the large files, so there the
    worker's precache downloads them again; a user's profile answers those with 304s."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="vinci-profile-") as profile:
        ctx = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, headless=True, args=CHROMIUM_ARGS,
            service_workers="allow")
        page = ctx.new_page()
        before = bench.bytes_sent()
        page.goto(bench.base_url)
        page.wait_for_function("document.documentElement.dataset.ready === '1'",
                               timeout=READY_TIMEOUT_MS)
        page.wait_for_function("navigator.serviceWorker.controller !== null",
                               timeout=READY_TIMEOUT_MS)
        sent = bench.bytes_sent() - before
        ctx.close()
    return {"first_visit_disk_profile_bytes": sent}


def site_sizes(site: Path) -> dict:
    files = build_site.site_files(site)
    raw = sum((site / f).stat().st_size for f in files)
    gz = sum(len(gzip.compress((site / f).read_bytes(), 6)) for f in files)
    return {"site_files": len(files), "site_bytes": raw, "site_gzip_bytes": gz}


# Click on a province -> the frame after the board was redrawn: a capture listener notes the
# click before the page's own handler (which acts and redraws synchronously in Python), then
# waits for the next animation frame and the task after it (the frame has been painted).
CLICK_PROBE = """
(() => {
  window.__clicks = [];
  document.addEventListener("click", (e) => {
    if (!e.target.closest || !e.target.closest("[data-province]")) return;
    const t0 = performance.now();
    requestAnimationFrame(() => setTimeout(() => window.__clicks.push(performance.now() - t0)));
  }, true);
})();
"""


def _game_page(bench: Bench, query: str = "?fast=1"):
    sys.path.insert(0, str(ROOT / "e2e"))
    import game_driver  # the e2e tests' click-only player

    ctx = bench.new_context()
    ctx.add_init_script(CLICK_PROBE)
    page = ctx.new_page()
    bench.load(page, bench.base_url + query)
    return ctx, page, game_driver


def _hot_seat_clicks(bench: Bench, cpu_slowdown: int = 1) -> dict | None:
    """Clicks of a 3-player hot-seat game, each timed from the click to the redrawn board;
    ``cpu_slowdown`` > 1 slows Chromium's CPU (CDP Emulation.setCPUThrottlingRate)."""
    import random

    ctx, page, gd = _game_page(bench)
    cdp = ctx.new_cdp_session(page) if cpu_slowdown > 1 else None
    if cdp is not None:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})
    gd.start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=21)
    rnd = random.Random(21)
    while len(page.evaluate("window.__clicks")) < 20 * bench.runs:
        if gd.wait_human_or_over(page) == "over":
            break
        gd.human_step(page, rnd, max_conquests=6)
    page.wait_for_timeout(100 * (3 if cdp is not None else 1))
    samples = page.evaluate("window.__clicks")
    if cdp is not None:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    ctx.close()
    return summary(samples) if samples else None


@measure("boot_breakdown")
def boot_breakdown(bench: Bench) -> dict | None:
    """Median ms of each step of BREAKDOWN_HTML (cold, a new context each run): the boot
    of the site's core, each wheel installed (ours, then pydantic's), each import; and, on our
    page, navigation start to Python booted (boot.py's mark) and to ``data-ready``."""
    steps: dict[str, list[float]] = {}
    for _ in range(bench.runs):
        for url in (bench.base_url.rstrip("/") + BREAKDOWN_PATH, bench.base_url):
            ctx = bench.new_context()
            page = ctx.new_page()
            bench.load(page, url)
            marks = sorted(page.evaluate(MARKS).items(), key=lambda m: m[1])
            before = 0.0
            for name, at in marks:
                if name.startswith("vinci-"):
                    steps.setdefault("page: " + name, []).append(at)  # from navigation start
                else:
                    steps.setdefault(name, []).append(at - before)
                    before = at
            ctx.close()
    return {name: round(statistics.median(v)) for name, v in steps.items()}


# Chromium's trace of a first visit (issue 29: a first visit once blocked the page for 4.5 s
# on a loaded machine, the progress bar stalled): every task of the page's main thread.
TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline",
                    "blink.user_timing", "loading"]
TASK_EVENTS = ("RunTask", "ThreadControllerImpl::RunTask")  # a main-thread task
OUR_TASK_MS = 200  # our code's tasks after the first paint are held under this
# The scripts of ours a task may run (boot.js: a build before issue 30, compared with --compare).
OUR_JS = ("/app.js", "/boot.js", "/", "/index.html")
EDGES_TIMEOUT_MS = 120_000


def _trace_marks(events: list[dict]) -> dict[str, dict]:
    """boot.py's and app.js's marks (``vinci-…``) in the trace, by name."""
    return {e["name"]: e for e in events if "user_timing" in e.get("cat", "")
            and e["name"].startswith("vinci-") and e.get("ph") in ("R", "I", "i", "n")}


def _main_tasks(events: list[dict], pid: int, tid: int) -> list[dict]:
    """The outermost task events of the page's main thread, in order (a microtask
    checkpoint runs in RunTask, after the inner event ends)."""
    tasks: list[dict] = []
    for e in sorted((e for e in events if e["pid"] == pid and e["tid"] == tid
                     and e.get("ph") == "X" and e["name"] in TASK_EVENTS),
                    key=lambda e: (e["ts"], -e["dur"])):
        if tasks and e["ts"] < tasks[-1]["ts"] + tasks[-1]["dur"]:
            continue  # nested in the task before
        tasks.append(e)
    return tasks


def _pyodide_windows(marks: dict[str, dict]) -> list[tuple[float, float]]:
    """When Pyodide's own code runs and ours waits for it: its boot, PyScript's included (to
    boot.py's ``vinci-python-booted``) and, on a first visit, the installation of pydantic's
    wheels
    (``vinci-edges-requested`` to ``vinci-edges-loaded``; a build without the first mark
    asked for them in the task that made ``vinci-ready``)."""
    windows = [(0.0, marks["vinci-python-booted"]["ts"])]
    if "vinci-edges-loaded" in marks:
        asked = marks.get("vinci-edges-requested", marks["vinci-ready"])["ts"]
        windows.append((asked, marks["vinci-edges-loaded"]["ts"]))
    return windows


def _task_parts(task: dict, windows: list[tuple[float, float]],
                scripts: list[tuple[float, str]]) -> dict[str, float]:
    """A task's time (µs) split into Pyodide's (inside a window of Pyodide's own work) and
    ours (outside them). A task wholly inside a window is ours when the only scripts it ran
    are our JavaScript (app.js, index.html)."""
    start, end = task["ts"], task["ts"] + task["dur"]
    pyodide = sum(max(0.0, min(end, b) - max(start, a)) for a, b in windows)
    if pyodide >= end - start:
        urls = {url for ts, url in scripts if start <= ts < end}
        if urls and all(url.endswith(OUR_JS) for url in urls):
            return {"ours": end - start}
        return {"pyodide": end - start}
    return {"pyodide": pyodide, "ours": end - start - pyodide} if pyodide else \
        {"ours": end - start}


def boot_tasks(trace: dict) -> dict | None:
    """The main-thread tasks of a first visit's trace from the first paint (the progress
    bar) to ``data-edges`` (pydantic and the engine imported), each split by whose code ran
    (:func:`_task_parts`): Pyodide's own boot and its installation of pydantic's wheels, or
    ours (boot.py's import groups and main.py's steps, app.js). Returns the longest task, the
    longest part of each, ours before ``data-ready`` and after it, the tasks of ours longer
    than OUR_TASK_MS, and each step's task (``steps_ms``: the task that made each of boot.py's
    marks, by mark); None when the trace lacks the marks."""
    events = trace["traceEvents"]
    marks = _trace_marks(events)
    if "vinci-ready" not in marks or "vinci-python-booted" not in marks:
        return None
    pid, tid = marks["vinci-ready"]["pid"], marks["vinci-ready"]["tid"]
    paints = [e["ts"] for e in events if e.get("name") == "firstPaint" and e["pid"] == pid]
    if not paints:
        return None
    first, ready = min(paints), marks["vinci-ready"]["ts"]
    last = max(e["ts"] for e in marks.values())  # the last step's mark: data-edges
    tasks = [e for e in _main_tasks(events, pid, tid)
             if e["ts"] + e["dur"] > first and e["ts"] <= last]
    scripts = sorted((e["ts"], (e["args"].get("data") or {}).get("url") or "")
                     for e in events if e["pid"] == pid and e["tid"] == tid
                     and e["name"] in ("FunctionCall", "EvaluateScript"))
    windows = _pyodide_windows(marks)
    thread = [e for e in events if e["pid"] == pid and e["tid"] == tid and e.get("ph") == "X"
              and e["name"] not in TASK_EVENTS]
    rows, steps = [], {}
    for task in tasks:
        parts = _task_parts(task, windows, scripts)
        made = [m for m, e in marks.items() if task["ts"] <= e["ts"] <= task["ts"] + task["dur"]]
        steps.update({m: round(task["dur"] / 1000) for m in made})
        rows.append({"at_ms": round((task["ts"] - first) / 1000), "ms": round(task["dur"] / 1000),
                     **{f"{who}_ms": round(us / 1000) for who, us in parts.items()},
                     "marks": made,  # boot.py's and app.js's marks: what ran there
                     **({"what": _inside(task, thread)} if task["dur"] > OUR_TASK_MS * 1000
                        else {})})
    ready_at = round((ready - first) / 1000)
    return {"first_paint_to_ready_ms": ready_at,
            "ready_to_edges_ms": round((last - ready) / 1000), "tasks": len(rows),
            "longest_ms": max((r["ms"] for r in rows), default=0),
            "longest_ours_ms": _longest(rows, "ours"),
            "longest_ours_to_ready_ms": _longest(rows, "ours", until=ready_at),
            "longest_ours_after_ready_ms": _longest(rows, "ours", since=ready_at + 1),
            "longest_pyodide_ms": _longest(rows, "pyodide"),
            "ours_over_limit": [r for r in rows if r.get("ours_ms", 0) > OUR_TASK_MS],
            "steps_ms": steps}


def _inside(task: dict, thread: list[dict], count: int = 4) -> dict[str, int]:
    """What a long task did: its longest events by name (ms; nested events count in their
    parents too), e.g. FunctionCall (our Python), Layout, UpdateLayoutTree, MajorGC."""
    end = task["ts"] + task["dur"]
    inside = [e for e in thread if task["ts"] <= e["ts"] and e["ts"] + e.get("dur", 0) <= end]
    longest: dict[str, int] = {}
    for e in sorted(inside, key=lambda e: -e.get("dur", 0)):
        if e["name"] not in longest and len(longest) < count:
            longest[e["name"]] = round(e.get("dur", 0) / 1000)
    return longest


def _longest(rows: list[dict], who: str, since: int = -10**9, until: int = 10**9) -> int:
    """The longest part of ``who`` in the tasks that start from ``since`` to ``until`` (ms
    from the first paint)."""
    return max((r.get(f"{who}_ms", 0) for r in rows if since <= r["at_ms"] <= until),
               default=0)


def _traced_first_visit(bench: Bench) -> dict | None:
    """One first visit (new context: empty cache, no service worker), traced to data-edges."""
    ctx = bench.new_context()
    page = ctx.new_page()
    bench.browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    try:
        bench.load(page, bench.base_url)
        page.wait_for_function("window.__edgesAt !== undefined", timeout=EDGES_TIMEOUT_MS)
    finally:
        trace = json.loads(bench.browser.stop_tracing())
    ctx.close()
    return boot_tasks(trace)


TASK_FIGURES = ("longest_ours_ms", "longest_ours_to_ready_ms", "longest_ours_after_ready_ms",
                "longest_pyodide_ms", "longest_ms", "first_paint_to_ready_ms",
                "ready_to_edges_ms")


def _task_summary(runs: list[dict]) -> dict | None:
    """Each figure over the runs (min, median, max…), and each step's task (median, max)."""
    if not runs:
        return None
    steps: dict[str, list[int]] = {}
    for run in runs:
        for name, ms in run["steps_ms"].items():
            steps.setdefault(name, []).append(ms)
    return {**{key: summary([r[key] for r in runs]) for key in TASK_FIGURES},
            "steps_ms": {name: {"median": round(statistics.median(v)), "max": max(v)}
                         for name, v in steps.items()},
            "runs": runs}


@measure("first_visit_long_tasks", paired=True)
def first_visit_long_tasks(bench: Bench, other: Bench | None = None) -> Any:
    """A first visit traced by Chromium: the longest main-thread task from the first paint
    to ``data-edges``, the longest parts that are ours (before ``data-ready`` and after it)
    and Pyodide's (see boot_tasks; target: ours <= OUR_TASK_MS each), and the task of each
    step of the start. With ``other`` (--compare), its first visits alternate with ours."""
    runs: list[dict] = []
    theirs: list[dict] = []
    for _ in range(bench.runs):
        for who, into in ((bench, runs), (other, theirs)):
            if who is not None and (found := _traced_first_visit(who)) is not None:
                into.append(found)
    if other is None:
        return _task_summary(runs)
    return _task_summary(runs), _task_summary(theirs)


@measure("click_to_redraw")
def click_to_redraw(bench: Bench) -> dict | None:
    """Click on a province to redrawn board (target p95 < 100 ms), hot seat, 3 players."""
    return _hot_seat_clicks(bench)


@measure("click_to_redraw_cpu4x")
def click_to_redraw_throttled(bench: Bench) -> dict | None:
    """The same clicks with Chromium's CPU slowed down 4x, about a mid-range phone (target
    p95 < 100 ms), ownership tints and notices included."""
    return _hot_seat_clicks(bench, cpu_slowdown=4)


MARKS = """() => Object.fromEntries(performance.getEntriesByType('mark')
    .map(m => [m.name, m.startTime]))"""


@measure("return_visit_first_paint")
def return_visit_first_paint(bench: Bench) -> dict | None:
    """A returning player: reload with a game in progress (HTTP cache warm, no service
    worker). ``board_ms``: navigation start to the first painted board (the last visit's
    snapshot, before Python); ``ready_ms``: to the live page (target board <= 300 ms)."""
    ctx, page, gd = _game_page(bench, query="")
    gd.start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=21)
    page.locator('[data-slot="1"]').click()
    board, ready = [], []
    for _ in range(bench.runs):
        page.reload(wait_until="commit")
        page.wait_for_function("window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS)
        page.wait_for_timeout(200)
        marks = page.evaluate(MARKS)
        board.append(marks["vinci-board-painted"])
        ready.append(marks["vinci-ready"])
    ctx.close()
    return {"board_ms": summary(board), "ready_ms": summary(ready)}


@measure("virtual_turn")
def virtual_turn(bench: Bench) -> dict | None:
    """A virtual player's whole turn in the browser, each action redrawn (``?fast=1``: no
    pause), solo game: ms from the human's last click to the human's next turn / turns."""
    import random

    ctx, page, gd = _game_page(bench)
    gd.start_game(page, "solo", ("Bench",), seed=22)
    rnd = random.Random(22)
    count = "() => (document.querySelector('[data-testid=log]').textContent.match(/ scores /g)" \
            " || []).length"
    samples: list[float] = []
    while len(samples) < 3 * bench.runs:
        if gd.wait_human_or_over(page) == "over":
            break
        gd.human_step(page, rnd)
        if gd.html(page, "actor") != "virtual":
            continue
        t0, n0 = page.evaluate("performance.now()"), page.evaluate(count)
        if gd.wait_human_or_over(page) == "over":
            break
        t1, n1 = page.evaluate("performance.now()"), page.evaluate(count)
        if n1 > n0:
            samples += [(t1 - t0) / (n1 - n0)] * (n1 - n0)
    ctx.close()
    return summary(samples) if samples else None


@measure("strong_ai_decision")
def strong_ai_decision(bench: Bench, level: str = "strong") -> dict | None:
    """One decision of the strong AI in the browser (its search and the engine applying
    it; target p95 < 1 s): a solo game against three strong AIs, the human played by the
    e2e driver's clicks, until 100 x runs decisions or the game's end. The page writes
    each strong (or expert) decision's time into ``data-ai-ms``."""
    samples = _ai_decisions(bench, level, 100 * bench.runs)
    return summary(samples) if samples else None


@measure("expert_ai_decision")
def expert_ai_decision(bench: Bench) -> dict | None:
    """The same for the expert level (issue 31: target p95 < 2 s)."""
    return strong_ai_decision(bench, "expert")


@measure("strong_ai_decision_online")
def strong_ai_decision_online(bench: Bench, level: str = "strong") -> dict | None:
    """The same in online games (issue 31): 50 x runs decisions on Europe, then as many on
    Mare Nostrum (its Camels and Warships), each board's own figures and both together."""
    boards = {board: _ai_decisions(bench, level, 50 * bench.runs, "online", board)
              for board in ("europe", "mare_nostrum")}
    both = [ms for samples in boards.values() for ms in samples]
    if not both:
        return None
    return {**summary(both), **{board: summary(samples) if samples else None
                                for board, samples in boards.items()}}


@measure("expert_ai_decision_online")
def expert_ai_decision_online(bench: Bench) -> dict | None:
    """The same for the expert level."""
    return strong_ai_decision_online(bench, "expert")


def _ai_decisions(bench: Bench, level: str, count: int, ruleset: str | None = None,
                  board: str | None = None) -> list[float]:
    """The ms of ``count`` decisions of ``level`` (or a whole game's) in a game of one human
    against three of it, the human played by the e2e driver's clicks."""
    import random

    ctx, page, gd = _game_page(bench)
    if ruleset == "online":  # online games seat their AIs at the hot seat's table
        gd.start_game(page, "hotseat", ("Bench", "AI 1", "AI 2", "AI 3"), seed=23,
                      levels=("human", level, level, level), ruleset=ruleset, board=board)
    else:
        gd.start_game(page, "solo", ("Bench",), seed=23, levels=(level, level, level))
    rnd = random.Random(23)
    read = "() => (document.documentElement.dataset.aiMs || '').split(',').filter(x => x)"
    while len(page.evaluate(read)) < count:
        if gd.wait_human_or_over(page, timeout=600_000) == "over":
            break
        gd.human_step(page, rnd)
    samples = [float(x) for x in page.evaluate(read)]
    ctx.close()
    return samples


NO_WORKER = "document.addEventListener('DOMContentLoaded', () => { delete window.Worker; });"
THINKING_PROBE = """
window.__thinkClicks = [];
window.__thinkTasks = [];
window.addEventListener("click", (event) => {
  if (document.documentElement.dataset.thinking === "1")
    window.__thinkClicks.push(performance.now() - event.timeStamp);
});
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__thinkTasks.push(e.duration);
}).observe({type: "longtask"});
"""


MAX_THINKING_GAMES = 4  # input_while_ai_thinks: games played for its clicks at most


@measure("input_while_ai_thinks")
def input_while_ai_thinks(bench: Bench) -> dict | None:
    """Issue 13: the page answers while a strong AI thinks (in the AI's worker, issue 30). A
    solo game against three strong AIs with the CPU throttled 4x (a phone): clicks on the
    pace buttons made while an AI thinks, ms from the click to its handling (target ~100
    ms); and every long task (> 50 ms) of the game, redraws included (see _thinking_clicks;
    ai_worker_vs_page compares with the page's own sliced search)."""
    return _thinking_summary(_thinking_clicks(bench, True, 5 * bench.runs))


@measure("input_while_ai_thinks_cpu1")
def input_while_ai_thinks_unthrottled(bench: Bench) -> dict | None:
    """The same game at the CPU's own speed (issue 30's figure: a click answered p95 < 50 ms
    and no main-thread task over 50 ms from the search while a strong AI thinks; a task
    over 50 ms here is one of the game's, e.g. a redraw, as the search is in the worker)."""
    return _thinking_summary(_thinking_clicks(bench, True, 5 * bench.runs, cpu_slowdown=1))


def _thinking_summary(found: dict[str, list[float]]) -> dict | None:
    if not found["clicks"]:
        return None
    return {"click_ms": summary(found["clicks"]),
            "long_tasks_ms": summary(found["tasks"]) if found["tasks"] else None,
            "decision_ms": summary(found["decisions"]) if found["decisions"] else None}


def _thinking_clicks(bench: Bench, worker: bool, clicks: int,
                     cpu_slowdown: int = 4) -> dict[str, list[float]]:
    """input_while_ai_thinks's game (solo against three strong AIs, CPU ``cpu_slowdown``
    times slower), the AI's searches in its worker (``worker``, once it is ready) or on the
    page (no module workers: the page's sliced search, as before issue 30). Returns the
    click delays, the long tasks (> 50 ms: every one of the game, redraws included) and the
    decision times (data-ai-ms, strong moves, ms from asking to the answer)."""
    import random

    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    ctx, page, gd = _game_page(bench)
    # No worker for the AI: Worker taken away once PyScript's core, which starts the page
    # and defines its worker class on it, has loaded.
    page.add_init_script(THINKING_PROBE if worker else NO_WORKER + THINKING_PROBE)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === '1'",
                           timeout=READY_TIMEOUT_MS)
    gd.start_game(page, "solo", ("Bench",), seed=2, levels=("strong", "strong", "strong"))
    if worker:
        page.wait_for_function("document.documentElement.dataset.aiWorker === 'ready'",
                               timeout=READY_TIMEOUT_MS)
        page.evaluate("() => { window.__thinkClicks = []; window.__thinkTasks = []; }")
    if cpu_slowdown > 1:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                       {"rate": cpu_slowdown})
    rnd = random.Random(2)
    waiting = """() => { const d = document.documentElement.dataset;
        return d.thinking === '1' || d.actor === 'human' || d.actor === 'over'; }"""
    pace = "slow"
    seed = 2
    for _ in range(100 * clicks):
        if len(page.evaluate("window.__thinkClicks")) >= clicks:
            break
        page.wait_for_function(waiting, timeout=600_000)
        actor = gd.html(page, "actor")
        if actor == "over":  # too few clicks in that game: the next seed's game
            if seed >= 2 + MAX_THINKING_GAMES - 1:
                break
            seed += 1
            page.locator("#over-dialog [data-action=open-new-game]").click()
            gd.start_game(page, "solo", ("Bench",), seed=seed,
                          levels=("strong", "strong", "strong"))
            continue
        if gd.html(page, "thinking") == "1":
            try:  # the AI's last move may end the game right now
                page.get_by_test_id(f"pace-{pace}").click(timeout=5_000)
            except PlaywrightTimeout:
                continue
            pace = "normal" if pace == "slow" else "slow"
        elif actor == "human":
            gd.human_step(page, rnd)
    read = "() => (document.documentElement.dataset.aiMs || '').split(',').filter(x => x)"
    found = {"clicks": page.evaluate("window.__thinkClicks"),
             "tasks": page.evaluate("window.__thinkTasks"),
             "decisions": [float(x) for x in page.evaluate(read)]}
    ctx.close()
    return found


@measure("ai_worker_vs_page")
def ai_worker_vs_page(bench: Bench) -> dict | None:
    """Issue 30, before and after in one run: input_while_ai_thinks with the strong AIs'
    searches on the page's thread (its 25 ms slices, as before the worker) and in the AI's
    worker, alternated run by run. Per mode: click to handled (ms), the long tasks (> 50 ms;
    their longest is the longest main-thread task of the game) and the decision times. The
    CPU slowdown (CDP) applies to the page's thread, not to the worker's."""
    got: dict[str, dict[str, list[float]]] = {
        mode: {"clicks": [], "tasks": [], "decisions": []} for mode in ("page", "worker")}
    for run in range(bench.runs):
        modes = ["page", "worker"] if run % 2 == 0 else ["worker", "page"]
        for mode in modes:
            for key, values in _thinking_clicks(bench, mode == "worker", 5).items():
                got[mode][key] += values
    return {mode: {"click_ms": summary(v["clicks"]) if v["clicks"] else None,
                   "long_tasks": len(v["tasks"]),
                   "longest_task_ms": round(max(v["tasks"]), 1) if v["tasks"] else "< 50",
                   "decision_ms": summary(v["decisions"]) if v["decisions"] else None}
            for mode, v in got.items()}


def _renderer_rss_mb() -> float | None:
    """Resident memory (MB) of the renderer processes of this process's browser (a page and
    its dedicated workers share one). None without /proc."""
    proc = Path("/proc")
    if not (proc / "self" / "stat").is_file():
        return None
    parent: dict[int, int] = {}
    for d in proc.iterdir():
        if d.name.isdigit():
            try:
                parent[int(d.name)] = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    me, pages = os.getpid(), 0
    for pid in parent:
        up = parent.get(pid, 0)
        while up > 1 and up != me:
            up = parent.get(up, 0)
        try:
            if up != me or b"--type=renderer" not in (proc / str(pid) / "cmdline").read_bytes():
                continue
            status = (proc / str(pid) / "status").read_text()
        except OSError:
            continue
        pages += int(status.split("VmRSS:", 1)[1].split()[0])
    return pages / 1024


# The worker's start as the page's Python marks it (web/ui/aiworker.py), once it is known.
WORKER_STARTED = ("() => ['ready', 'failed', 'unavailable']"
                  ".includes(document.documentElement.dataset.aiWorker)")
WORKER_START_MS = """() => performance.measure('w', 'vinci-ai-worker-start',
  'vinci-ai-worker-ready').duration"""


@measure("ai_worker_start")
def ai_worker_start(bench: Bench) -> dict | None:
    """The AI's worker started in a page at rest (a new context each run, the site's files
    in the HTTP cache after the first): a hot-seat game on screen, then Hint starts the
    worker; ms from its start to ready (its script inserted, the worker's Pyodide, our wheel
    and pydantic loaded, its script run), and the memory it adds: the renderer's resident
    memory after minus before (MB), and the page's own JS heap (performance.memory), which
    the worker's does not count in."""
    times, rss, heap = [], [], []
    for _ in range(bench.runs):
        ctx, page, gd = _game_page(bench)
        page.wait_for_function("document.documentElement.dataset.edges === '1'",
                               timeout=READY_TIMEOUT_MS)
        gd.start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=21)
        page.wait_for_timeout(500)
        before = _renderer_rss_mb()
        heap_before = page.evaluate("performance.memory ? performance.memory.usedJSHeapSize : 0")
        page.get_by_test_id("hint").click()
        page.wait_for_function(WORKER_STARTED, timeout=READY_TIMEOUT_MS)
        status = gd.html(page, "aiWorker")
        if status != "ready":
            ctx.close()
            return {"status": status}
        page.wait_for_timeout(500)
        after = _renderer_rss_mb()
        heap_after = page.evaluate("performance.memory ? performance.memory.usedJSHeapSize : 0")
        times.append(float(page.evaluate(WORKER_START_MS)))
        if before is not None and after is not None:
            rss.append(after - before)
        heap.append((heap_after - heap_before) / 2**20)
        ctx.close()
    return {"start_ms": summary(times), "rss_added_mb": summary(rss) if rss else None,
            "page_js_heap_added_mb": summary(heap)}


REPLAY_PROBE = """async ([targets, kind]) => {
  const out = [];
  const slider = document.getElementById("replay-slider");
  for (const t of targets) {
    const t0 = performance.now();
    if (kind === "seek") {
      slider.value = String(t);
      slider.dispatchEvent(new Event("input", { bubbles: true }));
    } else {
      document.querySelector(`[data-testid=${t}]`).click();
    }
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
    out.push(performance.now() - t0);
  }
  return out;
}"""


def _page_cpu_ms() -> float | None:
    """CPU time (user + system, ms) used so far by the main threads of the pages this
    process's browser runs (its renderer processes' main threads: script, Python included,
    style, layout, paint): the work on a step's critical path. Unlike wall-clock time, other
    programs' load on a shared machine hardly changes it. None without /proc."""
    proc = Path("/proc")
    if not (proc / "self" / "stat").is_file():
        return None
    parent: dict[int, int] = {}
    for d in proc.iterdir():
        if d.name.isdigit():
            try:
                parent[int(d.name)] = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:  # the process just ended
                continue
    me, ticks = os.getpid(), 0
    for pid in parent:
        up = parent.get(pid, 0)
        while up > 1 and up != me:
            up = parent.get(up, 0)
        if up != me:
            continue
        try:
            if b"--type=renderer" not in (proc / str(pid) / "cmdline").read_bytes():
                continue
            # (its main thread has the process's id) after the command's ")": state ppid
            # ... utime (12th) stime (13th)
            main = proc / str(pid) / "task" / str(pid) / "stat"
            fields = main.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks * 1000 / os.sysconf("SC_CLK_TCK")


@measure("replay_step", paired=True)
def replay_step(bench: Bench, other: Bench | None = None) -> Any:
    """Replay of a 958-action game (4 seats, Europe, random play; opened from its link):
    from a step (slider jump to a random point, one move, one turn) to the next painted
    frame (target < 100 ms at any point). Each run: 10 jumps, then from a random point 5
    moves forward and back and 5 turns forward. With ``other`` (--compare) both builds'
    pages are open and each run goes to both, the same steps, in alternating order;
    returns (ours, theirs). ``cpu_ms_per_step``: the page's main-thread CPU time per step of
    each kind (see _page_cpu_ms), the work a step costs whatever else runs on the machine."""
    import random

    from vinci_core import GameConfig, Seat, encode_save
    from vinci_core.players.randomplay import play_random

    cfg = GameConfig(seats=[Seat(name=f"P{i}") for i in range(4)], seed=0)
    game = play_random(cfg, seed=0)
    benches = [bench] if other is None else [bench, other]
    pages = []
    for b in benches:
        ctx, page, _ = _game_page(b, f"?fast=1#g={encode_save(game.state)}")
        page.get_by_test_id("replay").click()
        page.get_by_test_id("replay-bar").wait_for(state="visible")
        pages.append((ctx, page))
    rnd = random.Random(0)
    n = len(game.actions)
    samples: list[dict[str, list[float]]] = [{"seek": [], "move": [], "turn": []}
                                             for _ in benches]
    # kind -> [CPU ms, steps]
    cpu: list[dict[str, list[float]]] = [{kind: [0.0, 0] for kind in ("seek", "move", "turn")}
                                         for _ in benches]
    for run in range(bench.runs):
        seeks = [rnd.randrange(n + 1) for _ in range(10)]
        start = rnd.randrange(n - 100)
        order = list(range(len(benches)))
        if run % 2:
            order.reverse()
        for k in order:
            page, got, used = pages[k][1], samples[k], cpu[k]
            steps = {"seek": (seeks, "seek"), "start": ([start], "seek"),
                     "move": (["replay-forward", "replay-back"] * 5, "click"),
                     "turn": (["replay-forward-turn"] * 5, "click")}
            for kind, (targets, how) in steps.items():
                before = _page_cpu_ms()
                times = page.evaluate(REPLAY_PROBE, [targets, how])
                after = _page_cpu_ms()
                if kind in got:
                    got[kind] += times
                    if before is not None and after is not None:
                        used[kind][0] += after - before
                        used[kind][1] += len(times)
    for ctx, _page in pages:
        ctx.close()
    figures = [{"actions": n, "all": summary(got["seek"] + got["move"] + got["turn"]),
                **{kind: summary(v) for kind, v in got.items()},
                "cpu_ms_per_step": {kind: round(ms / steps, 1)
                                    for kind, (ms, steps) in used.items() if steps}}
               for got, used in zip(samples, cpu, strict=True)]
    return figures[0] if other is None else (figures[0], figures[1])


ANALYSIS_PROBE = """
window.__analysisTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (document.documentElement.dataset.analysis === "running")
      window.__analysisTasks.push(e.duration);
  }
}).observe({type: "longtask"});
"""


@measure("analysis")
def analysis(bench: Bench) -> dict | None:
    """Issue 31: the analysis of a whole 4-seat game in the browser (target < 60 s). A
    classic game on Europe (the strong AI in seat 0, book players in the others, seed 1, as
    bench/analysis.py plays it) opened from its link; in its replay, book seat 1 is
    analysed ``runs`` times, each timed from the click on Analyse to the list shown (the
    first run includes the AI worker's start). ``long_tasks_ms``: the page's main-thread
    tasks over 50 ms while the later analyses ran (none expected: it runs in the worker);
    ``first_run_long_tasks_ms``: those of the first, the worker's start among them."""
    import time

    from vinci_core import GameConfig, Seat, encode_save, new_game
    from vinci_core.players.levels import player_for_seat

    cfg = GameConfig(seats=[Seat(name=f"S{i}", virtual=True,
                                 ai_level="strong" if i == 0 else "book")
                            for i in range(4)], seed=1)
    state = new_game(cfg)
    players = [player_for_seat(cfg, i) for i in range(4)]
    while not state.is_terminal:
        state = state.apply(players[state.current_player].act(state))
    ctx, page, _ = _game_page(bench, f"?fast=1#g={encode_save(state)}")
    page.add_init_script(ANALYSIS_PROBE)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === '1'",
                           timeout=READY_TIMEOUT_MS)
    page.get_by_test_id("replay").click()
    page.get_by_test_id("analysis-seat").select_option("1")
    times: list[float] = []
    runs_tasks: list[list[float]] = []
    for _ in range(bench.runs):
        t0 = time.perf_counter()
        page.get_by_test_id("analysis-start").click()
        page.wait_for_function("document.documentElement.dataset.analysis === 'done'",
                               timeout=600_000)
        times.append((time.perf_counter() - t0) * 1000)
        runs_tasks.append(page.evaluate("window.__analysisTasks.splice(0)"))
    tasks = [ms for run in runs_tasks[1:] for ms in run]  # the worker started: the steady state
    by = page.evaluate("document.documentElement.dataset.analysisBy")
    heading = page.get_by_test_id("analysis-heading").text_content()
    ctx.close()
    return {"actions": len(state.actions), "by": by, "result": heading,
            "first_s": round(times[0] / 1000, 1),
            "seconds": {k: round(v / 1000, 2) if isinstance(v, float) else v
                        for k, v in summary(times).items()},
            "first_run_long_tasks_ms": runs_tasks[0],
            "long_tasks": len(tasks), "long_tasks_ms": summary(tasks) if tasks else None}


def _serve(site: Path):
    """play.py's server for ``site`` in a thread, with the reference pages (BenchHandler)."""
    server = play.make_server(site, port=0, quiet=True, handler_class=BenchHandler)
    server.lock = threading.Lock()  # type: ignore[attr-defined]
    server.sent = 0  # type: ignore[attr-defined]
    server.stock = build_site.npm_modules() / "pyodide"  # type: ignore[attr-defined]
    plain_handle_error = server.handle_error

    def handle_error(request, client_address) -> None:  # a closed context drops downloads
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            plain_handle_error(request, client_address)

    server.handle_error = handle_error  # type: ignore[method-assign]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://localhost:{server.server_address[1]}/"


def run(runs: int, build: bool = True, only: list[str] | None = None,
        compare: Path | None = None) -> dict:
    """Every figure of dist/site; with ``compare`` (another build of the site, e.g. main's),
    its cold load joins the alternation and each extra measure runs on it too
    (``compare:<name>``), so both are measured side by side under the same load."""
    from playwright.sync_api import sync_playwright

    if build:
        build_site.build()
    site = build_site.DIST
    server, base = _serve(site)
    servers = [server]
    results: dict = {"runs": runs, **site_sizes(site)}
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True,
                                        args=CHROMIUM_ARGS)
            bench = Bench(browser, base, server, runs)
            bench.load(bench.new_context().new_page(), base)  # warm the OS file cache
            other = None
            if compare is not None:
                other_server, other_base = _serve(compare)
                servers.append(other_server)
                other = Bench(browser, other_base, other_server, runs)
                bench.compare_url = other_base
                other.load(other.new_context().new_page(), other_base)
                results["compare_site"] = str(compare)
            if not only or "load" in only:
                results.update(bench_cold(bench))
                results.update(bench_offline(bench))
                results.update(bench_first_visit_disk(p, chromium, bench))
            for name, fn in MEASURES:
                if not only or name in only:
                    if other is not None and name in PAIRED:
                        results[name], results["compare:" + name] = fn(bench, other)
                        continue
                    if other is not None:
                        results["compare:" + name] = fn(other)
                    results[name] = fn(bench)
            browser.close()
    finally:
        for s in servers:
            s.shutdown()
            s.server_close()
    return results


def report(r: dict) -> str:
    mb = 1e6
    lines = [
        f"site: {r['site_files']} files, {r['site_bytes'] / mb:.1f} MB "
        f"({r['site_gzip_bytes'] / mb:.1f} MB gzipped)",
        f"cold load transfer: {r['cold_transfer_bytes'] / mb:.1f} MB; first visit incl. "
        f"service-worker precache: {r['first_visit_disk_profile_bytes'] / mb:.1f} MB in a "
        f"browser profile on disk ({r['first_visit_transfer_bytes'] / mb:.1f} MB in a test "
        f"context, whose in-memory HTTP cache drops the large files)",
        f"cold load to interactive, median of {r['runs']}: ours {r['ours_ms']['median']:.0f} ms; "
        f"bare PyScript, same core {r['pyscript_empty_ms']['median']:.0f} ms -> "
        f"{r['pyscript_ratio_median']:.2f}x (target <= 1.3x); "
        f"bare Pyodide, site core (precompiled stdlib) {r['bare_ms']['median']:.0f} ms "
        f"-> {r['ratio_median']:.2f}x; bare Pyodide, npm core as shipped "
        f"{r['stock_bare_ms']['median']:.0f} ms -> {r['stock_ratio_median']:.2f}x",
        f"  where the time goes: PyScript with the page's config (our wheel installed, the "
        f"page's zip unpacked, nothing imported) {r['pyscript_our_config_ms']['median']:.0f} ms",
        *([f"compared build ({r['compare_site']}), cold, same alternation: "
           f"{r['compare_ms']['median']:.0f} ms -> {r['compare_ratio_median']:.2f}x the bare "
           f"Pyodide boot, {r['compare_pyscript_ratio_median']:.2f}x the bare PyScript; "
           f"ours minus it within each round: median "
           f"{r['ours_minus_compare_ms']['median']:.0f} ms, mean "
           f"{r['ours_minus_compare_ms']['mean']:.0f} ms, ours faster in "
           f"{r['ours_minus_compare_ms']['ours_faster']} of {r['runs']}"]
         if "compare_ms" in r else []),
        f"first visit, pydantic loaded after the first render (what needs it works): median "
        f"{r['ours_edges_loaded_ms']['median']:.0f} ms from navigation",
        f"first visit with service worker registering: "
        f"{r['ours_first_visit_with_sw_ms']['median']:.0f} ms",
        f"offline reload to interactive: median {r['offline_reload_ms']['median']:.0f} ms, "
        f"p95 {r['offline_reload_ms']['p95']:.0f} ms",
    ]
    for name, _ in MEASURES:
        for key in ("compare:" + name, name):
            if key in r:
                lines.append(f"{key}: " + (json.dumps(r[key]) if r[key] else "n/a"))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Benchmark the built site in Chromium.")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-build", action="store_true", help="measure dist/site as it is")
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    ap.add_argument("--compare", type=Path, metavar="SITE",
                    help="another build of the site (e.g. main's: build/build_site.py --out "
                    "DIR) measured in turn with this one, side by side")
    ap.add_argument("--only", nargs="+", metavar="NAME",
                    help="run only these measures (e.g. strong_ai_decision or "
                    "click_to_redraw_cpu4x); the load figures only if one NAME is 'load'")
    args = ap.parse_args(argv)
    r = run(args.runs, build=not args.no_build, only=args.only, compare=args.compare)
    if args.json:
        args.json.write_text(json.dumps(r, indent=2) + "\n")
    if args.only and "load" not in args.only:
        names = [n for name in args.only for n in ("compare:" + name, name) if n in r]
        print("\n".join(f"{name}: {json.dumps(r.get(name))}" for name in names))
        return 0
    print(report(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
