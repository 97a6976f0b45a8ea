#!/usr/bin/env python3
"""Where an AI move's redraw goes: ``.venv/bin/python bench/profile_redraw.py [--moves N]``.

Plays a solo game against three strong AIs (bench/web.py's ``input_while_ai_thinks`` game:
seed 2, the e2e driver's moves for the human, the AIs in their worker) on the built site
(dist/site; build it first) with Chromium's CPU throttled, and prints:

* the page's Python per redraw (``App.render``, each AI move and each human move), by step,
  timed in the page by bench/profile_click.py's wrappers;
* from a Chromium trace of the same game, the main thread's tasks over 50 ms (what is
  inside each, summed: the page's Python runs in ``RunMicrotasks`` and the click's dispatch,
  the browser's frame in ``Paint``, ``Layout``...) and the painting of the whole game.

Medians and p95 in ms of the throttled clock.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "build"))
sys.path.insert(0, str(ROOT / "e2e"))

from profile_click import PY_TIMERS, ThrottledTrace, percentile, profiled_context  # noqa: E402

# The same wrappers, one record per redraw rather than per forwarded event.
RENDER_TIMERS = PY_TIMERS.replace(
    '_wrap(main.App, "on_event", "py: handler total", top=True)',
    '_wrap(main.App, "render", "py: render total", top=True)').replace(
    'RECORDS.append({"_province": (args[1] if len(args) > 1 else {}).get("province"),\n'
    '                            "_calls": {}})',
    'RECORDS.append({"_calls": {}})')

HUMAN_OR_OVER = """() => { const d = document.documentElement.dataset;
    return d.actor === 'human' || d.actor === 'over'; }"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cpu", type=float, default=4, help="CPU throttling rate (1: none)")
    ap.add_argument("--moves", type=int, default=40, help="the human's moves played")
    ap.add_argument("--site", type=Path, default=None, help="a built site (default dist/site)")
    args = ap.parse_args(argv)
    assert "RECORDS.append({\"_calls\": {}})" in RENDER_TIMERS, "profile_click's wrappers moved"
    records, events = play(args)
    print_python(records)
    print_tasks(events)
    return 0


def play(args: argparse.Namespace) -> tuple[list[dict], list[dict]]:
    import build_site
    import game_driver as gd
    import web
    from playwright.sync_api import sync_playwright

    site = args.site or build_site.DIST
    server, base = web._serve(site)
    events: list[dict] = []
    try:
        with sync_playwright() as p:
            browser, ctx = profiled_context(p, site)
            page = ctx.new_page()
            page.goto(base + "?fast=1")
            page.wait_for_function("document.documentElement.dataset.ready === '1'",
                                   timeout=120_000)
            page.evaluate("py => window.__pyodide.runPython(py)", RENDER_TIMERS)
            gd.start_game(page, "solo", ("Bench",), seed=2,
                          levels=("strong", "strong", "strong"))
            page.wait_for_function("document.documentElement.dataset.aiWorker === 'ready'",
                                   timeout=120_000)
            page.evaluate("window.__pyodide.runPython('RECORDS.clear()')")
            trace = ThrottledTrace(ctx, page, events, args.cpu, "v8.execute")
            rnd = random.Random(2)
            for _ in range(args.moves):
                page.wait_for_function(HUMAN_OR_OVER, timeout=600_000)
                if gd.html(page, "actor") == "over":
                    break
                gd.human_step(page, rnd)
            records = json.loads(page.evaluate("window.__pyodide.runPython('records()')"))
            trace.end()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return records, events


def print_python(records: list[dict]) -> None:
    steps: dict[str, list[float]] = {}
    for r in records:
        for k, v in r.items():
            if not k.startswith("_"):
                steps.setdefault(k, []).append(v)
    print(f"{len(records)} redraws: the page's Python, ms")
    print(f"{'step':50} {'sum':>8} {'median':>8} {'p95':>8} {'max':>8}")
    for k, xs in sorted(steps.items(), key=lambda kv: -sum(kv[1])):
        full = xs + [0.0] * (len(records) - len(xs))  # a step a redraw skipped took 0 ms
        print(f"{k:50} {sum(xs):8.0f} {statistics.median(full):8.1f} "
              f"{percentile(full, 0.95):8.1f} {max(xs):8.1f}")
    print()


def print_tasks(events: list[dict]) -> None:
    """The main thread's tasks over 50 ms and what is inside them, and the painting."""
    main = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
            and e.get("args", {}).get("name") == "CrRendererMain"}
    spans = sorted((e for e in events if (e.get("pid"), e.get("tid")) in main
                    and e.get("ph") == "X" and "dur" in e), key=lambda e: e["ts"])
    tasks = [e for e in spans if e["name"] == "RunTask" and e["dur"] > 50_000]
    inside: collections.Counter[str] = collections.Counter()
    for task in tasks:
        end, counted_to = task["ts"] + task["dur"], task["ts"]
        for e in spans:
            if counted_to <= e["ts"] < end and e["name"] in INSIDE:
                inside[e["name"]] += e["dur"] / 1000
                counted_to = e["ts"] + e["dur"]  # what it holds is its own
    paints = [e["dur"] / 1000 for e in spans if e["name"] == "Paint"]
    lengths = [t["dur"] / 1000 for t in tasks]
    print(f"main-thread tasks over 50 ms: {len(tasks)}"
          + (f", median {statistics.median(lengths):.0f} ms, max {max(lengths):.0f} ms"
             if tasks else ""))
    for name, ms in inside.most_common():
        print(f"  {INSIDE[name]:48} {ms:8.0f} ms in all")
    print(f"painting: {len(paints)} paints, {sum(paints):.0f} ms in all")


# What a long task holds, by trace event (what one of these holds is counted in it).
INSIDE = {
    "RunMicrotasks": "microtasks (the page's Python, the worker's answer)",
    "EventDispatch": "input events (a click: the page's Python)",
    "TimerFire": "timers",
    "FireAnimationFrame": "animation frames",
    "UpdateLayoutTree": "style recalculation",
    "Layout": "layout",
    "PrePaint": "pre-paint",
    "Paint": "paint",
    "Layerize": "layerize",
    "Commit": "commit",
}


if __name__ == "__main__":
    sys.exit(main())
