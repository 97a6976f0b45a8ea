#!/usr/bin/env python3
"""Assemble the static site in dist/site/ (run as ``python build/build_site.py``, or import).

Inputs, all pinned and cached under build/cache/ (gitignored):

* ``web/``: the page sources (index.html, main.py, app.js, style.css, sw.js template,
  manifest.webmanifest without its icons, icon.svg: the one source of every icon, board.svg:
  the first-visit board picture's source);
* the ``vinci_core`` wheel, built from this checkout (cached by a hash of its sources), which
  PyScript installs (web/pyscript.json), and the page's own Python (web/main.py, web/ui/),
  which becomes page.zip (PyScript's ``files``);
* the Pyodide core from npm ``pyodide``, pinned in build/vendor/package.json +
  package-lock.json and installed with ``npm ci``, with ``@pyscript/core``, which starts
  the page's Python (web/boot.py) and runs the AI's worker (web/worker/; bench/web.py also
  serves the whole package for its reference page of a bare PyScript start);
* the browser's wheels from PyPI (pydantic and its pure dependencies for Python 3.14, and
  the pyemscripten pydantic-core), pinned with sha256 in build/vendor/wheels-*.txt;
* the rasterizer, npm ``@resvg/resvg-wasm``, and the fonts it draws text with, npm
  ``dejavu-fonts-ttf`` (same lock), run by build/raster.mjs: the icons and the first-visit
  board picture.

Bytecode: Pyodide compiles every module it imports from source on every page load (its
``python_stdlib.zip`` holds sources, and it never writes ``__pycache__``). The build runs
build/precompile.py inside the vendored Pyodide under Node (same magic number as the page)
to ship the standard library, our Python's zip and every wheel with bytecode: a cold start
takes half the time, an offline reload a third (figures in docs/performance.md).

Output (dist/site/), every URL relative so the site works from any folder of any origin::

    index.html app.js style.css             the page (from web/)
    pyscript.json boot.py page.zip          PyScript's config, the script it runs, and the
                                            page's own Python (web/main.py, web/ui/, with
                                            bytecode; see page_sources)
    manifest.webmanifest                    web app manifest, with the icons the build made
    icons/                                  icon.svg and PNGs rendered from web/icon.svg
    board.png                               the empty board a first visit shows, from web/board.svg
    pyscript/ worker/                       PyScript's core and the AI's worker (ai.py, ai.json)
    pyodide/                                the Pyodide core, the vinci-core wheel (see
                                            site_wheel), pydantic's wheels and our
                                            pyodide-lock.json
    sw.js                                   service worker: asset list + content-hashed cache

Our ``pyodide-lock.json`` keeps the upstream ``info`` block and lists only our wheel and
pydantic's, with their sha256, so Pyodide's loader resolves them and their dependencies from
the site itself and checks every file's integrity: no request leaves the origin.
"""

from __future__ import annotations

import argparse
import email.parser
import gettext
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import precompile as bytecode_build  # build/precompile.py: its zip and RECORD writers

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
VENDOR = ROOT / "build" / "vendor"
CACHE = ROOT / "build" / "cache"
DIST = ROOT / "dist" / "site"

