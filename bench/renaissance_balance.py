#!/usr/bin/env python3
"""Renaissance's advance sheet measured by self-play: ``python bench/renaissance_balance.py
--games N [--json FILE]``.

N games of heuristic players only (renaissance_core.players.heuristic) at every seat,
game g with 3 + (g mod 4) seats and config seed g (the first seed moves with
``--first-seed``), seat p's player seeded g * 101 + p: the same seeds give the same games,
so two sheets are compared on the same deals. Reported (see docs/renaissance-balance.md):

- per advance: the share of seats that bought it, and the share of winners' hands holding
  it, with a 95% Wilson interval (a shared victory counts each winner's hand);
- per opening (the advances a seat bought in its first round of purchases): how many seats
  took it and its win rate against the fair share (1 / seats), with a Wilson interval;
- game length (rounds, actions), the misery levels reached, eliminations;
- what winners score from advances and from cash less misery (R-13.3).

The JSON holds every figure; the printed summary ends with the three balance checks.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from stats import wilson  # noqa: E402  (bench/stats.py)

from renaissance_core import GameConfig, new_game  # noqa: E402
from renaissance_core.game.actions import Action, BidTokens  # noqa: E402
from renaissance_core.game.sheet import load_sheet  # noqa: E402
from renaissance_core.players.heuristic import HeuristicPlayer  # noqa: E402
from renaissance_core.turn.scoring import score  # noqa: E402

HAND_LIMIT = 0.80  # no advance in more than this share of winners' hands (issue 32)
# An opening dominates when at least MIN_OPENING seats took it and the lower end of its win
# rate's interval is above DOMINANT_RATIO times its fair share.
MIN_OPENING = 20
DOMINANT_RATIO = 1.5
# Seats that never buy an advance: back near sheet v1's 5% (sheet v2 locked out 19%).
LOCKED_OUT_LIMIT = 0.07


@dataclass
class SeatRecord:
    seats: int
    won: bool
    hand: list[str]
    opening: str
    score: int
    from_advances: int
    misery_peak: int
    eliminated: bool


@dataclass
class GameRecord:
    seats: int
    rounds: int
    actions: int
    seconds: float
    records: list[SeatRecord] = field(default_factory=list)


class SavingPlayer(HeuristicPlayer):
    """The heuristic player, except that while it owns no advance it bids tokens only from
    the cash above the cheapest advance's cost (and a margin for stabilisation): a
    what-if for ``--saver``, to tell a sheet that locks poor seats out from a player that
    spends every purse on tokens. Not one of the game's players."""

    MARGIN = 20

    def _bid_tokens(self, view: dict[str, Any], legal: list[Action]) -> Action:
        seat = view["seat"]
        if view["advances"].get(str(seat)):
            return super()._bid_tokens(view, legal)
        keep = min(a.cost for a in self.sheet.advances.values()) + self.MARGIN
        cash, stock = view["cash"][seat], view["stock_tokens"][seat]
        want = max(0, min(stock, (cash - keep) // 2))
        return min((a for a in legal if isinstance(a, BidTokens)),
                   key=lambda a: (abs(a.tokens - want), a.tokens))


def play_game(seed: int, player: type[HeuristicPlayer] = HeuristicPlayer) -> GameRecord:
    """One self-play game of heuristic players, with what each seat did."""
    start = time.perf_counter()
    seats = 3 + seed % 4
    state = new_game(GameConfig.of(seats, seed=seed))
    players = [player(seed * 101 + p) for p in range(seats)]
    peak = [0] * seats
    while not state.is_terminal:
        seat = state.seats_to_act[0]
        state = state.apply(players[seat].choose(state, seat))
        peak = [max(a, b) for a, b in zip(peak, state.misery, strict=True)]
    game = GameRecord(seats, state.round, len(state.actions), time.perf_counter() - start)
    won = state.returns()
    for p in range(seats):
        owned = state.advances[p]
        first = min(owned.values(), default=0)
        game.records.append(SeatRecord(
            seats=seats, won=won[p] > 0, hand=sorted(owned),
            opening="".join(sorted(a for a, r in owned.items() if r == first)) or "-",
            score=score(state, p),
            from_advances=sum(state.sheet.advances[a].cost for a in owned),
            misery_peak=peak[p], eliminated=not state.alive[p]))
    return game


def percent(lo_hi: tuple[float, float]) -> list[float]:
    return [round(100 * lo_hi[0], 1), round(100 * lo_hi[1], 1)]


def advance_figures(games: list[GameRecord]) -> dict[str, Any]:
    seats = [r for g in games for r in g.records]
    winners = [r for r in seats if r.won]
    bought = Counter(a for r in seats for a in r.hand)
    in_winners = Counter(a for r in winners for a in r.hand)
    return {letter: {
        "bought_share": round(100 * bought[letter] / len(seats), 1),
        "winners_with_it": in_winners[letter], "winners": len(winners),
        "winners_share": round(100 * in_winners[letter] / max(len(winners), 1), 1),
        "winners_ci": percent(wilson(in_winners[letter], len(winners))),
    } for letter in load_sheet().advances}


def opening_figures(games: list[GameRecord]) -> dict[str, Any]:
    taken: dict[str, list[SeatRecord]] = {}
    for r in (r for g in games for r in g.records):
        taken.setdefault(r.opening, []).append(r)
    out = {}
    for opening, records in sorted(taken.items(), key=lambda kv: -len(kv[1])):
        wins = sum(r.won for r in records)
        fair = sum(1 / r.seats for r in records)
        out[opening] = {"seats": len(records), "wins": wins,
                        "win_rate": round(100 * wins / len(records), 1),
                        "win_ci": percent(wilson(wins, len(records))),
                        "fair_share": round(100 * fair / len(records), 1),
                        "ratio": round(wins / fair, 2)}
    return out


def is_dominant(figures: dict[str, Any]) -> bool:
    return bool(figures["seats"] >= MIN_OPENING
                and figures["win_ci"][0] > DOMINANT_RATIO * figures["fair_share"])


def length_figures(games: list[GameRecord]) -> dict[str, Any]:
    seats = [r for g in games for r in g.records]
    winners = [r for r in seats if r.won]
    peaks = Counter(r.misery_peak for r in seats)
    return {
        "rounds": {"mean": round(statistics.fmean(g.rounds for g in games), 2),
                   "min": min(g.rounds for g in games), "max": max(g.rounds for g in games),
                   "counts": dict(sorted(Counter(g.rounds for g in games).items()))},
        "actions_mean": round(statistics.fmean(g.actions for g in games)),
        "seconds_mean": round(statistics.fmean(g.seconds for g in games), 3),
        "misery_peak_counts": {str(k): peaks[k] for k in sorted(peaks)},
        "misery_peak_value_mean": round(statistics.fmean(
            load_sheet().misery_levels[r.misery_peak] for r in seats), 1),
        "eliminated": sum(r.eliminated for r in seats), "seat_games": len(seats),
        # seats locked out of the sheet: no advance bought in the whole game
        "never_bought": sum(not r.hand for r in seats),
        "never_bought_ci": percent(wilson(sum(not r.hand for r in seats), len(seats))),
        "games_without_winner": sum(not any(r.won for r in g.records) for g in games),
        # someone owns all 26 advances; otherwise the period 3 deck ran out
        "games_ended_by_all_advances": sum(
            any(len(r.hand) == len(load_sheet().advances) for r in g.records) for g in games),
        "winners_with_all_advances": sum(
            len(r.hand) == len(load_sheet().advances) for r in winners),
        "winners_score_mean": round(statistics.fmean(r.score for r in winners), 1),
        "winners_from_advances_mean": round(statistics.fmean(r.from_advances for r in winners), 1),
        "winners_from_cash_less_misery_mean": round(
            statistics.fmean(r.score - r.from_advances for r in winners), 1),
        "winners_advances_mean": round(statistics.fmean(len(r.hand) for r in winners), 2),
        "all_advances_mean": round(statistics.fmean(len(r.hand) for r in seats), 2),
    }


def measure(games: int, first_seed: int, saver: bool = False) -> dict[str, Any]:
    player = SavingPlayer if saver else HeuristicPlayer
    played = [play_game(first_seed + g, player) for g in range(games)]
    return {"sheet_version": load_sheet().version, "games": games, "first_seed": first_seed,
            "player": player.__name__,
            "advances": advance_figures(played), "openings": opening_figures(played),
            "length": length_figures(played)}


def summary(result: dict[str, Any]) -> list[str]:
    lines = [f"sheet v{result['sheet_version']}, {result['games']} games "
             f"(seeds {result['first_seed']}..{result['first_seed'] + result['games'] - 1})",
             "advance  bought%  winners%  (95% CI)"]
    for letter, a in result["advances"].items():
        lines.append(f"  {letter}      {a['bought_share']:5.1f}   {a['winners_share']:5.1f}  "
                     f"({a['winners_ci'][0]:.1f}–{a['winners_ci'][1]:.1f})")
    lines.append("opening  seats  win%  (95% CI)  fair%  ratio")
    for opening, o in list(result["openings"].items())[:12]:
        lines.append(f"  {opening:6} {o['seats']:5}  {o['win_rate']:5.1f} "
                     f"({o['win_ci'][0]:.1f}–{o['win_ci'][1]:.1f})  {o['fair_share']:5.1f}  "
                     f"{o['ratio']:.2f}")
    length = result["length"]
    winners = next(iter(result["advances"].values()))["winners"]
    lines.append(f"rounds mean {length['rounds']['mean']} (min {length['rounds']['min']}, max "
                 f"{length['rounds']['max']}), actions mean {length['actions_mean']}, "
                 f"{length['seconds_mean']} s a game")
    lines.append(f"misery peaks (level: seats) {length['misery_peak_counts']}; eliminated "
                 f"{length['eliminated']} of {length['seat_games']} seats")
    lines.append(f"seats that never bought an advance: {length['never_bought']} of "
                 f"{length['seat_games']} ({length['never_bought_ci'][0]:.1f}–"
                 f"{length['never_bought_ci'][1]:.1f}%)")
    lines.append(f"games ended by a seat owning every advance (R-13.1): "
                 f"{length['games_ended_by_all_advances']}; winners owning every advance: "
                 f"{length['winners_with_all_advances']} of {winners}")
    lines.append(f"winners score {length['winners_score_mean']}: advances "
                 f"{length['winners_from_advances_mean']}, cash − misery "
                 f"{length['winners_from_cash_less_misery_mean']}; advances a hand: winners "
                 f"{length['winners_advances_mean']}, all {length['all_advances_mean']}")
    over = [k for k, a in result["advances"].items() if a["winners_share"] > 100 * HAND_LIMIT]
    # "clearly" above: even the interval's lower end is over the limit
    clearly = [k for k, a in result["advances"].items()
               if a["winners_ci"][0] > 100 * HAND_LIMIT]
    dominant = [k for k, o in result["openings"].items() if is_dominant(o)]
    lines.append(f"checks: advances in >{100 * HAND_LIMIT:.0f}% of winners' hands: "
                 f"{over or 'none'} (clearly, CI above: {clearly or 'none'}); dominant "
                 f"openings: {dominant or 'none'}; never buying "
                 f"{100 * length['never_bought'] / length['seat_games']:.1f}% "
                 f"(target ≤ {100 * LOCKED_OUT_LIMIT:.0f}%)")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="write every figure there")
    parser.add_argument("--saver", action="store_true",
                        help="a what-if: players that save for their first advance")
    args = parser.parse_args(argv)
    result = measure(args.games, args.first_seed, args.saver)
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", "utf-8")
    print("\n".join(summary(result)))


if __name__ == "__main__":
    main()
