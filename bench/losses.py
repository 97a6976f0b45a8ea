#!/usr/bin/env python3
"""Where the strong AI loses: ``python bench/losses.py --games N [--seats 4] [--seed S]``.

Plays the strong AI against book players (classic on Europe, the strong seat rotated as in
``bench/ai.py``) and records, per game, for the strong seat: its civilizations (tiles, slot,
round taken and declined, VP scored, most provinces held), its score and the winner's at the
end of every round, the tokens it lost to attacks and to whom, the provinces it held at the
end of each of its turns, and the final gap to the best other seat. It then compares the
games lost by much (``--big``, 10 VP behind by default) with the games won, figure by
figure. ``--variant field=value,...`` plays a ``StrongPlayer`` variant instead of the
default; ``--json F`` writes the raw records.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ai import parse_variant  # noqa: E402  (bench/ai.py)

from vinci_core import GameConfig, Seat, new_game  # noqa: E402
from vinci_core.game.actions import Choose, Conquer, Decline  # noqa: E402
from vinci_core.players.ai import StrongPlayer  # noqa: E402
from vinci_core.players.levels import player_for_seat  # noqa: E402


def play_recorded(seed: int, seats: int, seat: int, strong: StrongPlayer) -> dict[str, Any]:
    """One game with ``strong`` in ``seat``, book players elsewhere, and its record."""
    cfg = GameConfig(seats=[Seat(name=f"Seat {i + 1}", virtual=True,
                                 ai_level="strong" if i == seat else "book")
                            for i in range(seats)], seed=seed, map="europe")
    players: list[Any] = [strong if i == seat else player_for_seat(cfg, i)
                          for i in range(seats)]
    state = new_game(cfg)
    civs: list[dict[str, Any]] = []
    rounds: list[list[int]] = []  # every seat's score at the end of each round
    held: list[int] = []  # the strong seat's active provinces at the end of its turns
    attacks: list[dict[str, Any]] = []
    last_round, last_turn = state.round, state.turn_seat
    while not state.is_terminal:
        actor = state.current_player
        assert actor is not None
        action = players[actor].act(state)
        if isinstance(action, Conquer) and actor != seat:
            p = state.board.index[action.province]
            if state.owner[p] == seat:
                leader = max(range(seats), key=lambda o: state.players[o].score)
                attacks.append({"round": state.round, "by": actor, "tokens": state.tokens[p],
                                "declined": state.declined[p],
                                "leading": leader == seat})
        if actor == seat and isinstance(action, Choose):
            a, b, _coins = state.display[action.slot - 1]
            civs.append({"tiles": [a, b], "slot": action.slot, "round": state.round,
                         "declined": None, "vp": 0, "most": 0, "entry": None})
        if actor == seat and isinstance(action, Conquer) and civs and not civs[-1]["entry"]:
            civs[-1]["entry"] = action.province
        if actor == seat and isinstance(action, Decline) and civs:
            civs[-1]["declined"] = state.round
        before = state.scorings
        state = state.apply(action)
        if state.scorings != before and civs:
            civs[-1]["vp"] += sum(points for _r, who, points in state.history[before:]
                                  if who == seat)
        if civs:
            civs[-1]["most"] = max(civs[-1]["most"], len(state.empire(seat)))
        if state.turn_seat != last_turn or state.is_terminal:
            if last_turn == seat:
                held.append(len(state.empire(seat)))
            last_turn = state.turn_seat
        if state.round != last_round or state.is_terminal:
            rounds.append([p.score for p in state.players])
            last_round = state.round
    scores = state.scores
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    winner = max((i for i in range(seats) if i != seat), key=lambda i: scores[i])
    return {"seed": seed, "seat": seat, "scores": list(scores), "gap": scores[seat] - best_other,
            "won": seat in state.winners, "winner": winner, "civs": civs, "rounds": rounds,
            "held": held, "attacks": attacks}


def mean(values: list[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


def summary(label: str, games: list[dict[str, Any]]) -> None:
    """The figures of one group of games."""
    n = len(games)
    if not n:
        print(f"{label}: no games")
        return
    seat = [g["seat"] for g in games]
    print(f"{label}: {n} games, mean gap {mean([g['gap'] for g in games]):+.1f} VP, "
          f"seats {dict(sorted(Counter(seat).items()))}")
    civs = [len(g["civs"]) for g in games]
    first = [g["civs"][0] for g in games if g["civs"]]
    print(f"  civilizations {mean(civs):.2f}; first declined at round "
          f"{mean([c['declined'] for c in first if c['declined']]):.1f} "
          f"({sum(1 for c in first if c['declined'])} of {len(first)} declined), "
          f"scored {mean([c['vp'] for c in first]):.1f} VP, most provinces "
          f"{mean([c['most'] for c in first]):.1f}, slot {mean([c['slot'] for c in first]):.2f}")
    # A civilization declined two rounds after it was taken had one turn of conquest.
    short = [sum(1 for c in g["civs"] if c["declined"] and c["declined"] - c["round"] <= 2)
             for g in games]
    print(f"  declined after one turn of conquest: {mean(short):.2f} a game; games with two "
          f"or more such civilizations {sum(1 for k in short if k >= 2)}")
    later = [c for g in games for c in g["civs"][1:]]
    print(f"  later civilizations: {len(later)}, scored {mean([c['vp'] for c in later]):.1f} VP, "
          f"most provinces {mean([c['most'] for c in later]):.1f}, "
          f"slot {mean([c['slot'] for c in later]):.2f}, taken at round "
          f"{mean([c['round'] for c in later]):.1f}")
    lost = [sum(a["tokens"] for a in g["attacks"] if not a["declined"]) for g in games]
    lost_declined = [sum(1 for a in g["attacks"] if a["declined"]) for g in games]
    by_winner = [sum(a["tokens"] for a in g["attacks"] if a["by"] == g["winner"]
                     and not a["declined"]) for g in games]
    leading = [sum(a["tokens"] for a in g["attacks"] if a["leading"] and not a["declined"])
               for g in games]
    print(f"  tokens lost to attacks on the active empire {mean(lost):.1f} a game "
          f"(by the best other seat {mean(by_winner):.1f}, while leading {mean(leading):.1f}); "
          f"declined provinces lost {mean(lost_declined):.1f}")
    print(f"  provinces held at the end of its turns {mean([mean(g['held']) for g in games]):.1f}"
          f"; rounds played {mean([len(g['rounds']) for g in games]):.1f}")
    gap_by_round(games)


def gap_by_round(games: list[dict[str, Any]]) -> None:
    """The strong seat's score less the best other seat's, at the end of rounds 2, 4, …"""
    cells = []
    for r in range(1, 16, 2):
        gaps = [g["rounds"][r][g["seat"]] - max(s for i, s in enumerate(g["rounds"][r])
                                                  if i != g["seat"])
                for g in games if len(g["rounds"]) > r]
        if gaps:
            cells.append(f"r{r + 1} {mean(gaps):+.1f}")
    print("  gap to the best other seat: " + ", ".join(cells))
    income = []
    for r in range(1, 16, 2):
        own = [g["rounds"][r][g["seat"]] - g["rounds"][r - 1][g["seat"]]
               for g in games if len(g["rounds"]) > r]
        if own:
            income.append(f"r{r + 1} {mean(own):.1f}")
    print("  its VP in the round: " + ", ".join(income))


def tiles(games: list[dict[str, Any]]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for g in games:
        for c in g["civs"]:
            counts.update(set(c["tiles"]))
    return counts


def compare_tiles(big: list[dict[str, Any]], won: list[dict[str, Any]]) -> None:
    """Tiles taken per game, in the lost-by-much games against the won ones."""
    a, b = tiles(big), tiles(won)
    rows = sorted(set(a) | set(b), key=lambda t: -(a[t] / max(1, len(big))
                                                   - b[t] / max(1, len(won))))
    print("  tiles a game (lost by much / won): " + ", ".join(
        f"{t} {a[t] / max(1, len(big)):.2f}/{b[t] / max(1, len(won)):.2f}"
        for t in rows[:8]) + " … " + ", ".join(
        f"{t} {a[t] / max(1, len(big)):.2f}/{b[t] / max(1, len(won)):.2f}" for t in rows[-6:]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--big", type=int, default=10, help="a loss by at least this many VP")
    parser.add_argument("--variant", default=None, help="StrongPlayer fields, e.g. beam=4")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    strong = StrongPlayer(**parse_variant(args.variant)) if args.variant else StrongPlayer()
    games = []
    for g in range(args.games):
        games.append(play_recorded(args.seed + g, args.seats, g % args.seats, strong))
        if (g + 1) % 50 == 0:
            print(f"  {g + 1} games", flush=True)
    if args.json:
        args.json.write_text(json.dumps(games))
    big = [g for g in games if g["gap"] <= -args.big]
    close = [g for g in games if -args.big < g["gap"] and not g["won"]]
    won = [g for g in games if g["won"]]
    summary(f"lost by {args.big} VP or more", big)
    summary("lost by less", close)
    summary("won", won)
    compare_tiles(big, won)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
