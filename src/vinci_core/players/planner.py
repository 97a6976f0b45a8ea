"""The strong player's turn planner (:class:`.ai.StrongPlayer`'s conquests), and the
measures of a position it shares with the rollouts: what a seat could spend next turn
(:func:`threat_power`), who could attack which province (:func:`threats`), the turns a
round limit leaves (:func:`turns_after`) and an empire's income (:func:`turn_income`).

The planner is a beam search over sequences of conquests (:func:`best_sequence`), each
applied by the engine, Espionage included. It scores where each sequence ends
(:func:`plan_value`): the VP it would score this turn, the empire's worth again for the
turns to come (provinces are kept, Slavery's points are not), the declined empire it would
clear, tokens kept in hand, and the provinces the neighbours could take back next turn; the
strong player subtracts part of the best opponent's prospects (:func:`rival_prospect`). Its
weights are :class:`PlanWeights`, set from the player's fields so that a variant can be
measured (``bench/ai.py --variant hold_weight=2``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass

from ..game.actions import Action, Conquer
from ..turn.state import FIELD_GENERAL_TOKENS, GameState

# The turn planner: the empire's worth counts once for this turn and again for the turns it
# will be held; a token left in hand is worth a little (defence), a province a neighbour can
# take cheaply a little less.
HOLD_WEIGHT = 1.0
HAND_WEIGHT = 0.15
EXPOSED_WEIGHT = 0.35
# The share of the best opponent's prospects the strong player's planner subtracts
# (:func:`rival_prospect`; see ai.RIVAL_WEIGHT, the rollouts' own).
PLAN_RIVAL = 0.5


def threat_power(state: GameState, seat: int) -> int:
    """Tokens ``seat`` could spend on conquests at the start of its next turn (estimate)."""
    player = state.players[seat]
    if player.civ is None:
        return 0
    empire = state.empire(seat)
    on_board = sum(state.tokens[p] for p in empire) - len(empire)
    ab = player.abilities
    return max(0, on_board + player.hand - player.temp + player.returned
               + ab.get("medicine", 0) + FIELD_GENERAL_TOKENS * ab.get("field_general", 0))


def threats(state: GameState, seat: int) -> dict[int, list[tuple[int, int]]]:
    """Province of ``seat``'s active empire -> [(cost, power)] for each opponent that could
    attack it next turn: its C-4 cost to that opponent now and the opponent's tokens."""
    mine = set(state.empire(seat))
    out: dict[int, list[tuple[int, int]]] = {p: [] for p in mine}
    peace = {b if a == seat else a for a, b in state.peace if seat in (a, b)}
    rs = state.ruleset
    for other in range(state.rules.seats):
        if other == seat or other in peace:
            continue
        power = threat_power(state, other)
        if power <= 0:
            continue
        for p, origin in rs.reach(state, other).items():
            if p in mine:
                out[p].append((rs.cost(state, other, p, origin), power))
    return out


def turns_after(state: GameState, seat: int) -> int | None:
    """``seat``'s turns that begin after this position, before a fixed round limit ends the
    game (Y-6.1); None when a target score ends it (C-6: no limit to plan for). A turn of
    ``seat`` in progress is not counted.

    >>> from vinci_core import GameConfig, Seat, new_game
    >>> cfg = GameConfig(seats=[Seat(name=n) for n in "AB"], ruleset="online", seed=1)
    >>> state = new_game(cfg)  # 13 rounds at two seats (round 1: the choices)
    >>> turns_after(state, state.turn_seat), turns_after(state, 1 - state.turn_seat)
    (12, 13)
    """
    last = state.rules.rounds
    if not last:
        return None
    n = state.rules.seats
    later = (seat - state.start) % n > (state.turn_seat - state.start) % n
    return max(0, last - state.round + (1 if later else 0))


def turn_income(state: GameState, seat: int) -> int:
    """VP ``seat`` scores at the end of a turn for its empires as they stand: the ruleset's
    score terms without Slavery's, which are this turn's only."""
    slaves = state.slaves * state.players[seat].abilities.get("slavery", 0)
    return sum(points for _label, points, _rule in state.ruleset.score_terms(state, seat)) \
        - slaves


@dataclass(frozen=True, slots=True)
class PlanWeights:
    """The turn planner's weights (:func:`plan_value`); the terms after ``exposed`` are
    off (0) unless a variant turns them on (``bench/ai.py --variant``)."""

    hold: float = HOLD_WEIGHT
    hand: float = HAND_WEIGHT
    exposed: float = EXPOSED_WEIGHT
    # Next turn's reach: the VP a turn of the provinces the empire could take next turn
    # with the tokens it will have (the best value for its tokens first).
    reach: float = 0.0
    # The declined empire's provinces a neighbour can take next turn.
    declined_exposed: float = 0.0
    # Exposure after the strong player's own reorganization (see exposed_worth), not an
    # even spread of the tokens.
    placed_exposure: bool = False


