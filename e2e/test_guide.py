"""The guided first game (issue 15) played through clicks: opened from the help menu over a
game in progress, every step's text checked against vinci_core.table.guide in the page's language,
an off-script click refused without changing the game, played to its end in each language,
and left midway (back to the saved game, which the guide never touched).

The language: ``localStorage["vinci.lang"]`` is set before the page loads, and so is
``<html lang>`` (the page attribute web/ui/guide.py reads), since the language switch of
the page is another branch's work.
"""

from __future__ import annotations

import pytest
from game_driver import digest, perform, start_game, targets, wait_human_or_over

import vinci_core as vc
from vinci_core.game.actions import parse_action
from vinci_core.players.virtual import VirtualPlayer
from vinci_core.table import guide
from vinci_core.text.i18n import LANGUAGES
from vinci_core.words import guide_labels

pytestmark = pytest.mark.e2e

BOOK = VirtualPlayer()


def set_language(page, lang: str) -> None:
    page.add_init_script(
        f"""localStorage.setItem('vinci.lang', '{lang}');
        document.addEventListener('DOMContentLoaded',
          () => {{ document.documentElement.lang = '{lang}'; }});""")


def script_positions(lang: str):
    """(state, step) before each of the human's scripted actions; the state when the human
    is next to act after the script, and the last (free) step."""
    state = vc.new_game(guide.guide_config(lang))
    out = []
    while True:
        step = guide.guide_step(state, lang)
        if step.key == "free":  # the virtual players play on to the human's next turn
            while state.current_player != guide.HUMAN:
                state = state.apply(BOOK.act(state))
            return out, state, step
        if step.key == "wait":
            state = state.apply(BOOK.act(state))
            continue
        out.append((state, step))
        state = state.apply(parse_action(step.expected))


def open_guide(page) -> None:
    page.get_by_test_id("help").click()
    page.get_by_test_id("guide-start").click()
    page.get_by_test_id("guide").wait_for(state="visible")


def wait_for(page, state) -> None:
    want = vc.digest(state)
    try:
        page.wait_for_function("d => document.documentElement.dataset.digest === d",
                               arg=want, timeout=120_000)
    except Exception:
        pytest.fail(f"the page never reached {state!r}: it shows "
                    f"{page.evaluate('() => ({...document.documentElement.dataset})')}, "
                    f"error {page.get_by_test_id('error').text_content()!r}, guide "
                    f"{bar(page)}", pytrace=False)
    assert wait_human_or_over(page) == "human"


def bar(page) -> tuple[str, str]:
    return (page.get_by_test_id("guide-title").text_content(),
            page.get_by_test_id("guide-text").text_content())


def outlined(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('.guide-target')].map(
        n => n.dataset.province || n.dataset.testid || n.dataset.row)""")


def start_own_game(page) -> str:
    """The player's own game, read once it waits for the player: with seed 5 a virtual
    player may move first, and a digest read before its move would be left behind."""
    start_game(page, "solo", ("Ann",), seed=5)
    wait_human_or_over(page)
    return str(digest(page))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_guided_game_played_to_its_end(site, page, lang):
    set_language(page, lang)
    site.goto_ready(page, site.base_url + "?fast=1")
    own = start_own_game(page)
    open_guide(page)
    assert page.get_by_test_id("help").text_content() == guide_labels.page_labels(lang)["help"]
    positions, final, last = script_positions(lang)
    for i, (state, step) in enumerate(positions):
        wait_for(page, state)
        assert bar(page) == (step.title, step.text), f"step {i}"
        assert page.get_by_test_id("guide-count").text_content() == guide.step_counter(step,
                                                                                      lang)
        point = step.point.get("province") or step.point.get("testid") or \
            f"slot-{step.point.get('slot')}"
        assert point in outlined(page), f"step {i}: {outlined(page)}"
        if step.key == "enter":  # an off-script click: refused, nothing played
            other = next(p for p in targets(page) if p != step.expected["province"])
            before = digest(page)
            perform(page, state, vc.Conquer(other))
            refusal = page.get_by_test_id("guide-refusal")
            refusal.wait_for(state="visible")
            assert refusal.text_content() == guide.refusal(state, vc.Conquer(other), lang)
            assert digest(page) == before
        perform(page, state, parse_action(step.expected))
    wait_for(page, final)
    assert bar(page) == (last.title, last.text)
    assert page.get_by_test_id("guide-refusal").is_hidden()
    # The guided game was never saved: leaving it brings back the game in progress.
    page.get_by_test_id("guide-leave").click()
    page.wait_for_function("d => document.documentElement.dataset.digest === d", arg=own)
    assert page.get_by_test_id("guide").is_hidden()
    assert page.evaluate("() => Object.keys(localStorage).filter("
                         "k => k.startsWith('vinci.game.')).length") == 1
    site.assert_clean()


def test_the_guide_left_midway_and_its_language_switched(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    own = start_own_game(page)
    open_guide(page)
    positions, _, _ = script_positions("en")
    for state, step in positions[:3]:
        wait_for(page, state)
        perform(page, state, parse_action(step.expected))
    state, step = positions[3]
    wait_for(page, state)
    assert bar(page) == (step.title, step.text)
    # The page switches to French: the guide speaks French at once, same step.
    page.evaluate("""() => { document.documentElement.lang = 'fr';
        document.dispatchEvent(new CustomEvent('vinci:language', {detail: 'fr'})); }""")
    french = guide.guide_step(state.clone(), "fr")
    page.wait_for_function("t => document.querySelector('[data-testid=guide-title]')"
                           ".textContent === t", arg=french.title)
    leave = guide_labels.page_labels("fr")["leave"]
    assert page.get_by_test_id("guide-leave").text_content() == leave
    page.get_by_test_id("guide-leave").click()
    page.wait_for_function("d => document.documentElement.dataset.digest === d", arg=own)
    assert page.get_by_test_id("guide").is_hidden()
    assert not outlined(page)
    page.reload(wait_until="commit")  # the game kept is the player's own, not the guide's
    page.wait_for_function("d => document.documentElement.dataset.digest === d", arg=own,
                           timeout=60_000)
    site.assert_clean()


def test_the_guide_on_a_phone_leaves_the_board_in_view(make_site):
    site = make_site(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = site.new_page()
    site.goto_ready(page, site.base_url + "?fast=1")
    page.keyboard.press("Escape")  # the new-game dialog of a first visit
    page.get_by_test_id("new-game-dialog").wait_for(state="hidden")
    open_guide(page)
    positions, _, _ = script_positions("en")
    wait_for(page, positions[0][0])
    guide_box = page.get_by_test_id("guide").bounding_box()
    board_box = page.get_by_test_id("board").bounding_box()
    assert guide_box is not None and board_box is not None
    assert guide_box["height"] <= 844 * 0.3
    assert guide_box["y"] + guide_box["height"] <= board_box["y"] + 1  # above, not over it
    assert board_box["y"] < 844  # the board starts on the first screen
    page.get_by_test_id("guide-leave").click()  # no game before: the new-game dialog
    page.get_by_test_id("new-game-dialog").wait_for(state="visible")
    site.assert_clean()

