"""What the page shows, in words and plain data: prompts, move-log lines, clickable targets.

Pure Python so it is tested in CPython; the page only copies these values into the DOM.
"""

from __future__ import annotations

from typing import Any

from .actions import (
    Abandon,
    Action,
    Choose,
    Conquer,
    Decline,
    Diplomacy,
    EndTurn,
    Finish,
    Fort,
    IllegalAction,
    Keep,
    Place,
    PlaceAll,
)
from .config import EDITIONS, MAX_TARGET_VP, GameConfig, Seat
from .costs import NEUTRAL, conquest_cost
from .state import GameState
from .tiles import TILES
from .view import seat_colour


def tile_name(tid: str) -> str:
    tile = TILES[tid]
    return f"{tile.name} (decline-proof)" if tile.decline_proof else tile.name


def civ_name(pair: tuple[str, ...]) -> str:
    return " + ".join(tile_name(t) for t in pair)


def seat_name(state: GameState, seat: int) -> str:
    return state.config.seats[seat].name


def province_name(state: GameState, pid: str) -> str:
    return state.board.province(pid).name


def board_view(state: GameState) -> dict[str, dict[str, Any]]:
    """Per province: owner, token colour and count, decline and fort marks."""
    out: dict[str, dict[str, Any]] = {}
    for p, pid in enumerate(state.board.ids):
        o = state.owner[p]
        out[pid] = {
            "owner": o if o >= 0 else None,
            "colour": seat_colour(state, o) if o >= 0 else None,
            "tokens": state.tokens[p],
            "neutral": o == NEUTRAL,
            "declined": state.declined[p],
            "fort": state.fort[p],
        }
    return out


def targets(state: GameState) -> dict[str, dict[str, Any]]:
    """Provinces the player to act can click now, with what a click does.

    ``action`` is the action a click makes; conquests also carry the cost and its terms
    (and the Espionage alternative when one is left).
    """
    out: dict[str, dict[str, Any]] = {}
    for action in state.legal_actions():
        province = getattr(action, "province", None)
        if province is None:
            continue
        entry = out.setdefault(province, {"action": action.to_dict()})
        if isinstance(action, Conquer):
            if action.espionage:
                entry["espionage"] = action.to_dict()
                if entry["action"] == action.to_dict():  # only affordable by Espionage
                    entry["cost"] = 2
            else:
                entry["action"] = action.to_dict()
                cost = conquest_cost(state, province)
                entry["cost"] = cost.total
                entry["terms"] = [t.to_dict() for t in cost.terms]
        elif isinstance(action, Abandon):
            out.pop(province)  # abandoning is offered by its own control, not by a click
    return out


def prompt(state: GameState) -> str:
    """The next expected step, in words, for the player to act."""
    if state.is_terminal:
        names = " and ".join(seat_name(state, s) for s in state.winners)
        return f"Game over: {names} {'share the victory' if len(state.winners) > 1 else 'wins'}."
    seat = state.current_player
    assert seat is not None
    who = seat_name(state, seat)
    player = state.players[seat]
    phase = state.phase
    if phase == "choose":
        return f"{who}: choose a civilization from the display."
    if phase == "expand":
        if not state.empire(seat) and player.hand:
            return f"{who}: enter the board — click a highlighted province ({player.hand} " \
                   f"tokens in hand)."
        return f"{who}: conquer a highlighted province ({player.hand} tokens in hand), or " \
               f"finish conquering."
    if phase == "keep":
        return f"{who}: your empire is split — click a province of the part you keep."
    if phase == "reorganize":
        return f"{who}: reorganize — place your {player.hand} tokens, at least one per province."
    if phase == "end_of_turn":
        return f"{who}: build a fort, or end the turn."
    if phase == "redistribute":
        return f"{who}: place the {player.returned} tokens you got back into your provinces."
    return ""


