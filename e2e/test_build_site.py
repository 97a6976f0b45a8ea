"""Unit tests of the site build's own logic (no browser): hashing, worker, lock, config."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import json
import sys
import zipfile

import build_site
import precompile


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
    # The page's modules (web/ui) are fetched from the site itself, to the same paths.
    assert "./ui/board.py" in cfg["files"]
    assert all(src == dst and src.startswith("./ui/") for src, dst in cfg["files"].items())


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


def test_compile_stdlib_replaces_sources_with_bytecode(tmp_path):
    src = io.BytesIO()
    with zipfile.ZipFile(src, "w") as zf:
        zf.writestr("zdemo_top.py", "def where():\n    raise ValueError('x')\n")
        zf.writestr("zdemo_pkg/__init__.py", "VALUE = 7\n")
        zf.writestr("zdemo_pkg/notes.txt", "kept")
    stdlib = tmp_path / "python_stdlib.zip"
    stdlib.write_bytes(precompile.compile_stdlib(src.getvalue(), str(stdlib)))
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


def test_built_site_ships_bytecode(site_dir):
    """The site's stdlib zip holds bytecode only, every wheel module has its cpython-314
    bytecode, all with the magic number of the Pyodide the build ran them in."""
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
