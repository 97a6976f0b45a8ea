"""Cost of a conquest (RULES.md C-4) and which provinces an empire can reach (C-3.2, C-3.3).

The hot loop works on province numbers and plain integers; :func:`conquest_cost` explains
one cost term by term for the interface and for virtual players.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .position import NEUTRAL, NOBODY, Position

__all__ = ["NEUTRAL", "NOBODY", "ConquestCost", "CostTerm", "classic_terms", "conquest_cost",
           "raw_cost", "reach"]


def reach(state: Position, seat: int) -> dict[int, int]:
    """Target province -> best origin, for every province the active empire reaches.

    The value packs the origin's share of C-4 as ``discount << 1 | strong``: ``discount``
    (mountain/fort origin plus Ship Building) is ``value >> 1`` and ``strong`` (1 when the
    mountain/fort discount is part of it) is ``value & 1``. The
    engine picks the cheapest origin automatically (C-3.3.3). With no province on the board
    the empire enters (C-3.2): any entry province, discount from the sea for Ship Building.
    """
    board = state.board
    ab = state.players[seat].abilities
    owner, declined, fort = state.owner, state.declined, state.fort
    ship = ab.get("ship_building", 0)
    empire = [p for p in range(len(owner)) if owner[p] == seat and not declined[p]]
    out: dict[int, int] = {}
    if not empire:
        allowed: Iterable[int]
        if "revolutionaries" in ab:
            allowed = range(len(owner))
        elif "astronomy" in ab:
            allowed = (p for p, ok in enumerate(board.astronomy_entry) if ok)
        else:
            allowed = (p for p, ok in enumerate(board.entry) if ok)
        astronomy = "astronomy" in ab
        for p in allowed:
            from_sea = board.sea_entry[p] or (
                astronomy and bool(board.components_of[p] & board.edge_components)
            )
            out[p] = (ship if from_sea else 0) << 1
        return out
    adjacent, mountain, seas_of = board.adjacent, board.mountain, board.seas_of
    for origin in empire:
        strong = 1 if (mountain[origin] or fort[origin]) else 0
        origin_seas = seas_of[origin]
        for target in adjacent[origin]:
            d = (strong + (ship if ship and origin_seas & seas_of[target] else 0)) << 1 | strong
            if out.get(target, -1) < d:
                out[target] = d
    if "astronomy" in ab:  # C-3.3.2: across connected sea zones
        comps: set[int] = set()
        for origin in empire:
            comps |= board.components_of[origin]
        for comp in comps:
            for target in board.coast_by_component[comp]:
                if out.get(target, -1) < ship << 1:
                    out[target] = ship << 1
    for p in empire:
        out.pop(p, None)
    return out


def raw_cost(state: Position, seat: int, target: int, origin: int) -> int:
    """C-4 total for one target (``origin`` as packed by :func:`reach`), never below 0."""
    board = state.board
    ab = state.players[seat].abilities
    o = state.owner[target]
    cost = board.base_cost[target] + state.tokens[target] + (1 if state.fort[target] else 0)
    if o >= 0 and o != seat and not state.declined[target]:
        cost += state.players[o].abilities.get("militia", 0)
    cost -= (origin >> 1) + ab.get("weapons", 0)
    if board.mountain[target]:
        cost -= ab.get("mountaineering", 0)
    return cost if cost > 0 else 0


@dataclass(frozen=True, slots=True)
class CostTerm:
    label: str
    value: int
    rule: str

    def to_dict(self) -> dict[str, object]:
        return {"label": self.label, "value": self.value, "rule": self.rule}


@dataclass(frozen=True, slots=True)
class ConquestCost:
    """A conquest's cost explained: ``total`` and the terms that make it up."""

    province: str
    total: int
    terms: tuple[CostTerm, ...]
    reachable: bool
    espionage: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"province": self.province, "total": self.total, "reachable": self.reachable,
                "espionage": self.espionage, "terms": [t.to_dict() for t in self.terms]}


def classic_terms(state: Position, seat: int, target: int, origin: int) -> list[CostTerm]:
    """C-4 term by term for ``target`` (``origin`` as packed by :func:`reach`); the terms
    sum to :func:`raw_cost`, a last "minimum cost" term lifting a negative sum to 0."""
    board = state.board
    ab = state.players[seat].abilities
    o = state.owner[target]
    terms = [CostTerm("forest or mountain" if board.base_cost[target] == 3 else "open terrain",
                      board.base_cost[target], "C-4")]
    if state.tokens[target]:
        terms.append(CostTerm("defending tokens", state.tokens[target], "C-4"))
    if state.fort[target]:
        terms.append(CostTerm("fort", 1, "C-3.4.5"))
    if o >= 0 and o != seat and not state.declined[target]:
        militia = state.players[o].abilities.get("militia", 0)
        if militia:
            terms.append(CostTerm("defender's Militia", militia, "C-4"))
    strong = origin & 1
    if strong:
        terms.append(CostTerm("attack from a mountain or fort", -1, "C-4"))
    if (origin >> 1) - strong:
        terms.append(CostTerm("Ship Building", -((origin >> 1) - strong), "C-4"))
    if ab.get("weapons"):
        terms.append(CostTerm("Weapons", -ab["weapons"], "C-4"))
    if board.mountain[target] and ab.get("mountaineering"):
        terms.append(CostTerm("Mountaineering", -ab["mountaineering"], "C-4"))
    total = sum(t.value for t in terms)
    if total < 0:
        terms.append(CostTerm("minimum cost", -total, "C-4"))
    return terms


def conquest_cost(state: Position, province: str, espionage: bool = False,
                  seat: int | None = None) -> ConquestCost:
    """The cost for ``seat`` (default: the player to act) to conquer ``province``, explained
    by the game's ruleset (C-4 classic, Y-4 online): its terms sum to the tokens the
    conquest takes from the hand.

    ``state.ruleset`` (a :class:`vinci_core.rulesets.base.Ruleset`, read by duck typing:
    this layer sits below the rulesets) gives ``reach`` and ``cost_terms``; a position
    without one is costed by C-4. Each term names its rule id, for tooltips and virtual
    players.
    """
    board = state.board
    if province not in board.index:
        raise KeyError(f"no province {province!r} on this board")
    if seat is None:
        seat = state.turn_seat
    target = board.index[province]
    ruleset = getattr(state, "ruleset", None)
    reachable_from = ruleset.reach(state, seat) if ruleset is not None else reach(state, seat)
    reachable = target in reachable_from
    if espionage:
        spy = (CostTerm("Espionage: fixed cost", 2, "C-3.3.10"),)
        return ConquestCost(province, 2, spy, reachable, True)
    origin = reachable_from.get(target, 0)
    terms = (ruleset.cost_terms(state, seat, target, origin) if ruleset is not None
             else classic_terms(state, seat, target, origin))
    return ConquestCost(province, sum(t.value for t in terms), tuple(terms), reachable)
