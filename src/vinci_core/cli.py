"""Command line: watch virtual players (V-1 … V-8) play whole games.

``python -m vinci_core play --seats virtual,virtual,virtual,virtual --seed 7`` prints a
turn-by-turn log and the final ranking; ``--games 200`` plays 200 games (seeds 7, 8, …)
and prints a summary instead. Only virtual seats can be played here: a human needs the
browser edition. A seat is ``virtual`` with optional options after colons:
``virtual:formula`` (V-4 formula), ``virtual:humans`` (V-4 tie-break) and
``virtual:hard`` (V-2: 15 VP at the start, 9 extra tokens).

``python -m vinci_core analyse SAVEFILE --seat N`` prints the turning points of seat N's
decisions in a saved game, by the strong AI's yardstick (:mod:`vinci_core.table.analysis`).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from .boards.maps import load_map, register_map
from .game.actions import Action, Choose, Conquer, Decline, Diplomacy, Fort, PlaceAll
from .game.costs import NEUTRAL
from .game.tiles import TILES
from .players.virtual import Preference, VirtualPlayer, play_game
from .table.save import encode_save
from .turn.choose import tokens_received
from .turn.schemas import GameConfig, Seat
from .turn.state import GameState, new_game

SLOT_NAMES = ("I", "II", "III", "IV", "V", "VI")


def parse_seat(text: str, number: int) -> Seat:
    """One ``--seats`` entry: ``virtual`` plus options ``formula``, ``humans``, ``hard``."""
    kind, *options = text.strip().lower().split(":")
    if kind == "human":
        raise ValueError("human seats cannot be played on the command line (use the "
                         "browser edition); every seat here is 'virtual'")
    if kind != "virtual":
        raise ValueError(f"unknown seat kind {kind!r}: use 'virtual'")
    unknown = set(options) - {"formula", "humans", "hard"}
    if unknown:
        raise ValueError(f"unknown seat option(s) {', '.join(sorted(unknown))}: use formula, "
                         "humans or hard")
    preference: Preference = "formula" if "formula" in options else "value"
    base = VirtualPlayer.hard if "hard" in options else VirtualPlayer
    player = base(preference=preference, tiebreak_prefers_humans="humans" in options)
    return player.seat(f"Virtual {number}")


def resolve_map(name: str) -> str:
    """A board id: a known map name, or a map file (registered on the fly)."""
    if name.endswith(".json"):
        return register_map(Path(name)).id
    load_map(name)
    return name


def civ_name(pair: Sequence[str]) -> str:
    return " + ".join(TILES[t].name for t in pair)


class TurnLog:
    """Writes a readable log of a game, one block per turn."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.turn: tuple[int, int] | None = None

    def name(self, state: GameState, seat: int) -> str:
        return state.config.seats[seat].name

    def __call__(self, before: GameState, action: Action, after: GameState) -> None:
        seat = before.turn_seat
        key = (before.round, seat)
        if key != self.turn and before.phase != "redistribute":
            self.turn = key
            player = before.players[seat]
            head = f"Round {before.round} · {self.name(before, seat)}"
            if player.civ:
                head += (f" [{civ_name(player.civ)}] {player.score} VP, {player.hand} tokens "
                         "in hand")
            else:
                head += f" ({player.score} VP)"
            self.out.write(head + "\n")
        line = self.describe(before, action, after)
        if line:
            self.out.write(f"    {line}\n")
        if after.scorings > before.scorings:
            _, who, points = after.history[-1]
            terms = ", ".join(f"{label} {pts}" for label, pts, _ in after.last_score[1]) \
                if after.last_score else ""
            self.out.write(f"    scores {points} VP ({terms or 'nothing'}) → "
                           f"{after.players[who].score}\n")
        if after.is_terminal:
            self.out.write("Game over.\n")

    def describe(self, before: GameState, action: Action, after: GameState) -> str:
        seat = before.turn_seat
        board = before.board
        if isinstance(action, Choose):
            a, b, coins = before.display[action.slot - 1]
            tokens = tokens_received(before, seat, action.slot)
            gain = f", {coins} coin(s)" if coins else ""
            return (f"takes {civ_name((a, b))} from slot {SLOT_NAMES[action.slot - 1]} "
                    f"({tokens} tokens{gain})")
        if isinstance(action, Decline):
            civ = before.players[seat].civ
            return f"puts {civ_name(civ) if civ else 'its empire'} into decline"
        if isinstance(action, Diplomacy):
            return f"makes peace with {self.name(before, action.seat)}"
        if isinstance(action, Conquer):
            p = board.index[action.province]
            o = before.owner[p]
            if o == NEUTRAL:
                whose = "neutral"
            elif o < 0:
                whose = "empty"
            else:
                whose = self.name(before, o) + (" (declined)" if before.declined[p] else "")
            spent = before.players[seat].hand - after.players[seat].hand
            verb = "enters at" if not before.empire(seat) else "conquers"
            spy = ", Espionage" if action.espionage else ""
            return (f"{verb} {board.province(action.province).name} ({whose}) for "
                    f"{spent} token(s){spy}")
        if isinstance(action, PlaceAll):
            if before.phase == "redistribute":
                return ""
            spread = ", ".join(f"{board.province(pid).name} {n}" for pid, n in action.placement)
            return f"reorganizes: {spread}"
        if isinstance(action, Fort):
            return f"builds a fort in {board.province(action.province).name}"
        return ""