def describe(before: GameState, action: Action) -> str:
    """One line of the move log for ``action`` applied to ``before``."""
    seat = before.current_player
    who = seat_name(before, seat) if seat is not None else "?"
    if isinstance(action, Choose):
        a, b, coins = before.display[action.slot - 1]
        extra = f", taking {coins} coin{'s' * (coins != 1)}" if coins else ""
        return f"{who} chooses {civ_name((a, b))} (slot {action.slot}{extra})."
    if isinstance(action, Decline):
        return f"{who} puts the empire into decline."
    if isinstance(action, Diplomacy):
        return f"{who} makes peace with {seat_name(before, action.seat)}."
    if isinstance(action, Abandon):
        return f"{who} leaves {province_name(before, action.province)}."
    if isinstance(action, Conquer):
        cost = 2 if action.espionage else conquest_cost(before, action.province).total
        p = before.board.index[action.province]
        o = before.owner[p]
        whose = ("neutral " if o == NEUTRAL else
                 f"{seat_name(before, o)}'s " if o >= 0 and o != seat else "")
        spy = " with Espionage" if action.espionage else ""
        return (f"{who} conquers {whose}{province_name(before, action.province)}{spy} "
                f"for {cost}.")
    if isinstance(action, Finish):
        return f"{who} stops conquering."
    if isinstance(action, Keep):
        return f"{who} keeps the part around {province_name(before, action.province)}."
    if isinstance(action, Place):
        return f"{who} places a token in {province_name(before, action.province)}."
    if isinstance(action, PlaceAll):
        parts = ", ".join(f"{province_name(before, p)} {n}" for p, n in action.placement)
        return f"{who} places tokens: {parts}."
    if isinstance(action, Fort):
        return f"{who} builds a fort in {province_name(before, action.province)}."
    if isinstance(action, EndTurn):
        return f"{who} ends the turn."
    return f"{who}: {action.kind}"


# --- the page's dialogs and panels --------------------------------------------------------

PHASE_NAMES = {
    "choose": "Choose a civilization",
    "expand": "Conquest",
    "keep": "Split empire",
    "reorganize": "Reorganization",
    "end_of_turn": "End of turn",
    "redistribute": "Defender's redistribution",
    "over": "Game over",
}

MODES = ("hotseat", "solo", "two_player")
SEAT_COLOURS = ("#c62828", "#1565c0", "#f5f5f5", "#212121", "#7b1fa2", "#ef6c00")


def _text(form: dict[str, Any], key: str) -> str:
    value = form.get(key)
    return "" if value is None else str(value).strip()


def _number(form: dict[str, Any], key: str, what: str, low: int, high: int) -> int | None:
    raw = _text(form, key)
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{what} must be a whole number, not {raw!r}.") from None
    if not low <= value <= high:
        raise ValueError(f"{what} must be between {low} and {high}.")
    return value


def edition_fields(edition: str) -> dict[str, str]:
    """The new-game dialog's option fields as the edition preset sets them ({} for
    "custom")."""
    return {key: ("on" if value else "off") if isinstance(value, bool) else str(value)
            for key, value in EDITIONS.get(edition, {}).items()}


def edition_of_fields(form: dict[str, Any]) -> str:
    """The preset whose options the dialog's fields show, else "custom"."""
    for edition in EDITIONS:
        if all(_text(form, key) == value for key, value in edition_fields(edition).items()):
            return edition
    return "custom"


