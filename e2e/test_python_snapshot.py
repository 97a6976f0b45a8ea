"""A returning player's Python starts from this browser's snapshot of a started interpreter
(web/pyodide-start.mjs): made once after a visit that keeps the site offline, restored on the
next start, dropped when it does not load."""

from __future__ import annotations

import pytest
from conftest import wait_ready
from game_driver import (
    ai_moves_replayed,
    digest,
    html,
    play_against_the_ai_worker,
    start_game,
    wait_digest_change,
)

pytestmark = pytest.mark.e2e

CONTROLLED = "() => navigator.serviceWorker.controller !== null"
CACHE = "vinci-python-snapshot"
FAILED = "vinci.python-snapshot-failed"
STATE = "(document.documentElement.dataset.pythonSnapshot ?? null)"
SNAPSHOTS = f"async () => (await (await caches.open('{CACHE}')).keys()).map(r => r.url)"
MODULE = "./pyodide-start.mjs"


def _stored(offline_site):
    """A first visit, controlled by the service worker, once its snapshot is stored."""
    page = offline_site.new_page()
    offline_site.goto_ready(page)
    page.wait_for_function(CONTROLLED)
    page.wait_for_function(f"() => ['stored', 'failed', 'none'].includes({STATE})")
    assert page.evaluate(STATE) == "stored"
    return page


def _reload(offline_site, page) -> None:
    # One load only: goto_ready after the reload would load the page a second time, and the
    # first load, when it got far enough, had already dropped a spoilt snapshot (the second
    # one then said "none", not "failed").
    page.reload(wait_until="commit")
    wait_ready(page, site=offline_site)


def test_the_snapshot_packs_its_pages_of_zeros_away_and_back(ready_page):
    # Three pages of 4 KiB and a short one (Pyodide's snapshot ends with a short page):
    # zeros, some bytes, zeros, and a byte at the very end.
    same = ready_page.evaluate("""async (url) => {
        const { pack, unpack } = await import(url);
        const memory = new Uint8Array(3 * 4096 + 128);
        memory.set([1, 2, 3], 4096);
        memory[memory.length - 1] = 7;
        const packed = pack(memory);
        const back = unpack(packed);
        let refused = false;
        try { unpack(packed.subarray(0, packed.length - 1)); } catch { refused = true; }
        return [packed.length, back.length, back.every((b, i) => b === memory[i]), refused];
    }""", MODULE)
    assert same == [4 * (2 + 2) + 2 * 4096, 3 * 4096 + 128, True, True]


def test_a_returning_player_starts_python_from_the_browsers_snapshot(offline_site):
    page = _stored(offline_site)
    version = page.evaluate(f"import('{MODULE}').then(m => m.version)")  # Pyodide's
    assert version and version[0].isdigit()
    assert page.evaluate(SNAPSHOTS) == [
        f"https://app.test/pyodide/snapshot-{version}.bin"]

    offline_site.go_offline()
    _reload(offline_site, page)
    assert page.evaluate(STATE) == "used"
    page.wait_for_selector("html[data-edges='1']", state="attached")  # pydantic loads too
    assert page.get_by_test_id("engine-check").text_content().startswith("ok:")
    assert page.get_by_test_id("python-version").text_content().startswith("3.14")
    start_game(page, "hotseat", ("Ann", "Bo", "Cy"))
    before = digest(page)
    page.locator('[data-slot="1"]').click()
    wait_digest_change(page, before)
    assert offline_site.offline_hits == []


def test_each_start_from_the_snapshot_draws_its_own_new_games(offline_site):
    # The snapshot holds Python's random generator as it was when the snapshot was taken:
    # without a new seed at each start, every start would deal the same new game.
    page = _stored(offline_site)
    dealt = []
    for _ in range(2):
        _reload(offline_site, page)
        assert page.evaluate(STATE) == "used"
        start_game(page, "hotseat", ("Ann", "Bo", "Cy"))  # no seed given: the page draws one
        dealt.append(digest(page))
    assert dealt[0] != dealt[1]


def test_a_snapshot_that_does_not_load_is_dropped_and_python_starts_as_usual(offline_site):
    page = _stored(offline_site)
    # The stored snapshot with its first bytes (Pyodide's mark of a snapshot) spoilt.
    page.evaluate("""async ([cache, url]) => {
        const { pack, unpack } = await import(url);
        const store = await caches.open(cache);
        const [key] = await store.keys();
        const memory = unpack(new Uint8Array(await (await store.match(key)).arrayBuffer()));
        memory.fill(0, 0, 16);
        await store.put(key, new Response(pack(memory)));
    }""", [CACHE, MODULE])
    _reload(offline_site, page)
    assert page.evaluate(STATE) == "failed"
    page.wait_for_selector("html[data-edges='1']", state="attached")
    assert page.get_by_test_id("engine-check").text_content().startswith("ok:")
    assert page.evaluate(f"localStorage.getItem('{FAILED}')")  # none is made again
    for _ in range(50):  # the page deletes it without waiting (wait_for_function would not
        if not page.evaluate(f"caches.has('{CACHE}')"):  # wait for an async predicate)
            break
        page.wait_for_timeout(100)
    assert page.evaluate(f"caches.has('{CACHE}')") is False

    _reload(offline_site, page)
    assert page.evaluate(STATE) == "none"


def test_a_snapshot_deleted_by_a_new_build_is_made_again(offline_site):
    # A new build's service worker deletes the snapshot's cache with the old build's.
    page = _stored(offline_site)
    page.evaluate(f"caches.delete('{CACHE}')")
    _reload(offline_site, page)
    assert html(page, "pythonSnapshot") in ("pending", "making", "stored")
    page.wait_for_function(f"() => {STATE} === 'stored'")
    _reload(offline_site, page)
    assert page.evaluate(STATE) == "used"



# The AI's PyScript worker starts with the same interpreter module as the page (PyScript's
# config): it restores the page's snapshot, and it never makes one of its own (it once did,
# and its start took twice as long).
def _workers_snapshot(page) -> list[str | None]:
    return [worker.evaluate("globalThis.pythonSnapshot ?? null") for worker in page.workers]


def test_the_ais_worker_makes_no_snapshot(site, page):
    # The service worker blocked: the page makes none, and the AI's worker must not either.
    site.goto_ready(page, site.base_url + "?fast=1")
    play_against_the_ai_worker(page, ("strong", "book", "strong"), answers=3)
    assert page.evaluate(f"caches.has('{CACHE}')") is False
    assert page.evaluate(STATE) == "pending"  # the page waits for a service worker in vain
    assert _workers_snapshot(page) == [None]
    site.assert_clean()


def test_the_ais_worker_starts_from_the_snapshot_and_plays_as_cpython(offline_site):
    page = _stored(offline_site)
    offline_site.goto_ready(page, offline_site.base_url + "?fast=1")
    assert page.evaluate(STATE) == "used"
    play_against_the_ai_worker(page, ("strong", "book", "strong"), answers=3)
    assert _workers_snapshot(page) == ["used"]
    assert page.evaluate(SNAPSHOTS)  # kept: it loaded
    assert ai_moves_replayed(page) >= 3
    offline_site.assert_clean()
