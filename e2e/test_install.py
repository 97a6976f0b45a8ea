"""Installable: Chromium's own installability check passes, the Install button appears only
when the browser offers to install, iOS Safari gets its one-line hint, and the manifest's
start_url opens the resumed game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import CHROMIUM_ARGS, SiteContext, chromium_path, wait_ready
from game_driver import digest, start_game, wait_digest_change

pytestmark = pytest.mark.e2e

# Reasons Chromium gives that belong to the test context, not to the site: Playwright's
# browser contexts are off-the-record profiles, and a response fulfilled by request routing
# has no TLS certificate behind it, so its https origin does not count as a secure one. The
# loopback test below has neither and must report no reason at all.
TEST_CONTEXT_REASONS = {"in-incognito", "not-from-secure-origin"}
IPHONE_SAFARI = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15"
                 " (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
IPHONE_CHROME = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15"
                 " (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1")


def installability_errors(site: SiteContext, page) -> set[str]:
    cdp = site.context.new_cdp_session(page)
    try:
        return {e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")
                ["installabilityErrors"]}
    finally:
        cdp.detach()


def app_manifest(site: SiteContext, page) -> dict:
    cdp = site.context.new_cdp_session(page)
    try:
        return cdp.send("Page.getAppManifest")
    finally:
        cdp.detach()


def test_chromium_finds_the_site_installable_over_https(offline_site, make_site, site_dir,
                                                        tmp_path):
    page = offline_site.new_page()
    offline_site.goto_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    assert installability_errors(offline_site, page) - TEST_CONTEXT_REASONS == set()

    found = app_manifest(offline_site, page)
    assert found["url"] == "https://app.test/manifest.webmanifest" and found["errors"] == []
    manifest = found["manifest"]
    assert manifest["startUrl"] == manifest["scope"] == manifest["id"] == "https://app.test/"
    assert manifest["display"] == "kStandalone" and manifest["name"] == "Vinci"
    assert {i["sizes"] for i in manifest["icons"] if i["type"] == "image/png"} == {
        "192x192", "512x512"}
    # The icons came from the site and are in the service worker's cache.
    for icon in manifest["icons"]:
        assert page.evaluate("async u => !!(await caches.match(u))", icon["url"]), icon

    # The check can fail: the same site without the manifest link is not installable.
    bare = tmp_path / "bare"
    shutil.copytree(site_dir, bare)
    index = (bare / "index.html").read_text()
    (bare / "index.html").write_text(
        index.replace('<link rel="manifest" href="./manifest.webmanifest">', ""))
    other = make_site(service_workers="allow", root=bare)
    page = other.new_page()
    other.goto_ready(page)
    assert "no-manifest" in installability_errors(other, page)


def test_install_button_appears_when_the_browser_offers_it(playwright_instance, site_dir,
                                                          local_server, tmp_path):
    # An ordinary (not off-the-record) profile on loopback, a secure origin: here Chromium
    # finds nothing to object to and fires beforeinstallprompt (the switch skips its
    # "used the site enough" heuristics, which a test cannot meet).
    base = local_server(site_dir)
    context = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=chromium_path(), headless=True,
        args=[*CHROMIUM_ARGS, "--bypass-app-banner-engagement-checks"],
        service_workers="allow")
    try:
        site = SiteContext(context, site_dir, base.rstrip("/"), passthrough=True)
        page = site.new_page()
        site.goto_ready(page)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        assert installability_errors(site, page) == set()
        page.get_by_test_id("install").wait_for(state="visible")
        assert page.get_by_test_id("ios-install").is_hidden()
        site.assert_clean()
    finally:
        context.close()


def test_no_install_control_where_the_browser_offers_none(site, ready_page):
    # An off-the-record profile never gets beforeinstallprompt: no button, and no iOS hint.
    ready_page.wait_for_timeout(500)
    assert ready_page.get_by_test_id("install").is_hidden()
    assert ready_page.get_by_test_id("ios-install").is_hidden()
    site.assert_clean()


def test_ios_safari_gets_the_add_to_home_screen_hint(make_site):
    phone = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    site = make_site(user_agent=IPHONE_SAFARI, **phone)
    page = site.goto_ready(site.new_page())
    hint = page.get_by_test_id("ios-install")
    assert hint.is_visible()
    assert "Add to Home Screen" in hint.text_content()
    assert page.get_by_test_id("install").is_hidden()
    # Dismissed once (after closing the new-game dialog of a first visit), it stays away.
    page.get_by_test_id("new-game-dialog").press("Escape")
    page.locator("#ios-install-close").click()
    assert hint.is_hidden()
    page.reload(wait_until="commit")
    wait_ready(page, site=site)
    assert hint.is_hidden()

    # Chrome on iOS is not Safari: no hint.
    other = make_site(user_agent=IPHONE_CHROME, **phone)
    page = other.goto_ready(other.new_page())
    assert page.get_by_test_id("ios-install").is_hidden()


def test_start_url_opens_the_resumed_game(site, page):
    site.goto_ready(page)
    start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=6)
    before = digest(page)
    page.locator('[data-slot="1"]').click()
    wait_digest_change(page, before)
    played = digest(page)
    start_url = app_manifest(site, page)["manifest"]["startUrl"]

    home = site.new_page()  # as if launched from the home screen
    site.goto_ready(home, start_url)
    assert digest(home) == played
    assert home.get_by_test_id("new-game-dialog").is_hidden()
    assert home.get_by_test_id("turn-who").is_visible()
    site.assert_clean()


def test_site_works_under_a_sub_path(make_site, local_server, site_dir, tmp_path):
    # The same files published under /some/path/ of a plain static server.
    www = tmp_path / "www"
    (www / "some").mkdir(parents=True)
    (www / "some" / "path").symlink_to(Path(site_dir).resolve(), target_is_directory=True)
    base = local_server(www)
    site = make_site(service_workers="allow", origin=base.rstrip("/"), passthrough=True)
    page = site.new_page()
    site.goto_ready(page, base + "some/path/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=6)
    played = digest(page)

    assert site.served and all(p.startswith("/some/path/") for p in site.served), [
        p for p in site.served if not p.startswith("/some/path/")]
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == base + "some/path/"
    manifest = app_manifest(site, page)["manifest"]
    assert manifest["startUrl"] == manifest["scope"] == base + "some/path/"

    site.go_offline()
    site.goto_ready(page, base + "some/path/")
    assert digest(page) == played
    assert site.offline_hits == []
