"""Shared fixtures: the hand-made test boards under tests/maps are registered by name, the
gettext catalogues of the work tree are compiled (as the site build does for the wheel), and
the Hypothesis profiles every property test runs under are registered."""

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

from vinci_core import register_map

MAPS = Path(__file__).parent / "maps"

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build"))
import catalogues  # noqa: E402

catalogues.compile_catalogues()

for path in sorted(MAPS.glob("*.json")):
    register_map(path)


# Hypothesis profiles, chosen by VINCI_HYPOTHESIS_PROFILE: "full" (the default, and what CI and
# `bash scripts/test.sh --all` run) or "fast" (the quick `bash scripts/test.sh`: fewer
# examples, same properties). VINCI_FUZZ_EXAMPLES=5000 overrides the count for a longer hunt.
# A test's own @settings must not set max_examples, or the profile cannot size it.
#
# Reproducing: a failure prints its @reproduce_failure(...) blob (print_blob); paste it on the
# test to replay that very example. Under CI (CI=true) there is no example database, so a run
# never depends on what an earlier one left in .hypothesis/.
# The rule: a failure found once becomes an explicit @example(...) on its property test, so
# every run checks it from then on, whatever the profile or the random seed.
EXAMPLES = {"full": 400, "fast": 40}
NO_DATABASE_IN_CI = {"database": None} if os.environ.get("CI") else {}
for _name, _count in EXAMPLES.items():
    settings.register_profile(
        _name,
        max_examples=int(os.environ.get("VINCI_FUZZ_EXAMPLES", _count)),
        deadline=None,  # a shared machine: a slow example is not a failure
        suppress_health_check=[HealthCheck.too_slow],
        print_blob=True,
        **NO_DATABASE_IN_CI,
    )
settings.load_profile(os.environ.get("VINCI_HYPOTHESIS_PROFILE", "full"))
