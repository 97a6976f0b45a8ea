#!/usr/bin/env python3
"""Where a click's time goes: ``.venv/bin/python bench/profile_click.py [--cpu 4] [--clicks N]``.

Plays the clicks of bench/web.py's ``click_to_redraw`` (the same 3-player hot-seat game, the
e2e driver's policy) on the built site (dist/site; build it first) with Chromium's CPU
throttled, and splits each click on a province, from the click to the painted frame after
it (the bench's own end: the task after the next animation frame), into phases:

* Python, per step of the page's handler (the engine's ``apply``, the view model and its
  parts, each panel's DOM writes), timed in the page's Python by wrappers installed for the
  profile only (this script routes boot.py to a copy that exposes the Pyodide instance);
* the browser's main thread from a Chromium trace (CDP ``Tracing``): the click's dispatch
  (Python included), style recalculation and layout forced inside it, then the next frame's
  style recalculation, layout, pre-paint, paint, layerize and commit, and what is left
  (waiting for the frame, other tasks).

Prints the median and p95 of each phase over the clicks (ms, throttled clock).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "build"))
sys.path.insert(0, str(ROOT / "e2e"))

# The bench's click probe, with user-timing marks the trace carries.
PROBE = """
(() => {
  window.__clicks = [];
  let n = 0;
  document.addEventListener("click", (e) => {
    if (!e.target.closest || !e.target.closest("[data-province]")) return;
    const k = n++;
    const t0 = performance.now();
    performance.mark("pclick-start-" + k);
    requestAnimationFrame(() => setTimeout(() => {
      performance.mark("pclick-done-" + k);
      window.__clicks.push(performance.now() - t0);
    }));
  }, true);
})();
"""

# Timers around the page's Python steps: one record per forwarded event, nested steps add
# to their own names (a name is counted once per call, so nested ones overlap their parent).
PY_TIMERS = r"""
import time, json
import main
import vinci_core.table.session as S
from ui import actions as A
from ui import board as B
from ui import editor as E
from ui import games as G
from ui import hint as H
from ui import links as L
from ui import notices as N
from ui import panels as P
from ui import targets as T

RECORDS = []

def _wrap(owner, name, label, top=False):
    fn = getattr(owner, name, None)
    if fn is None:  # a step the page no longer has: left out of the profile
        return
    def timed(*args, **kwargs):
        t0 = time.perf_counter()
        if top:
            RECORDS.append({"_province": (args[1] if len(args) > 1 else {}).get("province"),
                            "_calls": {}})
        try:
            return fn(*args, **kwargs)
        finally:
            if RECORDS:
                rec = RECORDS[-1]
                rec[label] = rec.get(label, 0.0) + (time.perf_counter() - t0) * 1000
                rec["_calls"][label] = rec["_calls"].get(label, 0) + 1
    setattr(owner, name, timed)

_wrap(main.App, "on_event", "py: handler total", top=True)
_wrap(S.Session, "act", "py: session.act (apply + log entries)")
_wrap(S.Session, "view", "py: session.view (view model)")
for fname in ("snapshot", "board_view", "targets", "prompt", "digest", "log_rows",
              "placement_editor", "phase_name"):
    if hasattr(S, fname):
        _wrap(S, fname, "py:   view." + fname)
_wrap(S.GameState if hasattr(S, "GameState") else type(main.APP.session.state),
      "legal_actions", "py:   view.legal_actions")
for fname in ("render_status", "render_virtual", "set_test_hooks", "render_display",
              "render_players", "render_chart"):
    _wrap(P, fname, "py: " + fname)
_wrap(L, "render_send_box", "py: links.render_send_box")
for owner, meth in ((T.BoardTargets, "render_tokens"), (T.BoardTargets, "render_targets"),
                    (T.BoardTargets, "hover"), (A.ActionButtons, "render"),
                    (N.NewsStrip, "render"), (H.HintView, "render"),
                    (E.TokenEditor, "render"), (main.App, "schedule_virtual")):
    _wrap(owner, meth, f"py: {owner.__name__}.{meth}")
_wrap(G.SavedGames, "save_soon", "py: games.save_soon")
_wrap(B.BoardView, "ensure", "py: board.ensure")
_wrap(B.BoardView, "flash", "py: board.flash")
_wrap(type(main.APP.log), "render", "py: log.render")
_wrap(type(main.APP.guide), "render", "py: guide.render")

