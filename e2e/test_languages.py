"""The page in Nederlands, Français and Deutsch (issue 15), played through clicks.

A browser whose languages start with nl, fr or de opens the page in that language; a
solo game is played for a few actions, and every visible text on the page is checked
against the English messages whose translation differs (nothing English may be left but
the players' names); then the menu switches the language mid-game (same digest, every
text said again) and the choice outlives a reload. Each language's page is photographed
for the README (docs/screenshot-<lang>.png, 1366x768)."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from conftest import wait_ready
from game_driver import digest, html, human_step, start_game, wait_human_or_over

from vinci_core.text.i18n import translations

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build"))
import catalogues  # noqa: E402

pytestmark = pytest.mark.e2e

DOCS = Path(__file__).resolve().parent.parent / "docs"
PLAYER = "Zoë"
# The next language of each, for the switch in the middle of the game.
NEXT = {"nl": "fr", "fr": "de", "de": "nl"}

# Every visible text node of the page (board labels included), outside the language menu
# (each language is named there in its own words).
VISIBLE_TEXTS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    const el = node.parentElement;
    if (!text || !el || el.closest("script, style, select#language, title")) continue;
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    out.push(text);
  }
  return out;
}"""


def _english_patterns(lang: str) -> list[tuple[str, re.Pattern[str]]]:
    """Each English message whose translation in ``lang`` differs, as a pattern a whole
    text node would match (placeholders match anything). Messages made of placeholders
    and signs alone say nothing English and are left out."""
    t = translations(lang)
    out = []
    for message in catalogues.extract("vinci"):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for n, msgid in enumerate(ids):
            if isinstance(message.id, tuple):
                # The forms for one and for several (French counts 0 and 1 as one).
                translated = t.ngettext(ids[0], ids[1], 1 if n == 0 else 5)
            elif message.context:
                translated = t.pgettext(message.context, msgid)
            else:
                translated = t.gettext(msgid)
            bare = re.sub(r"\{[^{}]*\}", "", msgid)
            if translated == msgid or not re.search(r"[A-Za-z]{2,}", bare):
                continue
            # Words the translation shares ("{n} in {province}": Dutch and German say "in"
            # too) would take its own texts for English.
            if set(re.findall(r"[A-Za-z]+", bare)) <= set(re.findall(r"\w+", translated)):
                continue
            parts = re.split(r"(\{[^{}]*\})", msgid.strip())
            regex = "".join(".+?" if p.startswith("{") else re.escape(p) for p in parts)
            out.append((msgid, re.compile(regex)))
    return out


def _english_left(page, lang: str) -> list[tuple[str, str]]:
    patterns = _english_patterns(lang)
    left = []
    for text in page.evaluate(VISIBLE_TEXTS):
        if text == PLAYER:
            continue
        for msgid, pattern in patterns:
            if pattern.fullmatch(text):
                left.append((text, msgid))
    return left


def _switch(page, lang: str) -> None:
    page.get_by_test_id("language").select_option(lang)
    page.wait_for_function("l => document.documentElement.lang === l", arg=lang)


@pytest.mark.parametrize("lang", ["nl", "fr", "de"])
def test_a_game_in_each_language(make_site, lang: str) -> None:
    site = make_site(service_workers="block", locale=f"{lang}-BE" if lang != "de" else "de-AT",
                     viewport={"width": 1366, "height": 768})
    page = site.new_page()
    site.goto_ready(page, site.base_url + "?fast=1")
    # A first visit speaks the browser's language, and says so in <html lang>.
    assert html(page, "ready") == "1"
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.get_by_test_id("new-game-dialog").is_visible()
    assert not _english_left(page, lang), _english_left(page, lang)

    start_game(page, "solo", names=(PLAYER,), seed=11)
    rnd = random.Random(5)
    for _ in range(7):  # choose a civilization, enter and conquer, finish, reorganize
        wait_human_or_over(page)
        human_step(page, rnd, max_conquests=2)
    wait_human_or_over(page)
    left = _english_left(page, lang)
    assert not left, f"English left on the {lang} page: {left[:10]}"
    if lang in ("nl", "fr", "de"):
        DOCS.mkdir(exist_ok=True)
        page.screenshot(path=str(DOCS / f"screenshot-{lang}.png"))

    # The About box's worded facts (the engine's self-check, the map) too.
    page.evaluate("() => { document.querySelector('details.about').open = true; }")
    page.get_by_test_id("engine-check").scroll_into_view_if_needed()
    assert page.get_by_test_id("engine-check").is_visible()
    left = _english_left(page, lang)
    assert not left, f"English left in the About box ({lang}): {left[:10]}"
    page.evaluate("() => { document.querySelector('details.about').open = false; }")

    # The menu switches mid-game: the same game, every text said again in the new language.
    game = digest(page)
    other = NEXT[lang]
    _switch(page, other)
    assert digest(page) == game
    left = _english_left(page, other)
    assert not left, f"English left after switching to {other}: {left[:10]}"
    log_head = page.get_by_test_id("log-round").first.text_content()
    assert log_head == translations(other).gettext("Round {n}").format(n=1)

    # The choice is remembered: a reload opens the same game in the chosen language.
    page.reload(wait_until="commit")
    page.wait_for_function("() => document.documentElement.dataset.ready === '1'")
    assert page.evaluate("document.documentElement.lang") == other
    assert page.evaluate("localStorage.getItem('vinci.lang')") == other
    assert digest(page) == game
    assert page.get_by_test_id("language").input_value() == other

    # A damaged link is explained in the language, and changes nothing.
    page.goto(site.base_url + "?fast=1&damaged#g=V1.AAAA", wait_until="commit")
    page.wait_for_function("() => document.documentElement.dataset.ready === '1'")
    page.get_by_test_id("error").wait_for(state="visible")
    left = _english_left(page, other)
    assert not left, f"English left in the error of a damaged link ({other}): {left[:10]}"
    assert digest(page) == game


BOOT_LINE = "Loading Python and the rules engine…"


def test_a_dutch_first_visit_says_the_boot_line_in_dutch_before_python(make_site) -> None:
    """The language chosen before (localStorage) words the boot line before Python runs:
    the build wrote the page's pre-Python texts from the compiled catalogues."""
    site = make_site(service_workers="block")  # an English browser: the stored choice wins
    page = site.new_page()
    page.add_init_script("localStorage.setItem('vinci.lang', 'nl')")
    # Read in the page when its parser is done (Python is still starting then), not from the
    # test afterwards: Python's start keeps the main thread busy, and a later evaluate() may
    # only run once Python has drawn.
    page.add_init_script("""document.addEventListener("DOMContentLoaded", () => {
      window.__bootLine = [
        document.querySelector("[data-testid=boot-status] [data-boot-text]").textContent,
        document.documentElement.dataset.ready || ""];
    })""")
    page.goto(site.base_url, wait_until="domcontentloaded")
    line, ready = page.evaluate("window.__bootLine")
    assert ready != "1"  # Python has not drawn anything yet
    dutch = translations("nl").gettext(BOOT_LINE)
    assert dutch != BOOT_LINE and line.strip() == dutch
    wait_ready(page, site=site)
    assert page.evaluate("document.documentElement.lang") == "nl"
    site.assert_clean()
