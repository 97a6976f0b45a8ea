"""Traps a new player fell into (issue 11), each replayed by clicks: the part kept after a
split, duplicate colours, a new game over the game-over window and the old move log, a
share link pasted into an open page, Fit at 1366x768, the token editor's limits and a
prompt that says what is true. Games are opened at the right moment from share links made
in CPython (``open_state``)."""

from __future__ import annotations

import random

import pytest
from game_driver import (
    HOTSEAT_NAMES,
    HOTSEAT_SEED,
    POLICIES,
    click_province,
    digest,
    html,
    replay,
    scenario,
    start_game,
    targets,
    wait_digest_change,
    wait_human_or_over,
    watch_virtual_turn,
)

import vinci_core as vc

pytestmark = pytest.mark.e2e


def open_state(site, page, state: vc.GameState, query: str = "") -> None:
    """Open the page on ``state`` through a share link (it becomes a new saved game)."""
    site.goto_ready(page, f"{site.base_url}{query}#g={vc.encode_save(state)}")
    assert digest(page) == vc.digest(state)


def hotseat_states() -> list[vc.GameState]:
    return replay(HOTSEAT_SEED, scenario(HOTSEAT_SEED))


# ----------------------------------------------------------------------------- 1. keep


def test_c3_4_2_every_part_is_shown_whole_and_giving_up_more_asks_first(site, page):
    states = hotseat_states()
    i = next(i for i, s in enumerate(states) if s.phase == "keep")
    state = states[i]
    open_state(site, page, state)
    lit = set(targets(page))
    # Parts: burgundy, provence, castile, saxony, pyrenees (5) and maghreb, atlas (2).
    assert lit == {"burgundy", "provence", "castile", "saxony", "pyrenees", "maghreb",
                   "atlas"}
    prompt = page.get_by_test_id("prompt").text_content() or ""
    assert "5 provinces" in prompt and "2 provinces" in prompt and "tokens" in prompt
    old = digest(page)
    click_province(page, "atlas")  # not the part's first province: the whole part acts
    confirm = page.get_by_test_id("keep-confirm")
    confirm.wait_for(state="visible")
    assert "give up 5 provinces" in (confirm.text_content() or "")
    assert digest(page) == old
    page.get_by_test_id("keep-cancel").click()
    assert confirm.is_hidden() and digest(page) == old
    click_province(page, "atlas")
    page.get_by_test_id("keep-yes").click()
    wait_digest_change(page, old)
    assert digest(page) == vc.digest(state.apply(vc.Keep("maghreb")))


def test_c3_4_2_keeping_the_larger_part_needs_no_confirmation(site, page):
    states = hotseat_states()
    state = next(s for s in states if s.phase == "keep")
    open_state(site, page, state)
    old = digest(page)
    click_province(page, "saxony")
    wait_digest_change(page, old)
    assert digest(page) == vc.digest(state.apply(vc.Keep("burgundy")))
    assert page.get_by_test_id("keep-confirm").is_hidden()


# ----------------------------------------------------------------------------- 2. colours


