"""The rules reference in the page (issue 15): the Rules button opens a searchable reference,
a cost term's rule id opens it at its section, a tile name opens its glossary entry, the
display's "?" explains it in plain words; by mouse on a desktop and by taps on a phone
(390x844), every control used on screen when it is used."""

from __future__ import annotations

import pytest
from game_driver import (
    digest,
    in_viewport,
    province_point,
    start_game,
    targets,
    wait_digest_change,
)

pytestmark = pytest.mark.e2e

SEED = 7
OPEN_AT = "() => document.querySelector('[data-testid=reference]').dataset.section"


def press(page, locator, touch: bool) -> None:
    """A click (desktop) or a tap (phone) on a control that must be on screen."""
    if not in_viewport(page, locator):  # centred: a phone's "Go to" bar is at the bottom
        locator.evaluate("e => e.scrollIntoView({block: 'center', inline: 'nearest'})")
    assert in_viewport(page, locator), f"{locator} is not on screen"
    if touch:
        locator.tap()
    else:
        locator.click()


def choose_first_slots(page, touch: bool) -> None:
    """Round 1 of a 3-seat hot-seat game: everyone takes slot I; then seat 1 must enter."""
    for _ in range(3):
        old = digest(page)
        press(page, page.get_by_test_id("slot-1"), touch)
        wait_digest_change(page, old)


def on_screen_target(page, pids: list[str]) -> tuple[float, float]:
    """A point of one of ``pids`` on screen once the foot of the board is mid-screen."""
    page.evaluate("""() => { const r = document.querySelector('.board-area')
        .getBoundingClientRect(); window.scrollBy(0, r.bottom - innerHeight * 0.6); }""")
    point = page.evaluate("""pids => {
        for (const pid of pids) {
          const r = document.querySelector(`path[data-province="${pid}"]`)
            .getBoundingClientRect();
          const x = r.x + r.width / 2, y = r.y + r.height / 2;
          if (x < 0 || x > innerWidth || y < 0 || y > innerHeight * 0.5) continue;
          if (document.elementFromPoint(x, y)?.closest('[data-province]')?.dataset.province
              === pid) return [x, y];
        }
        return null; }""", pids)
    assert point is not None, "no target province on screen"
    return point[0], point[1]


def open_section(page) -> str:
    dialog = page.get_by_test_id("reference")
    dialog.wait_for(state="visible")
    return page.evaluate(OPEN_AT)


def close(page, touch: bool) -> None:
    press(page, page.get_by_test_id("reference-close"), touch)
    page.get_by_test_id("reference").wait_for(state="hidden")


def check_reference(page, touch: bool) -> None:
    start_game(page, "hotseat", ("Ann", "Ben", "Cid"), seed=SEED)
    choose_first_slots(page, touch)

    # The Rules button: the whole reference; the search keeps the matching sections.
    press(page, page.get_by_test_id("rules"), touch)
    assert open_section(page) == ""
    body = page.get_by_test_id("reference-body")
    every = body.locator("section:not([hidden])").count()
    assert every > 30  # the rules and a glossary entry per classic tile
    search = page.get_by_test_id("reference-search")
    assert in_viewport(page, search)
    search.fill("espionage")
    first = body.locator("section:not([hidden])").first
    assert first.get_attribute("data-anchor") == "tile-espionage"
    assert 1 < body.locator("section:not([hidden])").count() < every
    search.fill("no such word anywhere")
    page.get_by_test_id("reference-none").wait_for(state="visible")
    close(page, touch)

    # A cost term's rule id: the conquest cost under the board links to its section.
    costly = [pid for pid, c in targets(page).items() if c is not None]
    if touch:
        # The facts show at the foot of the board: bring it above the phone's "Go to" bar
        # first (scrolling after the tap would move another province under the finger).
        x, y = on_screen_target(page, costly)
        page.touchscreen.tap(x, y)  # a first tap shows what the province would cost
    else:
        x, y = province_point(page, costly[0])
        page.mouse.move(x, y)
    link = page.get_by_test_id("hover-info").locator(".rule-link", has_text="C-4").first
    link.wait_for(state="visible")
    press(page, link, touch)
    assert open_section(page) == "costs"
    section = page.get_by_test_id("ref-costs")
    assert in_viewport(page, section.locator("h3"))
    assert "ref-target" in (section.get_attribute("class") or "")
    close(page, touch)
    assert digest(page) is not None and page.get_by_test_id("error").is_hidden()

    # A tile name in a player panel opens its glossary entry.
    name = page.get_by_test_id("player-0").locator(".tile-link").first
    tid = name.get_attribute("data-tile")
    press(page, name, touch)
    assert open_section(page) == f"tile-{tid}"
    entry = page.get_by_test_id(f"ref-tile-{tid}")
    assert in_viewport(page, entry.locator("h3"))
    assert entry.locator("p").count() >= 2
    close(page, touch)

    # The display: a tile's ⓘ opens its entry, the "?" explains the display in plain words.
    info = page.get_by_test_id("display").locator(".tile-info").first
    tid = info.get_attribute("data-tile")
    press(page, info, touch)
    assert open_section(page) == f"tile-{tid}"
    close(page, touch)
    press(page, page.get_by_test_id("display-help"), touch)
    assert open_section(page) == "display"
    help_text = page.get_by_test_id("ref-display").text_content() or ""
    assert '"free"' in help_text and '"cost 2"' in help_text and "coin" in help_text
    close(page, touch)


def test_reference_on_a_desktop(site, page):
    site.goto_ready(page)
    check_reference(page, touch=False)
    site.assert_clean()


def test_reference_on_a_phone(make_site):
    site = make_site(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                     device_scale_factor=2)
    page = site.new_page()
    site.goto_ready(page)
    check_reference(page, touch=True)
    site.assert_clean()


def test_reference_follows_the_page_language(site, page):
    site.goto_ready(page)
    start_game(page, "hotseat", ("Ann", "Ben", "Cid"), seed=SEED)
    page.get_by_test_id("rules").click()
    open_section(page)
    # The page switches language: <html lang> changes, then vinci:language is dispatched.
    page.evaluate("""() => { document.documentElement.lang = 'de';
        document.dispatchEvent(new CustomEvent('vinci:language', {detail: 'de'})); }""")
    page.wait_for_function("() => document.querySelector('#ref-turn h3')?.textContent"
                           " === 'Ein Zug'")
    assert page.get_by_test_id("rules").text_content() == "Regeln"
    page.get_by_test_id("reference-search").fill("untergang")
    first = page.get_by_test_id("reference-body").locator("section:not([hidden])").first
    assert first.get_attribute("data-anchor") == "decline"
    site.assert_clean()