BROWSER_PYTHON = "3.14"
WASM_PLATFORM = "pyemscripten_2026_0_wasm32"
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
STDLIB_ZIP = "python_stdlib.zip"
PRECOMPILE = (ROOT / "build" / "precompile.py", ROOT / "build" / "precompile.mjs")
# PyScript starts the page (issue 30; web/pyscript.json, web/boot.py). Our engine is the
# vinci-core wheel built from this checkout (vinci_core and boardgame_core, which it uses;
# not renaissance_core until its page exists, issue #32), with bytecode, in the site's
# pyodide-lock.json: PyScript hands its name to Pyodide's loader (packages_cache:
# passthrough), which installs it while Python boots. The page's own Python (web/main.py and
# web/ui/) is one zip with bytecode, page.zip, which PyScript unpacks into Python's working
# folder (the config's ``files``). The AI's worker (web/worker/ai.json) installs the same
# wheel.
PAGE_ZIP = "page.zip"
LEFT_OUT_OF_THE_WHEEL = ("renaissance_core/",)
# The lock's dependencies that the page loads itself, later (web/boot.py: pydantic after a
# first visit's first render): without them there, installing vinci-core does not pull them.
LOADED_LATER = {"vinci-core": frozenset({"pydantic"})}
# PyScript's core (npm @pyscript/core, same lock): pyscript/core.js and the chunks the page
# and the AI's worker need, no source maps. The config disables PyScript's plugins
# (web/pyscript.json for the page's Pyodide, index.html's <mpy-config> for MicroPython,
# which the page never starts), so of its lazy chunks only these load: "error" (its plugin
# module is loaded even when disabled) and "pyodide_graph" (read when a config lists
# packages). Their static imports come too (pyscript_files).
PYSCRIPT_DIST = ("@pyscript", "core", "dist")  # under node_modules
PYSCRIPT_DIR = "pyscript"
PYSCRIPT_ENTRY = "core.js"
PYSCRIPT_CHUNKS = ("error", "pyodide_graph")
# PyScript's own Python package (``pyscript``), as its core writes it into Python's working
# folder before it runs a script: the npm package's build artifact of those sources (a JS
# module whose default export is JSON). page.zip carries its bytecode only (the sources are
# PyScript's to write), so the page does not compile the package on every start.
PYSCRIPT_PACKAGE = ("@pyscript", "core", "src", "stdlib", "pyscript.js")  # under node_modules
# What a first visit's first render may import of vinci_core: neither pydantic (web/boot.py
# loads it right after that render) nor a game's state, rules, boards or session
# (main.import_edges imports them then, a group per browser task).
# tests/test_boot_imports.py and e2e/test_cold_start.py hold the page to it.
FIRST_RENDER_MODULES = frozenset({
    "__init__", "text", "text.i18n", "game", "game.config", "words", "words.guide_labels",
    "words.reference_labels", "table", "table.newgame", "table.palette", "table.store"})
PAGE_ENTRY = "main.py"
PAGE_FOLDER = "ui"
PAGE_CONFIG = "pyscript.json"
SW_TEMPLATE = "sw.js"
MANIFEST = "manifest.webmanifest"
ICON_SOURCE = "icon.svg"
RASTERIZER = ROOT / "build" / "raster.mjs"
RESVG_PACKAGE = ("@resvg", "resvg-wasm")  # under node_modules
# The fonts the rasterizer draws the board picture's names with (sans-serif, its bold, and the
# seas' serif italic), under node_modules.
FONT_FILES = tuple(("dejavu-fonts-ttf", "ttf", name) for name in
                   ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif-Italic.ttf"))
# What a first visit shows while Python loads: web/board.svg (scripts/board_picture.py) drawn
# as a PNG by the build. Chromium draws an SVG image on the main thread, where Python boots:
# shown as SVG, the picture made a cold load about 0.1 s slower (docs/performance.md).
BOARD_PICTURE_SOURCE = "board.svg"
BOARD_PICTURE = "board.png"
BOARD_PICTURE_WIDTH = 1200  # px: sharp on a phone's 3x screen, whose page is ~400 px wide
# Every icon of the site, rendered from web/icon.svg: (file, size in px, shape, purpose in
# the manifest or None if not listed there). "full" is the source as drawn (full bleed, for
# masks and for iOS, which rounds the corners itself); "rounded" clips it to a rounded square.
ICON_SVG = "icons/icon.svg"  # the rounded shape as SVG: the favicon, "any" size in the manifest
ICONS = (
    ("icons/icon-192.png", 192, "rounded", "any"),
    ("icons/icon-512.png", 512, "rounded", "any"),
    ("icons/icon-maskable-512.png", 512, "full", "maskable"),
    ("icons/apple-touch-icon.png", 180, "full", None),  # linked from index.html
)
ICON_CORNER = 0.1875  # corner radius of the rounded shape, as a fraction of the width
# web/ files the build turns into something else rather than copying as they are.
_BUILT_FROM_WEB = {SW_TEMPLATE, MANIFEST, ICON_SOURCE, BOARD_PICTURE_SOURCE}
CACHE_PREFIX = "vinci-"
# Placeholders in web/sw.js that the build replaces.
SW_CACHE_NAME = "__VINCI_CACHE_NAME__"
SW_ASSETS = "__VINCI_ASSETS__"
# Files never copied from web/ (editor and Python leftovers).
_SKIP_NAMES = {"__pycache__", ".DS_Store"}
_SOURCE_MAP = re.compile(rb"\n?//# sourceMappingURL=[^\n]*\s*$")

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".py": "text/plain; charset=utf-8",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
}


def content_type(path: str | Path) -> str:
    """The Content-Type the site's files must be served with (wasm and mjs matter)."""
    return CONTENT_TYPES.get(Path(path).suffix.lower(), "application/octet-stream")


