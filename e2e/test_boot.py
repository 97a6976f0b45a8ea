"""The page boots Python with the real vinci_core, from the site's own origin only."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.e2e


@pytest.mark.smoke
def test_boots_to_ready_with_engine_output(site, ready_page):
    page = ready_page
    assert page.locator("html").get_attribute("data-ready") == "1"
    assert page.get_by_test_id("boot-error").is_hidden()
    assert page.get_by_test_id("boot-status").is_hidden()
    assert page.get_by_test_id("app").is_visible()

    # Real engine output: a board validated by pydantic-core (WebAssembly) and compiled by
    # vinci_core.boards.maps inside the page (pydantic comes after the first render: data-edges).
    page.wait_for_selector("html[data-edges='1']", state="attached")
    check = page.get_by_test_id("engine-check").text_content()
    assert check.startswith("ok: provinces compiled: 2, fingerprint "), check
    assert page.get_by_test_id("python-version").text_content().startswith("3.14")
    assert page.get_by_test_id("pydantic-version").text_content() == "2.14.3"
    assert page.get_by_test_id("engine-version").text_content() != "unknown"
    assert page.get_by_test_id("map").text_content()

    # Every Python package came from our lock file, from this origin.
    wheels = {p.rsplit("/", 1)[-1] for p in site.served if p.endswith(".whl")}
    lock = json.loads((site.root / "pyodide" / "pyodide-lock.json").read_text())
    assert wheels == {e["file_name"] for e in lock["packages"].values()}
    # index.html preloads PyScript's core and config, the Pyodide core and the page's zip:
    # each file is still fetched only once (a preload whose request mode differs from the
    # fetch would be downloaded twice).
    for name in ("pyscript/core.js", "pyscript.json", "pyodide-start.mjs", "pyodide/pyodide.mjs",
                 "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                 "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "page.zip",
                 *(f"pyodide/{wheel}" for wheel in wheels)):
        assert site.served.count(name) == 1, name
    site.assert_clean()


def test_share_link_query_loads_same_page(site, page):
    site.goto_ready(page, "https://app.test/?g=abc#xyz")
    page.wait_for_selector("html[data-edges='1']", state="attached")
    assert page.get_by_test_id("engine-check").text_content().startswith("ok:")
    site.assert_clean()


def test_foreign_request_is_caught(site, ready_page):
    # The guard itself works: a request to another host is aborted and recorded.
    ready_page.evaluate("fetch('https://cdn.example.org/x.js').catch(() => null)")
    ready_page.wait_for_timeout(200)
    assert site.foreign == ["https://cdn.example.org/x.js"]
    site.foreign.clear()  # expected here; teardown checks the rest
    site.errors[:] = [e for e in site.errors if "cdn.example.org" not in e
                      and "ERR_BLOCKED_BY_CLIENT" not in e]


@pytest.mark.parametrize("missing, said", [("pyodide/vinci_core-*.whl", "vinci_core"),
                                            ("page.zip", "page.zip")])
def test_our_python_missing_says_so_on_the_boot_screen(site, page, missing, said):
    # PyScript installs our wheel and unpacks the page's zip before boot.py runs: a file
    # that does not come is said on the boot screen, and the page says it could not start.
    page.route(f"**/{missing}", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site.base_url, wait_until="commit")
    page.wait_for_function("document.documentElement.dataset.bootError === '1'")
    assert page.get_by_test_id("boot-error").is_visible()
    assert said in page.locator("#boot-error pre").text_content()
    assert page.evaluate("document.documentElement.dataset.ready") != "1"
    site.errors.clear()  # the 404 and the failed start, expected here
    site.assert_clean()