DEFAULT_PLAN = PlanWeights()


def plan_value(state: GameState, seat: int, endgame: bool = True,
               weights: PlanWeights | None = None) -> float:
    """The turn planner's score of the position after some conquests (before ``finish``).
    What lasts beyond this turn (the empire held, tokens kept, provinces exposed) counts
    only while the game has turns left for ``seat`` (``endgame``: a round limit's last turn
    counts this turn's VP alone); ``weights`` are the default :class:`PlanWeights` unless
    given."""
    weights = weights or DEFAULT_PLAN
    player = state.players[seat]
    ab = player.abilities
    points = state.ruleset.province_points
    empire = state.empire(seat)
    worth = sum(points(state.board, p, ab) for p in empire)
    slaves = state.slaves * ab.get("slavery", 0)
    # The declined empire and what a ruleset scores for a whole empire (Fishing, Y-9.27).
    rest = turn_income(state, seat) - worth
    hand = max(0, player.hand - player.temp)
    # Tokens after reorganization: provinces conquered for 0 still need one.
    tokens = sum(state.tokens[p] for p in empire) + hand
    if tokens < len(empire):
        worth = worth * tokens // max(1, len(empire))
    if endgame and turns_after(state, seat) == 0:  # the last turn: only this turn's VP count
        return float(worth + rest + slaves)
    value = ((1 + weights.hold) * (worth + rest) + slaves + weights.hand * hand
             - weights.exposed * exposed_worth(state, seat, tokens, weights.placed_exposure))
    if weights.reach:
        value += weights.reach * reach_worth(state, seat)
    if weights.declined_exposed:
        value -= weights.declined_exposed * declined_exposed_worth(state, seat)
    return value


def exposed_worth(state: GameState, seat: int, tokens: int, placed: bool = False) -> int:
    """VP a turn of ``seat``'s provinces that a neighbour could pay for next turn if
    ``tokens`` were spread evenly over the empire (``placed``: one token a province and
    the rest placed one at a time where the strongest threat is cheapest, as the strong
    player reorganizes)."""
    empire = state.empire(seat)
    if not empire:
        return 0
    board = state.board
    ab = state.players[seat].abilities
    points = state.ruleset.province_points
    danger = {p: attackers for p, attackers in threats(state, seat).items() if attackers}
    if placed:
        held = _defended(state, seat, danger, tokens - len(empire))
    else:
        held = dict.fromkeys(danger, tokens / len(empire))
    return sum(points(board, p, ab) for p, attackers in danger.items()
               if any(cost - state.tokens[p] + held[p] <= power for cost, power in attackers))


def _defended(state: GameState, seat: int, danger: dict[int, list[tuple[int, int]]], spare: int
              ) -> dict[int, float]:
    """Tokens each threatened province holds after a reorganization that leaves one in
    every province and puts ``spare`` more, one at a time, where the strongest threat
    would have most tokens left after taking it (the richest first among those)."""
    held = dict.fromkeys(danger, 1.0)

    def margin(p: int) -> float:
        return max(power - (cost - state.tokens[p] + held[p]) for cost, power in danger[p])

    board = state.board
    ab = state.players[seat].abilities
    points = state.ruleset.province_points
    for _ in range(max(0, spare)):
        if not danger:
            break
        p = max(danger, key=lambda q: (margin(q) >= 0, points(board, q, ab), margin(q), -q))
        if margin(p) < 0:
            break
        held[p] += 1
    return held


def reach_worth(state: GameState, seat: int) -> int:
    """VP a turn of the provinces ``seat`` could take at the start of its next turn with
    the tokens it will have (:func:`threat_power`), the most VP per token first, at
    today's costs."""
    budget = threat_power(state, seat)
    if budget <= 0 or not state.empire(seat):
        return 0
    rs = state.ruleset
    board = state.board
    ab = state.players[seat].abilities
    mine = set(state.empire(seat))
    targets = sorted(((rs.province_points(board, p, ab), max(1, rs.cost(state, seat, p, o)), p)
                      for p, o in rs.reach(state, seat).items() if p not in mine),
                     key=lambda t: (-t[0] / t[1], t[2]))
    worth = 0
    for vp, cost, _p in targets:
        if cost <= budget:
            budget -= cost
            worth += vp
    return worth


def declined_exposed_worth(state: GameState, seat: int) -> int:
    """Provinces of ``seat``'s declined empire that a neighbour could pay for next turn
    (each worth the point a declined province scores, C-5)."""
    declined = [p for p, o in enumerate(state.owner) if o == seat and state.declined[p]]
    if not declined:
        return 0
    rs = state.ruleset
    wanted = set(declined)
    exposed: set[int] = set()
    for other in range(state.rules.seats):
        if other == seat:
            continue
        power = threat_power(state, other)
        if power <= 0:
            continue
        for p, origin in rs.reach(state, other).items():
            if p in wanted and rs.cost(state, other, p, origin) <= power:
                exposed.add(p)
    return len(exposed)


