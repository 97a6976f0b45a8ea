#!/usr/bin/env python3
"""Conformance of Renaissance's engine over many random games:
``python bench/renaissance_conformance.py --games 1000``.

Each game (``renaissance_core.table.conformance.conform_game``): random players over 3–6
seats in turn (game g has 3 + g mod 4 seats and seed g), the invariants after every action
(the ducats ledger with the bank, 36 tokens and 25 markers per player, card conservation,
market volumes and scales, one control per area), every action listed and its JSON read
back, and at the end save → load and replay to the same digest. Prints each game that
breaks something, then the count, the actions and the CPU time; the exit status is 1 when
any game broke something. ``--first-seed`` runs a later slice of the same numbering.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from renaissance_core.table.conformance import conform_game  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    start, wall = time.process_time(), time.perf_counter()
    actions = failed = 0
    per_count = dict.fromkeys(range(3, 7), 0)
    for g in range(args.first_seed, args.first_seed + args.games):
        result = conform_game(3 + g % 4, seed=g)
        actions += result.actions
        per_count[result.players] += 1
        if result.problems:
            failed += 1
            print(f"seed {g}, {result.players} seats: {result.problems[:3]}", flush=True)
    cpu, elapsed = time.process_time() - start, time.perf_counter() - wall
    counts = ", ".join(f"{n} with {p} seats" for p, n in per_count.items())
    print(f"conformance: {args.games} games ({counts}), {actions} actions, "
          f"{failed} broke something; {cpu:.0f} s CPU ({elapsed:.0f} s wall), "
          f"{actions / cpu:.0f} actions/s checked")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
