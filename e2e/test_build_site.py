"""Unit tests of the site build's own logic (no browser): hashing, worker, lock, config."""

from __future__ import annotations

import base64
import doctest
import hashlib
import importlib.util
import io
import json
import sys
import zipfile

import build_site
import precompile
import pytest


def _tree(root, files):
    for rel, data in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    return root


TEMPLATE = "const CACHE_NAME = __VINCI_CACHE_NAME__;\nconst ASSETS = __VINCI_ASSETS__;\n"


def test_the_build_scripts_examples_hold():
    for module in (build_site, precompile):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed, module.__name__


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


def test_the_page_zip_holds_main_and_ui_and_the_wheel_leaves_renaissance_out():
    # The page's own Python: main.py and every module of web/ui at the top level (main.py
    # imports ``ui.*``). The site's wheel is the project's without renaissance_core (not on
    # the page yet), its RECORD and top_level.txt saying the same.
    modules = build_site.npm_modules()
    page_zip = build_site.page_sources(modules)
    assert build_site.page_sources(modules) == page_zip  # cached: same sources, same file
    page = {rel: (build_site.WEB / rel).read_bytes()
            for rel in ("main.py", *build_site.page_modules())}
    assert "ui/board.py" in page
    page.update(build_site.pyscript_package(modules))  # PyScript's own (its bytecode only)
    assert "pyscript/__init__.py" in page and "pyscript/workers.py" in page
    with zipfile.ZipFile(page_zip) as zf:
        assert {n: zf.read(n) for n in zf.namelist()} == page
    with zipfile.ZipFile(build_site.project_wheel()) as zf:
        whole = {n: zf.read(n) for n in zf.namelist()}
    with zipfile.ZipFile(build_site.site_wheel()) as zf:
        shipped = {n: zf.read(n) for n in zf.namelist()}
    assert shipped.keys() == {n for n in whole if not n.startswith("renaissance_core/")}
    assert "vinci_core/turn/state.py" in shipped and "boardgame_core/savetext.py" in shipped
    assert "vinci_core/locale/nl/LC_MESSAGES/vinci.mo" in shipped
    record = next(d for n, d in shipped.items() if n.endswith(".dist-info/RECORD")).decode()
    assert "renaissance_core/" not in record and "vinci_core/turn/state.py," in record


def test_pyscript_starts_the_page_with_the_sites_own_files():
    # index.html runs boot.py with pyscript.json: the site's Pyodide, our wheel by name from
    # the site's lock (passthrough: Pyodide's loader, no micropip), the page's zip unpacked.
    config = json.loads((build_site.WEB / build_site.PAGE_CONFIG).read_text())
    # The interpreter: the site's Pyodide, through our module that restores this browser's
    # snapshot of a started Python when it keeps one (e2e/test_python_snapshot.py).
    assert config["interpreter"] == "./pyodide-start.mjs"
    start = (build_site.WEB / "pyodide-start.mjs").read_text()
    assert 'from "./pyodide/pyodide.mjs";' in start
    assert config["packages"] == ["vinci-core"] and config["packages_cache"] == "passthrough"
    assert config["files"] == {f"./{build_site.PAGE_ZIP}": "./*"}
    page = (build_site.WEB / "index.html").read_text()
    assert ('<script type="py" src="./boot.py" config="./pyscript.json"></script>') in page
    assert f'<link rel="preload" href="./{build_site.PAGE_ZIP}" as="fetch" crossorigin>' in page
    assert build_site.disabled_plugins(page, config)  # the same plugins off for MicroPython
    worker = json.loads((build_site.WEB / "worker" / "ai.json").read_text())
    assert worker["packages"] == ["vinci-core", "pydantic"] and "files" not in worker


def test_lock_lists_our_wheel_and_pydantic_loaded_after_it(site_dir):
    # boot.py loads pydantic after the first render (or with the page when it resumes a
    # game): the lock lists it and what it depends on, and our wheel without it.
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    assert set(lock) == {"vinci-core", "pydantic", "pydantic-core", "typing-extensions",
                         "annotated-types", "typing-inspection"}
    assert {d for entry in lock.values() for d in entry["depends"]} <= set(lock)
    assert lock["vinci-core"]["depends"] == []
    assert lock["vinci-core"]["imports"] == ["boardgame_core", "vinci_core"]
    assert 'EDGES = ["pydantic"]' in (build_site.WEB / "boot.py").read_text()


