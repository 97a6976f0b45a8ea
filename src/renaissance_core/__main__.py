"""``python -m renaissance_core [--players N] [--seed S] [--bots heuristic|random]``.

Watch bots play one game of Renaissance to its end in the terminal: each round prints its
order, cash, misery, advances and provinces, and the end prints the scores. The heuristic
players are the default (their games look like games); random players show the rules'
corners.
"""

from __future__ import annotations

import argparse

from . import GameConfig, new_game
from .players.heuristic import HeuristicPlayer
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


BOTS: dict[str, type[HeuristicPlayer] | type[RandomPlayer]] = {
    "heuristic": HeuristicPlayer, "random": RandomPlayer}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Watch bots play a game of Renaissance.")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 7),
                        metavar="{3..6}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", choices=BOTS, default="heuristic")
    args = parser.parse_args(argv)
    state = new_game(GameConfig.of(args.players, seed=args.seed))
    bots = [BOTS[args.bots](args.seed * 7 + p) for p in range(args.players)]
    shown = 0
    while not state.is_terminal:
        if state.round > shown:  # the first position of a new round
            shown = state.round
            print(round_line(state))
        seat = state.seats_to_act[0]
        state = state.apply(bots[seat].choose(state, seat))
    print("The end:")
    print(round_line(state))
    print("Scores (advances + cash − misery):")
    for seat in range(state.players):
        won = " wins" if state.returns()[seat] else ""
        print(f"  {state.config.seats[seat].name}: {score(state, seat)}{won}")


if __name__ == "__main__":
    main()
