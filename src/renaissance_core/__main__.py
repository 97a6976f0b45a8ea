"""``python -m renaissance_core [--players N] [--seed S]``: watch a random game in the terminal.

Random players play one game to its end; each round prints its order, cash, misery,
advances and provinces, and the end prints the scores.
"""

from __future__ import annotations

import argparse

from . import GameConfig, new_game
from .players.randomplay import RandomPlayer
from .turn.scoring import score
from .turn.state import GameState


def round_line(state: GameState) -> str:
    seats = []
    for seat in state.order:
        provinces = sum(1 for who in state.control.values() if who == seat)
        advances = "".join(sorted(state.advances[seat])) or "-"
        mark = "" if state.alive[seat] else " (out)"
        seats.append(f"  {state.config.seats[seat].name} [{state.capital[seat]}]{mark}: "
                     f"{state.cash[seat]} ducats, misery {state.level_value(seat)}, "
                     f"{provinces} provinces, {len(state.hands[seat])} cards, "
                     f"advances {advances}")
    return "\n".join([f"Round {state.round} (period {state.period}):", *seats])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Watch a random game of Renaissance.")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    state = new_game(GameConfig.of(args.players, seed=args.seed))
    bots = [RandomPlayer(args.seed * 7 + p) for p in range(args.players)]
    shown = 0
    while not state.is_terminal:
        if state.round > shown:  # the first position of a new round
            shown = state.round
            print(round_line(state))
        seat = state.seats_to_act[0]
        state = state.apply(bots[seat].choose(state, seat))
    print(round_line(state))
    print("Scores (advances + cash − misery):")
    for seat in range(state.players):
        won = " wins" if state.returns()[seat] else ""
        print(f"  {state.config.seats[seat].name}: {score(state, seat)}{won}")


if __name__ == "__main__":
    main()
