#!/usr/bin/env bash
# Build-time dependencies of the map generator (never needed to play or test the game).
set -euo pipefail
cd "$(dirname "$0")"
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -r requirements.txt
npm ci --no-audit --no-fund -q
command -v rsvg-convert >/dev/null || echo "render_preview.py needs rsvg-convert (Debian: librsvg2-bin)"