def ranking(state: GameState) -> list[str]:
    from .table.ranking import places

    winners = set(state.winners)
    return [f"{rank}. {state.config.seats[s].name}: {state.scores[s]} VP"
            + (" (winner)" if s in winners else "") for rank, s in places(state)]


def make_config(seats: list[Seat], seed: int, board: str, target: int | None) -> GameConfig:
    return GameConfig(seats=seats, seed=seed, map=board, target_vp=target)


def summary(configs: list[GameConfig], out: TextIO) -> None:
    n = len(configs[0].seats)
    totals = [0.0] * n
    wins = [0.0] * n
    rounds = links = 0
    began = time.perf_counter()
    for cfg in configs:
        state = play_game(cfg)
        for s, (score, share) in enumerate(zip(state.scores, state.returns(), strict=True)):
            totals[s] += score
            wins[s] += share
        rounds += state.round
        links += len(encode_save(state))
    spent = time.perf_counter() - began
    games = len(configs)
    out.write(f"{games} games on {configs[0].map}, seeds {configs[0].seed}–"
              f"{configs[-1].seed}, {spent:.1f} s ({games / spent:.1f} games/s)\n")
    for s in range(n):
        out.write(f"  {configs[0].seats[s].name}: mean score {totals[s] / games:.1f}, "
                  f"win share {wins[s] / games:.1%}\n")
    out.write(f"  mean rounds: {rounds / games:.1f}\n")
    out.write(f"  mean share-link length: {links / games:.0f} characters\n")


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m vinci_core",
                                     description="Vinci's rules engine on the command line.")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="watch virtual players play (RULES.md V-1 … V-8)")
    play.add_argument("--seats", default="virtual,virtual,virtual,virtual",
                      help="comma-separated seats, 3 to 6, each 'virtual' with optional "
                           ":formula, :humans, :hard")
    play.add_argument("--seed", type=int, default=0, help="seed of the (first) game")
    play.add_argument("--map", default="europe", help="board name or map JSON file")
    play.add_argument("--games", type=int, default=1,
                      help="play this many games (seeds seed, seed+1, …) and print a summary")
    play.add_argument("--target", type=int, default=None, help="VP target (C-6.1 default)")
    analyse = sub.add_parser("analyse", help="the turning points of a seat's decisions in a "
                             "saved game, by the strong AI's yardstick (issue 31)")
    analyse.add_argument("savefile", help="a file holding a game's save text")
    analyse.add_argument("--seat", type=int, required=True,
                         help="the seat to analyse, 1 for the first seat")
    analyse.add_argument("--threshold", type=float, default=None,
                         help="VP a better move must promise (default: analysis.THRESHOLD)")
    analyse.add_argument("--lang", default="en", help="language of the reasons (en, fr, de, nl)")
    args = parser.parse_args(argv)
    if args.command == "analyse":
        return analyse_file(args, parser, out)
    try:
        entries = [e for e in args.seats.split(",") if e.strip()]
        seats = [parse_seat(e, i) for i, e in enumerate(entries, 1)]
        board = resolve_map(args.map)
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        configs = [make_config(seats, args.seed + i, board, args.target)
                   for i in range(args.games)]
    except KeyError:
        parser.exit(2, f"error: no board called {args.map!r} (give --map a board name or a "
                    "map JSON file)\n")
    except (ValueError, OSError) as exc:
        parser.exit(2, f"error: {exc}\n")
    if args.games > 1:
        summary(configs, out)
        return 0
    state = play_game(new_game(configs[0]), on_action=TurnLog(out))
    out.write("\nFinal ranking\n")
    for line in ranking(state):
        out.write(f"  {line}\n")
    return 0


def analyse_file(args: argparse.Namespace, parser: argparse.ArgumentParser,
                 out: TextIO) -> int:
    """``analyse``: print a seat's turning points, one a line, then what was weighed."""
    from .table.analysis import THRESHOLD, analyse_save, describe, finish
    from .table.save import SaveError, decode_save
    from .text.i18n import translations

    try:
        with open(args.savefile, encoding="utf-8") as file:
            text = file.read().strip()
        state = decode_save(text)
    except (OSError, SaveError) as exc:
        parser.exit(2, f"error: {exc}\n")
    seat = args.seat - 1
    if not 0 <= seat < state.rules.seats:
        parser.exit(2, f"error: --seat must be 1 to {state.rules.seats}\n")
    threshold = THRESHOLD if args.threshold is None else args.threshold
    result = finish(analyse_save(text, seat, threshold=threshold))
    t = translations(args.lang)
    n = len(result.points)
    out.write(t.ngettext("{name}: {n} turning point at {vp} VP or more",
                         "{name}: {n} turning points at {vp} VP or more", n).format(
        name=state.config.seats[seat].name, n=n, vp=f"{threshold:g}") + "\n")
    for point in result.points:
        out.write(f"  {describe(point, state, args.lang)}\n")
    out.write(t.gettext("({decisions} decisions weighed, {positions} positions searched)")
              .format(decisions=result.decisions, positions=result.positions) + "\n")
    return 0
