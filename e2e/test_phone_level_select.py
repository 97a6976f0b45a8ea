"""Issue 31, a phone (390x844, touch): the new-game dialog's AI level menus show every level
whole, in every language. A ``<select>`` shows only its chosen option and cuts it at the
arrow; the player must read "AI: expert" as the dialog wrote it, not "AI: expert (thinks
long…", whichever level is chosen, in solo games (the virtual seats' rows) and at a hot-seat
table of six (a row per player, "Human" included).

How an option is measured: a copy of its menu holding only that option, sized to its
content (``width: auto``), is as wide as the menu must be to show the option whole (its
words, padding and arrow, in the menu's own font); the option is cut when that is wider
than the menu on screen.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
LANGUAGES = ("en", "fr", "de", "nl")

# Every option of every level menu shown, cut at the menu's width: "label: words (needs
# N px, has M px)".
CUT_OPTIONS = """() => {
  const cut = [];
  for (const select of document.querySelectorAll('#level-rows select')) {
    const has = select.getBoundingClientRect().width;
    if (!has) continue;
    const label = select.closest('label').querySelector('span').textContent.trim();
    for (const option of select.options) {
      const probe = select.cloneNode(false);
      probe.removeAttribute('name');
      probe.removeAttribute('data-testid');
      probe.append(option.cloneNode(true));
      Object.assign(probe.style, {width: 'auto', minWidth: '0', maxWidth: 'none',
                                  position: 'absolute', visibility: 'hidden'});
      select.after(probe);
      const needs = probe.getBoundingClientRect().width;
      probe.remove();
      if (needs > has + 0.5) {
        cut.push(`${label}: ${option.textContent} (needs ${Math.round(needs)} px, `
                 + `has ${Math.round(has)} px)`);
      }
    }
  }
  return cut;
}"""


def _cut_levels(page, where: str) -> list[str]:
    return [f"{where}: {line}" for line in page.evaluate(CUT_OPTIONS)]


def _switch_language(page, lang: str) -> None:
    page.evaluate("() => document.querySelector('#new-game-dialog').close()")
    page.get_by_test_id("language").select_option(lang)
    page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
    page.get_by_test_id("new-game").tap()
    page.locator("#new-game-dialog[open]").wait_for(state="visible")


def test_a_phone_reads_every_ai_level_whole_in_every_language(make_site):
    site = make_site(**PHONE)
    page = site.new_page()
    site.goto_ready(page, site.base_url + "?fast=1")
    page.get_by_test_id("new-game-dialog").wait_for(state="visible")
    cut: list[str] = []
    measured = 0
    for lang in LANGUAGES:
        if lang != "en":
            _switch_language(page, lang)
        page.get_by_test_id("mode-solo").tap()
        page.get_by_test_id("level-0").wait_for(state="visible")
        cut += _cut_levels(page, f"{lang}, solo")
        page.get_by_test_id("mode-hotseat").tap()
        page.get_by_test_id("player-count").select_option("6")
        page.get_by_test_id("level-5").wait_for(state="visible")
        cut += _cut_levels(page, f"{lang}, hot seat of six")
        measured += page.locator("#level-rows select option").count()
    # Six rows of five levels (Human and the four AI levels) in each language: the check
    # looked at the menus it means to.
    assert measured == 6 * 5 * len(LANGUAGES)
    assert not cut, "level menus cut on a phone:\n" + "\n".join(cut)
    site.assert_clean()
