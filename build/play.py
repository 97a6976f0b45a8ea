#!/usr/bin/env python3
"""Build the static site and serve it on localhost: ``python3 build/play.py``.

Works on a fresh machine with Python 3 (pip) and Node.js (npm): the build fetches its pinned
inputs once (``npm ci`` and ``pip download`` into build/cache/) and reuses them afterwards.
No virtual environment is needed: the build only uses the standard library, pip and npm.

Options: ``--port N`` (default 8000; 0 picks a free port), ``--host`` (default 127.0.0.1),
``--no-serve`` (build only), ``--no-build`` (serve dist/site as it is).
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_site  # noqa: E402


class SiteHandler(SimpleHTTPRequestHandler):
    """http.server with the site's content types (wasm, mjs) and revalidated caching."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        **{ext: ctype for ext, ctype in build_site.CONTENT_TYPES.items()},
    }

    def end_headers(self) -> None:
        # Revalidate every time (a 304 is cheap): a new build is seen at once. The service
        # worker makes repeat visits work without any request at all.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (http.server's name)
        if not getattr(self.server, "quiet", False):
            super().log_message(format, *args)


def make_server(site: Path = build_site.DIST, host: str = "127.0.0.1", port: int = 8000,
                quiet: bool = False, handler_class: type = SiteHandler) -> ThreadingHTTPServer:
    handler = functools.partial(handler_class, directory=str(site))
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    server.quiet = quiet  # type: ignore[attr-defined]
    return server


def serve_in_thread(site: Path = build_site.DIST, host: str = "127.0.0.1", port: int = 0,
                    quiet: bool = True) -> tuple[ThreadingHTTPServer, str]:
    """Start a server in a daemon thread (tests, benchmarks). Returns (server, base URL)."""
    server = make_server(site, host, port, quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://localhost:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Build the Vinci site and serve it on localhost.")
    ap.add_argument("--port", type=int, default=8000, help="port (default 8000, 0 = any free)")
    ap.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    ap.add_argument("--no-serve", action="store_true", help="build dist/site and stop")
    ap.add_argument("--no-build", action="store_true", help="serve dist/site without building")
    args = ap.parse_args(argv)

    if not args.no_build:
        s = build_site.build()
        print(f"Built {s['site']}: {s['files']} files, {s['bytes'] / 1e6:.1f} MB "
              f"({s['seconds']} s)", flush=True)
    elif not (build_site.DIST / "index.html").exists():
        print(f"{build_site.DIST} is not built: run without --no-build", file=sys.stderr)
        return 1
    if args.no_serve:
        return 0
    try:
        server = make_server(build_site.DIST, args.host, args.port)
    except OSError as exc:
        print(f"Cannot listen on {args.host}:{args.port}: {exc}. Try --port 8001.",
              file=sys.stderr)
        return 1
    port = server.server_address[1]
    host = "localhost" if args.host in ("127.0.0.1", "localhost", "::1") else args.host
    print(f"Serving Vinci at http://{host}:{port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
