"""The online ruleset (ONLINE.md Y-0 … Y-9): 2–5 players, fixed rounds, deserts and rivers,
a minimum conquest cost of 1 and the 35 tiles of ``data/tiles_online.json``.

Every online tile power lives here, as data read by the hooks below or as a helper that
:mod:`vinci_core.turn` calls at its point of the turn:

| tile | where | rule |
| --- | --- | --- |
| scoring tiles (1) | :func:`score_terms` | Y-3.7, Y-9.1–9.6, 9.11, 9.27, 9.31 |
| cost modifiers (2) | :func:`cost_terms` | Y-4 |
| Espionage | ``ESPIONAGE_COST`` in turn/conquer.py | Y-9.7 |
| Mercenaries | :data:`MERCENARIES`, :func:`mercenaries_paying` | Y-9.8 |
| Fortifications | :func:`gets_fort` | Y-9.9 |
| Nomads, Warships (defence) | :func:`keeps_all_tokens` | Y-9.22, Y-9.25 |
| Culture | :func:`culture_tokens` | Y-9.23 |
| Philosophy | :func:`keeps_all_at_decline` | Y-9.26 |
| Armies | :func:`conquest_phases` | Y-9.28 |
| Hordes | :func:`one_token_each` | Y-9.29 |
| Insurgents, Astronomy (entry) | :meth:`Online.reach` | Y-3.3 |
| Religion | ``turn.conquer.religion_targets`` and the religion form of a conquest | Y-9.24 |
| Diplomacy, Descendants, Couriers, Rebirth, Medicine | as classic, in turn/ | Y-9.16–9.20 |

(1) Agriculture, Livestock, Mining, Ports (and columns), Currency, Mountain people, Camels,
Slavery, Fishing. (2) Weapons, Mountain people, Galleys, Warships, Cavalry, Camels, Militia,
Fortifications' forts.

Decisions taken where ONLINE.md is silent (also in the report of issue 12):

- Y-3.6.3's random tie-break draws one number below the count of tied provinces from the
  game's stream, and only when there is a tie (no draw is spent otherwise).
- Y-6.1 with Rebirth: the game ends after the turn of round R, so a Rebirth decline in that
  very turn still chooses its new civilization (the choice can still collect coins).
- Y-3.2.2 / Y-9.29: Hordes' tokens off the board are shown as the hand.
- Y-9.24 Religion is its own form of conquest (``Conquer(province, religion=True)``, save
  code ``r``), offered beside the normal one; it needs no token in hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..boards.maps import Board
from ..game.config import SEATING
from ..game.costs import CostTerm
from ..game.position import Position
from ..game.tiles import ONLINE_TILES, SCORING_ABILITIES
from .base import Ruleset, ScoreTerm

# Y-6.1: rounds by number of players (round 1 is the choice of civilizations).
ROUNDS = {2: 13, 3: 12, 4: 11, 5: 10}
# Y-4: base cost by terrain ("hills" is the brown "Normal" terrain).
BASE_COST = {"farmland": 2, "pasture": 2, "hills": 2, "forest": 3, "mountain": 3,
             "desert": 2, "river": 1}
OPEN_TERRAINS = frozenset({"farmland", "pasture", "hills"})  # Cavalry (Y-9.30, OQ-5)
NO_VP_TERRAINS = frozenset({"mountain", "desert", "river"})  # Y-3.7.1
NO_NATIVE_TERRAINS = NO_VP_TERRAINS  # Y-1.3
MERCENARIES = 7  # Y-9.8
TWO_PLAYER_ABSENT = "diplomacy"  # Y-9.16, OQ-14


@dataclass(frozen=True, slots=True)
class WaterFacts:
    """What the online rules read of a board beyond C-8 (Y-7)."""

    river: tuple[bool, ...]
    desert: tuple[bool, ...]
    next_to_water: tuple[bool, ...]  # Y-7.5: borders a sea zone or a river province
    base_cost: tuple[int, ...]
    land_entry: tuple[bool, ...]  # Y-3.3.1: entry provinces that are not rivers
    land_astronomy_entry: tuple[bool, ...]


@lru_cache(maxsize=32)
def water_facts(board: Board) -> WaterFacts:
    river = tuple(t == "river" for t in board.terrain)
    return WaterFacts(
        river=river,
        desert=tuple(t == "desert" for t in board.terrain),
        next_to_water=tuple(bool(board.seas_of[p]) or any(river[q] for q in board.adjacent[p])
                            for p in range(len(board.ids))),
        base_cost=tuple(BASE_COST[t] for t in board.terrain),  # = board.base_cost
        land_entry=tuple(e and not r for e, r in zip(board.entry, river, strict=True)),
        land_astronomy_entry=tuple(e and not r for e, r in zip(board.astronomy_entry, river,
                                                                strict=True)),
    )


@dataclass(frozen=True)
class Online(Ruleset):
    def extra_tokens(self, board: Board, seats: int) -> int | None:
        table = board.data.online_extra_tokens or {}
        return table.get(str(seats))  # Y-7.6

    def round_limit(self, seats: int) -> int | None:
        return ROUNDS[seats]

    def bag(self, tile_counts: str, seats: int) -> list[str]:
        # Y-1.4, Y-9.0: one copy of each kind (tile_counts is ignored); no Diplomacy with two.
        return sorted(t for t in ONLINE_TILES if not (seats == 2 and t == TWO_PLAYER_ABSENT))

    def board_problem(self, board: Board) -> str | None:
        if not board.data.online_extra_tokens:
            return f"the board {board.id!r} has no online extra tokens (Y-7.6)"
        return None

    def natives(self, board: Board) -> tuple[bool, ...]:
        return tuple(t not in NO_NATIVE_TERRAINS for t in board.terrain)  # Y-1.3

    def base_costs(self, board: Board) -> tuple[int, ...]:
        return water_facts(board).base_cost

    def reach(self, pos: Position, seat: int) -> dict[int, int]:
        """Target -> 1 when the best origin is an adjacent mountain (Y-4's only origin
        discount), else 0. Entry: land provinces only, Insurgents anywhere (Y-3.3)."""
        board = pos.board
        facts = water_facts(board)
        ab = pos.players[seat].abilities
        owner, declined = pos.owner, pos.declined
        empire = [p for p in range(len(owner)) if owner[p] == seat and not declined[p]]
        out: dict[int, int] = {}
        if not empire:
            if "revolutionaries" in ab:
                allowed = [True] * len(owner)
            elif "astronomy" in ab:
                allowed = list(facts.land_astronomy_entry)
            else:
                allowed = list(facts.land_entry)
            return {p: 0 for p, ok in enumerate(allowed) if ok}
        mountain = board.mountain
        for origin in empire:
            strong = 1 if mountain[origin] else 0
            for target in board.adjacent[origin]:
                if out.get(target, -1) < strong:
                    out[target] = strong
        if "astronomy" in ab:  # across connected sea zones, no origin discount
            comps: set[int] = set()
            for origin in empire:
                comps |= board.components_of[origin]
            for comp in comps:
                for target in board.coast_by_component[comp]:
                    out.setdefault(target, 0)
        for p in empire:
            out.pop(p, None)
        return out

    def cost(self, pos: Position, seat: int, target: int, origin: int) -> int:
        """Y-4's total (the hot loop's form of :func:`cost_terms`, which explains it)."""
        facts = water_facts(pos.board)
        ab = pos.players[seat].abilities
        cost = facts.base_cost[target] + pos.tokens[target] - (origin & 1)
        if pos.fort[target]:
            cost += 1
        o = pos.owner[target]
        river = facts.river[target]
        if o >= 0 and o != seat and not pos.declined[target] and not river:
            cost += pos.players[o].abilities.get("militia", 0)
        if ab:
            cost -= ab.get("weapons", 0)
            terrain = pos.board.terrain[target]
            if terrain in OPEN_TERRAINS:
                cost -= ab.get("cavalry", 0)
            elif terrain == "mountain":
                cost -= ab.get("mountaineering", 0)
            elif terrain == "desert":
                cost -= ab.get("camels", 0)
            elif river:
                cost -= ab.get("warships", 0)
            if facts.next_to_water[target]:
                cost -= ab.get("galleys", 0)
        return cost if cost > 1 else 1

    def cost_terms(self, pos: Position, seat: int, target: int, origin: int) -> list[CostTerm]:
        return [CostTerm(label, value, rule)
                for label, value, rule in cost_terms(pos, seat, target, origin)]

    def score_terms(self, pos: Position, seat: int) -> list[ScoreTerm]:
        return score_terms(pos, seat)

    def province_points(self, board: Board, p: int, ab: dict[str, int]) -> int:
        return province_points(board, p, ab)

    def declined_tiles(self, pair: tuple[str, str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        # Y-5.1.3, OQ-7: both tiles stay with the declined empire; only column scoring
        # tiles act for it.
        acting = tuple(t for t in pair if ONLINE_TILES[t].decline_proof
                       and ONLINE_TILES[t].ability in SCORING_ABILITIES)
        return pair, acting

    def place_displaced(self, pos: Position, seat: int, provinces: list[int], count: int,
                        roll: Callable[[int], int]) -> dict[int, int]:
        return place_displaced(pos, provinces, count, roll)

    def fort_on_conquest(self, board: Board, ab: dict[str, int], p: int) -> bool:
        return gets_fort(board, ab, p)

    def fort_drawn(self, pos: Position, p: int) -> bool:
        """Fortifications' forts (Y-9.9) and Militia's: a fort in every non-river province
        of an active Militia empire (Y-9.10), the ones :func:`cost_terms` counts."""
        return pos.fort[p] or militia_fort(pos, p)

    def contact_clears(self, board: Board, conquered: int, declined: int) -> bool:
        river = water_facts(board).river
        return not (river[conquered] or river[declined])  # Y-3.4.6, OQ-19


ONLINE = Online(name="online", tiles=ONLINE_TILES, seating=SEATING["online"], start_vp=5,
                slot_price=1, coin_value=1, min_cost=1, rule="Y-1",
                tiles_leave_with_empire=True)


def cost_terms(pos: Position, seat: int, target: int, origin: int
               ) -> list[tuple[str, int, str]]:
    """Y-4 term by term (label, value, rule); the last term lifts the sum to 1 if needed."""
    board = pos.board
    facts = water_facts(board)
    ab = pos.players[seat].abilities
    terrain = board.terrain[target]
    terms = [(terrain, facts.base_cost[target], "Y-4")]
    if pos.tokens[target]:
        terms.append(("defending tokens", pos.tokens[target], "Y-4"))
    if pos.fort[target]:
        terms.append(("fort", 1, "Y-9.9"))
    o = pos.owner[target]
    if o >= 0 and o != seat and not pos.declined[target] and not facts.river[target]:
        militia = pos.players[o].abilities.get("militia", 0)
        if militia:
            terms.append(("defender's Militia", militia, "Y-9.10"))
    if origin & 1:
        terms.append(("attack from a mountain", -1, "Y-4"))
    discounts = (
        ("Weapons", ab.get("weapons", 0), "Y-9.13"),
        ("Mountain people", ab.get("mountaineering", 0) if board.mountain[target] else 0,
         "Y-9.11"),
        ("Galleys", ab.get("galleys", 0) if facts.next_to_water[target] else 0, "Y-9.12"),
        ("Warships", ab.get("warships", 0) if facts.river[target] else 0, "Y-9.25"),
        ("Cavalry", ab.get("cavalry", 0) if terrain in OPEN_TERRAINS else 0, "Y-9.30"),
        ("Camels", ab.get("camels", 0) if facts.desert[target] else 0, "Y-9.31"),
    )
    terms.extend((label, -n, rule) for label, n, rule in discounts if n)
    total = sum(v for _, v, _ in terms)
    if total < 1:
        terms.append(("minimum cost", 1 - total, "Y-4"))
    return terms


def province_points(board: Board, p: int, ab: dict[str, int]) -> int:
    """VP one province earns for an empire with abilities ``ab`` (Y-3.7.1, Y-3.7.2)."""
    terrain = board.terrain[p]
    points = 0 if terrain in NO_VP_TERRAINS else 1
    if terrain == "farmland":
        points += ab.get("agriculture", 0)
    elif terrain == "pasture":
        points += ab.get("livestock", 0)
    elif terrain == "mountain":
        points += ab.get("mountaineering", 0)
    elif terrain == "desert":
        points += ab.get("camels", 0)
    if board.mine[p]:
        points += 2 * ab.get("mining", 0)
    if board.port[p]:
        points += ab.get("ports", 0)
    if terrain != "river":
        points += ab.get("currency", 0)
    return points


def score_terms(pos: Position, seat: int) -> list[ScoreTerm]:
    """This turn's VP for ``seat`` (Y-3.7) as (label, points, rule id) terms."""
    board = pos.board
    terrain = board.terrain
    player = pos.players[seat]
    owner, declined = pos.owner, pos.declined
    active = [p for p, o in enumerate(owner) if o == seat and not declined[p]]
    old = [p for p, o in enumerate(owner) if o == seat and declined[p]]
    terms: list[ScoreTerm] = []
    plain = sum(1 for p in active if terrain[p] not in NO_VP_TERRAINS)
    if plain:
        terms.append(("active provinces", plain, "Y-3.7.1"))
    bonus = sum(province_points(board, p, player.abilities) for p in active) - plain
    if bonus:
        terms.append(("active tiles", bonus, "Y-3.7.2"))
    slaves = pos.slaves * player.abilities.get("slavery", 0)
    if slaves:
        terms.append(("Slavery", slaves, "Y-9.6"))
    if player.abilities.get("fishing"):
        wet = water_facts(board).next_to_water
        fish = sum(1 for p in active if wet[p]) // 2 * player.abilities["fishing"]
        if fish:
            terms.append(("Fishing", fish, "Y-9.27"))
    plain_old = sum(1 for p in old if terrain[p] not in NO_VP_TERRAINS)
    if plain_old:
        terms.append(("declined provinces", plain_old, "Y-3.7.1"))
    bonus_old = sum(province_points(board, p, player.declined_abilities) for p in old) \
        - plain_old
    if bonus_old:
        terms.append(("column tiles", bonus_old, "Y-3.7.2"))
    return terms