def config_from_form(form: dict[str, Any]) -> GameConfig:
    """The new-game dialog's fields as a GameConfig; ValueError with a readable message.

    ``form``: ``mode`` (hotseat, solo, two_player), ``names`` and ``colours`` (lists, one per
    human seat; hot-seat games use 3 to 6), optional ``seed`` and ``target_vp``, the C-7
    options ``decline_contact``, ``defender_redistribution``, ``tile_counts``,
    ``automatic_decline`` (on, off), ``cut_off_tokens`` and ``map``, and ``edition``
    (standard, dutch, custom): a preset for the options the form leaves out.
    ``levels`` (optional, see :func:`level_rows`): in solo and two-player games the AI level
    of each virtual seat in seat order; in hot-seat games, per seat, ``human`` or an AI level
    (that seat is then played by the AI under its name).
    """
    from pydantic import ValidationError

    mode = _text(form, "mode") or "hotseat"
    if mode not in MODES:
        raise ValueError(f"unknown game type {mode!r}.")
    names = [str(n).strip() for n in form.get("names") or []]
    colours = [str(c).strip() or None for c in form.get("colours") or []]
    humans = {"hotseat": None, "solo": 1, "two_player": 2}[mode]
    if humans is None:
        names = [n for n in names if n]
        if not 3 <= len(names) <= 6:
            raise ValueError("A hot-seat game needs 3 to 6 players with names.")
    else:
        names = names[:humans]
        if len(names) < humans or not all(names):
            raise ValueError("Every player needs a name.")
    if len({n.casefold() for n in names}) != len(names):
        raise ValueError("Two players have the same name.")
    for n in names:
        if len(n) > 40:
            raise ValueError(f"The name {n[:40]!r}… is longer than 40 characters.")
    options: dict[str, Any] = {}
    seed = _number(form, "seed", "The seed", 0, 2**63 - 1)
    if seed is None:
        seed = int(form.get("random_seed") or 0) % (2**63)
    options["seed"] = seed
    target = _number(form, "target_vp", "The target score", 1, MAX_TARGET_VP)
    if target is not None:
        options["target_vp"] = target
    for key in ("decline_contact", "defender_redistribution", "tile_counts", "map",
                "cut_off_tokens"):
        if _text(form, key):
            options[key] = _text(form, key)
    if _text(form, "automatic_decline"):
        options["automatic_decline"] = _text(form, "automatic_decline") == "on"
    edition = _text(form, "edition") or "custom"
    if edition != "custom" and edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r}.")
    # The preset fills in what the form leaves out; an option set one by one wins.
    options = {**EDITIONS.get(edition, {}), **options}
    levels = [str(x).strip() for x in form.get("levels") or []]
    allowed = set(AI_LEVELS) | ({"human"} if mode == "hotseat" else set())
    for wanted in levels:
        if wanted not in allowed:
            raise ValueError(f"unknown player level {wanted!r}.")

    def level(i: int) -> dict[str, Any]:
        chosen = levels[i] if i < len(levels) else "book"
        return {"virtual": True, "ai_level": chosen} if chosen == "strong" else {
            "virtual": True}

    try:
        if mode == "hotseat":
            seats = []
            for i, n in enumerate(names):
                kind = levels[i] if i < len(levels) else "human"
                extra = {} if kind == "human" else level(i)
                seats.append(Seat(name=n, colour=(colours[i] if i < len(colours) else None)
                                  or SEAT_COLOURS[i], **extra))
            return GameConfig(seats=seats, **options)
        if mode == "solo":
            seats = [Seat(name=names[0], colour=(colours[0] if colours else None)
                          or SEAT_COLOURS[0])]
            seats += [Seat(name=f"Virtual {i}", colour=SEAT_COLOURS[i], **level(i - 1))
                      for i in (1, 2, 3)]
            return GameConfig(seats=seats, mode="solo", **options)
        first = (colours[0] if colours else None) or SEAT_COLOURS[0]
        second = (colours[1] if len(colours) > 1 else None) or SEAT_COLOURS[2]
        seats = [Seat(name=names[0], colour=first),
                 Seat(name="Virtual 1", colour=SEAT_COLOURS[1], **level(0)),
                 Seat(name=names[1], colour=second),
                 Seat(name="Virtual 2", colour=SEAT_COLOURS[3], **level(1))]
        return GameConfig(seats=seats, mode="two_player", **options)
    except ValidationError as exc:
        first_error = exc.errors()[0]
        where = ".".join(str(x) for x in first_error.get("loc", ()))
        raise ValueError(f"Invalid setting {where}: {first_error.get('msg')}.") from None


# AI levels as the new-game dialog offers them (vinci_core.ai), the default first.
AI_LEVELS = ("book", "strong")
AI_LEVEL_LABELS = {"human": "Human", "book": "AI: by the book",
                   "strong": "AI: strong (thinks ahead)"}


def level_rows(mode: str, count: int) -> list[dict[str, Any]]:
    """The dialog's level selectors, one per seat an AI may play, in the order of the
    form's ``levels``: solo and two-player games list their virtual seats (default: by the
    book); a hot-seat table lists every seat (default: human)."""
    def options(keys: tuple[str, ...]) -> list[dict[str, str]]:
        return [{"value": k, "label": AI_LEVEL_LABELS[k]} for k in keys]

    if mode == "solo":
        return [{"label": f"Virtual {i}", "options": options(AI_LEVELS)} for i in (1, 2, 3)]
    if mode == "two_player":
        return [{"label": f"Virtual {i}", "options": options(AI_LEVELS)} for i in (1, 2)]
    return [{"label": f"Player {i + 1}", "options": options(("human", *AI_LEVELS))}
            for i in range(count)]


def ai_notice(line: str, reason: str) -> str:
    """The notice of an AI's move: what it did and why (also a line of the move log)."""
    return f"{line} Why: {reason}"


def hint_view(state: GameState, action: Action, reason: str) -> dict[str, Any]:
    """What the page shows for a hint (the strong AI's move for the player to act, not
    played): the move in words with its reason, the provinces to highlight, and the
    display slot for a civilization choice."""
    provinces: list[str] = []
    slot = None
    if isinstance(action, (Conquer, Fort, Keep, Abandon)):
        provinces = [action.province]
    elif isinstance(action, PlaceAll):
        provinces = [p for p, _n in action.placement]
    elif isinstance(action, Choose):
        slot = action.slot
    line = describe(state, action)
    who = seat_name(state, state.current_player) if state.current_player is not None else ""
    move = line[len(who) + 1:] if who and line.startswith(who + " ") else line
    move = move[:1].upper() + move[1:]
    return {"text": f"Hint: {move} {reason}", "move": move, "reason": reason,
            "provinces": provinces, "slot": slot, "action": action.to_dict()}