def log(msg: str) -> None:
    print(f"[build_site] {msg}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- hashing


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def site_files(site: Path, exclude: Iterable[str] = ()) -> list[str]:
    """Every file of the site as a sorted list of POSIX paths relative to ``site``."""
    skip = set(exclude)
    out = []
    for p in site.rglob("*"):
        if p.is_file():
            rel = p.relative_to(site).as_posix()
            if rel not in skip:
                out.append(rel)
    return sorted(out)


def site_hash(site: Path, exclude: Iterable[str] = (SW_TEMPLATE,)) -> str:
    """Content hash of the site: every file's path and bytes (the worker itself excluded)."""
    h = hashlib.sha256()
    for rel in site_files(site, exclude):
        h.update(rel.encode() + b"\0" + file_sha256(site / rel).encode() + b"\n")
    return h.hexdigest()


def tree_key(paths: Iterable[Path], base: Path = ROOT) -> str:
    """Short hash of some input files and folders (for cache keys)."""
    h = hashlib.sha256()
    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            files += [
                f for f in p.rglob("*")
                if f.is_file() and not (set(f.relative_to(p).parts) & _SKIP_NAMES)
                and ".egg-info" not in f.as_posix() and f.suffix not in (".pyc", ".mo")
            ]
        elif p.exists():
            files.append(p)
    for f in sorted(files):
        h.update(f.relative_to(base).as_posix().encode() + b"\0" + file_sha256(f).encode())
    return h.hexdigest()[:16]


# --------------------------------------------------------------------------- inputs


def _run(cmd: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    log("$ " + " ".join(cmd))
    subprocess.run(cmd, cwd=cwd, env=env, check=True)


def _keyed_dir(kind: str, key: str) -> Path:
    """build/cache/<kind>/<key>/, dropping stale siblings (one live copy per kind)."""
    parent = CACHE / kind
    parent.mkdir(parents=True, exist_ok=True)
    for old in parent.iterdir():
        if old.name != key:
            shutil.rmtree(old, ignore_errors=True) if old.is_dir() else old.unlink()
    return parent / key


# Babel compiles the gettext catalogues (build/catalogues.py). The test tools' .venv has it;
# a bare python3 running play.py gets it once into build/cache/tools/, like the build's other
# downloads.
BABEL = "Babel==2.18.0"


def _catalogues() -> Any:
    """build/catalogues.py (beside this file), with Babel importable."""
    try:
        import babel  # noqa: F401
    except ImportError:
        where = _keyed_dir("tools", hashlib.sha256(BABEL.encode()).hexdigest()[:16])
        if not (where / "babel").is_dir():
            _run([sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "-q",
                  "--no-deps", "--target", str(where), BABEL])
        sys.path.insert(0, str(where))
    import catalogues

    return catalogues


def npm_modules() -> Path:
    """node_modules of build/vendor (``npm ci``), cached by the lock file's hash."""
    key = tree_key([VENDOR / "package.json", VENDOR / "package-lock.json"])
    where = _keyed_dir("npm", key)
    stamp = where / ".complete"
    if not stamp.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("npm not found: install Node.js and npm (Debian: apt-get install npm)")
        shutil.rmtree(where, ignore_errors=True)
        where.mkdir(parents=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy2(VENDOR / name, where / name)
        _run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
             cwd=where)
        stamp.write_text(key)
    return where / "node_modules"


def browser_wheels() -> list[Path]:
    """The pinned PyPI wheels for the browser (``pip download --require-hashes``)."""
    pins = [VENDOR / "wheels-pure.txt", VENDOR / "wheels-wasm.txt"]
    key = tree_key(pins)
    where = _keyed_dir("wheels", key)
    stamp = where / ".complete"
    if not stamp.exists():
        shutil.rmtree(where, ignore_errors=True)
        where.mkdir(parents=True)
        common = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check",
                  "-q", "--no-deps", "--require-hashes", "--only-binary=:all:",
                  "--python-version", BROWSER_PYTHON, "-d", str(where)]
        _run([*common, "--platform", "any", "-r", str(pins[0])])
        _run([*common, "--implementation", "cp", "--platform", WASM_PLATFORM, "-r", str(pins[1])])
        stamp.write_text(key)
    return sorted(where.glob("*.whl"))


def project_wheel() -> Path:
    """The vinci_core wheel built from this checkout, cached by a hash of its sources.

    The sources are copied to a temporary folder first, so the build leaves nothing
    (build/lib, *.egg-info, *.mo) in the work tree; SOURCE_DATE_EPOCH makes the bytes repeatable.
    """
    inputs = [ROOT / "pyproject.toml", ROOT / "README.md", ROOT / "src"]
    key = tree_key(inputs)
    where = _keyed_dir("project-wheel", key)
    found = sorted(where.glob("vinci_core-*.whl"))
    if found:
        return found[0]
    shutil.rmtree(where, ignore_errors=True)
    where.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="vinci-wheel-") as tmp:
        src = Path(tmp) / "src"
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            if (ROOT / name).exists():
                shutil.copy2(ROOT / name, Path(tmp) / name)
        shutil.copytree(ROOT / "src", src,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "*.mo"))
        # The wheel carries the compiled catalogues (the .po are the sources).
        _catalogues().compile_catalogues(src)
        env = dict(os.environ, SOURCE_DATE_EPOCH="315532800")
        _run([sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check", "-q",
              "--no-deps", tmp, "-w", str(where)], env=env)
    found = sorted(where.glob("vinci_core-*.whl"))
    if len(found) != 1:
        raise SystemExit(f"expected one vinci_core wheel in {where}, found {found}")
    return found[0]


