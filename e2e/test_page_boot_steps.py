"""A first visit starts in steps, each a browser task of its own (issue 29: run in one go, the
first render held the page for up to 0.6 s and pydantic's import with the engine's for up to
2.2 s on a loaded machine, the progress bar stalled). boot.py imports the first render's
modules a group per task, then runs web/main.py's steps (``boot``, ``import_edges``,
``edges_loaded``) a step per task, marking each (``vinci-imported …``, ``vinci-step …``).

Chromium's trace says which main-thread task made each mark: no two steps share one, so the
browser paints and answers input between any two of them. No clock is read: what a step costs
is measured by ``bench/web.py --only first_visit_long_tasks``, never asserted."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.e2e

TRACE_CATEGORIES = ["toplevel", "disabled-by-default-devtools.timeline", "blink.user_timing"]
TASK_EVENTS = ("RunTask", "ThreadControllerImpl::RunTask")
STEP_MARKS = ("vinci-imported ", "vinci-step ")
# The progress bar's value as each mark is made (boot.py moves it right after a step's mark).
RECORD_PROGRESS = """
(() => {
  window.__steps = [];
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    const bar = document.getElementById("boot-progress");
    window.__steps.push([name, bar ? bar.value : null]);
    return mark(name, ...rest);
  };
})();
"""
# main.py's steps on a first visit, in order (boot, then import_edges, then edges_loaded).
FIRST_RENDER_STEPS = ["app", "words", "seat rows", "ready"]  # ready: the first game too
AFTER_THE_EDGES = ["europe", "self-check", "edges"]


def _tasks(events: list[dict], pid: int, tid: int) -> list[tuple[float, float]]:
    """The outermost tasks of the page's main thread, as (start, end) in µs."""
    spans: list[tuple[float, float]] = []
    for e in sorted((e for e in events if e.get("pid") == pid and e.get("tid") == tid
                     and e.get("ph") == "X" and e["name"] in TASK_EVENTS),
                    key=lambda e: (e["ts"], -e["dur"])):
        if not spans or e["ts"] >= spans[-1][1]:
            spans.append((e["ts"], e["ts"] + e["dur"]))
    return spans


def _traced_first_visit(browser, site, page) -> dict:
    page.add_init_script(RECORD_PROGRESS)
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    try:
        site.goto_ready(page)
        page.wait_for_function("() => performance.getEntriesByName('vinci-step edges').length")
    finally:
        trace = json.loads(browser.stop_tracing())
    return trace


def test_a_first_visit_runs_each_step_of_the_start_in_a_task_of_its_own(browser, site, page):
    events = _traced_first_visit(browser, site, page)["traceEvents"]
    marks = {e["name"]: e for e in events if "user_timing" in e.get("cat", "")
             and e["name"].startswith(STEP_MARKS)}
    steps = [name.removeprefix("vinci-step ") for name in sorted(marks, key=lambda n:
             marks[n]["ts"]) if name.startswith("vinci-step ")]
    imports = [name for name in steps if name.startswith("imported ")]
    assert steps == FIRST_RENDER_STEPS + imports + AFTER_THE_EDGES
    assert "imported pydantic_core" in imports and "imported vinci_core.table.svg" in imports
    some = next(iter(marks.values()))
    tasks = _tasks(events, some["pid"], some["tid"])
    made_in = {name: [i for i, (start, end) in enumerate(tasks) if start <= e["ts"] <= end]
               for name, e in marks.items()}
    assert all(len(found) == 1 for found in made_in.values()), made_in
    assert len({found[0] for found in made_in.values()}) == len(marks)  # a task each
    site.assert_clean()


def test_the_progress_bar_moves_at_every_step_until_the_page_is_ready(site, page):
    page.add_init_script(RECORD_PROGRESS)
    site.goto_ready(page)
    recorded = page.evaluate("window.__steps")
    ready = [name for name, _ in recorded].index("vinci-ready")
    values = [value for name, value in recorded[:ready] if name.startswith(STEP_MARKS)]
    assert len(values) > len(FIRST_RENDER_STEPS)
    assert all(a < b for a, b in zip(values, values[1:], strict=False)), values
    assert 0 < values[0] and values[-1] < 1
    site.assert_clean()
