"""End-to-end fixtures: the built site in Debian Chromium through Playwright, no server.

The site (dist/site, built once per session by build/build_site.py; the build reuses its
caches, so it is quick when nothing changed; set VINCI_E2E_NO_BUILD=1 to test dist/site as
it is) is served from the made-up secure origin ``https://app.test/`` by ``context.route``,
which fulfils files from disk with explicit content types. Guards on every context:

* a request to any other host is aborted and recorded: the test fails;
* a console error or an uncaught page error fails the test;
* a missing file (404) fails the test;
* the page's watchdog (web/ui/watchdog.py: a virtual or AI turn stalled for 10 s, or an
  error in the page's Python) fails the test: it logs "vinci watchdog: ..." (a test of the
  watchdog itself empties ``site.alarms`` and ``site.errors`` once it has checked them).

Fixtures:

``site_dir``        Path of the built site (session).
``browser``         Headless Debian Chromium (session).
``site``            A fresh context (service workers blocked), wrapped in :class:`SiteContext`.
``offline_site``    The same with service workers allowed (offline tests).
``page``            A new page of ``site`` (not navigated yet).
``ready_page``      A page of ``site`` navigated to the app and past ``data-ready``.

A test that opens more contexts uses ``make_site(service_workers=..., root=...)``.
Helpers: ``site.goto_ready(page)``, ``wait_ready(page)``, ``site.assert_clean()``.

Which run: a browser test (one that uses Playwright: the ``playwright_instance`` fixture,
under ``browser``, ``site``, ``page`` and the others) counts as ``slow``, left to the full
run (``bash scripts/test.sh --all``), unless it is marked ``smoke``: the few the quick run
keeps.
Under pytest-xdist (``--dist loadgroup``) the browser tests all run on one worker, one
Chromium at a time as without xdist, while the other worker runs the rest.

Chromium's own output (stderr, through Playwright's ``pw:browser`` log) goes to a file of the
session, ``CHROMIUM_LOG``: when a page crashes (Playwright's "Target crashed") the failure
shows its last lines and the machine's free memory, the only trace such a crash leaves.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
ORIGIN = "https://app.test"
BASE_URL = ORIGIN + "/"
WATCHDOG_SAYS = "vinci watchdog:"  # web/app.js, raiseAlarm: the console line of an alarm
READY_TIMEOUT_MS = int(os.environ.get("VINCI_READY_TIMEOUT_MS", "60000"))
# One log a test process (xdist workers run side by side); set before Playwright's driver
# starts, which reads DEBUG and DEBUG_FILE once.
CHROMIUM_LOG = Path(os.environ.get("TMPDIR", "/tmp")) / (
    f"vinci-e2e-chromium-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-{os.getpid()}.log")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


if str(ROOT / "build") not in sys.path:
    sys.path.insert(0, str(ROOT / "build"))

import build_site  # noqa: E402  (build/build_site.py; tests import it the same way)


def chromium_path() -> str:
    for cand in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if cand and Path(cand).exists():
            return cand
    pytest.fail("Debian chromium not found: apt-get install -y chromium (or set CHROMIUM=...)",
                pytrace=False)


class SiteContext:
    """A browser context that serves a site folder from https://app.test/ and polices it."""

    def __init__(self, context, root: Path, origin: str = ORIGIN, passthrough: bool = False):
        self.context = context
        self.root = Path(root)  # may be swapped to serve another build
        self.origin = origin
        self.base_url = origin + "/"
        self.passthrough = passthrough  # True: a real server (play.py's) answers same-origin
        self.foreign: list[str] = []  # requests to other hosts (aborted)
        self.missing: list[str] = []  # same-origin requests for files that do not exist
        self.errors: list[str] = []  # console errors and uncaught page errors
        self.alarms: list[str] = []  # what the pages' watchdog said (a stall, an error)
        self.served: list[str] = []  # paths fulfilled from disk
        self.offline_hits: list[str] = []  # requests that reached the network while offline
        context.route("**/*", self._serve)

    # ------------------------------------------------------------------ routing

    def _serve(self, route) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(url)
            route.abort("blockedbyclient")
            return
        if self.passthrough:
            self.served.append(parts.path)
            route.continue_()
            return
        rel = unquote(parts.path).lstrip("/") or "index.html"
        if rel.endswith("/"):
            rel += "index.html"
        path = (self.root / rel).resolve()
        if not path.is_relative_to(self.root.resolve()) or not path.is_file():
            self.missing.append(url)
            route.fulfill(status=404, body="not found", content_type="text/plain")
            return
        self.served.append(rel)
        route.fulfill(
            status=200,
            body=path.read_bytes(),
            headers={"Content-Type": build_site.content_type(path), "Cache-Control": "no-cache"},
        )

    def go_offline(self) -> None:
        """Cut the network: offline mode, and every request that still escapes is aborted."""
        self.context.set_offline(True)
        self.context.unroute_all(behavior="ignoreErrors")

        def refuse(route) -> None:
            self.offline_hits.append(route.request.url)
            route.abort("internetdisconnected")

        self.context.route("**/*", refuse)

    # ------------------------------------------------------------------ pages

    def new_page(self):
        page = self.context.new_page()
        page.on("console", lambda m: self._console(page, m))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("crash", lambda _p: self.errors.append(
            "the page crashed (Chromium's renderer died):\n" + chromium_trace()))
        return page

    def _console(self, page, msg) -> None:
        if msg.text.startswith(WATCHDOG_SAYS):
            self.alarms.append(msg.text)
        if msg.type == "error":
            loc = msg.location or {}
            self.errors.append(f"console.error: {msg.text} ({loc.get('url', '')})")

    def goto_ready(self, page, url: str | None = None, timeout_ms: int = READY_TIMEOUT_MS):
        page.goto(url or self.base_url, wait_until="commit")
        wait_ready(page, timeout_ms, self)
        return page

    def assert_clean(self) -> None:
        problems = []
        if self.foreign:
            problems.append("requests left the site's origin:\n  " + "\n  ".join(self.foreign))
        if self.missing:
            problems.append("files not found:\n  " + "\n  ".join(self.missing))
        if self.alarms:
            problems.append("the page's watchdog fired (a turn stalled, or Python raised):\n  "
                            + "\n  ".join(self.alarms))
        if self.errors:
            problems.append("console/page errors:\n  " + "\n  ".join(self.errors))
        assert not problems, "\n".join(problems)


