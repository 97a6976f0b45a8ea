"""Issue 31: the analysis of one's own game, played by clicks. A hot-seat game ends on the
page; from its review, Analyse opens the replay and analyses the first seat in the AI's
worker: the progress shows, then the turning points, the very ones CPython finds; tapping
one moves the replay to that move and marks the strong AI's move on the board with a
legend. Cancel stops an analysis (on the page here, without module workers): nothing of it
keeps running and the page answers."""

from __future__ import annotations

import pytest
from game_driver import html, perform

import vinci_core as vc
from vinci_core.players.randomplay import play_random
from vinci_core.table.analysis import analyse, finish
from vinci_core.table.session import Session
from vinci_core.table.store import link_fragment

pytestmark = pytest.mark.e2e

SEED = 22  # a random hot-seat game of 325 moves whose last move is a Finish


def _game() -> tuple[vc.GameConfig, list[vc.Action]]:
    cfg = vc.GameConfig(seats=[vc.Seat(name=n) for n in ("Ann", "Bo", "Cy")], seed=SEED)
    return cfg, list(play_random(cfg, seed=SEED).actions)


def _one_move_from_its_end(site, page) -> tuple[vc.GameConfig, list[vc.Action]]:
    """The game on the page, its last move made by a click: the review opens."""
    cfg, actions = _game()
    before = vc.replay(cfg, actions[:-1])
    fragment = link_fragment(Session.from_save(vc.encode_save(before)))
    site.goto_ready(page, f"{site.base_url}?fast=1#{fragment}")
    perform(page, before, actions[-1])
    page.locator("#over-dialog[open]").wait_for(state="visible")
    return cfg, actions


def _steps(page) -> int:
    return int(html(page, "analysisSteps") or 0)


def test_analyse_from_the_review_and_show_a_turning_point(site, page):
    cfg, actions = _one_move_from_its_end(site, page)
    expected = finish(analyse(cfg, actions, seat=0))
    assert expected.points, "the game must have turning points for this test"
    page.get_by_test_id("review-analyse").click()
    page.get_by_test_id("replay-bar").wait_for(state="visible")
    assert page.get_by_test_id("analysis-seat").input_value() == "0"  # Ann: the first seat
    progress = page.get_by_test_id("analysis-progress")
    page.wait_for_function("() => /^Decision \\d+ of 31$/.test(document.querySelector("
                           "'[data-testid=analysis-progress]').textContent)", timeout=60_000)
    page.wait_for_function("document.documentElement.dataset.analysis === 'done'",
                           timeout=120_000)
    assert html(page, "analysisBy") == "worker" and _steps(page) > 1
    assert progress.is_hidden()
    points = page.get_by_test_id("analysis-point")
    assert points.count() == len(expected.points)
    assert [int(points.nth(i).get_attribute("data-index")) for i in range(points.count())] \
        == [p.index for p in expected.points]
    heading = page.get_by_test_id("analysis-heading").text_content()
    assert heading.startswith(f"Ann: {len(expected.points)} turning points")
    # A conquest the strong AI would have made elsewhere: the replay goes there, its
    # province is outlined, and the legend says both moves and why.
    n, point = next((n, p) for n, p in enumerate(expected.points)
                    if p.better.get("kind") == "conquer")
    points.nth(n).click()
    page.wait_for_function("i => document.documentElement.dataset.replayIndex === String(i)",
                           arg=point.index)
    assert page.evaluate("document.documentElement.dataset.digest") == vc.digest(
        vc.replay(cfg, actions[:point.index]))
    page.get_by_test_id(f"analysis-better-{point.better['province']}").wait_for(
        state="attached")
    assert points.nth(n).get_attribute("aria-pressed") == "true"
    legend = page.get_by_test_id("analysis-legend")
    assert legend.is_visible()
    assert page.get_by_test_id("analysis-legend-played").text_content().startswith("Played: ")
    assert page.get_by_test_id("analysis-legend-better").text_content().startswith(
        "The strong AI: ")
    assert "promised" in page.get_by_test_id("analysis-legend-reason").text_content()
    # A step away: the marks go; another seat with no turning point says so plainly.
    page.get_by_test_id("replay-forward").click()
    page.wait_for_function("i => document.documentElement.dataset.replayIndex === String(i)",
                           arg=point.index + 1)
    assert page.locator(".analysis-mark").count() == 0 and legend.is_hidden()
    page.get_by_test_id("analysis-seat").select_option("2")
    page.get_by_test_id("analysis-start").click()
    page.wait_for_function("document.documentElement.dataset.analysis === 'done'",
                           timeout=120_000)
    assert finish(analyse(cfg, actions, seat=2)).points == ()
    assert page.get_by_test_id("analysis-empty").text_content() == \
        "No decision of Cy cost 5 VP or more."
    assert page.get_by_test_id("analysis-point").count() == 0
    # Closing the replay leaves nothing of the analysis on the page.
    page.get_by_test_id("replay-close").click()
    assert page.get_by_test_id("analysis").is_hidden() and html(page, "analysis") is None
    site.assert_clean()