def records():
    return json.dumps(RECORDS)
"""

MAIN_THREAD_PHASES = {
    "UpdateLayoutTree": "style recalc",
    "Layout": "layout",
    "PrePaint": "pre-paint",
    "Paint": "paint",
    "Layerize": "layerize",
    "Commit": "commit",
    "HitTest": "hit test",
    "IntersectionObserverController::computeIntersections": "intersections",
}


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cpu", type=float, default=4, help="CPU throttling rate (1: none)")
    ap.add_argument("--clicks", type=int, default=60)
    ap.add_argument("--site", type=Path, default=None, help="a built site (default dist/site)")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--json", type=Path, help="also write every click's phases here")
    ap.add_argument("--trace", type=Path, help="also write the Chromium trace here (it opens "
                    "in the browser's DevTools, Performance panel)")
    args = ap.parse_args(argv)

    import build_site
    import game_driver as gd
    import web
    from playwright.sync_api import sync_playwright

    site = args.site or build_site.DIST
    server, base = web._serve(site)
    chunks: list[dict] = []
    try:
        with sync_playwright() as p:
            browser, ctx = profiled_context(p, site)
            ctx.add_init_script(web.READY_PROBE)
            ctx.add_init_script(PROBE)
            page = ctx.new_page()
            page.goto(base + "?fast=1")
            page.wait_for_function("document.documentElement.dataset.ready === '1'",
                                   timeout=120_000)
            page.evaluate("py => window.__pyodide.runPython(py)", PY_TIMERS)
            gd.start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=args.seed)
            page.evaluate("window.__pyodide.runPython('RECORDS.clear()')")
            trace = ThrottledTrace(ctx, page, chunks, args.cpu, "blink.user_timing")
            rnd = random.Random(args.seed)
            while len(page.evaluate("window.__clicks")) < args.clicks:
                if gd.wait_human_or_over(page) == "over":
                    break
                gd.human_step(page, rnd, max_conquests=6)
            page.wait_for_timeout(500)
            clicks = page.evaluate("window.__clicks")
            # Python records: one per forwarded event; keep the province clicks' ones.
            records = json.loads(page.evaluate(
                "window.__pyodide.runPython('records()')"))
            trace.end()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    phases = split_trace(chunks)
    rows: dict[str, list[float]] = {"bench: click to painted frame": clicks}
    for ph in phases:
        for k, v in ph.items():
            rows.setdefault(k, []).append(v)
    py_rows: dict[str, list[float]] = {}
    for r in records:
        calls = r.pop("_calls")
        if not r.pop("_province", None) or "py: session.act (apply + log entries)" not in r:
            continue  # a hover, a button, or a click that only showed a province's facts
        for k, v in r.items():
            if calls.get(k, 1) > 1:
                k += f" (x{calls[k]})"
            py_rows.setdefault(k, []).append(v)
    print(f"{len(clicks)} clicks on provinces, CPU throttled {args.cpu:g}x; "
          f"trace windows {len(phases)}; Python records of the moves they made "
          f"{len(py_rows.get('py: handler total', []))} (of {len(records)} events)")
    print(f"{'phase':58} {'median':>8} {'mean':>8} {'p95':>8}")
    for table in (rows, py_rows):
        for k, xs in sorted(table.items(), key=lambda kv: -statistics.fmean(kv[1])):
            n = len(phases) if table is rows and k != "bench: click to painted frame" else len(xs)
            full = xs + [0.0] * max(0, n - len(xs))
            print(f"{k:58} {statistics.median(full):8.1f} {statistics.fmean(full):8.1f} "
                  f"{percentile(full, 0.95):8.1f}")
        print()
    if args.trace:
        args.trace.write_text(json.dumps({"traceEvents": chunks}))
    if args.json:
        args.json.write_text(json.dumps({"clicks": clicks, "phases": phases,
                                         "python": records}, indent=1))
    return 0


def profiled_context(playwright, site: Path):
    """A browser and a context on ``site`` whose boot.py exposes the page's Pyodide as
    ``window.__pyodide`` (so a profile can install its timers in the page's Python)."""
    import web

    boot_py = (site / "boot.py").read_text()
    entry = "main = importlib.import_module(ENTRY)"
    assert entry in boot_py, "boot.py no longer imports main.py this way: update the profile"
    exposed = boot_py.replace(entry, "js.window.__pyodide = pyodide_js; " + entry)
    browser = playwright.chromium.launch(
        executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), headless=True,
        args=web.CHROMIUM_ARGS)
    ctx = browser.new_context(service_workers="block")
    ctx.route("**/boot.py", lambda route: route.fulfill(body=exposed, content_type="text/plain"))
    return browser, ctx


