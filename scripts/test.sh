#!/usr/bin/env bash
# Sets up everything (a local .venv with the package and its test tools, Chromium, the built
# static site) and runs every test: unit and property tests (tests/), then the end-to-end
# browser tests (e2e/). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"

# The e2e tests drive Debian's Chromium (Playwright's own browser download does not work).
if [ -z "${CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing: sudo apt-get install -y chromium (or set CHROMIUM=/path)" >&2
    exit 1
  fi
fi

.venv/bin/ruff check src tests build e2e bench scripts web
.venv/bin/mypy

# The static site (npm ci and pip download happen once, into build/cache/).
.venv/bin/python build/build_site.py

VINCI_E2E_NO_BUILD=1 .venv/bin/python -m pytest tests e2e "$@"
