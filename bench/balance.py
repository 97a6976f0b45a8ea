#!/usr/bin/env python3
"""Tile balance from the self-play of ``bench/ai.py``: writes a ruleset's section of
``docs/balance.md`` and its chart (``docs/balance.png``, ``docs/balance-online.png``).

    python bench/ai.py --games 400 --self-games 0 --json results.json
    python bench/balance.py results.json                    # classic (needs matplotlib:
                                                            # pip install -e ".[dev]")
    python bench/ai.py --ruleset online --games 400 --self-games 0 --json online.json
    python bench/balance.py --ruleset online online.json

For each tile of the ruleset: how often a civilization holding it was taken when it was on
display (one count per civilization on display at each choice), the mean VP such a
civilization earned (what its seat scored from that choice to its next one: its active
turns, its decline turn, and its declined empire meanwhile), and how often its holder won
the game (shared victories count as shares), each with a 95% confidence interval; the
mean VP also for the book seats' civilizations alone (they take slot I whatever it holds)
and, when the games were played on more than one board (online games: Europe and Mare
Nostrum in turn, as ``bench/ai.py`` seats them), board by board.

Several result files (runs of the same kind at other seeds, e.g. ``--seed 400``) count as
one run. Only the part of ``docs/balance.md`` between the ruleset's two markers is
rewritten (a new section is appended): what is written around it by hand stays.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from stats import wilson  # noqa: E402  (bench/stats.py: the same interval as bench/ai.py's)

from vinci_core.game.tiles import Tile, ruleset_tiles  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
Z = 1.96
# The boards bench/ai.py plays a ruleset on, game g on BOARDS[g % len(BOARDS)] (its table()).
BOARDS = {"classic": ("europe",), "online": ("europe", "mare_nostrum")}
CHART = {"classic": "balance.png", "online": "balance-online.png"}
TITLE = {"classic": "Classic ruleset", "online": "Online ruleset"}
HEADER = """# Tile balance

How each civilization tile fares in self-play of `bench/ai.py` (the strong AI in one seat,
rotated, against book players), one section per ruleset, each made by `bench/balance.py`
(see its docstring).

- **taken**: of the times a civilization holding the tile was on display when someone
  chose, how often it was the one taken. The book players always take slot I, so this
  mostly measures where the tile tends to sit, and the strong AI's taste.
- **VP earned**: what the seat scored from choosing that civilization to its next choice
  (its active turns, its decline turn, the declined empire meanwhile). **book seats**: the
  same, for the civilizations the book players chose: they take slot I whatever its tiles,
  so this is the fairest measure of a tile's worth here (the strong seat scores more with
  everything, and chooses).
- **holder won**: how often the seat that chose it won the game (parity is 1 in the number
  of seats). The strong seat wins most games and picks the tiles it likes, so a tile it
  favours looks stronger here than between equal players.

Intervals are 95%: Wilson for the rates, normal for the means.
"""


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """The mean of ``values`` with its 95% normal interval.

    >>> [round(x, 2) for x in mean_ci([1.0, 3.0])]
    [2.0, 0.04, 3.96]
    """
    if not values:
        return 0.0, 0.0, 0.0
    m = statistics.fmean(values)
    half = Z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return m, m - half, m + half


def board_name(board: str) -> str:
    """A board's name in the doc.

    >>> board_name("mare_nostrum")
    'Mare Nostrum'
    """
    return board.replace("_", " ").title()


def tile_names(tiles: Mapping[str, Tile]) -> dict[str, str]:
    """Each tile's name, a decline-proof copy marked as such where its name alone does not
    tell it from its twin (classic: two tiles called Mining; online: "Mining (column)")."""
    counts = Counter(tile.name for tile in tiles.values())
    return {tid: tile.name + (" (decline-proof)" if tile.decline_proof
                              and counts[tile.name] > 1 else "")
            for tid, tile in tiles.items()}


def split_games(civs: list[dict[str, Any]], games: int) -> list[list[dict[str, Any]]]:
    """The civilizations of a run game by game (see :func:`starts_game`), checked against
    the run's game count and its strong seat, one per game.

    >>> civs = [{"seat": s, "round": 1, "tiles": []} for s in (0, 1)] * 2
    >>> [len(game) for game in split_games(civs + [{"seat": 1, "round": 3}], 2)]
    [2, 3]
    """
    seats = 1 + max((c["seat"] for c in civs), default=0)
    split: list[list[dict[str, Any]]] = []
    for record in civs:
        if starts_game(record, split[-1] if split else [], seats):
            split.append([])
        split[-1].append(record)
    strong_seats = [{c["seat"] for c in game if c.get("strong")} for game in split]
    if len(split) != games or any(len(seats) > 1 for seats in strong_seats):
        raise SystemExit(f"cannot tell the {games} games of the run apart "
                         f"(found {len(split)}): was it made by bench/ai.py?")
    return split


def starts_game(record: dict[str, Any], game: list[dict[str, Any]], seats: int) -> bool:
    """Whether the civilization ``record`` begins a new game after ``game``. They are
    recorded in the order they were chosen and a game's rounds never go back, so a new
    game starts where the round drops, or (after a game in which nobody declined, whose
    seats all chose in round 1 only) where a seat chooses in round 1 again: within a game,
    only Rebirth's decline chooses twice in a round, at once."""
    if not game or record["round"] < game[-1]["round"]:
        return True
    first_round = {c["seat"] for c in game if c["round"] == 1}
    reborn = game[-1]["seat"] == record["seat"] and "rebirth" in game[-1]["tiles"]
    return record["round"] == 1 and len(first_round) == seats and not reborn