# --------------------------------------------------------------------------- bytecode


def precompile(core: Path, jobs: list[tuple[str, Path, Path]]) -> None:
    """Run build/precompile.py in the vendored Pyodide: ``(kind, src, dst)`` with kind
    ``stdlib`` (python_stdlib.zip -> bytecode only) or ``wheel`` (add bytecode)."""
    if not jobs:
        return
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node not found: install Node.js (Debian: apt-get install nodejs)")
    args = [a for kind, src, dst in jobs for a in (kind, str(src), str(dst))]
    _run([node, str(PRECOMPILE[1]), str(core), str(PRECOMPILE[0]), *args])


def compiled_runtime(core: Path, page: Path,
                     wheels: list[Path]) -> tuple[Path, Path, list[Path]]:
    """The bytecode stdlib zip, the page's zip (``page``, see :func:`page_sources`) with
    bytecode, and the wheels (ours and pydantic's) with bytecode.

    Each output is cached under build/cache/compiled/<key>/ by a hash of its input and of
    the tools (so a source change recompiles only our Python's zip); unused entries go.
    """
    tools = tree_key([*PRECOMPILE, core / "pyodide.asm.wasm"])
    inputs = [("stdlib", core / STDLIB_ZIP), ("folder", page), *[("wheel", w) for w in wheels]]
    parent = CACHE / "compiled"
    jobs, outputs = [], []
    for kind, src in inputs:
        key = hashlib.sha256(f"{tools}:{kind}:{file_sha256(src)}".encode()).hexdigest()[:16]
        out = parent / key / src.name
        outputs.append(out)
        if not out.exists():
            out.parent.mkdir(parents=True, exist_ok=True)
            jobs.append((kind, src, out.with_name(out.name + ".part")))
    precompile(core, jobs)
    for _, _, part in jobs:
        part.rename(part.with_name(part.name.removesuffix(".part")))
    for old in parent.iterdir():
        if old not in {o.parent for o in outputs}:
            shutil.rmtree(old, ignore_errors=True)
    return outputs[0], outputs[1], outputs[2:]


# --------------------------------------------------------------------------- lock file


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_lock_entry(wheel: Path) -> dict:
    """A pyodide-lock.json package entry for one wheel, read from its metadata."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta_name = next(
            n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA")
        )
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode("utf-8"))
        top_level_name = meta_name.replace("METADATA", "top_level.txt")
        if top_level_name in names:
            imports = [t for t in zf.read(top_level_name).decode().split() if t]
        else:
            imports = sorted({
                n.split("/")[0].removesuffix(".py") for n in names
                if not n.split("/")[0].endswith((".dist-info", ".data"))
                and (("/" in n) or n.endswith(".py"))
            })
    depends = []
    for req in meta.get_all("Requires-Dist") or []:
        if ";" in req:  # markers: extras and platform conditions never apply in the page
            continue
        m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", req)
        if m:
            depends.append(_canonical(m.group(1)))
    return {
        "name": _canonical(meta["Name"]),
        "version": meta["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": file_sha256(wheel),
        "package_type": "package",
        "imports": sorted(imports),
        "depends": sorted(set(depends)),
        "unvendored_tests": False,
        "shared_library": False,
        "tool": {},
    }


def write_lock(upstream_lock: Path, wheels: list[Path], out: Path) -> dict:
    """Our pyodide-lock.json: the upstream ``info`` block and only our wheels (without the
    dependencies the page loads itself later, LOADED_LATER)."""
    upstream = json.loads(upstream_lock.read_text(encoding="utf-8"))
    packages = {}
    for w in wheels:
        entry = wheel_lock_entry(w)
        later = LOADED_LATER.get(entry["name"], frozenset())
        entry["depends"] = [d for d in entry["depends"] if d not in later]
        packages[entry["name"]] = entry
    missing = sorted({d for e in packages.values() for d in e["depends"]} - set(packages))
    if missing:
        raise SystemExit(f"pyodide-lock.json: dependencies without a wheel: {missing}")
    lock = {"info": upstream["info"], "packages": dict(sorted(packages.items())), "tool": {}}
    out.write_text(json.dumps(lock, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    return lock


# --------------------------------------------------------------------------- service worker


def render_service_worker(template: str, cache_name: str, assets: list[str]) -> str:
    """Fill web/sw.js's placeholders: the cache name and the precache list."""
    if SW_CACHE_NAME not in template or SW_ASSETS not in template:
        raise ValueError(f"service worker template lacks {SW_CACHE_NAME} or {SW_ASSETS}")
    urls = ["./" + a for a in assets]
    return (template.replace(SW_ASSETS, json.dumps(urls, indent=1))
            .replace(SW_CACHE_NAME, json.dumps(cache_name)))


