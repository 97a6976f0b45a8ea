"""(f) with a game: after one visit the page comes back offline, resumes the saved game at the
same digest, and plays on (test_offline.py covers the bare page and cache replacement)."""

from __future__ import annotations

import pytest
from conftest import wait_ready
from game_driver import digest, start_game, wait_digest_change

pytestmark = pytest.mark.e2e


def test_offline_reload_resumes_and_plays(offline_site):
    page = offline_site.new_page()
    offline_site.goto_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=6)
    page.locator('[data-slot="1"]').click()
    before = digest(page)

    offline_site.go_offline()
    page.reload(wait_until="commit")
    wait_ready(page, site=offline_site)
    assert digest(page) == before
    page.locator('[data-slot="2"]').click()
    wait_digest_change(page, before)
    assert offline_site.offline_hits == []
