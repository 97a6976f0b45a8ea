"""Play by link (issue 14): a 3-player game played on three devices (three browser contexts),
each opening the link the previous player sent; every device ends on the same digest with
exactly one saved game. Links behind the saved game, and links whose moves part from it,
change nothing and say so."""

from __future__ import annotations

import random

import pytest
from game_driver import click_province, digest, html, human_step, perform, start_game

import vinci_core as vc

pytestmark = pytest.mark.e2e

NAMES = ("Ann", "Bo", "Cy")
GAMES = "() => JSON.parse(localStorage.getItem('vinci.games') || '[]')"
MAX_DECISIONS = 400


def _wait_settled(page) -> str:
    page.wait_for_function("() => ['human', 'remote', 'over'].includes("
                           "document.documentElement.dataset.actor)", timeout=60_000)
    return html(page, "actor") or ""


def _send_link(page) -> str:
    box = page.get_by_test_id("send-next")
    box.wait_for(state="visible")
    return page.get_by_test_id("send-link").input_value()


def _open(site, page, link: str, n: int) -> None:
    """Open a link as a player would: a fresh page load of it."""
    base, _, fragment = link.partition("#")
    url = f"{base}?fast=1&n={n}#{fragment}"
    page.goto(url, wait_until="commit")
    site.goto_ready(page, url)


def test_three_players_on_three_devices_play_a_game_by_link(make_site):
    sites = [make_site() for _ in NAMES]
    pages = [s.new_page() for s in sites]
    sites[0].goto_ready(pages[0], sites[0].base_url + "?fast=1")
    start_game(pages[0], "hotseat", NAMES, seed=14, target=14, remote=(1, 2))
    rnd = random.Random(14)
    here, opened, checked_refusal, hops = 0, {0}, False, 0
    for _ in range(MAX_DECISIONS):
        page = pages[here]
        actor = _wait_settled(page)
        if actor == "over":
            break
        if actor == "human":
            human_step(page, rnd)
            continue
        # A remote seat is to act: this device offers its link, refuses its moves.
        link = _send_link(page)
        seat = int(link.rsplit("&to=", 1)[1])
        name = NAMES[seat]
        assert name in page.get_by_test_id("send-next-text").text_content()
        assert name in page.get_by_test_id("prompt").text_content()
        if not checked_refusal:
            before = digest(page)
            click_province(page, page.evaluate(
                "() => document.querySelector('path[data-province]').dataset.province"))
            assert f"It is {name}'s turn" in page.get_by_test_id("error").text_content()
            assert digest(page) == before
            checked_refusal = True
        hops += 1
        _open(sites[seat], pages[seat], link, hops)
        if seat in opened:  # the saved copy moved forward
            assert "moved forward" in pages[seat].get_by_test_id("link-note-text").text_content()
        opened.add(seat)
        assert digest(pages[seat]) == digest(page)
        assert f"Your turn, {name}." in pages[seat].get_by_test_id("your-turn").text_content()
        here = seat
    else:
        pytest.fail("the game did not end")
    assert hops >= 4 and opened == {0, 1, 2}
    final = _send_link(pages[here])  # the last player sends the end to the others
    want = digest(pages[here])
    for seat in range(3):
        if seat != here:
            hops += 1
            _open(sites[seat], pages[seat], final, hops)
        assert digest(pages[seat]) == want
        assert html(pages[seat], "phase") == "over"
        games = pages[seat].evaluate(GAMES)
        assert len(games) == 1, seat
        assert games[0]["digest"] == want
    assert len({pages[s].evaluate(GAMES)[0]["game"] for s in range(3)}) == 1


def test_stale_and_diverging_links_change_nothing_and_say_why(make_site):
    a_site, b_site = make_site(), make_site()
    a, b = a_site.new_page(), b_site.new_page()
    a_site.goto_ready(a, a_site.base_url + "?fast=1")
    start_game(a, "hotseat", NAMES, seed=5)
    rnd = random.Random(5)
    for _ in range(4):
        human_step(a, rnd)
    a.get_by_test_id("share").click()
    older = a.get_by_test_id("share-link").input_value()
    a.get_by_test_id("share-dialog").get_by_role("button", name="Close").click()
    for _ in range(3):
        human_step(a, rnd)
    a.get_by_test_id("share").click()
    newer = a.get_by_test_id("share-link").input_value()
    a.get_by_test_id("share-dialog").get_by_role("button", name="Close").click()

    _open(b_site, b, newer, 1)
    kept = b.evaluate(GAMES)
    assert len(kept) == 1
    # Older than the saved game: says so, changes nothing.
    _open(b_site, b, older, 2)
    note = b.get_by_test_id("link-note-text").text_content()
    assert "older than the game saved here" in note and "nothing was changed" in note
    assert b.evaluate(GAMES)[0]["digest"] == kept[0]["digest"] == digest(b)
    assert len(b.evaluate(GAMES)) == 1
    # Both devices play on from the same point, differently: their links part.
    state = vc.decode_save(newer.split("#g=", 1)[1])
    first, second = state.legal_actions()[:2]
    perform(a, state, first)
    a.wait_for_function("d => document.documentElement.dataset.digest !== d",
                        arg=vc.digest(state))
    perform(b, state, second)
    b.wait_for_function("d => document.documentElement.dataset.digest !== d",
                        arg=vc.digest(state))
    mine = digest(b)
    a.get_by_test_id("share").click()
    theirs = a.get_by_test_id("share-link").input_value()
    _open(b_site, b, theirs, 3)
    note = b.get_by_test_id("link-note-text").text_content()
    assert "kept as a separate saved game" in note
    games = b.evaluate(GAMES)
    assert len(games) == 2 and mine in {g["digest"] for g in games}
    assert digest(b) == digest(a)
    assert b.get_by_test_id("error").is_hidden()