def test_the_sites_python_has_bytecode_beside_each_module(site_dir):
    with zipfile.ZipFile(build_site.page_sources(build_site.npm_modules())) as zf:
        sources = set(zf.namelist())
    with zipfile.ZipFile(site_dir / build_site.PAGE_ZIP) as zf:
        shipped = set(zf.namelist())
        magic = zf.read(precompile.pyc_name("ui/board.py", "cpython-314"))[:4]
    with zipfile.ZipFile(site_dir / "pyodide" / "python_stdlib.zip") as zf:
        assert zf.read("typing.pyc")[:4] == magic  # compiled by the site's own Pyodide
    # PyScript writes its own package's sources: of it, the site ships the bytecode only.
    theirs = {n for n in sources if n.startswith("pyscript/")}
    assert theirs and not theirs & shipped
    assert shipped == (sources - theirs) | {precompile.pyc_name(n, "cpython-314")
                                            for n in sources if n.endswith(".py")}
    wheel = next((site_dir / "pyodide").glob("vinci_core-*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        assert zf.read(precompile.pyc_name("vinci_core/turn/state.py",
                                           "cpython-314"))[:4] == magic


def test_content_types():
    assert build_site.content_type("pyodide/pyodide.asm.wasm") == "application/wasm"
    assert build_site.content_type("pyodide/pyodide.mjs").startswith("text/javascript")
    assert build_site.content_type("x.whl") == "application/zip"


# --- bytecode (build/precompile.py; the build runs it inside Pyodide, here it runs in CPython)


def _wheel(files: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
        zf.writestr("demo-1.0.dist-info/RECORD", "stale record\n")
    return buf.getvalue()


def test_add_bytecode_puts_unchecked_pyc_beside_each_module(tmp_path):
    wheel = _wheel({"demo/__init__.py": "", "demo/mod.py": "ANSWER = 42\n",
                    "demo/data.json": "{}", "demo-1.0.dist-info/METADATA": "Name: demo\n"})
    out = precompile.add_bytecode(wheel)
    assert precompile.add_bytecode(wheel) == out  # same inputs, same bytes
    with zipfile.ZipFile(io.BytesIO(out)) as zf:
        names = zf.namelist()
        tag = sys.implementation.cache_tag
        assert f"demo/__pycache__/mod.{tag}.pyc" in names
        assert f"demo/__pycache__/__init__.{tag}.pyc" in names
        assert not any(n.startswith("demo/__pycache__/data") for n in names)
        pyc = zf.read(f"demo/__pycache__/mod.{tag}.pyc")
        assert pyc[:4] == importlib.util.MAGIC_NUMBER
        assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, source not checked
        record = zf.read("demo-1.0.dist-info/RECORD").decode().splitlines()
        assert record[-1] == "demo-1.0.dist-info/RECORD,,"
        assert len(record) == len(names)
        for line in record[:-1]:
            name, digest, size = line.split(",")
            data = zf.read(name)
            expect = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert digest == "sha256=" + expect.decode() and int(size) == len(data)
        zf.extractall(tmp_path)
    # The importer takes the bytecode without looking at the source: change the source.
    (tmp_path / "demo" / "mod.py").write_text("ANSWER = 0\n")
    sys.path.insert(0, str(tmp_path))
    try:
        from demo import mod  # type: ignore[import-not-found]

        assert mod.ANSWER == 42 and mod.__file__ == str(tmp_path / "demo" / "mod.py")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == "demo" or n.startswith("demo.")]:
            del sys.modules[name]