def rival_prospect(state: GameState, seat: int, held: dict[int, float] | None = None
                   ) -> float:
    """The best prospects among ``seat``'s opponents: score plus two turns of income
    (:func:`turn_income`). Taking a province from the opponent with the best prospects
    lowers it; taking one from anyone else does not. ``held``: opponents whose prospects
    are taken as given (:func:`unshaken_prospects`), whatever ``seat`` takes from them.

    >>> from vinci_core import GameConfig, Seat, new_game
    >>> cfg = GameConfig(seats=[Seat(name=n) for n in "ABC"], seed=1)
    >>> rival_prospect(new_game(cfg), 0)  # the starting score: no empire yet
    10
    """
    return max(held[o] if held and o in held else
               state.players[o].score + 2 * turn_income(state, o)
               for o in range(state.rules.seats) if o != seat)


def unshaken_prospects(state: GameState, seat: int) -> dict[int, float]:
    """Opponents of ``seat`` whose active empire loses no token when attacked (Nomads,
    Y-9.22) -> their prospects now (as :func:`rival_prospect` counts them). A province
    taken from such an empire costs it nothing: every token there comes back to it
    (displaced, Y-3.6) to take the province back in its next turn, before it scores."""
    return {o: state.players[o].score + 2 * turn_income(state, o)
            for o in range(state.rules.seats)
            if o != seat and "nomads" in state.players[o].abilities}


def best_sequence(state: GameState, seat: int, value: Callable[[GameState], float],
                  beam_width: int, work_limit: int
                  ) -> Generator[None, None, list[Action]]:
    """Beam search over ``seat``'s sequences of conquests this turn, each position scored
    by ``value``, ``beam_width`` kept at each depth: the best sequence (empty: stopping is
    best). It yields after each position it plays and stops at ``work_limit`` positions
    (the best sequence found so far)."""
    best_plan, _scored = yield from beam_search(state, seat, value, beam_width, work_limit)
    return best_plan


Scored = list[tuple[float, list[Action]]]


def beam_search(state: GameState, seat: int, value: Callable[[GameState], float],
                beam_width: int, work_limit: int
                ) -> Generator[None, None, tuple[list[Action], Scored]]:
    """:func:`best_sequence`'s search: the best sequence, and every sequence it scored
    (the empty one first, then in the order played) with its value."""
    start = value(state)
    beam: list[tuple[float, list[Action], GameState]] = [(start, [], state)]
    best_value, best_plan = start, []
    scored: Scored = [(start, [])]
    seen: set[tuple[frozenset[int], int, int]] = set()
    turn_seat = state.turn_seat
    work = 0
    while beam and work < work_limit:
        children: list[tuple[float, list[Action], GameState]] = []
        for _value, plan, node in beam:
            for action in node.legal_actions():
                if not isinstance(action, Conquer) or work >= work_limit:
                    continue
                work += 1
                yield
                child = node.apply(action)
                if child.phase != "expand" or child.turn_seat != turn_seat:
                    continue
                key = (frozenset(child.empire(seat)), child.players[seat].hand,
                       child.turn.spies)
                if key in seen:
                    continue
                seen.add(key)
                children.append((value(child), [*plan, action], child))
                scored.append(children[-1][:2])
        children.sort(key=lambda c: -c[0])
        beam = children[:beam_width]
        if beam and beam[0][0] > best_value + 1e-9:
            best_value, best_plan = beam[0][0], beam[0][1]
    return best_plan, scored


def distinct_openings(scored: Scored, count: int) -> Scored:
    """The best scored sequence for each first conquest (stopping at once is one more
    opening), the ``count`` best by value; ties keep the order they were scored in.

    >>> from vinci_core.game.actions import Conquer
    >>> a, b = Conquer("ENG"), Conquer("SCO")
    >>> openings = distinct_openings([(1.0, []), (3.0, [a]), (2.0, [b]), (4.0, [a, b])], 2)
    >>> [(value, [c.province for c in plan]) for value, plan in openings]
    [(4.0, ['ENG', 'SCO']), (2.0, ['SCO'])]
    """
    best: dict[Action | None, tuple[float, list[Action]]] = {}
    for value, plan in scored:
        opening = plan[0] if plan else None
        if opening not in best or value > best[opening][0] + 1e-9:
            best[opening] = (value, plan)
    ranked = sorted(best.values(), key=lambda v: -v[0])
    return ranked[:count]


__all__ = ["EXPOSED_WEIGHT", "HAND_WEIGHT", "HOLD_WEIGHT", "PLAN_RIVAL", "PlanWeights", "Scored",
           "beam_search", "best_sequence", "declined_exposed_worth", "distinct_openings",
           "exposed_worth", "plan_value", "reach_worth", "rival_prospect", "threat_power",
           "threats", "turn_income", "turns_after", "unshaken_prospects"]