def write_service_worker(site: Path, template: Path | None = None) -> str:
    """Hash the finished site, write sw.js with every asset and the hashed cache name.

    Returns the cache name. Call it last: it must see every other file of the site.
    """
    template = template or (WEB / SW_TEMPLATE)
    digest = site_hash(site)
    cache_name = CACHE_PREFIX + digest[:16]
    assets = site_files(site, exclude=(SW_TEMPLATE,))
    text = render_service_worker(template.read_text(encoding="utf-8"), cache_name, assets)
    (site / SW_TEMPLATE).write_text(text, encoding="utf-8")
    return cache_name


# --------------------------------------------------------------------------- icons


def icon_svg(source: str, shape: str) -> str:
    """The icon source in one of the ICONS shapes: ``full`` as drawn, ``rounded`` clipped
    to a square with rounded corners (the source must have a ``viewBox="0 0 W H"``)."""
    if shape == "full":
        return source
    if shape != "rounded":
        raise ValueError(f"unknown icon shape {shape!r}")
    start = re.search(r"<svg\b[^>]*>", source)
    box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', start.group(0)) if start else None
    if start is None or box is None or "</svg>" not in source:
        raise ValueError("icon source: expected <svg viewBox=\"0 0 W H\"> … </svg>")
    width, height = box.group(1), box.group(2)
    radius = round(float(width) * ICON_CORNER, 2)
    end = source.rindex("</svg>")
    clip = (f'<clipPath id="vinci-icon-shape"><rect width="{width}" height="{height}" '
            f'rx="{radius}"/></clipPath><g clip-path="url(#vinci-icon-shape)">')
    return source[:start.end()] + clip + source[start.end():end] + "</g>" + source[end:]


def web_manifest(base: dict) -> dict:
    """web/manifest.webmanifest with the ``icons`` list of the icons the build makes."""
    if "icons" in base:
        raise ValueError(f"web/{MANIFEST} must not list icons: the build writes them")
    icons = [{"src": "./" + ICON_SVG, "sizes": "any", "type": "image/svg+xml",
              "purpose": "any"}]
    icons += [{"src": "./" + name, "sizes": f"{size}x{size}", "type": "image/png",
               "purpose": purpose}
              for name, size, _, purpose in ICONS if purpose is not None]
    return {**base, "icons": icons}


def picture_size(svg: str, width: int) -> tuple[int, int]:
    """The pixel size of ``svg`` drawn ``width`` pixels wide (its viewBox's proportions).

    >>> picture_size('<svg viewBox="0 0 1600 1240">', 1200)
    (1200, 930)
    """
    match = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    if match is None:
        raise SystemExit("the board picture has no viewBox")
    w, h = float(match[1]), float(match[2])
    return width, round(width * h / w)


def render_pictures(modules: Path, where: Path) -> None:
    """Write ``where/icons/``: every icon of ICONS rendered from web/icon.svg with resvg
    (WebAssembly: the same bytes on every machine), the rounded shape as ``icon.svg``; and
    ``where/board.png``, web/board.svg drawn BOARD_PICTURE_WIDTH pixels wide."""
    source = (WEB / ICON_SOURCE).read_text(encoding="utf-8")
    out = where / "icons"
    out.mkdir(parents=True, exist_ok=True)
    jobs = []
    for shape in sorted({shape for _, _, shape, _ in ICONS}):
        (where / f"{shape}.svg").write_text(icon_svg(source, shape), encoding="utf-8")
    for name, size, shape, _ in ICONS:
        jobs += [str(where / f"{shape}.svg"), f"{size}x{size}", str(where / name)]
    (where / ICON_SVG).write_text(icon_svg(source, "rounded"), encoding="utf-8")
    board = WEB / BOARD_PICTURE_SOURCE
    w, h = picture_size(board.read_text(encoding="utf-8"), BOARD_PICTURE_WIDTH)
    jobs += [str(board), f"{w}x{h}", str(where / BOARD_PICTURE)]
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node not found: install Node.js (Debian: apt-get install nodejs)")
    fonts = [arg for f in FONT_FILES for arg in ("--font", str(modules.joinpath(*f)))]
    _run([node, str(RASTERIZER), str(modules.joinpath(*RESVG_PACKAGE)), *fonts, *jobs])