def _archive(files: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return buf.getvalue()


def test_compile_stdlib_replaces_sources_with_bytecode(tmp_path):
    src = _archive({"zdemo_top.py": "def where():\n    raise ValueError('x')\n",
                    "zdemo_pkg/__init__.py": "VALUE = 7\n", "zdemo_pkg/notes.txt": "kept"})
    stdlib = tmp_path / "python_stdlib.zip"
    stdlib.write_bytes(precompile.compile_stdlib(src, str(stdlib)))
    with zipfile.ZipFile(stdlib) as zf:
        assert sorted(zf.namelist()) == ["zdemo_pkg/__init__.pyc", "zdemo_pkg/notes.txt",
                                         "zdemo_top.pyc"]
    sys.path.insert(0, str(stdlib))
    try:
        import zdemo_pkg  # type: ignore[import-not-found]
        import zdemo_top  # type: ignore[import-not-found]

        assert zdemo_pkg.VALUE == 7
        assert zdemo_top.where.__code__.co_filename == f"{stdlib}/zdemo_top.py"
    finally:
        sys.path.remove(str(stdlib))
        sys.modules.pop("zdemo_pkg", None)
        sys.modules.pop("zdemo_top", None)


def test_compile_folder_zip_puts_bytecode_where_the_importer_looks(tmp_path):
    # The page's zip is unpacked into a folder on sys.path (PyScript's files): each module's
    # bytecode goes in __pycache__ beside it, unchecked, so the importer never compiles.
    src = _archive({"zpath_pkg/__init__.py": "",
                    "zpath_pkg/mod.py": "def where():\n    raise ValueError('x')\nANSWER = 42\n",
                    "zpath_pkg/data/notes.txt": "kept"})
    compiled = precompile.compile_folder_zip(src)
    assert precompile.compile_folder_zip(src) == compiled  # same bytes
    with zipfile.ZipFile(io.BytesIO(compiled)) as zf:
        assert set(zf.namelist()) == {
            "zpath_pkg/__init__.py", precompile.pyc_name("zpath_pkg/__init__.py"),
            "zpath_pkg/mod.py", precompile.pyc_name("zpath_pkg/mod.py"),
            "zpath_pkg/data/notes.txt"}
        zf.extractall(tmp_path)
    # The importer takes the bytecode without looking at the source: change the source.
    (tmp_path / "zpath_pkg" / "mod.py").write_text("ANSWER = 0\n")
    sys.path.insert(0, str(tmp_path))
    try:
        from zpath_pkg import mod  # type: ignore[import-not-found]

        assert mod.ANSWER == 42
        assert mod.where.__code__.co_filename == str(tmp_path / "zpath_pkg" / "mod.py")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n.split(".")[0] == "zpath_pkg"]:
            del sys.modules[name]


def test_pyscripts_own_package_goes_as_bytecode_checked_against_the_source(tmp_path):
    # PyScript writes its package's sources into the folder after page.zip is unpacked
    # there: the zip holds their bytecode only, checked, so a source other than the one
    # compiled is compiled afresh rather than shadowed by stale bytecode.
    src = _archive({"pyscript/__init__.py": "", "pyscript/util.py": "ANSWER = 42\n",
                    "main.py": "X = 1\n"})
    with zipfile.ZipFile(io.BytesIO(precompile.compile_folder_zip(src))) as zf:
        assert set(zf.namelist()) == {
            "main.py", precompile.pyc_name("main.py"),
            precompile.pyc_name("pyscript/__init__.py"), precompile.pyc_name("pyscript/util.py")}
        zf.extractall(tmp_path)
    (tmp_path / "pyscript" / "__init__.py").write_text("")  # what PyScript writes
    (tmp_path / "pyscript" / "util.py").write_text("ANSWER = 7\n")  # not what was compiled
    sys.path.insert(0, str(tmp_path))
    try:
        saved = sys.modules.pop("pyscript", None)
        from pyscript import util  # type: ignore[import-not-found]

        assert util.ANSWER == 7
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n.split(".")[0] == "pyscript"]:
            del sys.modules[name]
        if saved is not None:
            sys.modules["pyscript"] = saved


def test_built_site_ships_bytecode(site_dir):
    """The site's stdlib zip holds bytecode only, every wheel module has its cpython-314
    bytecode, all with the magic number of the Pyodide the build ran them in (our zip:
    test_the_sites_python_has_bytecode_beside_each_module)."""
    pyodide = site_dir / "pyodide"
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as zf:
        names = zf.namelist()
        assert not [n for n in names if n.endswith(".py")]
        magic = zf.read("typing.pyc")[:4]
    for wheel in sorted(pyodide.glob("*.whl")):
        with zipfile.ZipFile(wheel) as zf:
            names = set(zf.namelist())
            for name in [n for n in names if n.endswith(".py")]:
                pyc = zf.read(precompile.pyc_name(name, "cpython-314"))
                assert pyc[:4] == magic, (wheel.name, name)


# --- the web app manifest and its icons (web/manifest.webmanifest, web/icon.svg)


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_rounded_icon_clips_the_source_and_full_keeps_it():
    source = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect/></svg>\n'
    assert build_site.icon_svg(source, "full") == source
    rounded = build_site.icon_svg(source, "rounded")
    assert rounded.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
                              '<clipPath id="vinci-icon-shape"><rect width="512" height="512" '
                              'rx="96.0"/></clipPath><g clip-path="url(#vinci-icon-shape)">')
    assert rounded.endswith("<rect/></g></svg>\n")
    for bad in ("<svg><rect/></svg>", '<svg viewBox="0 0 5 5"><rect/>'):
        try:
            build_site.icon_svg(bad, "rounded")
        except ValueError:
            continue
        raise AssertionError(f"accepted {bad!r}")