def load_runs(paths: list[Path], ruleset: str, board: str | None) -> dict[str, Any]:
    """The result files of ``bench/ai.py --json`` as one run, each civilization marked with
    the board its game was played on (``board``: the run's ``--board``, if it named one)."""
    run: dict[str, Any] = {"games": 0, "civs": [], "offers": {}, "boards": []}
    boards = (board,) if board else BOARDS[ruleset]
    for path in paths:
        data = json.loads(path.read_text())
        for g, game in enumerate(split_games(data["civs"], data["games"])):
            for record in game:
                run["civs"].append({**record, "board": boards[g % len(boards)]})
        run["games"] += data["games"]
        for tid, (offered, taken) in data["offers"].items():
            counts = run["offers"].setdefault(tid, [0, 0])
            counts[0] += offered
            counts[1] += taken
    run["boards"] = [b for b in boards if any(c["board"] == b for c in run["civs"])]
    run["seats"] = 1 + max(c["seat"] for c in run["civs"])
    unknown = {t for c in run["civs"] for t in c["tiles"]} - set(ruleset_tiles(ruleset))
    if unknown:
        raise SystemExit(f"tiles {sorted(unknown)} are not {ruleset} tiles: --ruleset?")
    return run


def tile_rows(run: dict[str, Any], ruleset: str) -> list[dict[str, Any]]:
    names = tile_names(ruleset_tiles(ruleset))
    rows = []
    for tid, name in names.items():
        offered, taken = run["offers"].get(tid, [0, 0])
        held = [c for c in run["civs"] if tid in c["tiles"]]
        wins = sum(c["win"] for c in held)
        rows.append({
            "id": tid, "name": name,
            "offered": offered, "taken": taken, "take": taken / offered if offered else 0.0,
            "take_ci": wilson(taken, offered), "held": len(held),
            "vp": mean_ci([c["vp"] for c in held]),
            "vp_book": mean_ci([c["vp"] for c in held if not c.get("strong")]),
            "vp_on": {b: mean_ci([c["vp"] for c in held if c["board"] == b])
                      for b in run["boards"]},
            "win": wins / len(held) if held else 0.0, "win_ci": wilson(wins, len(held)),
        })
    return rows


def chart(rows: list[dict[str, Any]], path: Path, title: str, seats: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = sorted(rows, key=lambda r: r["vp"][0])
    names = [r["name"] for r in rows]
    fig, axes = plt.subplots(1, 3, figsize=(15, max(8, 0.3 * len(rows))), sharey=True)
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
    for ax, (heading, values, errors) in zip(axes, panels, strict=True):
        ax.barh(names, values, xerr=list(zip(*errors, strict=True)), color="#5b7fa6",
                ecolor="#333333", capsize=2, label="all seats")
        ax.set_title(heading)
        ax.grid(axis="x", alpha=0.3)
    # The book seats' civilizations (slot I whatever it holds) beside all of them.
    book = [r["vp_book"] for r in rows]
    axes[1].errorbar([m for m, _lo, _hi in book], names,
                     xerr=[[m - lo for m, lo, _hi in book], [hi - m for m, _lo, hi in book]],
                     fmt="o", color="#e08a1e", ecolor="#e08a1e", markersize=4, capsize=2,
                     label="book seats")
    axes[1].legend(loc="lower right")
    axes[2].axvline(100 / seats, color="#c62828", linewidth=1, linestyle="--")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=80, metadata={"Software": None})
    plt.close(fig)


def chart_title(run: dict[str, Any], ruleset: str) -> str:
    boards = " and ".join(board_name(b) for b in run["boards"])
    return (f"Civilization tiles in {run['seats']}-seat {ruleset} games on {boards} (strong AI"
            f" + {run['seats'] - 1} book players), 95% confidence intervals")