def wait_ready(page, timeout_ms: int = READY_TIMEOUT_MS, site: SiteContext | None = None) -> None:
    """Wait for <html data-ready="1">; on timeout or boot error, fail with what went wrong."""
    try:
        page.wait_for_function(
            "() => document.documentElement.dataset.ready === '1'"
            " || document.documentElement.dataset.bootError === '1'",
            timeout=timeout_ms,
        )
    except Exception as exc:  # playwright TimeoutError
        details = _diagnose(page, site)
        pytest.fail(f"page did not reach data-ready within {timeout_ms / 1000:.0f} s "
                    f"({type(exc).__name__}).\n{details}", pytrace=False)
    if page.evaluate("document.documentElement.dataset.ready") != "1":
        pytest.fail("the page showed its boot error instead of starting:\n"
                    + _diagnose(page, site), pytrace=False)


def _diagnose(page, site: SiteContext | None) -> str:
    lines = []
    try:
        lines.append("boot-error text: " + (page.locator("#boot-error pre").text_content(
            timeout=1000) or "").strip()[:3000])
    except Exception:
        pass
    if site is not None:
        lines += [f"errors: {site.errors}", f"missing: {site.missing}",
                  f"foreign: {site.foreign}", f"served: {len(site.served)} files"]
    if not any("crashed" in line for line in lines):
        lines.append(chromium_trace())
    return "\n".join(lines)