def militia_fort(pos: Position, p: int) -> bool:
    """Y-9.10: ``p`` holds a Militia fort (its active owner has Militia, ``p`` is no river);
    removed at decline, as the empire is no longer active."""
    o = pos.owner[p]
    return (o >= 0 and not pos.declined[p] and "militia" in pos.players[o].abilities
            and not water_facts(pos.board).river[p])


def gets_fort(board: Board, ab: dict[str, int], p: int) -> bool:
    """Y-9.9: a Fortifications empire has a fort in every province it takes but rivers."""
    return "fortifications" in ab and not water_facts(board).river[p]


def keeps_all_tokens(board: Board, ab: dict[str, int], p: int) -> bool:
    """Y-9.22, Y-9.25: the active defender loses no token, all are displaced."""
    return "nomads" in ab or ("warships" in ab and water_facts(board).river[p])


def culture_tokens(ab: dict[str, int], culled: int) -> int:
    """Y-9.23: one permanent token per two other players' tokens removed this turn."""
    return culled // 2 * ab.get("culture", 0)


def keeps_all_at_decline(ab: dict[str, int]) -> bool:
    return "philosophy" in ab  # Y-9.26


def conquest_phases(ab: dict[str, int]) -> int:
    return 2 if "armies" in ab else 1  # Y-9.28


