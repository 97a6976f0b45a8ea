"""Service worker: after one visit the page loads with the network off; a rebuild replaces the
old cache."""

from __future__ import annotations

import shutil
import time

import build_site
import pytest

pytestmark = pytest.mark.e2e

CONTROLLED = "() => navigator.serviceWorker.controller !== null"
CACHE_KEYS = "async () => (await caches.keys()).sort()"


def _cache_name(site_root) -> str:
    text = (site_root / "sw.js").read_text()
    return text.split("const CACHE_NAME = ", 1)[1].split(";", 1)[0].strip('"')


def _wait_for_caches(page, want: list[str], timeout_s: float = 60.0) -> None:
    """Poll the page's CacheStorage until it holds exactly ``want`` (Chromium checks for a
    new sw.js a few seconds after a navigation)."""
    deadline = time.monotonic() + timeout_s
    keys = None
    while time.monotonic() < deadline:
        keys = page.evaluate(CACHE_KEYS)
        if keys == sorted(want):
            return
        page.wait_for_timeout(250)
    pytest.fail(f"caches are {keys}, expected {want} within {timeout_s} s", pytrace=False)


def _first_visit(offline_site):
    page = offline_site.new_page()
    offline_site.goto_ready(page)
    page.wait_for_function(CONTROLLED)
    return page


def test_offline_reload_comes_from_the_cache(offline_site, site_dir):
    page = _first_visit(offline_site)
    assert page.evaluate(CACHE_KEYS) == [_cache_name(site_dir)]

    offline_site.go_offline()
    page.reload(wait_until="commit")
    offline_site.goto_ready(page)  # the same URL again, still offline
    assert page.get_by_test_id("engine-check").text_content().startswith("ok:")
    assert offline_site.offline_hits == [], "requests reached the network while offline"

    # A share link (query string) works offline too: the navigation falls back to index.html.
    offline_site.goto_ready(page, "https://app.test/?g=offline-share")
    assert offline_site.offline_hits == []


def test_new_build_replaces_the_old_cache(make_site, local_server, site_dir, tmp_path):
    # A real loopback server (play.py's): the browser's own update check of sw.js happens
    # outside Playwright's routing. The served folder is swapped for a rebuilt one.
    live = tmp_path / "live"
    shutil.copytree(site_dir, live)
    base = local_server(live)
    site = make_site(service_workers="allow", origin=base.rstrip("/"), passthrough=True)
    page = _first_visit(site)
    old = _cache_name(live)
    assert page.evaluate(CACHE_KEYS) == [old]

    # "Rebuild" with one changed file, re-hashed by the build's own code, then deploy it.
    rebuilt = tmp_path / "rebuilt"
    shutil.copytree(live, rebuilt)
    with (rebuilt / "style.css").open("a") as f:
        f.write("\n/* rebuilt */\n")
    new = build_site.write_service_worker(rebuilt)
    assert new != old
    live.rename(tmp_path / "previous")
    rebuilt.rename(live)

    # The next visit: the browser sees a changed sw.js, the new worker precaches the new
    # build, takes over and deletes the old cache.
    page.reload(wait_until="commit")
    _wait_for_caches(page, [new])
    site.go_offline()
    site.goto_ready(page)
    css = page.evaluate("fetch('./style.css').then(r => r.text())")
    assert css.rstrip().endswith("/* rebuilt */")
    assert site.offline_hits == []
