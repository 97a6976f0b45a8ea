#!/usr/bin/env python3
"""Find the seed of the guided first game (``vinci_core.table.guide``) and write its script.

For each seed, the human seat plays a plain line (the book's virtual player's choices, with
fewer conquests per turn so that tokens are left to reorganize, and a decline at the start
of its third turn on the board), the three virtual players play by the book, and the game is
scored as a story: the human must enter, conquer something that costs more than the bare
terrain, reorganize differently from the editor's proposal, score, take a province of a
virtual player (defending tokens in the cost), decline with its empire whole, and never be
asked to keep a part of a split empire or to place tokens it got back (steps the guide
does not teach). The best seed's human actions are printed as ``GUIDE_SCRIPT``.

    PYTHONPATH=src python3 bench/guide_seed.py [--seeds 300]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from vinci_core.game.actions import Conquer, Decline, Finish  # noqa: E402
from vinci_core.game.costs import conquest_cost  # noqa: E402
from vinci_core.players.virtual import VirtualPlayer  # noqa: E402
from vinci_core.table import guide  # noqa: E402
from vinci_core.table.presenter import placement_editor  # noqa: E402
from vinci_core.turn.state import GameState, new_game  # noqa: E402

HUMAN = guide.HUMAN
DECLINE_ROUND = 4  # round 1 chooses, rounds 2 and 3 expand, round 4 declines
MAX_CONQUESTS = {2: 3, 3: 2}  # per round: enough to show costs, tokens left to reorganize


def human_line(seed: int) -> tuple[list[dict], dict[str, int]] | None:
    """The human's actions up to and including the choice after the decline, and the
    story's features; None when the line needs a step the guide does not teach."""
    state: GameState = new_game(guide.guide_config(seed=seed))
    book = VirtualPlayer()
    script: list[dict] = []
    features = {"paid_terms": 0, "defended": 0, "reorganized": 0, "scored": 0,
                "empire_at_decline": 0, "attacked": 0}
    conquests = 0
    while not state.is_terminal:
        seat = state.current_player
        if seat != HUMAN:
            before = sum(1 for p, o in enumerate(state.owner) if o == HUMAN)
            state = state.apply(book.act(state))
            after = sum(1 for p, o in enumerate(state.owner) if o == HUMAN)
            features["attacked"] += before > after
            continue
        phase = state.phase
        if phase in ("keep", "redistribute"):
            return None
        if phase == "expand" and not state.turn.acted and state.round == DECLINE_ROUND:
            features["empire_at_decline"] = len(state.empire(HUMAN))
            action = Decline()
            if action not in state.legal_actions():
                return None  # Rebirth declines at the end of a turn: not this story
        elif phase == "expand":
            action = book.act(state)
            if isinstance(action, Decline):
                action = book._expand(_acted(state), HUMAN)
            if isinstance(action, Conquer) and action.espionage:
                return None  # Espionage: not in the guide
            if isinstance(action, Conquer):
                if conquests >= MAX_CONQUESTS.get(state.round, 0):
                    action = Finish()
                else:
                    cost = conquest_cost(state, action.province)
                    features["paid_terms"] += len(cost.terms) > 1
                    features["defended"] += any(t.label == "defending tokens" and
                                                state.owner[state.board.index[
                                                    action.province]] >= 0
                                                for t in cost.terms)
                    conquests += 1
            if not isinstance(action, Conquer) and action.kind != "finish":
                return None  # Diplomacy and the like: not in the guide
        elif phase == "reorganize":
            action = book.act(state)
            editor = placement_editor(state)
            assert editor is not None
            features["reorganized"] += dict(action.to_dict()["placement"]) != {
                p: n for p, n in editor["start"].items() if n}
        else:
            action = book.act(state)
        if action.kind == "finish":
            conquests = 0
        before_score = state.players[HUMAN].score
        state = state.apply(action)
        if action.kind in ("place_all", "end_turn", "decline"):
            features["scored"] += state.players[HUMAN].score > before_score
        script.append(action.to_dict())
        if action.kind == "choose" and state.round >= DECLINE_ROUND:
            return script, features
    return None


def _acted(state: GameState) -> GameState:
    """The state as if the turn had begun (the book's decline test is the guide's to make)."""
    copy = state.clone()
    copy.turn.acted = True
    return copy


def story_score(f: dict[str, int]) -> int:
    if not (f["paid_terms"] and f["defended"] and f["reorganized"] and f["scored"] >= 2
            and f["empire_at_decline"] >= 3):
        return -1
    return (2 * f["defended"] + f["paid_terms"] + f["reorganized"] + f["empire_at_decline"]
            - 3 * f["attacked"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=300)
    args = parser.parse_args()
    best: tuple[int, int, list[dict]] | None = None
    for seed in range(1, args.seeds + 1):
        line = human_line(seed)
        if line is None:
            continue
        script, features = line
        score = story_score(features)
        if score >= 0 and (best is None or (score, -len(script)) > (best[0], -len(best[2]))):
            best = (score, seed, script)
            print(f"seed {seed}: story {score}, {len(script)} steps, {features}",
                  file=sys.stderr)
    if best is None:
        sys.exit("no seed makes a clear story: widen --seeds")
    _, seed, script = best
    print(f"GUIDE_SEED = {seed}")
    print("GUIDE_SCRIPT: tuple[dict[str, Any], ...] = (")
    for action in script:
        print(f"    {json.dumps(action, sort_keys=True)},")
    print(")")


if __name__ == "__main__":
    main()
