#!/usr/bin/env bash
# Sets up everything (a local .venv with the package and its test tools) and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"
.venv/bin/ruff check src tests
.venv/bin/mypy
.venv/bin/python -m pytest tests "$@"