def rendered_pictures(modules: Path) -> Path:
    """:func:`render_pictures` into build/cache/pictures/<key>/, keyed by the sources, the
    shapes' code, the rasterizer, its fonts and the tables above."""
    h = hashlib.sha256(repr((ICONS, ICON_CORNER, FONT_FILES, BOARD_PICTURE_WIDTH)).encode())
    h.update(Path(__file__).read_bytes())  # icon_svg's shapes live here
    for f in (WEB / ICON_SOURCE, WEB / BOARD_PICTURE_SOURCE, RASTERIZER,
              modules.joinpath(*RESVG_PACKAGE, "package.json"),
              *(modules.joinpath(*font) for font in FONT_FILES)):
        h.update(f.read_bytes())
    where = _keyed_dir("pictures", h.hexdigest()[:16])
    stamp = where / ".complete"
    if not stamp.exists():
        shutil.rmtree(where, ignore_errors=True)
        render_pictures(modules, where)
        stamp.write_text("ok")
    return where


# --------------------------------------------------------------------------- assembly


def _copy_stripped(src: Path, dst: Path) -> None:
    """Copy a JavaScript file without its trailing sourceMappingURL (maps are not shipped)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    data = src.read_bytes()
    if src.suffix in (".js", ".mjs"):
        data = _SOURCE_MAP.sub(b"\n", data)
    dst.write_bytes(data)


def page_modules() -> list[str]:
    """The page's Python modules beside main.py (web/ui/...), as site-relative paths."""
    return sorted(p.relative_to(WEB).as_posix() for p in (WEB / "ui").rglob("*.py")
                  if not set(p.relative_to(WEB).parts) & _SKIP_NAMES)


def pyscript_package(modules: Path) -> list[tuple[str, bytes]]:
    """PyScript's ``pyscript`` package as its core writes it (PYSCRIPT_PACKAGE), as
    ``(path, source)`` pairs; each source is checked to be in the core the site ships
    (else the bytecode would be of other sources, and the build stops)."""
    artifact = modules.joinpath(*PYSCRIPT_PACKAGE).read_text(encoding="utf-8")
    tree = json.loads(artifact.split("export default", 1)[1].strip().removesuffix(";"))
    shipped = "".join(p.read_text(encoding="utf-8")
                      for p in pyscript_files(modules.joinpath(*PYSCRIPT_DIST)))
    found: list[tuple[str, bytes]] = []

    def walk(folder: dict[str, Any], base: str) -> None:
        for name, value in sorted(folder.items()):
            if isinstance(value, dict):
                walk(value, f"{base}{name}/")
                continue
            if json.dumps(value, ensure_ascii=False)[1:-1] not in shipped:
                raise SystemExit(f"@pyscript/core: {base}{name} is not the core's own")
            found.append((base + name, value.encode()))

    walk(tree, "")
    return found


def page_sources(modules: Path) -> Path:
    """The page's own Python as one zip of sources, before bytecode (see PAGE_ZIP): main.py
    and ui/ at the top level, so main.py imports its views as ``ui.*``, as in web/, and
    PyScript's own package (pyscript_package: its bytecode only goes to the site). Cached
    under build/cache/page-zip/ by its inputs; same inputs, same bytes."""
    package = modules.joinpath(*PYSCRIPT_PACKAGE)
    key = tree_key([WEB / PAGE_ENTRY, WEB / PAGE_FOLDER], base=WEB)
    key = hashlib.sha256(f"{key}:{file_sha256(package)}".encode()).hexdigest()[:16]
    where = _keyed_dir("page-zip", key)
    out = where / PAGE_ZIP
    if out.exists():
        return out
    where.mkdir(parents=True, exist_ok=True)
    members = [(rel, (WEB / rel).read_bytes()) for rel in [PAGE_ENTRY, *page_modules()]]
    members += pyscript_package(modules)
    part = out.with_name(out.name + ".part")
    part.write_bytes(bytecode_build.write_zip(members))
    part.rename(out)
    return out