class ThrottledTrace:
    """A Chromium trace of ``page`` (its events into ``events``) with the CPU slowed down
    ``cpu`` times, from now until :meth:`end`; ``more``: trace categories besides the
    timeline's."""

    def __init__(self, ctx, page, events: list[dict], cpu: float, more: str = "") -> None:
        self.page, self.done = page, False
        self.cdp = ctx.new_cdp_session(page)
        self.cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
        self.cdp.on("Tracing.tracingComplete", lambda e: setattr(self, "done", True))
        categories = "devtools.timeline,disabled-by-default-devtools.timeline"
        self.cdp.send("Tracing.start", {"categories": f"{categories},{more}".rstrip(","),
                                        "transferMode": "ReportEvents"})
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})

    def end(self) -> None:
        """The CPU back to its speed, and every event of the trace collected."""
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        self.cdp.send("Tracing.end")
        while not self.done:
            self.page.wait_for_timeout(100)


def split_trace(events: list[dict]) -> list[dict[str, float]]:
    """Each click's window (its start and done marks) split by what the renderer's main
    thread did: top-level events by name, those nested in the click's dispatch apart."""
    marks: dict[str, float] = {}
    for e in events:
        name = e.get("name", "")
        if name.startswith("pclick-") and e.get("ph") in ("R", "I", "n", "b", "e"):
            marks.setdefault(name, e["ts"])
    main_tid = None
    for e in events:
        if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain":
            main_tid = (e["pid"], e["tid"])
    complete = sorted((e for e in events if e.get("ph") == "X" and "dur" in e
                       and (e["pid"], e["tid"]) == main_tid), key=lambda e: e["ts"])
    out = []
    k = 0
    while f"pclick-start-{k}" in marks and f"pclick-done-{k}" in marks:
        t0, t1 = marks[f"pclick-start-{k}"], marks[f"pclick-done-{k}"]
        k += 1
        ph: dict[str, float] = {}
        dispatch = None
        for e in complete:
            if e["ts"] < t0 - 2000 or e["ts"] > t1:
                continue
            if e["name"] == "EventDispatch" and e["args"].get("data", {}).get("type") == "click" \
                    and e["ts"] <= t0 <= e["ts"] + e["dur"]:
                dispatch = e
        if dispatch is None:
            continue
        d0, d1 = dispatch["ts"], dispatch["ts"] + dispatch["dur"]
        ph["click dispatch (Python handler + JS)"] = dispatch["dur"] / 1000
        last_end = d1
        for e in complete:
            if e["ts"] >= t1 or e["ts"] + e["dur"] <= d0:
                continue
            label = MAIN_THREAD_PHASES.get(e["name"])
            if label is None:
                continue
            if d0 <= e["ts"] < d1:
                key = "  in dispatch: forced " + label
            elif e["ts"] >= d1:
                key = "frame: " + label
                if e["ts"] < last_end:  # nested in another counted event
                    continue
                last_end = e["ts"] + e["dur"]
            else:
                continue
            ph[key] = ph.get(key, 0.0) + e["dur"] / 1000
        for e in complete:  # other top-level tasks after the dispatch (timers, frames)
            if d1 <= e["ts"] < t1 and e["name"] in ("FireAnimationFrame", "TimerFire",
                                                    "FunctionCall", "EventDispatch"):
                key = "after: " + e["name"]
                ph[key] = ph.get(key, 0.0) + e["dur"] / 1000
        ph["window (trace)"] = (t1 - t0) / 1000
        ph["frame: all of the above"] = sum(v for key, v in ph.items() if key.startswith("frame"))
        out.append(ph)
    return out


if __name__ == "__main__":
    sys.exit(main())
