"""Unit tests of the site build's own logic (no browser): hashing, worker, lock, config."""

from __future__ import annotations

import json
import zipfile

import build_site


def _tree(root, files):
    for rel, data in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    return root


TEMPLATE = "const CACHE_NAME = __VINCI_CACHE_NAME__;\nconst ASSETS = __VINCI_ASSETS__;\n"


def test_site_hash_follows_content_and_paths(tmp_path):
    files = {"index.html": b"<p>hi</p>", "pyodide/a.whl": b"zip", "sw.js": b"old worker"}
    a = build_site.site_hash(_tree(tmp_path / "a", files))
    b = build_site.site_hash(_tree(tmp_path / "b", files))
    assert a == b
    c = build_site.site_hash(_tree(tmp_path / "c", {**files, "index.html": b"<p>hi!</p>"}))
    d = build_site.site_hash(_tree(tmp_path / "d", {**files, "pyodide/b.whl": b"zip"}))
    e = build_site.site_hash(_tree(tmp_path / "e", {**files, "sw.js": b"other worker"}))
    assert len({a, c, d}) == 3
    assert e == a  # the worker itself is not part of the hash (it carries the hash)


def test_write_service_worker_lists_every_asset(tmp_path):
    site = _tree(tmp_path / "site", {"index.html": b"x", "pyodide/core.wasm": b"y"})
    tpl = _tree(tmp_path, {"sw.tpl.js": TEMPLATE.encode()}) / "sw.tpl.js"
    name = build_site.write_service_worker(site, tpl)
    assert name.startswith("vinci-") and len(name) == len("vinci-") + 16
    text = (site / "sw.js").read_text()
    assert f'const CACHE_NAME = "{name}";' in text
    assets = json.loads(text.split("const ASSETS = ", 1)[1].rsplit(";", 1)[0])
    assert assets == ["./index.html", "./pyodide/core.wasm"]
    # Same content, same name; a changed file, a new name.
    assert build_site.write_service_worker(site, tpl) == name
    (site / "index.html").write_bytes(b"x2")
    assert build_site.write_service_worker(site, tpl) != name


def test_real_template_has_placeholders():
    text = (build_site.WEB / "sw.js").read_text()
    out = build_site.render_service_worker(text, "vinci-0", ["a.js"])
    assert "__VINCI_" not in out and '"vinci-0"' in out and '"./a.js"' in out


def test_lock_entry_from_wheel_metadata(tmp_path):
    whl = tmp_path / "demo_pkg-1.2-py3-none-any.whl"
    with zipfile.ZipFile(whl, "w") as zf:
        zf.writestr("demo_pkg/__init__.py", "")
        zf.writestr("demo_pkg-1.2.dist-info/METADATA",
                    "Metadata-Version: 2.1\nName: Demo_Pkg\nVersion: 1.2\n"
                    "Requires-Dist: Pydantic>=2\nRequires-Dist: tzdata; sys_platform == 'win32'\n")
    entry = build_site.wheel_lock_entry(whl)
    assert entry["name"] == "demo-pkg"
    assert entry["imports"] == ["demo_pkg"]
    assert entry["depends"] == ["pydantic"]
    assert entry["sha256"] == build_site.file_sha256(whl)
    assert entry["install_dir"] == "site" and entry["package_type"] == "package"


def test_pyscript_config_stays_local():
    cfg = build_site.pyscript_config()
    assert cfg["interpreter"] == "./pyodide/pyodide.mjs"
    assert cfg["packages"] == ["vinci-core"]
    assert cfg["packages_cache"] == "passthrough"


def test_content_types():
    assert build_site.content_type("pyodide/pyodide.asm.wasm") == "application/wasm"
    assert build_site.content_type("pyodide/pyodide.mjs").startswith("text/javascript")
    assert build_site.content_type("x.whl") == "application/zip"