def site_wheel() -> Path:
    """The vinci-core wheel the site installs: :func:`project_wheel` without the packages of
    LEFT_OUT_OF_THE_WHEEL (their files, RECORD lines and top_level.txt names). Same name, so
    the lock and ``pip`` read it as the project's wheel; cached by the wheel's hash."""
    wheel = project_wheel()
    where = _keyed_dir("site-wheel", file_sha256(wheel)[:16])
    out = where / wheel.name
    if out.exists():
        return out
    where.mkdir(parents=True, exist_ok=True)
    left_out = tuple(LEFT_OUT_OF_THE_WHEEL)
    with zipfile.ZipFile(wheel) as zf:
        members = [(i.filename, zf.read(i)) for i in zf.infolist()
                   if not i.is_dir() and not i.filename.startswith(left_out)]
    kept = []
    for name, data in members:
        if name.endswith(".dist-info/RECORD"):
            data = "".join(line + "\n" for line in data.decode().splitlines()
                           if not line.startswith(left_out)).encode()
        elif name.endswith(".dist-info/top_level.txt"):
            data = "".join(top + "\n" for top in data.decode().split()
                           if top + "/" not in left_out).encode()
        kept.append((name, data))
    part = out.with_name(out.name + ".part")
    part.write_bytes(bytecode_build.write_zip(kept))
    part.rename(out)
    return out


_STATIC_IMPORT = re.compile(rb"""(?:\bfrom|\bimport)\s*["'](\./[^"']+\.js)["']""")


def pyscript_files(dist: Path) -> list[Path]:
    """The files of PyScript's ``dist`` the site ships: its entry, the chunks of
    PYSCRIPT_CHUNKS (named ``<chunk>-<hash>.js``) and everything they import statically.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     d = Path(tmp)
    ...     _ = (d / "core.js").write_text('export{a}from"./core-X1.js";')
    ...     _ = (d / "core-X1.js").write_text('import("./big-Y.js");let a=1;export{a}')
    ...     _ = (d / "error-Z.js").write_text('import{a}from"./core-X1.js";')
    ...     _ = (d / "big-Y.js").write_text("")
    ...     [p.name for p in pyscript_files(d)]
    ['core-X1.js', 'core.js', 'error-Z.js']
    """
    todo = [dist / PYSCRIPT_ENTRY, *(p for chunk in PYSCRIPT_CHUNKS
                                     for p in dist.glob(f"{chunk}-*.js"))]
    found: set[Path] = set()
    while todo:
        file = todo.pop()
        if file in found:
            continue
        if not file.is_file():
            raise SystemExit(f"@pyscript/core: {file.name} is missing from {dist}")
        found.add(file)
        todo += [dist / m.decode() for m in _STATIC_IMPORT.findall(file.read_bytes())]
    return sorted(found)


def copy_pyscript(modules: Path, out: Path) -> None:
    """PyScript's files (pyscript_files) into ``out``/pyscript/, without source maps."""
    dist = modules.joinpath(*PYSCRIPT_DIST)
    for file in pyscript_files(dist):
        _copy_stripped(file, out / PYSCRIPT_DIR / file.name)


def _page_python(rel: Path) -> bool:
    """web/main.py and web/ui/: shipped in the page's zip, not as files of the site."""
    return rel.as_posix() == PAGE_ENTRY or rel.parts[0] == PAGE_FOLDER


# index.html's texts shown before Python runs (data-boot-text): the build writes their words
# in every language into the page (the JSON of #boot-texts), from the compiled catalogues.
BOOT_MARKER = "data-boot-text"
BOOT_TEXTS_EMPTY = '<script type="application/json" id="boot-texts">{}</script>'


def boot_texts(page: Path = WEB / "index.html") -> dict[str, dict[str, str]]:
    """Each language's words for the page's pre-Python texts, read with gettext from the
    compiled ``vinci`` catalogues (English: the texts themselves, so no entry)."""
    catalogues = _catalogues()
    messages = [text for _line, text in catalogues.page_texts(page, BOOT_MARKER)]
    catalogues.compile_catalogues()
    words: dict[str, dict[str, str]] = {"en": {}}
    for lang in catalogues.LANGUAGES:
        mo = catalogues.LOCALE / lang / "LC_MESSAGES" / "vinci.mo"
        with mo.open("rb") as handle:
            t = gettext.GNUTranslations(handle)
        words[lang] = {m: t.gettext(m) for m in messages}
    return words