def placement_editor(state: GameState) -> dict[str, Any] | None:
    """The +/- token editor of a reorganization or a defender's redistribution.

    ``base``: tokens that stay where they are; ``start``: the editor's first proposal of
    tokens to add; ``total``: how many tokens to add in all. None outside those steps.
    """
    ids = state.board.ids
    seat = state.current_player
    if seat is None:
        return None
    if state.phase == "reorganize":
        empire = state.empire(seat)
        base = {ids[p]: state.tokens[p] for p in empire}
        total = state.players[seat].hand
        before = {ids[p]: n for p, n in state.turn.reorg_before}
        # The previous layout as far as the hand allows, every province keeping one token.
        start = {pid: 0 if base[pid] else 1 for pid in base}
        if sum(start.values()) > total:
            start = {pid: 0 for pid in base}
        left = total - sum(start.values())
        for pid in base:
            n = min(max(0, before.get(pid, 0) - base[pid] - start[pid]), left)
            start[pid] += n
            left -= n
        if left and base:
            start[max(base, key=lambda q: before.get(q, 0))] += left
        if not _legal_placement(state, start):
            start = _connected_proposal(state, empire, base, before, total) or start
        return {"kind": "reorganize", "seat": seat, "base": base, "start": start,
                "total": total}
    if state.phase == "redistribute":
        empire = state.empire(seat)
        base = {ids[p]: state.tokens[p] for p in empire}
        return {"kind": "redistribute", "seat": seat, "base": base,
                "start": {pid: 0 for pid in base}, "total": state.players[seat].returned}
    return None


def _legal_placement(state: GameState, add: dict[str, int]) -> bool:
    try:
        state.apply(PlaceAll.of(add))
    except IllegalAction:
        return False
    return True


def _connected_proposal(state: GameState, empire: list[int], base: dict[str, int],
                        before: dict[str, int], total: int) -> dict[str, int] | None:
    """Fewer tokens than provinces (C-3.4.3): one token each in a connected group grown from
    the province that held the most tokens."""
    board = state.board
    members = set(empire)
    seed = max(empire, key=lambda p: before.get(board.ids[p], 0))
    order, seen = [seed], {seed}
    for p in order:
        for q in board.adjacent[p]:
            if q in members and q not in seen:
                seen.add(q)
                order.append(q)
    add = {pid: 0 for pid in base}
    for p in order[:total]:
        add[board.ids[p]] += 1
    return add if _legal_placement(state, add) else None


def ranking(state: GameState) -> list[dict[str, Any]]:
    """Seats by score, best first, with shared ranks (C-6.2)."""
    order = sorted(range(state.rules.seats), key=lambda s: -state.players[s].score)
    out: list[dict[str, Any]] = []
    for i, s in enumerate(order):
        score = state.players[s].score
        rank = out[-1]["rank"] if out and out[-1]["score"] == score else i + 1
        out.append({"rank": rank, "seat": s, "name": seat_name(state, s), "score": score,
                    "colour": seat_colour(state, s), "winner": s in state.winners})
    return out


def cost_text(state: GameState, pid: str, target: dict[str, Any] | None) -> str:
    """The hover/focus help of a province: name, terrain, owner and the click's meaning."""
    prov = state.board.province(pid)
    facts = [prov.terrain] + [s for s, on in (("mine", prov.mine), ("port", prov.port)) if on]
    p = state.board.index[pid]
    o = state.owner[p]
    if o == NEUTRAL:
        facts.append(f"{state.tokens[p]} neutral tokens")
    elif o >= 0:
        mark = " (in decline)" if state.declined[p] else ""
        facts.append(f"{seat_name(state, o)}{mark}: {state.tokens[p]} tokens")
    head = f"{prov.name} — {', '.join(facts)}"
    if not target:
        return head
    kind = target["action"]["kind"]
    if kind == "conquer" and "terms" in target:
        terms = "; ".join(f"{t['label']} {t['value']:+d} ({t['rule']})"
                          for t in target["terms"])
        spy = " Espionage: 2." if "espionage" in target else ""
        return f"{head}. Conquest cost {target['cost']}: {terms}.{spy}"
    if kind == "conquer":
        return f"{head}. Conquest with Espionage for 2."
    verbs = {"keep": "Click to keep this part of the empire.",
             "place": "Click to add a token here.",
             "fort": "Click to build a fort here."}
    return f"{head}. {verbs.get(kind, '')}".rstrip()
