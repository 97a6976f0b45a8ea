"""Service worker: after one visit the page loads with the network off (test_update.py: a new
build replaces it)."""

from __future__ import annotations

import pytest
from conftest import wait_ready

pytestmark = pytest.mark.e2e

CONTROLLED = "() => navigator.serviceWorker.controller !== null"
# The site's cache (this build's files). The snapshot of a started Python that the page makes
# once idle (e2e/test_python_snapshot.py) has a cache of its own, left out here.
CACHE_KEYS = ("async () => (await caches.keys())"
              ".filter(k => k !== 'vinci-python-snapshot').sort()")


def _cache_name(site_root) -> str:
    text = (site_root / "sw.js").read_text()
    return text.split("const CACHE_NAME = ", 1)[1].split(";", 1)[0].strip('"')


def _first_visit(offline_site):
    page = offline_site.new_page()
    offline_site.goto_ready(page)
    page.wait_for_function(CONTROLLED)
    return page


def test_offline_reload_comes_from_the_cache(offline_site, site_dir):
    page = _first_visit(offline_site)
    assert page.evaluate(CACHE_KEYS) == [_cache_name(site_dir)]

    offline_site.go_offline()
    page.reload(wait_until="commit")  # the same URL again, still offline
    wait_ready(page, site=offline_site)
    assert page.get_by_test_id("engine-check").text_content().startswith("ok:")
    assert offline_site.offline_hits == [], "requests reached the network while offline"

    # A share link (query string) works offline too: the navigation falls back to index.html.
    offline_site.goto_ready(page, "https://app.test/?g=offline-share")
    assert offline_site.offline_hits == []
