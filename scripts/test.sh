#!/usr/bin/env bash
# The README's test command. Sets up what is missing (a local .venv with the package and its
# test tools, Chromium), lints, type-checks, builds the static site, then runs the tests on
# both cores (pytest-xdist):
#   bash scripts/test.sh         the quick run, a few minutes: tests/ less the tests marked
#                                slow, fewer Hypothesis examples (profile "fast"), and the
#                                smoke end-to-end tests (the site boots; a solo game by clicks)
#   bash scripts/test.sh --all   every test with the full Hypothesis budget (CI runs this)
# Other arguments go to pytest (e.g. -k save, -x).
set -euo pipefail
cd "$(dirname "$0")/.."
ALL=0
PYTEST_ARGS=()
for arg in "$@"; do
  if [ "$arg" = --all ]; then ALL=1; else PYTEST_ARGS+=("$arg"); fi
done
PY=${PYTHON:-python3}

# The static site, built by the plain Python 3 (as build/play.py and the publishing workflow
# run it) while the venv is set up and the code checked: the build is the longest step of a
# fresh clone (npm ci and pip download happen once, into build/cache/). Its output is shown
# when it is done.
build_the_site() {
  "$PY" build/build_site.py
}
BUILD_LOG=$(mktemp)
trap 'wait; rm -f "$BUILD_LOG"' EXIT
build_the_site >"$BUILD_LOG" 2>&1 &
BUILD=$!

if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
# uv installs in seconds what pip takes one to two minutes to resolve and unpack.
.venv/bin/python -m pip install -q --disable-pip-version-check "uv>=0.5,<1"
.venv/bin/uv pip install -q --python .venv/bin/python -e ".[test]"

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

if ! wait "$BUILD"; then
  cat "$BUILD_LOG" >&2
  echo "The site build failed." >&2
  exit 1
fi
cat "$BUILD_LOG"

if [ "$ALL" = 1 ]; then
  export VINCI_HYPOTHESIS_PROFILE=${VINCI_HYPOTHESIS_PROFILE:-full}
else
  export VINCI_HYPOTHESIS_PROFILE=${VINCI_HYPOTHESIS_PROFILE:-fast}
  PYTEST_ARGS=(-m "not slow" "${PYTEST_ARGS[@]}")
fi
# loadgroup: the tests that share cached work, and the browser tests, each stay on one worker.
VINCI_E2E_NO_BUILD=1 .venv/bin/python -m pytest -n 2 --dist loadgroup tests e2e \
  "${PYTEST_ARGS[@]}"