def with_boot_texts(html: str, words: dict[str, dict[str, str]]) -> str:
    """index.html with ``words`` in its #boot-texts JSON (``</`` escaped for a script)."""
    if html.count(BOOT_TEXTS_EMPTY) != 1:
        raise SystemExit("index.html: no empty #boot-texts script to fill")
    data = json.dumps(words, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return html.replace(BOOT_TEXTS_EMPTY, BOOT_TEXTS_EMPTY.replace("{}", data))


_MPY_CONFIG = re.compile(r"<mpy-config hidden>(.*?)</mpy-config>", re.S)


def disabled_plugins(html: str, config: dict) -> list[str]:
    """PyScript's plugins the page turns off: pyscript.json's list, which index.html's
    <mpy-config> must repeat (PyScript reads one config per interpreter).

    >>> disabled_plugins('<mpy-config hidden>{"plugins": ["!a"]}</mpy-config>',
    ...                  {"plugins": ["!a"]})
    ['!a']
    """
    found = _MPY_CONFIG.search(html)
    mpy = json.loads(found.group(1)) if found else {}
    if mpy.get("plugins") != config.get("plugins"):
        raise SystemExit(f"index.html's <mpy-config> and {PAGE_CONFIG} disable other plugins")
    return list(config["plugins"])


def assemble(out: Path, modules: Path, wheels: list[Path], stdlib: Path, page: Path,
             pictures: Path) -> None:
    """Write the whole site (but sw.js) into the empty folder ``out``; ``stdlib`` (the
    bytecode one) replaces the npm package's python_stdlib.zip, ``wheels`` are ours and
    pydantic's, ``page`` is the page's zip with bytecode; ``pictures`` holds the rendered
    icons and board picture (see :func:`rendered_pictures`)."""
    for p in sorted(WEB.rglob("*")):
        rel = p.relative_to(WEB)
        if (set(rel.parts) & _SKIP_NAMES or p.suffix == ".pyc"
                or rel.as_posix() in _BUILT_FROM_WEB or _page_python(rel)):
            continue
        if p.is_file():
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, out / rel)

    core = modules / "pyodide"
    for name in PYODIDE_CORE:
        src = stdlib if name == STDLIB_ZIP else core / name
        _copy_stripped(src, out / "pyodide" / name)
    shutil.copy2(page, out / PAGE_ZIP)
    for w in wheels:
        shutil.copy2(w, out / "pyodide" / w.name)
    write_lock(core / "pyodide-lock.json", wheels, out / "pyodide" / "pyodide-lock.json")
    copy_pyscript(modules, out)  # the page's start (pyscript.json) and the AI's worker

    shutil.copytree(pictures / "icons", out / "icons")
    shutil.copy2(pictures / BOARD_PICTURE, out / BOARD_PICTURE)
    page = out / "index.html"
    disabled_plugins(page.read_text(encoding="utf-8"),
                     json.loads((WEB / PAGE_CONFIG).read_text(encoding="utf-8")))
    page.write_text(with_boot_texts(page.read_text(encoding="utf-8"), boot_texts()),
                    encoding="utf-8")
    manifest = web_manifest(json.loads((WEB / MANIFEST).read_text(encoding="utf-8")))
    (out / MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n",
                                encoding="utf-8")


def build(dest: Path = DIST) -> dict:
    """Build the site into ``dest`` (atomically replaced). Returns a summary dict."""
    t0 = time.perf_counter()
    modules = npm_modules()
    stdlib, page, wheels = compiled_runtime(modules / "pyodide", page_sources(modules),
                                            [site_wheel(), *browser_wheels()])
    pictures = rendered_pictures(modules)
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".site-", dir=dest.parent))
    try:
        assemble(tmp, modules, wheels, stdlib, page, pictures)
        cache_name = write_service_worker(tmp)
        old = dest.with_name(dest.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if dest.exists():
            dest.rename(old)
        tmp.rename(dest)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    files = site_files(dest)
    size = sum((dest / f).stat().st_size for f in files)
    summary = {
        "site": str(dest),
        "cache_name": cache_name,
        "files": len(files),
        "bytes": size,
        "seconds": round(time.perf_counter() - t0, 2),
    }
    (dest.parent / "site-build.json").write_text(json.dumps(summary, indent=2) + "\n")
    return summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=DIST, help="output folder (default dist/site)")
    args = ap.parse_args(argv)
    s = build(args.out)
    log(f"{s['site']}: {s['files']} files, {s['bytes'] / 1e6:.1f} MB, "
        f"cache {s['cache_name']}, {s['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
