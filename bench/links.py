"""Share-link length: how long the link of a finished game is (issue 14: a finished 4-seat
Europe game's link stays under 2,000 characters, median over the golden games, so that it
fits in any chat).

    PYTHONPATH=src python3 bench/links.py                 # golden games + 40 games each
    PYTHONPATH=src python3 bench/links.py --games 100

A link is what the page's "Send to the next player" box offers:
``<page address>#g=<save>&to=<seat>``, with the game's identity in the save; the page's
address is counted as ``https://example.github.io/vinci/`` (34 characters). Tables:

1. the golden games of tests/golden (random play, every released rules; Europe only);
2. finished 4-seat Europe games played by the book's virtual players (every seat), with
   player names of 8 letters, as a table of friends would have;
3. finished 4-seat Europe games of uniformly random legal actions (aimless, so longer).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from vinci_core import GameConfig, Seat, new_game, parse_action  # noqa: E402
from vinci_core.players.randomplay import play_random  # noqa: E402
from vinci_core.players.virtual import play_game  # noqa: E402
from vinci_core.table.save import config_from_record  # noqa: E402
from vinci_core.table.session import Session  # noqa: E402
from vinci_core.table.store import link_fragment  # noqa: E402
from vinci_core.turn.state import GameState  # noqa: E402

PAGE = "https://example.github.io/vinci/"
LIMIT = 2000
NAMES = ("Beatrice", "Leonardo", "Giuliana", "Lorenzo")


def link_length(state: GameState) -> int:
    session = Session(state)  # a new identity, as every game has
    return len(f"{PAGE}#{link_fragment(session, 3)}")


def golden() -> list[tuple[str, int, int, int]]:
    """(name, seats, actions, link length) of every Europe golden game."""
    out = []
    for path in sorted((ROOT / "tests" / "golden").glob("**/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["config"].get("map", "europe") != "europe":
            continue
        cfg = config_from_record(data["config"], data["board_fingerprint"])
        state = new_game(cfg)
        for raw in data["actions"]:
            state.advance(parse_action(raw))
        name = str(path.relative_to(ROOT / "tests" / "golden").with_suffix(""))
        out.append((name, len(cfg.seats), state.ply, link_length(state)))
    return out


def table(games: int, by: str) -> list[tuple[int, int]]:
    """(actions, link length) of ``games`` finished 4-seat Europe games."""
    out = []
    for seed in range(games):
        cfg = GameConfig(seats=[Seat(name=n) for n in NAMES], seed=seed)
        if by == "virtual":
            state = play_game(cfg)
        else:
            state = play_random(cfg, seed=seed).state
        assert state.is_terminal
        out.append((state.ply, link_length(state)))
    return out


def describe(rows: list[tuple[int, int]]) -> str:
    lengths = [n for _, n in rows]
    actions = [a for a, _ in rows]
    return (f"median {statistics.median(lengths):.0f}, max {max(lengths)} characters "
            f"({sum(n < LIMIT for n in lengths)}/{len(lengths)} under {LIMIT}); "
            f"actions median {statistics.median(actions):.0f}, max {max(actions)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=40)
    args = ap.parse_args(argv)
    gold = golden()
    print("golden Europe games (link length):")
    for name, seats, ply, n in gold:
        print(f"  {name}: {seats} seats, {ply} actions, {n} characters")
    four = [n for _, seats, _, n in gold if seats == 4]
    print(f"finished 4-seat Europe golden games: median {statistics.median(four):.0f} "
          f"characters (target < {LIMIT}); all Europe golden games: median "
          f"{statistics.median(n for *_, n in gold):.0f}")
    print(f"4 seats, the book's virtual players, {args.games} games: "
          + describe(table(args.games, "virtual")))
    print(f"4 seats, random play, {args.games} games: " + describe(table(args.games, "random")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
