#!/usr/bin/env python3
"""Tile balance from the self-play of ``bench/ai.py``: writes ``docs/balance.md`` and
``docs/balance.png``.

    python bench/ai.py --games 400 --json results.json
    python bench/balance.py results.json        # needs matplotlib: pip install -e ".[dev]"

For each of the 26 tiles: how often a civilization holding it was taken when it was on
display (one count per civilization on display at each choice), the mean VP such a
civilization earned (what its seat scored from that choice to its next one: its active
turns, its decline turn, and its declined empire meanwhile), and how often its holder won
the game (shared victories count as shares), each with a 95% confidence interval.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from stats import wilson  # noqa: E402  (bench/stats.py: the same interval as bench/ai.py's)

from vinci_core.game.tiles import TILES  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
Z = 1.96


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    if not values:
        return 0.0, 0.0, 0.0
    m = statistics.fmean(values)
    half = Z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return m, m - half, m + half


def tile_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for tid, tile in TILES.items():
        offered, taken = data["offers"].get(tid, [0, 0])
        held = [c for c in data["civs"] if tid in c["tiles"]]
        vp = mean_ci([c["vp"] for c in held])
        wins = sum(c["win"] for c in held)
        rows.append({
            "id": tid, "name": tile.name + (" (decline-proof)" if tile.decline_proof else ""),
            "offered": offered, "taken": taken, "take": taken / offered if offered else 0.0,
            "take_ci": wilson(taken, offered), "held": len(held), "vp": vp,
            "win": wins / len(held) if held else 0.0, "win_ci": wilson(wins, len(held)),
        })
    return rows


def chart(rows: list[dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = sorted(rows, key=lambda r: r["vp"][0])
    names = [r["name"] for r in rows]
    fig, axes = plt.subplots(1, 3, figsize=(15, 8), sharey=True)
    panels = [
        ("taken when on display (%)", [100 * r["take"] for r in rows],
         [(100 * (r["take"] - r["take_ci"][0]), 100 * (r["take_ci"][1] - r["take"]))
          for r in rows]),
        ("mean VP earned", [r["vp"][0] for r in rows],
         [(r["vp"][0] - r["vp"][1], r["vp"][2] - r["vp"][0]) for r in rows]),
        ("holder's win rate (%)", [100 * r["win"] for r in rows],
         [(100 * (r["win"] - r["win_ci"][0]), 100 * (r["win_ci"][1] - r["win"]))
          for r in rows]),
    ]
    for ax, (title, values, errors) in zip(axes, panels, strict=True):
        ax.barh(names, values, xerr=list(zip(*errors, strict=True)), color="#5b7fa6",
                ecolor="#333333", capsize=2)
        ax.set_title(title)
        ax.grid(axis="x", alpha=0.3)
    axes[2].axvline(25, color="#c62828", linewidth=1, linestyle="--")
    fig.suptitle("Civilization tiles in 4-seat Europe games (strong AI + three book players),"
                 " 95% confidence intervals")
    fig.tight_layout()
    fig.savefig(path, dpi=80, metadata={"Software": None})
    plt.close(fig)


def markdown(rows: list[dict[str, Any]], data: dict[str, Any]) -> str:
    games = data["games"]
    lines = [
        "# Tile balance",
        "",
        f"From {games} four-seat classic games on the Europe board played by `bench/ai.py` "
        "(the strong AI in one seat, rotated, and three book players), regenerated with "
        "`python bench/balance.py results.json` (see its docstring).",
        "",
        "- **taken**: of the times a civilization holding the tile was on display when "
        "someone chose, how often it was the one taken. The book players always take slot I, "
        "so this mostly measures where the tile tends to sit, and the strong AI's taste.",
        "- **VP earned**: what the seat scored from choosing that civilization to its next "
        "choice (its active turns, its decline turn, the declined empire meanwhile).",
        "- **win**: how often the seat that chose it won the game (parity is 25%). The strong "
        "seat wins most games and picks the tiles it likes, so a tile it favours looks "
        "stronger here than between equal players.",
        "",
        "Intervals are 95%: Wilson for the rates, normal for the means. Specialization and "
        "Barbarians have more copies, so their counts are larger.",
        "",
        "![Tile balance](balance.png)",
        "",
        "| tile | on display | taken | VP earned (95% CI) | civilizations | holder won (95% CI) |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in sorted(rows, key=lambda r: -r["vp"][0]):
        lo, hi = r["take_ci"]
        wlo, whi = r["win_ci"]
        m, vlo, vhi = r["vp"]
        lines.append(
            f"| {r['name']} | {r['offered']} | {100 * r['take']:.0f}% "
            f"({100 * lo:.0f}–{100 * hi:.0f}%) | {m:.1f} ({vlo:.1f}–{vhi:.1f}) | {r['held']} "
            f"| {100 * r['win']:.0f}% ({100 * wlo:.0f}–{100 * whi:.0f}%) |")
    lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path, help="the --json output of bench/ai.py")
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args(argv)
    data = json.loads(args.results.read_text())
    rows = tile_rows(data)
    chart(rows, args.out / "balance.png")
    (args.out / "balance.md").write_text(markdown(rows, data))
    print(f"wrote {args.out / 'balance.md'} and balance.png ({len(rows)} tiles)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