# On the page the analysis asks for its next slice with vinci.later(0, …); from the third
# on, the slices are held until the test lets one through: the analysis is surely still
# running when Cancel is pressed (a whole one can end within a few clicks' time on a quiet
# machine). Other timers pass untouched.
SLICES_LET_THROUGH = 2
HOLD_SLICES = """() => {
  const real = window.vinci.later.bind(window.vinci);
  let slices = 0;
  window.heldSlices = [];
  window.vinci.later = (ms, fn) => {
    if (ms === 0 && document.documentElement.dataset.analysis === 'running') {
      slices += 1;
      if (slices > LET_THROUGH) {
        window.heldSlices.push(fn);
        return 0;
      }
    }
    return real(ms, fn);
  };
}""".replace("LET_THROUGH", str(SLICES_LET_THROUGH))
NEXT_SLICE = "() => window.heldSlices.shift()()"


def test_cancel_stops_the_analysis_and_the_page_answers(site, page):
    """Without module workers the analysis runs on the page in slices: the replay still
    steps while it runs, and Cancel stops it where it is."""
    # An old browser, the page computes (PyScript's core, which starts the page, defines its
    # worker class on Worker when it loads: the page takes Worker away after that).
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => { delete window.Worker; })")
    _one_move_from_its_end(site, page)
    page.evaluate(HOLD_SLICES)
    page.get_by_test_id("review-analyse").click()
    page.wait_for_function("window.heldSlices.length > 0", timeout=60_000)
    assert html(page, "analysisBy") == "page" and html(page, "analysis") == "running"
    assert page.get_by_test_id("analysis-bar").is_visible()
    page.get_by_test_id("replay-start").click()  # the page answers while it analyses
    page.wait_for_function("document.documentElement.dataset.replayIndex === '0'",
                           timeout=5_000)
    page.evaluate(NEXT_SLICE)  # and the analysis goes on between the player's clicks
    page.wait_for_function("window.heldSlices.length > 0", timeout=30_000)
    assert html(page, "analysis") == "running" and _steps(page) > SLICES_LET_THROUGH + 1
    page.get_by_test_id("analysis-cancel").click()
    assert html(page, "analysis") == "cancelled"
    steps = _steps(page)
    page.evaluate(NEXT_SLICE)  # the slice already asked for runs after Cancel: it stops
    page.wait_for_timeout(500)
    assert _steps(page) == steps, "the analysis went on after Cancel"
    assert page.get_by_test_id("analysis-note").text_content() == "Analysis cancelled."
    assert page.get_by_test_id("analysis-progress").is_hidden()
    assert page.get_by_test_id("analysis-start").is_enabled()
    page.get_by_test_id("replay-forward").click()  # and it still answers
    page.wait_for_function("document.documentElement.dataset.replayIndex === '1'",
                           timeout=5_000)
    site.assert_clean()


# The worker's answers to analysis steps, from the second on, held back in the worker until
# the page forgets that analysis (Cancel): the analysis is surely still running when Cancel
# is pressed (a whole one takes under two seconds on a quiet machine, and a CI run once saw
# it end first), and the answer of the step under way reaches the page after Cancel. Added
# to the worker's own script (its exports wrapped), which the page starts as it comes.
HOLD_ANSWERS = """

_held = {"answers": 0, "hold": True}
_real_analyse, _real_forget = analyse, forget_analysis


async def analyse(request_json):
    answer = await _real_analyse(request_json)
    _held["answers"] += 1
    while _held["answers"] >= 2 and _held["hold"]:
        await asyncio.sleep(0.02)
    return answer


def forget_analysis(ticket):
    _held["hold"] = False
    _real_forget(ticket)
"""


def _holding_answers(site):
    script = (site.root / "worker" / "ai.py").read_text(encoding="utf-8") + HOLD_ANSWERS
    return lambda route: route.fulfill(body=script, content_type="text/x-python")


def test_cancel_in_the_worker_forgets_the_analysis(site, page):
    """In the worker: after Cancel no step is asked any more (an answer arriving late is
    dropped), and a new analysis starts afresh and ends."""
    page.route("**/worker/ai.py", _holding_answers(site))
    _one_move_from_its_end(site, page)
    page.get_by_test_id("review-analyse").click()
    page.wait_for_function("Number(document.documentElement.dataset.analysisSteps) >= 1",
                           timeout=60_000)
    assert html(page, "analysis") == "running" and html(page, "analysisBy") == "worker"
    page.get_by_test_id("analysis-cancel").click()  # the step under way answers after it
    steps = _steps(page)
    page.wait_for_timeout(600)
    assert _steps(page) == steps and html(page, "analysis") == "cancelled"
    page.get_by_test_id("analysis-start").click()
    page.wait_for_function("document.documentElement.dataset.analysis === 'done'",
                           timeout=120_000)
    site.assert_clean()