def _card_colours(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll(
        '[data-testid=players] .player')].map(
        c => c.style.getPropertyValue('--c').trim().toLowerCase())""")


def test_two_players_and_two_virtual_players_get_four_colours(site, page):
    site.goto_ready(page)
    start_game(page, "two_player", ("Ann", "Bo"))
    colours = _card_colours(page)
    assert len(colours) == 4 and len(set(colours)) == 4, colours


def test_hot_seat_refuses_two_players_with_one_colour(site, page):
    site.goto_ready(page)
    page.get_by_test_id("mode-hotseat").check()
    red = page.get_by_test_id("colour-0").input_value()
    page.get_by_test_id("colour-1").evaluate("(el, v) => { el.value = v; }", red)
    page.get_by_test_id("start-game").click()
    error = page.get_by_test_id("form-error")
    page.wait_for_function("() => document.querySelector('[data-testid=form-error]')"
                           ".textContent.length > 0")
    assert "colour" in (error.text_content() or "")
    assert page.get_by_test_id("new-game-dialog").is_visible()
    assert html(page, "digest") is None


# ----------------------------------------------------------------------------- 3. new game


def _last_move_state() -> vc.GameState:
    """A hot-seat game one reorganization before its end (target 25)."""
    cfg = vc.GameConfig(seats=[vc.Seat(name=n) for n in HOTSEAT_NAMES], seed=5, target_vp=25)
    state, rnd = vc.new_game(cfg), random.Random(5)
    while True:
        after = state.apply(POLICIES["hotseat"](state, rnd))
        if after.is_terminal:
            return state
        state = after


def test_a_new_game_from_the_game_over_window_closes_it_and_clears_the_log(site, page):
    state = _last_move_state()
    assert state.phase == "reorganize"
    open_state(site, page, state)
    assert page.get_by_test_id("log").locator("li").count() > 10
    page.get_by_test_id("place-all").click()
    over = page.get_by_test_id("game-over")
    over.wait_for(state="visible")
    over.get_by_role("button", name="New game", exact=True).click()
    start_game(page, "hotseat", ("Dora", "Emil", "Fay"))
    assert over.is_hidden()
    assert page.get_by_test_id("new-game-dialog").is_hidden()
    assert page.get_by_test_id("log").locator("li").count() == 0
    assert "Ann" not in (page.get_by_test_id("log").text_content() or "")


# ----------------------------------------------------------------------------- 4. hashchange


def test_a_share_link_pasted_into_the_open_page_adds_the_game(site, page):
    site.goto_ready(page)
    start_game(page, "hotseat", HOTSEAT_NAMES)
    state = hotseat_states()[12]
    old = digest(page)
    page.evaluate("h => { location.hash = h; }", "g=" + vc.encode_save(state))
    wait_digest_change(page, old, timeout=15_000)
    assert digest(page) == vc.digest(state)
    page.get_by_test_id("saved-games").click()
    assert page.get_by_test_id("saves-list").locator("li").count() == 2
    assert page.evaluate("location.hash") == ""


# ----------------------------------------------------------------------------- 5. fit


def test_fit_shows_the_whole_board_at_1366x768(make_site):
    site = make_site(viewport={"width": 1366, "height": 768})
    page = site.new_page()
    site.goto_ready(page)
    start_game(page, "hotseat", HOTSEAT_NAMES)
    page.get_by_test_id("zoom-fit").click()
    box = page.evaluate("""() => { const b = document.querySelector('[data-testid=board]');
        const r = b.querySelector('svg').getBoundingClientRect();
        return {bottom: r.bottom, top: r.top, h: b.scrollHeight, ch: b.clientHeight,
                w: b.scrollWidth, cw: b.clientWidth, vh: window.innerHeight,
                scroll: document.scrollingElement.scrollTop}; }""")
    assert box["h"] <= box["ch"] + 1 and box["w"] <= box["cw"] + 1, box  # nothing to scroll
    assert box["bottom"] <= box["vh"] + 1, box  # the south is on screen


# ----------------------------------------------------------------------------- 6. editor


def test_c3_4_3_the_editor_never_leaves_a_needed_province_empty(site, page):
    states = hotseat_states()
    state = states[9]  # reorganize: 14 tokens for 5 provinces, every one keeps a token
    assert state.phase == "reorganize"
    open_state(site, page, state)
    count = page.get_by_test_id("count-ukraine")
    assert count.text_content() == "2"
    page.get_by_test_id("dec-ukraine").click()
    assert count.text_content() == "1"
    assert page.get_by_test_id("dec-ukraine").is_disabled()
    page.get_by_test_id("dec-ukraine").click(force=True)
    assert count.text_content() == "1"
    left = page.get_by_test_id("editor-left").text_content() or ""
    assert "1 token left" in left and page.get_by_test_id("place-all").is_disabled()
    page.get_by_test_id("inc-volga").click()
    assert page.get_by_test_id("place-all").is_enabled()
    old = digest(page)
    page.get_by_test_id("place-all").click()
    wait_digest_change(page, old)
    assert page.get_by_test_id("error").is_hidden()


# ----------------------------------------------------------------------------- 7. prompt


def test_the_prompt_does_not_promise_highlighted_provinces_that_are_not_there(site, page):
    state = hotseat_states()[8]  # expand, but nothing affordable is left
    assert state.phase == "expand" and not targets_of(state)
    open_state(site, page, state)
    assert targets(page) == {}
    prompt = page.get_by_test_id("prompt").text_content() or ""
    assert "highlighted" not in prompt and "finish conquering" in prompt.lower()


def test_the_prompt_of_a_virtual_turn_says_who_is_playing(site, page):
    site.goto_ready(page)
    watch_virtual_turn(page)
    start_game(page, "solo", ("Me",), seed=2)  # a virtual player acts first
    wait_human_or_over(page, timeout=60_000)
    prompts = page.evaluate("window.__virtualSeen.prompts")
    assert prompts, "no virtual turn was seen"
    for prompt in prompts:
        assert "highlighted" not in prompt and "Virtual" in prompt and "playing" in prompt


def targets_of(state: vc.GameState) -> list[vc.Action]:
    return [a for a in state.legal_actions() if a.kind == "conquer"]