def cell(m: float, lo: float, hi: float) -> str:
    return f"{m:.1f} ({lo:.1f}–{hi:.1f})"


def section(rows: list[dict[str, Any]], run: dict[str, Any], ruleset: str,
            command: str) -> str:
    """The generated part of the ruleset's section: where it comes from, the chart, the
    table (best VP first)."""
    boards = run["boards"]
    where = (f"the {board_name(boards[0])} board" if len(boards) == 1 else
             " and ".join(board_name(b) for b in boards) + ", game by game (half each)")
    tiles = ruleset_tiles(ruleset)
    usual = Counter(tile.copies for tile in tiles.values()).most_common(1)[0][0]
    odd = [f"{r['name']} has {tiles[r['id']].copies}" for r in rows
           if tiles[r["id"]].copies != usual]
    lines = [
        f"From {run['games']} {run['seats']}-seat {ruleset} games on {where}, played by "
        f"`bench/ai.py` (the strong AI in one seat, rotated, and {run['seats'] - 1} book "
        f"players); made with `{command}`.",
        "",
    ]
    if odd:
        lines += [f"Most tiles have {usual} copies in the bag; {', '.join(odd)}, and their "
                  "counts are in proportion.", ""]
    per_board = (["VP on " + " / ".join(board_name(b) for b in boards)]
                 if len(boards) > 1 else [])
    lines += [
        f"![Tile balance, {ruleset} ruleset]({CHART[ruleset]})",
        "",
        "| tile | on display | taken | VP earned (95% CI) | VP, book seats (95% CI) | "
        + "".join(f"{h} | " for h in per_board) + "civilizations | holder won (95% CI) |",
        "| --- | ---: | ---: | ---: | ---: | " + "---: | " * len(per_board) + "---: | ---: |",
    ]
    for r in sorted(rows, key=lambda r: -r["vp"][0]):
        lo, hi = r["take_ci"]
        wlo, whi = r["win_ci"]
        lines.append(
            f"| {r['name']} | {r['offered']} | {100 * r['take']:.0f}% "
            f"({100 * lo:.0f}–{100 * hi:.0f}%) | {cell(*r['vp'])} | {cell(*r['vp_book'])} | "
            + (" / ".join(f"{r['vp_on'][b][0]:.1f}" for b in boards) + " | " if per_board
               else "")
            + f"{r['held']} | {100 * r['win']:.0f}% ({100 * wlo:.0f}–{100 * whi:.0f}%) |")
    return "\n".join(lines)


def markers(ruleset: str) -> tuple[str, str]:
    return (f"<!-- bench/balance.py {ruleset}: from here -->",
            f"<!-- bench/balance.py {ruleset}: to here -->")


def with_section(doc: str, ruleset: str, generated: str) -> str:
    """``doc`` with the ruleset's generated part replaced (or, the first time, a new section
    at the end); the rest of ``doc`` as it was.

    >>> doc = with_section("# T\\n", "online", "old")
    >>> doc = with_section(doc + "\\nReading.\\n", "online", "new")
    >>> "old" in doc, doc.endswith("to here -->\\n\\nReading.\\n")
    (False, True)
    """
    begin, end = markers(ruleset)
    block = f"{begin}\n{generated}\n{end}"
    pattern = re.compile(re.escape(begin) + ".*?" + re.escape(end), re.DOTALL)
    if pattern.search(doc):
        return pattern.sub(lambda _m: block, doc, count=1)
    return f"{doc.rstrip()}\n\n## {TITLE[ruleset]}\n\n{block}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path, nargs="+",
                        help="the --json output of bench/ai.py (several: one run)")
    parser.add_argument("--ruleset", choices=sorted(BOARDS), default="classic",
                        help="the ruleset the games were played under (bench/ai.py's)")
    parser.add_argument("--board", default=None,
                        help="the board, if the run named one with bench/ai.py --board")
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args(argv)
    run = load_runs(args.results, args.ruleset, args.board)
    rows = tile_rows(run, args.ruleset)
    chart(rows, args.out / CHART[args.ruleset], chart_title(run, args.ruleset), run["seats"])
    command = "python bench/balance.py " + " ".join(
        ([f"--ruleset {args.ruleset}"] if args.ruleset != "classic" else [])
        + ([f"--board {args.board}"] if args.board else [])
        + [p.name for p in args.results])
    doc_path = args.out / "balance.md"
    doc = doc_path.read_text() if doc_path.exists() else HEADER
    doc_path.write_text(with_section(doc, args.ruleset, section(rows, run, args.ruleset,
                                                                  command)))
    print(f"wrote the {args.ruleset} section of {doc_path} and {CHART[args.ruleset]} "
          f"({len(rows)} tiles, {run['games']} games)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
