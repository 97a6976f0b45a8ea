"""Hand-built positions for rule scenarios.

These helpers poke a fresh state directly (test-only), then hand it back to the real
turn flow, so a scenario can start from exactly the position a rule talks about.

>>> s = position(seats=3)
>>> s = give_civ(s, 0, ("weapons", "mining"), hand=10)
>>> s = put(s, "castile", 0, 3)
>>> s = start_turn(s, 0)
>>> s.phase, s.players[0].hand   # collected: all but one token of castile into hand
('expand', 12)
"""

from __future__ import annotations

from vinci_core import GameConfig, GameState, Seat, new_game
from vinci_core.game.costs import NEUTRAL, NOBODY
from vinci_core.game.tiles import abilities, civ_tokens
from vinci_core.turn.conquer import conquests
from vinci_core.turn.expand import begin_turn


def position(seats: int = 3, map: str = "mini", seed: int = 0, empty: bool = True,
             virtual: tuple[int, ...] = (), **options: object) -> GameState:
    """A game past round 1 with nobody on the board (``empty``: no neutral tokens either)."""
    cfg = GameConfig.model_validate({
        "seats": [Seat(name=f"P{i}", virtual=i in virtual) for i in range(seats)],
        "seed": seed, "map": map, **options})
    s = new_game(cfg).clone()
    if empty:
        for p in range(len(s.owner)):
            s.owner[p], s.tokens[p] = NOBODY, 0
    s.round = 2
    s.start = 0
    return s


def give_civ(s: GameState, seat: int, tiles: tuple[str, str], hand: int | None = None,
             declined: tuple[str, str] | None = None, kept: tuple[str, ...] = ()) -> GameState:
    """Seat gets the active civilization ``tiles`` (and optionally a declined one)."""
    s = s.clone()
    player = s.players[seat]
    known = s.ruleset.tiles
    player.civ = tiles
    player.abilities = abilities(tiles, known)
    player.hand = civ_tokens(tiles, known) + s.rules.extra[seat] if hand is None else hand
    player.received = player.hand
    if declined is not None:
        player.declined_civ = declined
        player.declined_kept = kept
        player.declined_abilities = abilities(kept, known) if kept else {}
    return s


def put(s: GameState, province: str, who: int | str | None, tokens: int = 1,
        declined: bool = False, fort: bool = False) -> GameState:
    """Set a province: ``who`` is a seat, ``"neutral"`` or None (empty)."""
    s = s.clone()
    p = s.board.index[province]
    s.owner[p] = NEUTRAL if who == "neutral" else NOBODY if who is None else int(who)
    s.tokens[p] = tokens if who is not None else 0
    s.declined[p] = declined
    s.fort[p] = fort
    return s


def start_turn(s: GameState, seat: int) -> GameState:
    """Make it ``seat``'s turn from its very start (collection, Medicine, Field General)."""
    s = s.clone()
    s.turn_seat = seat
    s.queue = ()
    begin_turn(s)
    return s


def set_score(s: GameState, seat: int, score: int) -> GameState:
    s = s.clone()
    s.players[seat].score = score
    return s


def run(s: GameState, *actions: object) -> GameState:
    """Apply actions given as objects or dicts."""
    from vinci_core import parse_action

    for a in actions:
        s = s.apply(parse_action(a) if isinstance(a, dict) else a)  # type: ignore[arg-type]
    return s


# --- rule scenario helpers (appended for the rulebook scenario tests) ----------------------


def expect_illegal(s: GameState, action: object, rule: str) -> None:
    """``action`` must be refused under ``rule`` and leave ``s`` exactly as it was."""
    import pytest

    from vinci_core import IllegalAction, digest, parse_action

    act = parse_action(action) if isinstance(action, dict) else action
    before = digest(s)
    with pytest.raises(IllegalAction) as caught:
        s.apply(act)  # type: ignore[arg-type]
    assert caught.value.rule == rule, str(caught.value)
    assert digest(s) == before


def tokens(s: GameState, province: str) -> int:
    return s.tokens[s.board.index[province]]


def owner(s: GameState, province: str) -> int | str | None:
    """Seat number, ``"neutral"`` or None, as :func:`put` takes them."""
    o = s.owner[s.board.index[province]]
    return "neutral" if o == NEUTRAL else None if o == NOBODY else o


def is_declined(s: GameState, province: str) -> bool:
    return s.declined[s.board.index[province]]


def has_fort(s: GameState, province: str) -> bool:
    return s.fort[s.board.index[province]]


def options(s: GameState, seat: int | None = None) -> dict[str, int]:
    """Province -> cost of every conquest open to ``seat`` (default: the player to act)."""
    seat = s.turn_seat if seat is None else seat
    return {s.board.ids[p]: c for p, c in conquests(s, seat).items()}


def legal(s: GameState) -> set[object]:
    return set(s.legal_actions())


def finish_turn(s: GameState, placement: dict[str, int] | None = None,
                forts: tuple[str, ...] = ()) -> GameState:
    """Finish the conquests, reorganize (``placement`` of the hand, default: one token in
    every empty province and the rest in the first one), build ``forts``, end the turn."""
    from vinci_core import EndTurn, Finish, Fort, PlaceAll

    s = s.apply(Finish())
    if s.phase == "reorganize":
        if placement is None:
            seat = s.turn_seat
            empire = s.empire(seat)
            hand = s.players[seat].hand
            placement = {}
            for p in empire:
                if s.tokens[p] == 0:
                    placement[s.board.ids[p]] = 1
            extra = hand - sum(placement.values())
            assert extra >= 0, "fewer tokens than provinces: give a placement"
            first = s.board.ids[empire[0]]
            placement[first] = placement.get(first, 0) + extra
        s = s.apply(PlaceAll.of(placement))
    for pid in forts:
        s = s.apply(Fort(pid))
    if s.phase == "end_of_turn":
        s = s.apply(EndTurn())
    return s


def last_points(s: GameState, seat: int) -> int:
    """VP scored by ``seat`` at its latest scoring."""
    return next(points for _, who, points in reversed(s.history) if who == seat)