def test_manifest_lists_the_icons_the_build_makes():
    base = json.loads((build_site.WEB / build_site.MANIFEST).read_text())
    for key in ("name", "short_name", "description", "start_url", "scope", "display",
                "theme_color", "background_color", "lang"):
        assert base.get(key), key
    assert base["display"] == "standalone"
    assert base["start_url"] == base["scope"] == "./"  # relative: any sub-path
    manifest = build_site.web_manifest(base)
    pngs = {(i["sizes"], i["purpose"]) for i in manifest["icons"] if i["type"] == "image/png"}
    assert pngs == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    assert all(i["src"].startswith("./icons/") for i in manifest["icons"])
    try:
        build_site.web_manifest(manifest)
    except ValueError:
        pass
    else:
        raise AssertionError("a manifest that lists its own icons was accepted")


def test_built_site_has_the_manifest_icons_and_caches_them(site_dir):
    manifest = json.loads((site_dir / build_site.MANIFEST).read_text())
    for icon in manifest["icons"]:
        data = (site_dir / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            w, h = icon["sizes"].split("x")
            assert _png_size(data) == (int(w), int(h)), icon["src"]
    for name, size, _, _ in build_site.ICONS:
        assert _png_size((site_dir / name).read_bytes()) == (size, size)
    worker = (site_dir / "sw.js").read_text()
    assets = json.loads(worker.split("const ASSETS = ", 1)[1].split(";\n", 1)[0])
    assert set(assets) == {"./" + f for f in build_site.site_files(site_dir, ("sw.js",))}
    for name in (build_site.MANIFEST, build_site.ICON_SVG, *[i[0] for i in build_site.ICONS]):
        assert "./" + name in assets
    assert not (site_dir / build_site.ICON_SOURCE).exists()  # the source is not shipped


def test_the_first_visit_board_picture_is_a_png_drawn_from_web_board_svg(site_dir):
    """An SVG image is drawn on the main thread, where Python boots: the site ships the
    picture as a PNG (with the provinces' names: the rasterizer has fonts) and not its source."""
    data = (site_dir / build_site.BOARD_PICTURE).read_bytes()
    source = (build_site.WEB / build_site.BOARD_PICTURE_SOURCE).read_text(encoding="utf-8")
    assert _png_size(data) == build_site.picture_size(source, build_site.BOARD_PICTURE_WIDTH)
    assert not (site_dir / build_site.BOARD_PICTURE_SOURCE).exists()
    assert f'img.src = "./{build_site.BOARD_PICTURE}"' in (site_dir / "app.js").read_text()


@pytest.mark.slow  # renders every picture again
def test_pictures_render_to_the_same_bytes(site_dir, tmp_path):
    """resvg runs as WebAssembly, so a fresh rendering gives the shipped bytes (no PNG is
    committed: every build makes them again from web/icon.svg and web/board.svg)."""
    build_site.render_pictures(build_site.npm_modules(), tmp_path)
    for name in (*[i[0] for i in build_site.ICONS], build_site.BOARD_PICTURE):
        assert (tmp_path / name).read_bytes() == (site_dir / name).read_bytes(), name
    assert (tmp_path / build_site.ICON_SVG).read_bytes() == (
        site_dir / build_site.ICON_SVG).read_bytes()


def test_pages_workflow_builds_with_the_tests_command():
    """The publishing workflow (not run here) builds from a tag with the command that
    scripts/test.sh runs before the end-to-end tests, and publishes what it writes."""
    root = build_site.ROOT

    def build_steps(text: str) -> list[str]:
        return [line.split("build/build_site.py", 1)[1].strip() for line in text.splitlines()
                if "build/build_site.py" in line and not line.lstrip().startswith("#")]

    workflow = (root / ".github" / "workflows" / "pages.yml").read_text()
    tested = build_steps((root / "scripts" / "test.sh").read_text())
    assert tested and build_steps(workflow) == tested
    assert "tags:" in workflow
    published = build_site.DIST.relative_to(root).as_posix()
    assert f"path: {published}\n" in workflow