def one_token_each(ab: dict[str, int]) -> bool:
    return "hordes" in ab  # Y-9.29


def mercenaries_paying(cost: int, hand: int, temp: int) -> tuple[int, int] | None:
    """Y-9.8: (own tokens, mercenaries) paying ``cost``: mercenaries pay at most cost - 1;
    None when the own tokens in hand do not suffice."""
    mercs = min(temp, max(cost - 1, 0))
    own = cost - mercs
    return (own, mercs) if own <= hand - temp else None


def place_displaced(pos: Position, provinces: list[int], count: int,
                    roll: Callable[[int], int]) -> dict[int, int]:
    """Y-3.6.3: one token at a time into the province with the fewest tokens; ties to the
    lowest defence level (terrain, tokens, fort; no attacker modifiers), then to a draw
    from the game's stream (only when a tie is left)."""
    if not provinces:
        return {}  # Y-3.6.4: a declined empire with no province left loses them
    facts = water_facts(pos.board)
    fort = pos.fort
    tokens = {p: pos.tokens[p] for p in provinces}
    placement: dict[int, int] = {}
    for _ in range(count):
        def key(p: int) -> tuple[int, int]:
            return tokens[p], facts.base_cost[p] + tokens[p] + (1 if fort[p] else 0)

        best = min(key(p) for p in provinces)
        tied = [p for p in provinces if key(p) == best]
        p = tied[roll(len(tied))] if len(tied) > 1 else tied[0]
        tokens[p] += 1
        placement[p] = placement.get(p, 0) + 1
    return placement
