"""Tile names anywhere on the page open their glossary entry (issue 15): the move log's
lines and the notices of the civilizations chosen, in English and after a switch to
German; no interactive element inside another; the display's info buttons draw an icon
(not a font's symbol that may be missing) with a label in the page's language; rule links
sit tight against the brackets and commas around them."""

from __future__ import annotations

import pytest
from game_driver import start_game, wait_human_or_over

from vinci_core.words.tilewords import tile_name

pytestmark = pytest.mark.e2e

OPEN_AT = "() => document.querySelector('[data-testid=reference]').dataset.section"

# Per rule link next to a bracket or a comma: the gap (px) between the id's glyphs and that
# sign's glyph, on each side where there is one.
RULE_LINK_GAPS = """() => {
  const out = [];
  const glyph = (node, at) => { const r = document.createRange();
    r.setStart(node, at); r.setEnd(node, at + 1); return r.getBoundingClientRect(); };
  for (const link of document.querySelectorAll('#reference-body .rule-link')) {
    const id = link.firstChild;  // the id's own text: its first and last glyphs
    if (!id || !link.getBoundingClientRect().width) continue;
    const first = glyph(id, 0), last = glyph(id, id.data.length - 1);
    const prev = link.previousSibling, next = link.nextSibling;
    if (prev && prev.nodeType === 3 && prev.data.endsWith('('))
      out.push(['(' + link.textContent, first.left - glyph(prev, prev.data.length - 1).right]);
    if (next && next.nodeType === 3 && /^[),]/.test(next.data))
      out.push([link.textContent + next.data[0], glyph(next, 0).left - last.right]);
  }
  return out;
}"""


def open_entry(page, link) -> str:
    """Click ``link``: the reference opens at the tile's glossary entry; closed again."""
    tid = link.get_attribute("data-tile")
    link.click()
    page.get_by_test_id("reference").wait_for(state="visible")
    assert page.evaluate(OPEN_AT) == f"tile-{tid}"
    assert page.get_by_test_id(f"ref-tile-{tid}").locator("h3").is_visible()
    page.get_by_test_id("reference-close").click()
    page.get_by_test_id("reference").wait_for(state="hidden")
    return str(tid)


def test_tile_names_in_the_log_and_the_notices_open_their_entries(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "solo", ("Zoë",), seed=11)
    page.get_by_test_id("slot-1").click()
    wait_human_or_over(page)  # the three virtual players chose after the human

    log = page.get_by_test_id("log")
    links = log.locator(".tile-link")
    assert links.count() == 8  # four civilizations chosen, two tiles each
    # No interactive element in another: a line naming tiles is no button itself.
    assert page.locator("#log button button, #log button [data-tile], "
                        "#notices button button").count() == 0
    first = links.first
    tid = first.get_attribute("data-tile")
    assert first.text_content() == tile_name(tid, "classic", "en")
    open_entry(page, first)

    notice = page.get_by_test_id("notice").locator(".tile-link").first
    notice.wait_for(state="visible")
    open_entry(page, notice)

    # In German: the same lines worded again, their tile names German and still links.
    page.get_by_test_id("language").select_option("de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    links = page.get_by_test_id("log").locator(".tile-link")
    assert links.count() == 8
    tid = links.last.get_attribute("data-tile")
    assert links.last.text_content() == tile_name(tid, "classic", "de")
    open_entry(page, links.last)
    site.assert_clean()


def test_the_display_info_buttons_draw_an_icon_with_a_label_in_the_language(site, page):
    site.goto_ready(page)
    start_game(page, "hotseat", ("Ann", "Ben", "Cid"), seed=7)
    for lang, about in (("en", "About {tile}"), ("fr", "À propos de « {tile} »")):
        if lang != "en":
            page.get_by_test_id("language").select_option(lang)
            page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        infos = page.get_by_test_id("display").locator(".tile-info")
        assert infos.count() >= 2
        for i in range(infos.count()):
            info = infos.nth(i)
            tid = info.get_attribute("data-tile")
            assert info.get_attribute("aria-label") == about.format(
                tile=tile_name(tid, "classic", lang))
            assert (info.text_content() or "").strip() == ""  # no font symbol to miss
            icon = info.locator("svg.icon")
            assert icon.count() == 1
            box = icon.bounding_box()
            assert box is not None and box["width"] >= 10 and box["height"] >= 10
            # the icon is drawn: its shapes cover a visible area inside the button
            assert icon.locator("circle, rect, path").count() >= 2
    site.assert_clean()


def test_rule_links_sit_against_their_brackets_and_commas(site, page):
    site.goto_ready(page)
    start_game(page, "hotseat", ("Ann", "Ben", "Cid"), seed=7)
    # A notice citing two rules, as a virtual player's reason does: its ids become links.
    page.evaluate("""() => { const li = document.createElement('li');
        li.dataset.testid = 'cited'; li.textContent = 'Cheapest (V-3, V-4).';
        document.getElementById('notices').append(li);
        document.getElementById('news-panel').hidden = false; }""")
    cited = page.get_by_test_id("cited")
    cited.locator(".rule-link").nth(1).wait_for()
    assert cited.text_content() == "Cheapest (V-3, V-4)."
    assert cited.evaluate("e => e.innerText") == "Cheapest (V-3, V-4)."
    gaps = page.evaluate(RULE_LINK_GAPS.replace("#reference-body", "[data-testid=cited]"))
    assert [text for text, _gap in gaps] == ["(V-3", "V-3,", "V-4)"]
    assert all(abs(gap) <= 0.5 for _text, gap in gaps), gaps

    page.get_by_test_id("rules").click()  # and every link of the rules reference
    page.get_by_test_id("reference").wait_for(state="visible")
    gaps = page.evaluate(RULE_LINK_GAPS)
    assert len(gaps) >= 6
    wide = [(text, round(gap, 2)) for text, gap in gaps if abs(gap) > 0.5]
    assert not wide, wide
    site.assert_clean()
