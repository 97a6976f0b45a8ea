"""Compiled bytecode for the page's Python: the standard library zip and our wheels.

Pyodide never writes ``__pycache__`` (``sys.dont_write_bytecode``) and the npm package's
``python_stdlib.zip`` holds sources only, so without this every page load compiles each
module it imports (the standard library's ``email``, ``ipaddress``, ``typing``…, pydantic,
vinci_core) from source: more than half a second of a cold start. The build runs this file
*inside the vendored Pyodide* (build/precompile.mjs under Node), so the bytecode's magic
number and cache tag are exactly the page's.

All bytecode is *unchecked-hash*: the importer neither stats nor hashes the source, which
never changes inside a built site. Zips are written in a fixed order with fixed timestamps,
so the same inputs give the same bytes.

* :func:`compile_stdlib`: ``python_stdlib.zip`` with each ``x.py`` replaced by ``x.pyc``
  (zipimport looks for it there), as upstream Pyodide builds ship it.
* :func:`add_bytecode`: a wheel (ours, vinci-core, and pydantic's) with
  ``__pycache__/<name>.<cache tag>.pyc`` beside each ``.py`` (which stays, for readable
  tracebacks); the wheel's RECORD lists the new files.
* :func:`compile_folder_zip`: the page's own Python (page.zip: web/main.py and web/ui/, which
  PyScript unpacks into Python's working folder) with the same ``__pycache__`` files, and
  PyScript's own ``pyscript`` package as bytecode only: PyScript writes its sources there
  itself, after the unpacking, before it runs the page's script. That bytecode is
  *checked-hash* (the importer hashes the source PyScript wrote and compiles it if it is
  not the one compiled here), so it can never run stale code.

Runs under CPython too (with CPython's own magic number): the unit tests use that.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import sys
import zipfile
from collections.abc import Iterable

# What py_compile itself uses to write a hash-based .pyc (it only works on files on disk).
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

ZIP_TIME = (1980, 1, 1, 0, 0, 0)
# In a folder zip, the packages whose sources someone else writes beside it at run time
# (PyScript's own): their bytecode goes in, checked against those sources, theirs does not.
WRITTEN_AT_RUN_TIME = ("pyscript/",)


def pyc_name(py_name: str, cache_tag: str | None = None) -> str:
    """``pkg/mod.py`` -> ``pkg/__pycache__/mod.<tag>.pyc`` (where the import system looks).

    >>> pyc_name("pydantic/main.py", "cpython-314")
    'pydantic/__pycache__/main.cpython-314.pyc'
    """
    tag = cache_tag or sys.implementation.cache_tag
    folder, _, file = py_name.rpartition("/")
    stem = file.removesuffix(".py")
    return f"{folder + '/' if folder else ''}__pycache__/{stem}.{tag}.pyc"


def bytecode(source: bytes, filename: str, checked: bool = False) -> bytes:
    """The hash-based .pyc of one module, unchecked unless ``checked``; ``filename`` is what
    tracebacks will show."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=checked))


def _members(data: bytes) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return [(i.filename, zf.read(i)) for i in zf.infolist() if not i.is_dir()]


def write_zip(members: Iterable[tuple[str, bytes]]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as out:
        for name, data in members:
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, data, compresslevel=9)
    return buf.getvalue()


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _with_cached_bytecode(members: Iterable[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """``members`` with ``__pycache__/<name>.<cache tag>.pyc`` beside each ``.py`` (kept, for
    readable tracebacks: the importer sets the real filename, _fix_co_filename); any
    ``__pycache__`` already there is dropped."""
    kept: list[tuple[str, bytes]] = []
    for name, data in members:
        if "/__pycache__/" in f"/{name}":
            continue
        kept.append((name, data))
        if name.endswith(".py"):
            kept.append((pyc_name(name), bytecode(data, name)))
    return kept


def add_bytecode(wheel: bytes) -> bytes:
    """The same wheel with a .pyc beside every .py module (RECORD updated)."""
    members = _members(wheel)
    record_name = next(n for n, _ in members
                       if n.count("/") == 1 and n.endswith(".dist-info/RECORD"))
    kept = _with_cached_bytecode((n, d) for n, d in members if n != record_name)
    record = "".join(record_line(n, d) + "\n" for n, d in kept) + f"{record_name},,\n"
    return write_zip([*kept, (record_name, record.encode())])


def compile_folder_zip(archive: bytes) -> bytes:
    """A zip that is unpacked into a folder on ``sys.path`` (the page's own Python, PyScript's
    ``files``) with a .pyc beside every .py module, where the importer looks for it; of the
    packages of WRITTEN_AT_RUN_TIME, a checked .pyc only."""
    members = _members(archive)
    ours = [(n, d) for n, d in members if not n.startswith(WRITTEN_AT_RUN_TIME)]
    theirs = [(pyc_name(n), bytecode(d, n, checked=True)) for n, d in members
              if n.startswith(WRITTEN_AT_RUN_TIME) and n.endswith(".py")]
    return write_zip([*_with_cached_bytecode(ours), *theirs])


def _zip_with_bytecode(archive: bytes, zip_path: str) -> bytes:
    """``archive`` (a zip for sys.path) with ``x.pyc`` in place of each ``x.py``.

    ``zip_path`` is where the zip sits on the page's ``sys.path``: zipimport keeps the
    filename compiled in, so tracebacks name the real place.
    """
    out = []
    for name, data in _members(archive):
        if name.endswith(".py"):
            out.append((name + "c", bytecode(data, f"{zip_path}/{name}")))
        else:
            out.append((name, data))
    return write_zip(out)


def compile_stdlib(stdlib_zip: bytes, zip_path: str) -> bytes:
    """``python_stdlib.zip`` (at ``zip_path``, ``/lib/python314.zip``) with bytecode in
    place of sources."""
    return _zip_with_bytecode(stdlib_zip, zip_path)


def stdlib_zip_path() -> str:
    """Where this interpreter imports its standard library zip from."""
    return next(p for p in sys.path if p.endswith(".zip"))
