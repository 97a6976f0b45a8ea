#!/usr/bin/env python3
"""Strength and speed of the strong AI (vinci_core.players.ai): ``python bench/ai.py --games N``.

- Strength: the strong AI against book players (the rulebook's virtual players), 4-seat
  classic games on Europe by default, the strong seat rotated over the positions (game g
  puts it in seat g mod seats, seed g): win rate with a 95% Wilson interval (a shared
  victory counts as a share), mean final VP of the strong seat against the book seats, and
  its mean margin over the best book seat of each game (its VP less that seat's).
  ``--ruleset online`` plays online games, on both boards (Europe and Mare Nostrum, game by
  game, half each) unless ``--board`` names one; ``--seats`` sets the table size;
  ``--no-endgame`` turns off the strong AI's planning for a round limit (to measure it).
- More thinking pays: the strong AI at its default budget against three strong AIs at a
  smaller one (``--self-games``, default a quarter of N).
- Speed: every decision of a strong seat timed in CPython (mean, p95, max), search included,
  and the positions its search played (its work budget: the same count in the browser).
- Balance data: every civilization chosen (seat, tiles, VP it scored, the seat's result),
  written with ``--json`` for ``bench/balance.py``.

The last line printed is always
``strong vs book: win rate W% (95% CI L–H%) over N games``.

``--variant rollout_work=750,horizon=1`` compares a variant of the strong AI (fields of
``StrongPlayer``: its budget, and the turn planner's weights ``hold_weight``,
``hand_weight``, ``exposed_weight``, ``plan_rival`` and the terms off by default
``reach_weight``, ``declined_exposed_weight``, ``placed_exposure``, ``rollout_width``,
``rollout_own_decline``, ``decline_margin``, ``choice_margin``, ``entry_beam``,
``nomads_unshaken``, and the
answered plans ``answer_plans``, ``answer_futures``, ``answer_work``; several
variants separated by ``;``) with the default one on the same seeds and seats, back to
back: each game is played with the default and with each
variant, and the paired difference in wins and in the margin over the best book seat is
printed with its standard error (a change moves most games a little, so the pairing, not
the two win rates, tells an effect from noise); each side also gives its mean margin in
the games it lost. ``--base rollouts=16,beam=5`` compares
against another budget than the strong level's (each variant adds its fields to it).

``--ladder`` measures the ladder of levels instead (vinci_core.players.levels): each level
against the one below (easy vs book, book vs strong, strong vs expert; ``--pairs`` picks
some), ``--games`` games a pair. The table is 4 seats, two of each level, seated
alternately; every seed is played twice with the seats swapped, and half the seeds are
classic games on Europe, half online games (Europe and Mare Nostrum in turn). A game is
won by the higher level when one of its seats wins (a shared victory counts as a share):
parity is 50%. ``--seats 2`` plays duels instead, one seat of each level: online games
(the classic rules need three seats), Europe and Mare Nostrum in turn, every seed twice with
the seats swapped. ``--expert answer_plans=5,rollout_work=1000`` plays the expert's seats with
those fields of the table's expert changed (``levels.expert_for``: in a duel
``EXPERT_DUEL``; parsed like ``--variant``). Each pair ends with the line
``LOW vs HIGH: HIGH wins W% (95% CI L–H%) over N games``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from stats import wilson  # noqa: E402  (bench/stats.py)

from vinci_core import Choose, GameConfig, Seat, new_game  # noqa: E402
from vinci_core.players.ai import StrongPlayer  # noqa: E402
from vinci_core.players.levels import LEVELS, expert_for, player_for_seat  # noqa: E402

SMALL = StrongPlayer(rollouts=2, horizon=1, beam=1, choices=2)  # the smaller budget


def play(config: GameConfig, players: list[Any], timed: set[int],
         offers: dict[str, list[int]] | None = None, work: list[int] | None = None
         ) -> tuple[Any, list[float], list[dict[str, Any]]]:
    """Play a game; times every decision of the ``timed`` seats; records each civilization
    chosen with the VP its seat scored while it was the seat's latest choice, and counts in
    ``offers`` (tile -> [offered, taken]) the civilizations on display at each choice;
    ``work`` gets the positions each timed decision searched."""
    work = [] if work is None else work
    state = new_game(config)
    times: list[float] = []
    civs: list[dict[str, Any]] = []
    current: dict[int, dict[str, Any]] = {}
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        t0 = time.perf_counter()
        if seat in timed:
            thinking, slices = players[seat].think(state), 0
            while True:  # the search's slices: positions it played (its work budget)
                try:
                    next(thinking)
                    slices += 1
                except StopIteration as done:
                    action = done.value.action
                    break
            times.append(time.perf_counter() - t0)
            work.append(slices)
        else:
            action = players[seat].act(state)
        if isinstance(action, Choose):
            a, b, _coins = state.display[action.slot - 1]
            if offers is not None:
                for k, (x, y, _c) in enumerate(state.display):
                    for tile in {x, y}:
                        counts = offers.setdefault(tile, [0, 0])
                        counts[0] += 1
                        counts[1] += k == action.slot - 1
            record = {"seat": seat, "tiles": [a, b], "slot": action.slot,
                      "round": state.round, "vp": 0}
            civs.append(record)
            current[seat] = record
        before = len(state.history)
        state = state.apply(action)
        for _round, who, points in state.history[before:]:
            if who in current:
                current[who]["vp"] += points
    won = state.winners
    for record in civs:
        record["win"] = (1.0 / len(won)) if record["seat"] in won else 0.0
    return state, times, civs


def table(setup: argparse.Namespace, g: int, levels: list[str]) -> GameConfig:
    """Game ``g``'s config: its seats at ``levels``, the ruleset, and the board (both
    boards in turn for an online game when none is named)."""
    board = setup.board or (BOARDS[setup.ruleset][g % len(BOARDS[setup.ruleset])])
    options: dict[str, Any] = {"map": board}
    if setup.ruleset != "classic":
        options["ruleset"] = setup.ruleset
    return GameConfig(seats=[Seat(name=f"Seat {i + 1}", virtual=True, ai_level=level)
                             for i, level in enumerate(levels)],
                      seed=setup.seed + g, **options)


BOARDS = {"classic": ("europe",), "online": ("europe", "mare_nostrum")}


def strong_vs_book(games: int, setup: argparse.Namespace, strong: StrongPlayer
                   ) -> dict[str, Any]:
    wins = 0.0
    won_games: list[float] = []
    vp_strong: list[int] = []
    vp_book: list[int] = []
    margins: list[int] = []
    times: list[float] = []
    work: list[int] = []
    civs: list[dict[str, Any]] = []
    offers: dict[str, list[int]] = {}
    started = time.perf_counter()
    seats = setup.seats
    for g in range(games):
        # Seat and board change together only every 2 * seats games, so that the strong
        # seat meets every position on both boards.
        seat = (g // 2 if setup.ruleset == "online" and not setup.board else g) % seats
        cfg = table(setup, g, ["strong" if i == seat else "book" for i in range(seats)])
        players: list[Any] = [strong if i == seat else player_for_seat(cfg, i)
                              for i in range(seats)]
        state, t, c = play(cfg, players, {seat}, offers, work)
        won = state.winners
        won_games.append((1.0 / len(won)) if seat in won else 0.0)
        wins += won_games[-1]
        vp_strong.append(state.scores[seat])
        vp_book.extend(s for i, s in enumerate(state.scores) if i != seat)
        margins.append(state.scores[seat] - max(s for i, s in enumerate(state.scores)
                                                if i != seat))
        times.extend(t)
        for record in c:
            record["strong"] = record["seat"] == seat
        civs.extend(c)
        if (g + 1) % 20 == 0:
            print(f"  {g + 1} games: strong won {wins:.1f} ({time.perf_counter() - started:.0f} s)",
                  flush=True)
    return {"games": games, "wins": wins, "won": won_games, "vp_strong": vp_strong,
            "vp_book": vp_book,
            "margins": margins, "times": times, "work": work, "civs": civs, "offers": offers,
            "seconds": time.perf_counter() - started}


def strong_vs_small(games: int, setup: argparse.Namespace, strong: StrongPlayer
                    ) -> dict[str, Any]:
    wins = 0.0
    vp_big: list[int] = []
    vp_small: list[int] = []
    seats = setup.seats
    for g in range(games):
        seat = g % seats
        cfg = table(setup, g, ["strong"] * seats)
        players: list[Any] = [strong if i == seat else SMALL for i in range(seats)]
        state, _t, _c = play(cfg, players, set())
        won = state.winners
        wins += (1.0 / len(won)) if seat in won else 0.0
        vp_big.append(state.scores[seat])
        vp_small.extend(s for i, s in enumerate(state.scores) if i != seat)
    return {"games": games, "wins": wins, "vp_big": vp_big, "vp_small": vp_small}


LADDER = tuple(zip(LEVELS, LEVELS[1:], strict=False))  # (lower, higher), weakest first


def ladder_table(low: str, high: str, seed: int, g: int, seats: int = 4
                 ) -> tuple[GameConfig, list[str]]:
    """Game ``g`` of a ladder pair: seed ``seed + g // 2``, the two levels seated
    alternately (swapped in every other game). Four seats: classic on Europe for even
    seeds, online for odd ones (Europe and Mare Nostrum in turn). Two seats (a duel):
    online, Europe and Mare Nostrum in turn."""
    n = g // 2
    levels = ([high, low] if g % 2 == 0 else [low, high]) * (seats // 2)
    options: dict[str, Any] = {"map": "europe"}
    if seats == 2:
        options = {"ruleset": "online", "map": ("europe", "mare_nostrum")[n % 2]}
    elif n % 2:
        options = {"ruleset": "online", "map": ("europe", "mare_nostrum")[(n // 2) % 2]}
    cfg = GameConfig(seats=[Seat(name=f"Seat {i + 1}", virtual=True, ai_level=level)
                            for i, level in enumerate(levels)], seed=seed + n, **options)
    return cfg, levels


def ladder_pair(low: str, high: str, games: int, seed: int,
                expert: StrongPlayer | None = None, seats: int = 4) -> dict[str, Any]:
    """``games`` games of ``low`` against ``high`` (see :func:`ladder_table`); ``expert``
    plays the expert's seats instead of the level's own (a variant)."""
    wins = 0.0
    won_games: list[float] = []  # the higher level's share of each game (for pairing)
    vp: dict[str, list[int]] = {low: [], high: []}
    times: dict[str, list[float]] = {low: [], high: []}
    work: list[int] = []
    started = time.perf_counter()
    for g in range(games):
        cfg, levels = ladder_table(low, high, seed, g, seats)
        players: list[Any] = [expert if expert and level == "expert" else
                              player_for_seat(cfg, i) for i, level in enumerate(levels)]
        timed = {i for i, level in enumerate(levels) if level == high}
        state, t, _c = play(cfg, players, timed, work=work)
        won = state.winners
        won_games.append(sum(1.0 for i in won if levels[i] == high) / len(won))
        wins += won_games[-1]
        for i, level in enumerate(levels):
            vp[level].append(state.scores[i])
        times[high].extend(t)
        if (g + 1) % 20 == 0:
            print(f"  {g + 1} games: {high} won {wins:.1f} "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
    return {"low": low, "high": high, "games": games, "wins": wins, "won": won_games, "vp": vp,
            "times": times[high], "work": work, "seconds": time.perf_counter() - started}


def ladder(args: argparse.Namespace) -> int:
    pairs = LADDER
    if args.pairs:
        wanted = [tuple(p.split("-")) for p in args.pairs.split(",")]
        pairs = tuple(p for p in LADDER if p in wanted)
        if len(pairs) != len(wanted):
            raise SystemExit(f"--pairs: choose among {', '.join('-'.join(p) for p in LADDER)}")
    expert = None
    if args.expert:
        expert = replace(expert_for(args.seats), **parse_variant(args.expert))
        print(f"the expert: {expert}", flush=True)
    if args.seats not in (2, 4):
        raise SystemExit("--ladder: --seats 4 (two of each level) or 2 (duels)")
    table = ("duels, online, Europe and Mare Nostrum in turn" if args.seats == 2 else
             "4 seats, two of each, classic and online half each")
    results = []
    for low, high in pairs:
        print(f"{low} vs {high}: {table}, seats swapped on every seed, {args.games} games:",
              flush=True)
        run = ladder_pair(low, high, args.games, args.seed, expert, args.seats)
        results.append(run)
        n = run["games"]
        if run["times"]:
            print_speed(high, run, n)
        print(f"  mean final VP: {high} {statistics.fmean(run['vp'][high]):.1f}, "
              f"{low} {statistics.fmean(run['vp'][low]):.1f}; parity 50.0%")
        lo, hi = wilson(run["wins"], n)
        print(f"{low} vs {high}: {high} wins {percent(run['wins'] / n)}% "
              f"(95% CI {percent(lo)}–{percent(hi)}%) over {n} games", flush=True)
    if args.json:
        args.json.write_text(json.dumps(results))
    return 0


def print_speed(who: str, run: dict[str, Any], games: int) -> None:
    """Print the decision times of ``who`` in ``run`` (CPython: mean, p95, max) and the
    positions its search played a decision (its work budget, the same in the browser)."""
    times = sorted(run["times"])
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"  decision time of {who} (CPython, {len(times)} decisions): "
          f"mean {1000 * statistics.fmean(times):.1f} ms, p95 {1000 * p95:.1f} ms, "
          f"max {1000 * times[-1]:.0f} ms; {run['seconds'] / games:.2f} s per game")
    work = sorted(run["work"])
    print(f"  positions searched per decision of {who} (the work budget, the same in the "
          f"browser): mean {statistics.fmean(work):.0f}, "
          f"p95 {work[int(0.95 * (len(work) - 1))]}, max {work[-1]}")


def parse_variant(text: str) -> dict[str, Any]:
    """``--variant``'s fields: ``name=value`` pairs, numbers as numbers.

    >>> parse_variant("rollout_work=750,plan_rival=0.25,endgame=false")
    {'rollout_work': 750, 'plan_rival': 0.25, 'endgame': False}
    """
    fields: dict[str, Any] = {}
    for item in text.split(","):
        name, _, value = item.partition("=")
        if value.lower() in ("true", "false"):
            fields[name.strip()] = value.lower() == "true"
        else:
            number = float(value)
            fields[name.strip()] = int(number) if number.is_integer() and "." not in value \
                else number
    return fields


def paired(name: str, diffs: list[float], scale: float = 1.0, unit: str = "") -> str:
    """The mean of per-game differences with its standard error, in words."""
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    return f"{name} {scale * mean:+.2f}{unit} ± {scale * se:.2f}{unit} (standard error)"


def compare_variant(args: argparse.Namespace) -> int:
    """The default strong AI and one or more variants (``;`` between them) on the same
    games (see ``--variant``): the default is played once, each variant against it."""
    texts = [text for text in args.variant.split(";") if text.strip()]
    print(f"strong (default) vs strong ({' / '.join(texts)}) against {args.seats - 1} book "
          f"players, {args.ruleset}, {args.seats} seats, the same {args.games} games:",
          flush=True)
    fields = parse_variant(args.base) if args.base else {}
    base = strong_vs_book(args.games, args,
                          StrongPlayer(**{"endgame": not args.no_endgame, **fields}))
    report_run(f"default {args.base or ''}".strip(), base, args.games)
    for text in texts:
        other = strong_vs_book(args.games, args,
                               StrongPlayer(**{**fields, **parse_variant(text)}))
        report_run(f"variant {text}", other, args.games)
        changed = sum(a != b for a, b in zip(base["vp_strong"], other["vp_strong"],
                                             strict=True))
        wins = [b - a for a, b in zip(base["won"], other["won"], strict=True)]
        margins = [float(b - a) for a, b in zip(base["margins"], other["margins"],
                                                strict=True)]
        print(f"variant ({text}) - default: {paired('wins', wins, 100, ' points')}, "
              f"{paired('margin', margins, 1, ' VP')}; {changed} of {args.games} games "
              f"changed", flush=True)
    return 0


def report_run(label: str, run: dict[str, Any], games: int) -> None:
    """One side of a paired comparison: wins, margin, mean VP and positions a decision."""
    lo, hi = wilson(run["wins"], games)
    work = sorted(run["work"])
    lost = [m for m, w in zip(run["margins"], run["won"], strict=True) if not w]
    print(f"  {label}: wins {percent(run['wins'] / games)}% (95% CI {percent(lo)}–"
          f"{percent(hi)}%), margin over the best book seat "
          f"{statistics.fmean(run['margins']):+.2f} VP (in the {len(lost)} games lost "
          f"{statistics.fmean(lost) if lost else float('nan'):+.1f} VP), mean VP "
          f"{statistics.fmean(run['vp_strong']):.1f}; positions a decision: mean "
          f"{statistics.fmean(work):.0f}, p95 {work[int(0.95 * (len(work) - 1))]}, "
          f"max {work[-1]}; {run['seconds'] / games:.2f} s a game", flush=True)


def percent(x: float) -> str:
    return f"{100 * x:.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--self-games", type=int, default=None,
                        help="games of strong vs a smaller budget (default: games // 4)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--json", type=Path, help="write the raw results (balance data)")
    parser.add_argument("--ruleset", choices=sorted(BOARDS), default="classic")
    parser.add_argument("--board", default=None,
                        help="the board (default: Europe; online: both, half each)")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--no-endgame", action="store_true",
                        help="the strong AI without its planning for a round limit")
    parser.add_argument("--ladder", action="store_true",
                        help="each level against the one below, --games games a pair")
    parser.add_argument("--pairs", default=None,
                        help="with --ladder: some pairs, e.g. easy-book,strong-expert")
    parser.add_argument("--variant", default=None,
                        help="compare a StrongPlayer variant, e.g. rollout_work=750,horizon=1")
    parser.add_argument("--expert", default=None,
                        help="with --ladder: the expert's fields changed, e.g. "
                             "answer_plans=5,rollout_work=1000 (parsed like --variant)")
    parser.add_argument("--base", default=None,
                        help="with --variant: the fields of the player compared against "
                             "(default: the strong level), e.g. the expert's budget")
    args = parser.parse_args(argv)
    if args.ladder:
        return ladder(args)
    if args.variant:
        return compare_variant(args)
    n = args.games
    if n < 1:  # the run ends with the strong-vs-book line, which needs games
        parser.error("--games must be at least 1 (use --self-games for the self-play run)")
    self_games = n // 4 if args.self_games is None else args.self_games

    strong = StrongPlayer(endgame=not args.no_endgame)
    boards = args.board or " and ".join(BOARDS[args.ruleset])
    print(f"strong vs {args.seats - 1} book players, {args.ruleset}, {args.seats} seats, "
          f"{boards}, {n} games, seat rotated{', no endgame' if args.no_endgame else ''}:")
    main_run = strong_vs_book(n, args, strong)
    print(f"  mean final VP: strong {statistics.fmean(main_run['vp_strong']):.1f}, "
          f"book {statistics.fmean(main_run['vp_book']):.1f}; margin over the best book "
          f"seat {statistics.fmean(main_run['margins']):+.1f} VP")
    print_speed("the strong seat", main_run, n)

    small = None
    if self_games:
        print(f"strong (default budget) vs three strong at a smaller budget, {self_games} games:")
        small = strong_vs_small(self_games, argparse.Namespace(
            **{**vars(args), "seed": args.seed + 100_000}), strong)
        lo, hi = wilson(small["wins"], self_games)
        print(f"  default budget wins {percent(small['wins'] / self_games)}% "
              f"(95% CI {percent(lo)}–{percent(hi)}%, parity "
              f"{percent(1 / args.seats)}%); mean final VP "
              f"{statistics.fmean(small['vp_big']):.1f} vs "
              f"{statistics.fmean(small['vp_small']):.1f}")

    if args.json:
        out = {k: v for k, v in main_run.items()}
        out["self_play"] = small
        args.json.write_text(json.dumps(out))
    lo, hi = wilson(main_run["wins"], n)
    print(f"  parity {percent(1 / args.seats)}%")
    print(f"strong vs book: win rate {percent(main_run['wins'] / n)}% "
          f"(95% CI {percent(lo)}–{percent(hi)}%) over {n} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