def chromium_trace(last: int = 25) -> str:
    """The machine's free memory and the last lines Chromium wrote (its D-Bus complaints,
    which a container always has, left out): what explains a crashed page."""
    try:
        meminfo = dict(line.split(":", 1) for line in
                       Path("/proc/meminfo").read_text().splitlines() if ":" in line)
        memory = (f"memory: {meminfo['MemAvailable'].strip()} available of "
                  f"{meminfo['MemTotal'].strip()}")
    except (OSError, KeyError):
        memory = "memory: unknown"
    try:
        said = [line for line in CHROMIUM_LOG.read_text(errors="replace").splitlines()
                if "dbus" not in line and "DBus" not in line]
    except OSError:
        said = ["(no log)"]
    return memory + f"\nChromium's last lines ({CHROMIUM_LOG}):\n  " + "\n  ".join(
        said[-last:])


# ---------------------------------------------------------------------- selection


@pytest.hookimpl(tryfirst=True)  # before xdist reads the xdist_group marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "playwright_instance" not in getattr(item, "fixturenames", ()):
            continue  # tests/ and the build's own unit tests (test_build_site.py)
        if item.get_closest_marker("smoke") is None:
            item.add_marker(pytest.mark.slow)
        item.add_marker(pytest.mark.xdist_group("browser"))


# ---------------------------------------------------------------------- fixtures


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if os.environ.get("VINCI_E2E_NO_BUILD") == "1":
        site = build_site.DIST
        if not (site / "index.html").exists():
            pytest.fail(f"{site} is not built: run python build/build_site.py", pytrace=False)
        return site
    return Path(build_site.build()["site"])


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("DEBUG", "pw:browser")
    os.environ.setdefault("DEBUG_FILE", str(CHROMIUM_LOG))
    with sync_playwright() as p:
        yield p
    CHROMIUM_LOG.unlink(missing_ok=True)


@pytest.fixture(scope="session")
def browser(playwright_instance):
    b = playwright_instance.chromium.launch(
        executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
    )
    yield b
    b.close()


@pytest.fixture
def make_site(browser, site_dir) -> Iterator[Callable[..., SiteContext]]:
    """Factory: ``make_site(service_workers="block"|"allow", root=site_dir)``; all are
    closed and checked (no foreign request, no console error, no 404) at teardown.
    ``origin="http://localhost:PORT", passthrough=True`` polices a real local server
    (see ``local_server``) instead of serving from disk."""
    made: list[SiteContext] = []

    def make(service_workers: str = "block", root: Path | None = None, origin: str = ORIGIN,
             passthrough: bool = False, **kw) -> SiteContext:
        ctx = browser.new_context(service_workers=service_workers, **kw)
        ctx.set_default_timeout(READY_TIMEOUT_MS)
        s = SiteContext(ctx, root or site_dir, origin, passthrough)
        made.append(s)
        return s

    yield make
    try:
        for s in made:
            s.assert_clean()
    finally:
        for s in made:
            s.context.close()


@pytest.fixture
def local_server():
    """Factory: ``local_server(folder) -> base URL``: play.py's http.server on loopback.

    For what routing cannot show: the browser's own service-worker update check fetches
    sw.js outside Playwright's routing, so the cache-replacement test needs a real server.
    """
    import play  # build/play.py

    servers = []

    def start(root: Path) -> str:
        server, url = play.serve_in_thread(Path(root), port=0)
        servers.append(server)
        return url

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def site(make_site) -> SiteContext:
    return make_site(service_workers="block")


@pytest.fixture
def offline_site(make_site) -> SiteContext:
    return make_site(service_workers="allow")


@pytest.fixture
def page(site):
    return site.new_page()


@pytest.fixture
def ready_page(site, page):
    return site.goto_ready(page)
