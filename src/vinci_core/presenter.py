"""What the page shows, in words and plain data: prompts, move-log lines, clickable targets.

Pure Python so it is tested in CPython; the page only copies these values into the DOM.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

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
from .config import EDITIONS, MAX_TARGET_VP
from .costs import NEUTRAL, conquest_cost
from .i18n import N_, translations
from .palette import seat_marks
from .reasons import word
from .rules import RULESETS
from .state import GameState
from .textparts import Parts, find_names, format_parts, has_tiles
from .tiles import ONLINE_TILES, TILES, Tile
from .view import DEFAULT_COLOURS, seat_colour, seat_colours

if TYPE_CHECKING:
    from .ai import Decision
    from .schemas import GameConfig, Seat


def _tile(tid: str, ruleset: str | None) -> Tile:
    """A tile as the ruleset's set has it (without a ruleset: classic first, then the
    online set's new tiles, Y-9)."""
    if ruleset is not None:
        return RULESETS[ruleset].tiles[tid]
    return TILES.get(tid) or ONLINE_TILES[tid]


def tile_name(tid: str, ruleset: str | None = None, lang: str = "en") -> str:
    """The tile's name on the page. A decline-proof tile says so in both rulesets (the
    online set's "column" tiles are the same idea under the name of their printed mark)."""
    t = translations(lang)
    tile = _tile(tid, ruleset)
    name = t.gettext(tile.name.removesuffix(" (column)"))  # vinci_core.words marks them
    return t.gettext("{tile} (decline-proof)").format(tile=name) if tile.decline_proof \
        else name


def tile_help(tid: str, ruleset: str | None = None, lang: str = "en") -> str:
    """The tile's one-line help (the tooltip of a tile on the display): what it does, with
    its rule id."""
    tile = _tile(tid, ruleset)
    return translations(lang).gettext("{tile}: {summary} ({rule}).").format(
        tile=tile_name(tid, ruleset, lang), summary=translations(lang).gettext(tile.summary),
        rule=tile.rules)


def civ_name(pair: tuple[str, ...], ruleset: str | None = None, lang: str = "en") -> str:
    return " + ".join(tile_name(t, ruleset, lang) for t in pair)


def civ_parts(pair: tuple[str, ...] | list[str], ruleset: str | None = None,
              lang: str = "en") -> Parts:
    """:func:`civ_name` as parts: each tile's name links to its glossary entry."""
    out: Parts = []
    for i, tid in enumerate(pair):
        out += [(" + ", None)] if i else []
        out.append((tile_name(tid, ruleset, lang), tid))
    return out


def tile_forms(tid: str, ruleset: str | None = None, lang: str = "en") -> tuple[str, ...]:
    """The ways a text in ``lang`` names the tile: as the page does (with its decline-proof
    mark), and its bare name (a sentence such as "with Espionage")."""
    t = translations(lang)
    name = _tile(tid, ruleset).name
    return (tile_name(tid, ruleset, lang), t.gettext(name.removesuffix(" (column)")))


def tile_parts(text: str, tiles: Iterable[str], ruleset: str | None = None,
               lang: str = "en", skip: Iterable[str] = ()) -> Parts:
    """``text`` as parts, the names of ``tiles`` (the tiles it is known to name) linked;
    nothing inside the strings of ``skip`` (players' names)."""
    return find_names(text, {tid: tile_forms(tid, ruleset, lang) for tid in tiles}, skip)


def action_tiles(before: GameState, action: Action) -> tuple[str, ...]:
    """The tiles the move log's line and the notice of ``action`` name: the civilization
    chosen, the tile a conquest used."""
    if isinstance(action, Choose) and 0 < action.slot <= len(before.display):
        a, b, _coins = before.display[action.slot - 1]
        return (a, b)
    if isinstance(action, Conquer):
        return ("espionage",) if action.espionage else ("religion",) if action.religion else ()
    return ()


def move_parts(before: GameState, action: Action, text: str | None,
               lang: str = "en") -> Parts | None:
    """A log line or a notice of ``action`` (``text``) as parts; None when it names no tile
    (the page then writes the text as it is)."""
    tiles = action_tiles(before, action)
    if not text or not tiles:
        return None
    parts = tile_parts(text, tiles, before.config.ruleset, lang,
                       [s.name for s in before.config.seats])
    return parts if has_tiles(parts) else None


def rule_tiles(rule: str, ruleset: str | None = None) -> list[str]:
    """The tiles whose ability is the rule ``rule`` (a refusal under it may name them)."""
    sets = [RULESETS[ruleset].tiles] if ruleset else [TILES, ONLINE_TILES]
    return [tid for tiles in sets for tid, tile in tiles.items()
            if rule in (r.strip() for r in tile.rules.split(","))]


def seat_name(state: GameState, seat: int) -> str:
    return state.config.seats[seat].name


def province_name(state: GameState, pid: str, lang: str = "en") -> str:
    """The province's name in ``lang`` (its usual name there, else the board's)."""
    return translations(lang).pgettext("province", state.board.province(pid).name)


def terrain_name(terrain: str, lang: str = "en") -> str:
    return translations(lang).pgettext("terrain", terrain)


def term_label(label: str, lang: str = "en") -> str:
    """A cost or score term's label (vinci_core.words.TERM_LABELS) in ``lang``."""
    return translations(lang).gettext(label)


def term_text(label: str, value: int, rule: str, lang: str = "en") -> str:
    """One term as the page writes it: "defending tokens +2 (C-4)"."""
    return f"{term_label(label, lang)} {value:+d} ({rule})"


def board_view(state: GameState) -> dict[str, dict[str, Any]]:
    """Per province: owner, its colour and letter (palette.seat_marks), token count,
    decline and fort marks."""
    out: dict[str, dict[str, Any]] = {}
    colours = seat_colours(state.config)
    marks = seat_marks([s.name for s in state.config.seats])
    for p, pid in enumerate(state.board.ids):
        o = state.owner[p]
        out[pid] = {
            "owner": o if o >= 0 else None,
            "colour": colours[o] if o >= 0 else None,
            "mark": marks[o] if o >= 0 else None,
            "tokens": state.tokens[p],
            "neutral": o == NEUTRAL,
            "declined": state.declined[p],
            "fort": state.fort[p],
        }
    return out


def targets(state: GameState, lang: str = "en") -> dict[str, dict[str, Any]]:
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
            if action.religion:
                # Y-9.24: where Religion takes the province for free, a click uses it (a
                # decision of this page: no player pays for what they can have for nothing).
                entry["action"] = action.to_dict()
                entry["cost"] = 0
                entry["terms"] = [{"label": N_("Religion: free"), "value": 0, "rule": "Y-9.24"}]
                entry["religion"] = True
            elif action.espionage:
                entry["espionage"] = action.to_dict()
                if entry["action"] == action.to_dict():  # only affordable by Espionage
                    entry["cost"] = 2
            elif not entry.get("religion"):
                entry["action"] = action.to_dict()
                cost = conquest_cost(state, province)
                entry["cost"] = cost.total
                entry["terms"] = [t.to_dict() for t in cost.terms]  # labels: term_label
        elif isinstance(action, Abandon):
            out.pop(province)  # abandoning is offered by its own control, not by a click
    if state.phase == "keep":
        out = _keep_targets(state, lang)
    return out


def split_parts(state: GameState) -> list[dict[str, Any]]:
    """C-3.4.2: the parts of a split empire (largest first), each with its provinces, its
    tokens and the province that names it in the Keep action."""
    seat = state.current_player
    if state.phase != "keep" or seat is None:
        return []
    ids = state.board.ids
    # The engine's own cohesion (C-3.4.1, Astronomy included) decides what a part is.
    parts = state._parts(seat)
    out = [{"keep": ids[part[0]], "provinces": [ids[p] for p in part],
            "tokens": sum(state.tokens[p] for p in part)} for part in parts]
    return sorted(out, key=lambda part: (-len(part["provinces"]), -part["tokens"]))


def _keep_targets(state: GameState, lang: str = "en") -> dict[str, dict[str, Any]]:
    """Every province of every part is a target; keeping a part that gives up more
    provinces than it keeps asks for a confirmation first (a decision of this page)."""
    parts = split_parts(state)
    total = sum(len(part["provinces"]) for part in parts)
    out: dict[str, dict[str, Any]] = {}
    for n, part in enumerate(parts):
        kept = len(part["provinces"])
        lost = total - kept
        entry: dict[str, Any] = {"action": Keep(part["keep"]).to_dict(), "part": n,
                                 "provinces": kept, "tokens": part["tokens"]}
        if lost > kept:
            entry["confirm"] = translations(lang).gettext(
                "Keep {kept} and give up {lost}?").format(kept=_provinces(kept, lang),
                                                          lost=_provinces(lost, lang))
        for pid in part["provinces"]:
            out[pid] = entry
    return out


def _provinces(n: int, lang: str) -> str:
    return translations(lang).ngettext("{n} province", "{n} provinces", n).format(n=n)


def _tokens(n: int, lang: str) -> str:
    return translations(lang).ngettext("{n} token", "{n} tokens", n).format(n=n)


def prompt(state: GameState, legal: list[Action] | None = None, lang: str = "en") -> str:
    """The next expected step, in words: what the player to act can do now, or what a
    virtual player is doing. ``legal``: the state's legal actions, when already known."""
    t = translations(lang)
    if state.is_terminal:
        names = t.gettext(" and ").join(seat_name(state, s) for s in state.winners)
        if len(state.winners) > 1:
            return t.gettext("Game over: {names} share the victory.").format(names=names)
        return t.gettext("Game over: {name} wins.").format(name=names)
    seat = state.current_player
    assert seat is not None
    who = seat_name(state, seat)
    player = state.players[seat]
    phase = state.phase
    if state.config.seats[seat].virtual:
        doing = t.gettext(VIRTUAL_DOING.get(phase, N_("playing")))
        return t.gettext("{who} (virtual player) is playing: {doing}.").format(
            who=who, doing=doing)
    if legal is None:
        legal = state.legal_actions()
    hand = player.hand
    if phase == "choose":
        return t.gettext("{who}: choose a civilization from the display.").format(who=who)
    if phase == "expand":
        reachable = any(isinstance(a, Conquer) for a in legal)
        entering = not state.empire(seat) and player.hand
        if reachable and entering:
            return t.ngettext(
                "{who}: enter the board — click a highlighted province ({n} token in hand).",
                "{who}: enter the board — click a highlighted province ({n} tokens in hand).",
                hand).format(who=who, n=hand)
        if reachable:
            return t.ngettext(
                "{who}: conquer a highlighted province ({n} token in hand), or finish "
                "conquering.",
                "{who}: conquer a highlighted province ({n} tokens in hand), or finish "
                "conquering.", hand).format(who=who, n=hand)
        can_decline = any(a.kind == "decline" for a in legal)
        can_finish = any(a.kind == "finish" for a in legal)
        if can_decline and can_finish:
            return t.ngettext(
                "{who}: no province is within reach of your {n} token — decline or finish "
                "conquering.",
                "{who}: no province is within reach of your {n} tokens — decline or finish "
                "conquering.", hand).format(who=who, n=hand)
        if can_decline:
            return t.ngettext(
                "{who}: no province is within reach of your {n} token — decline.",
                "{who}: no province is within reach of your {n} tokens — decline.",
                hand).format(who=who, n=hand)
        if can_finish:
            return t.ngettext(
                "{who}: no province is within reach of your {n} token — finish conquering.",
                "{who}: no province is within reach of your {n} tokens — finish conquering.",
                hand).format(who=who, n=hand)
        return t.gettext("{who}: no province is within reach.").format(who=who)
    if phase == "keep":
        parts = split_parts(state)
        sizes = "; ".join(t.gettext("{provinces} and {tokens} around {province}").format(
            provinces=_provinces(len(p["provinces"]), lang), tokens=_tokens(p["tokens"], lang),
            province=province_name(state, p["keep"], lang)) for p in parts)
        return t.gettext("{who}: your empire is split ({parts}) — click the part you "
                         "keep.").format(who=who, parts=sizes)
    if phase == "reorganize":
        return t.ngettext(
            "{who}: reorganize — place your {n} token, at least one per province.",
            "{who}: reorganize — place your {n} tokens, at least one per province.",
            hand).format(who=who, n=hand)
    if phase == "end_of_turn":
        return t.gettext("{who}: build a fort, or end the turn.").format(who=who)
    if phase == "redistribute":
        n = player.returned
        return t.ngettext(
            "{who}: place the {n} token you got back into your provinces.",
            "{who}: place the {n} tokens you got back into your provinces.",
            n).format(who=who, n=n)
    return ""


# What a virtual player is doing, by phase (the prompt of its turn).
VIRTUAL_DOING = {
    "choose": N_("choosing a civilization"),
    "expand": N_("conquering"),
    "keep": N_("choosing the part of its empire to keep"),
    "reorganize": N_("reorganizing its empire"),
    "end_of_turn": N_("ending its turn"),
    "redistribute": N_("placing the tokens it got back"),
}


def describe(before: GameState, action: Action, lang: str = "en") -> str:
    """One line of the move log for ``action`` applied to ``before``."""
    t = translations(lang)
    seat = before.current_player
    who = seat_name(before, seat) if seat is not None else "?"

    def where(pid: str) -> str:
        return province_name(before, pid, lang)

    if isinstance(action, Choose):
        a, b, coins = before.display[action.slot - 1]
        civ = civ_name((a, b), before.config.ruleset, lang)
        if coins:
            return t.ngettext("{who} chooses {civ} (slot {slot}, taking {n} coin).",
                              "{who} chooses {civ} (slot {slot}, taking {n} coins).",
                              coins).format(who=who, civ=civ, slot=action.slot, n=coins)
        return t.gettext("{who} chooses {civ} (slot {slot}).").format(
            who=who, civ=civ, slot=action.slot)
    if isinstance(action, Decline):
        return t.gettext("{who} puts the empire into decline.").format(who=who)
    if isinstance(action, Diplomacy):
        return t.gettext("{who} makes peace with {other}.").format(
            who=who, other=seat_name(before, action.seat))
    if isinstance(action, Abandon):
        return t.gettext("{who} leaves {province}.").format(
            who=who, province=where(action.province))
    if isinstance(action, Conquer):
        cost = 2 if action.espionage else 0 if action.religion else \
            conquest_cost(before, action.province).total
        p = before.board.index[action.province]
        o = before.owner[p]
        args = {"who": who, "province": where(action.province), "cost": cost}
        if action.espionage:
            message = (t.gettext("{who} conquers neutral {province} with Espionage for {cost}.")
                       if o == NEUTRAL else
                       t.gettext("{who} conquers {owner}'s {province} with Espionage for "
                                 "{cost}.") if o >= 0 and o != seat else
                       t.gettext("{who} conquers {province} with Espionage for {cost}."))
        elif action.religion:
            message = (t.gettext("{who} conquers neutral {province} with Religion for {cost}.")
                       if o == NEUTRAL else
                       t.gettext("{who} conquers {owner}'s {province} with Religion for "
                                 "{cost}.") if o >= 0 and o != seat else
                       t.gettext("{who} conquers {province} with Religion for {cost}."))
        else:
            message = (t.gettext("{who} conquers neutral {province} for {cost}.")
                       if o == NEUTRAL else
                       t.gettext("{who} conquers {owner}'s {province} for {cost}.")
                       if o >= 0 and o != seat else
                       t.gettext("{who} conquers {province} for {cost}."))
        if o >= 0:
            args["owner"] = seat_name(before, o)
        return message.format(**args)
    if isinstance(action, Finish):
        return t.gettext("{who} stops conquering.").format(who=who)
    if isinstance(action, Keep):
        return t.gettext("{who} keeps the part around {province}.").format(
            who=who, province=where(action.province))
    if isinstance(action, Place):
        return t.gettext("{who} places a token in {province}.").format(
            who=who, province=where(action.province))
    if isinstance(action, PlaceAll):
        parts = ", ".join(f"{where(p)} {n}" for p, n in action.placement)
        return t.gettext("{who} places tokens: {placement}.").format(who=who, placement=parts)
    if isinstance(action, Fort):
        return t.gettext("{who} builds a fort in {province}.").format(
            who=who, province=where(action.province))
    if isinstance(action, EndTurn):
        return t.gettext("{who} ends the turn.").format(who=who)
    return f"{who}: {action.kind}"


def the_human(state: GameState) -> int | None:
    """The one human seat of a solo game, addressed as "you" in notices (None otherwise:
    with several humans at one device, names are clearer)."""
    humans = [i for i, s in enumerate(state.config.seats) if not s.virtual]
    return humans[0] if len(humans) == 1 else None


def notice(before: GameState, action: Action, after: GameState,
           lang: str = "en") -> str | None:
    """A short sentence about another player's action for the page's notices ("Virtual 1
    took England from you (3 tokens)"); None for steps not worth a notice (finishing,
    placing tokens, ending the turn: the board shows them)."""
    t = translations(lang)
    seat = before.current_player
    if seat is None:
        return None
    who = seat_name(before, seat)
    you = the_human(before)

    def where(pid: str) -> str:
        return province_name(before, pid, lang)

    if isinstance(action, Conquer):
        return _conquest_notice(before, action, seat, you, lang)
    if isinstance(action, Choose):
        a, b, _ = before.display[action.slot - 1]
        return t.gettext("{who} chose {civ}.").format(
            who=who, civ=civ_name((a, b), before.config.ruleset, lang))
    if isinstance(action, Decline):
        return t.gettext("{who} put the empire into decline.").format(who=who)
    if isinstance(action, Diplomacy):
        if action.seat == you:
            return t.gettext("{who} made peace with you.").format(who=who)
        return t.gettext("{who} made peace with {other}.").format(
            who=who, other=seat_name(before, action.seat))
    if isinstance(action, Abandon):
        return t.gettext("{who} left {province}.").format(
            who=who, province=where(action.province))
    if isinstance(action, Fort):
        return t.gettext("{who} built a fort in {province}.").format(
            who=who, province=where(action.province))
    if isinstance(action, Keep):
        return t.gettext("{who} kept the part around {province}.").format(
            who=who, province=where(action.province))
    return None


def _conquest_notice(before: GameState, action: Conquer, seat: int, you: int | None,
                     lang: str) -> str:
    """The notice of a conquest: from whom, with which tile, how many tokens it removed."""
    t = translations(lang)
    p = before.board.index[action.province]
    o, n = before.owner[p], before.tokens[p]
    args = {"who": seat_name(before, seat), "province": province_name(before, action.province,
                                                                        lang), "n": n}
    # The tile that changed the cost (C-3.3.10, Y-9.24), named after the whole notice.
    tile = "espionage" if action.espionage else "religion" if action.religion else None
    if o == NEUTRAL:
        text = t.ngettext("{who} took {province} from the neutrals ({n} token).",
                          "{who} took {province} from the neutrals ({n} tokens).", n)
    elif o >= 0 and o != seat:
        declined = before.declined[p]
        if o == you:
            text = (t.ngettext("{who} took {province} from your declined empire ({n} token).",
                               "{who} took {province} from your declined empire ({n} tokens).",
                               n) if declined else
                    t.ngettext("{who} took {province} from you ({n} token).",
                               "{who} took {province} from you ({n} tokens).", n))
        else:
            args["owner"] = seat_name(before, o)
            text = (t.ngettext("{who} took {province} from {owner}'s declined empire "
                               "({n} token).",
                               "{who} took {province} from {owner}'s declined empire "
                               "({n} tokens).", n) if declined else
                    t.ngettext("{who} took {province} from {owner} ({n} token).",
                               "{who} took {province} from {owner} ({n} tokens).", n))
    elif not before.empire(seat):
        text = t.gettext("{who} entered {province}.")
    else:
        text = t.gettext("{who} took {province}.")
    line = text.format(**args)
    if tile is None:
        return line
    return t.gettext("{notice}, with {tile}.").format(
        notice=line.removesuffix("."), tile=t.gettext(_tile(tile, before.config.ruleset).name))


def log_rows(entries: list[dict[str, Any]], lang: str = "en") -> list[dict[str, Any]]:
    """The move log as the page lists it: a header per round and per turn, then the lines
    (``province`` set when a click on the line can show it; ``terms`` on scoring lines;
    ``parts`` when the line names tiles: textparts)."""
    t = translations(lang)
    rows: list[dict[str, Any]] = []
    last_round, last_turn = None, None
    for e in entries:
        if e["round"] != last_round:
            rows.append({"kind": "round",
                         "text": t.gettext("Round {n}").format(n=e["round"])})
            last_round, last_turn = e["round"], None
        if e.get("turn") is not None and e["turn"] != last_turn:
            rows.append({"kind": "turn",
                         "text": t.gettext("{name}'s turn").format(name=e["turn_name"]),
                         "seat": e["turn"]})
            last_turn = e["turn"]
        rows.append({"kind": e["kind"], "text": e["text"], "province": e.get("province"),
                     "terms": e.get("terms"), "parts": e.get("parts")})
    return rows


# --- the page's dialogs and panels --------------------------------------------------------

PHASE_NAMES = {
    "choose": N_("Choose a civilization"),
    "expand": N_("Conquest"),
    "keep": N_("Split empire"),
    "reorganize": N_("Reorganization"),
    "end_of_turn": N_("End of turn"),
    "redistribute": N_("Defender's redistribution"),
    "over": N_("Game over"),
}


def phase_name(phase: str, lang: str = "en") -> str:
    return translations(lang).gettext(PHASE_NAMES[phase]) if phase in PHASE_NAMES else phase

MODES = ("hotseat", "solo", "two_player")
SEAT_COLOURS = DEFAULT_COLOURS

# The new-game dialog's rulesets and the boards each offers, the default first. Classic
# games are played on Europe only (Mare Nostrum's deserts and rivers are online terrain,
# Y-0.3); online games on any board with online extra tokens (Y-7.6).
RULESET_LABELS = {"classic": "Classic (the board game)",
                  "online": "Online (2 to 5 players, a fixed number of rounds)"}
BOARD_LABELS = {"europe": N_("Europe"), "mare_nostrum": N_("Mare Nostrum")}
RULESET_BOARDS = {"classic": ("europe",), "online": ("europe", "mare_nostrum")}
# The dialog's fields that only a classic game has (C-7 options, the target score and the
# virtual players' V-2/V-4 options): an online game hides them and ignores them.
CLASSIC_ONLY_FIELDS = ("target_vp", "edition", "decline_contact", "automatic_decline",
                       "cut_off_tokens", "defender_redistribution", "tile_counts",
                       "virtual_level", "virtual_preference", "virtual_tiebreak")


def dialog_choices(ruleset: str) -> dict[str, Any]:
    """What the new-game dialog offers for ``ruleset``: the game types (``modes``), the
    hot-seat player counts, the boards, and whether the classic-only fields show.

    Online games (Y-0.3) have no solo or two-player mode: they are hot-seat tables of 2 to
    5 seats, any of which an AI may play (the "Who plays" levels)."""
    rules = RULESETS[ruleset]
    if ruleset == "online":
        modes: tuple[str, ...] = ("hotseat",)
    else:
        modes = MODES
    return {"modes": list(modes),
            "counts": list(range(rules.min_seats, rules.max_seats + 1)),
            "boards": [{"value": b, "label": BOARD_LABELS[b]} for b in RULESET_BOARDS[ruleset]],
            "classic_options": ruleset == "classic"}


def round_text(view: dict[str, Any], lang: str = "en") -> str:
    """The status line's round counter: "Round 4 of 11" in an online game (Y-6.1),
    "Round 4 · target 120 VP" in a classic one; "· final round" once the end is near."""
    t = translations(lang)
    last = view.get("last_round")
    if last:
        head = t.gettext("Round {n} of {last}").format(n=view["round"], last=last)
    else:
        head = t.gettext("Round {n} · target {vp} VP").format(n=view["round"],
                                                              vp=view["target_vp"])
    return head + (t.gettext(" · final round") if view.get("final_round") else "")


def _text(form: dict[str, Any], key: str) -> str:
    value = form.get(key)
    return "" if value is None else str(value).strip()


def _number(form: dict[str, Any], key: str, what: str, low: int, high: int,
            lang: str = "en") -> int | None:
    t = translations(lang)
    raw = _text(form, key)
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(t.gettext("{what} must be a whole number, not {value}.").format(
            what=t.gettext(what), value=repr(raw))) from None
    if not low <= value <= high:
        raise ValueError(t.gettext("{what} must be between {low} and {high}.").format(
            what=t.gettext(what), low=low, high=high))
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


def config_from_form(form: dict[str, Any], lang: str = "en") -> GameConfig:
    """The new-game dialog's fields as a GameConfig; ValueError with a readable message.

    ``form``: ``mode`` (hotseat, solo, two_player), ``names`` and ``colours`` (lists, one per
    human seat; hot-seat games use 3 to 6), optional ``seed`` and ``target_vp``, the C-7
    options ``decline_contact``, ``defender_redistribution``, ``tile_counts``,
    ``automatic_decline`` (on, off), ``cut_off_tokens`` and ``map``, and ``edition``
    (standard, dutch, custom): a preset for the options the form leaves out.
    For virtual seats ``virtual_level`` (normal, or hard: V-2's harder level),
    ``virtual_preference`` (value, formula) and ``virtual_tiebreak`` (dice, humans): V-4.
    Colours are unique: two humans with one colour is an error, virtual seats take the
    first default colours no human has. ``levels`` (optional, see :func:`level_rows`): in
    solo and two-player games the AI level of each virtual seat in seat order; in hot-seat
    games, per seat, ``human`` or an AI level (that seat is then played by the AI under its
    name).
    """
    from pydantic import ValidationError

    from .schemas import GameConfig, Seat  # the edge: pydantic validates the form

    t = translations(lang)
    ruleset = _text(form, "ruleset") or "classic"
    if ruleset not in RULESET_LABELS:
        raise ValueError(f"unknown ruleset {ruleset!r}.")
    choices = dialog_choices(ruleset)
    mode = _text(form, "mode") or "hotseat"
    if mode not in MODES:
        raise ValueError(f"unknown game type {mode!r}.")
    if mode not in choices["modes"]:
        raise ValueError("An online game has no solo or two-player mode: choose a hot-seat "
                         "table and let the AI play some seats.")
    board = _text(form, "map") or RULESET_BOARDS[ruleset][0]
    # A board of the dialog that the ruleset does not offer is refused in words; any other
    # (a test board, a board file) is left to GameConfig's own checks.
    if board in BOARD_LABELS and board not in RULESET_BOARDS[ruleset]:
        raise ValueError(f"A {ruleset} game cannot be played on "
                         f"{BOARD_LABELS.get(board, repr(board))}.")
    if ruleset == "online":
        # The hidden classic-only fields do not apply (Y-3.4.6, Y-3.6, Y-6.1, Y-8).
        form = {k: v for k, v in form.items() if k not in CLASSIC_ONLY_FIELDS}
    names = [str(n).strip() for n in form.get("names") or []]
    colours = [str(c).strip() or None for c in form.get("colours") or []]
    humans = {"hotseat": None, "solo": 1, "two_player": 2}[mode]
    if humans is None:
        names = [n for n in names if n]
        low, high = choices["counts"][0], choices["counts"][-1]
        if not low <= len(names) <= high:
            raise ValueError(t.gettext("A hot-seat game needs {low} to {high} players with "
                                       "names.").format(low=low, high=high))
    else:
        names = names[:humans]
        if len(names) < humans or not all(names):
            raise ValueError(t.gettext("Every player needs a name."))
    if len({n.casefold() for n in names}) != len(names):
        raise ValueError(t.gettext("Two players have the same name."))
    for n in names:
        if len(n) > 40:
            raise ValueError(t.gettext("The name {name}… is longer than 40 characters.").format(
                name=repr(n[:40])))
    options: dict[str, Any] = {}
    seed = _number(form, "seed", N_("The seed"), 0, 2**63 - 1, lang)
    if seed is None:
        seed = int(form.get("random_seed") or 0) % (2**63)
    options["seed"] = seed
    target = _number(form, "target_vp", N_("The target score"), 1, MAX_TARGET_VP, lang)
    if target is not None:
        options["target_vp"] = target
    options["map"] = board
    if ruleset != "classic":
        options["ruleset"] = ruleset  # the default stays out of the config (D-14)
    for key in ("decline_contact", "defender_redistribution", "tile_counts",
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
        if wanted in AI_LEVELS and wanted not in RULESETS[ruleset].ai_levels:
            raise ValueError(f"the {AI_LEVEL_LABELS[wanted]} does not play {ruleset} games "
                             f"yet.")
    human_colours = [(colours[i] if i < len(colours) else None) or SEAT_COLOURS[i]
                     for i in range(len(names))]
    taken = [c.lower() for c in human_colours]
    for i, c in enumerate(taken):
        if c in taken[:i]:
            other = names[taken.index(c)]
            raise ValueError(t.gettext("{name} and {other} have the same colour: choose "
                                       "another for one of them.").format(name=names[i],
                                                                         other=other))
    # Virtual seats take the first default colours that no human has chosen.
    spare = iter(c for c in SEAT_COLOURS if c.lower() not in taken)
    strength = _text(form, "virtual_level") or "normal"
    if strength not in ("normal", "hard"):
        raise ValueError(f"unknown level of the virtual players {strength!r}.")
    from .virtual import VirtualPlayer

    robot = VirtualPlayer(
        preference="formula" if _text(form, "virtual_preference") == "formula" else "value",
        tiebreak_prefers_humans=_text(form, "virtual_tiebreak") == "humans")
    if strength == "hard":
        robot = VirtualPlayer.hard(robot.preference, robot.tiebreak_prefers_humans)

    def virtual(n: int) -> str:
        """A virtual seat's name, in the language of the page that made the game."""
        return t.gettext("Virtual {n}").format(n=n)

    def ai_seat(name: str, colour: str | None, i: int) -> Seat:
        """The i-th AI seat: the rulebook's player with the options above, at the level
        chosen for it (issue 13)."""
        seat = robot.seat(name, colour)
        chosen = levels[i] if i < len(levels) else "book"
        return seat.model_copy(update={"ai_level": chosen}) if chosen == "strong" else seat

    try:
        humans_seats = [Seat(name=n, colour=c) for n, c in zip(names, human_colours,
                                                                 strict=True)]
        if mode == "hotseat":
            seats = [ai_seat(s.name, s.colour, i)
                     if i < len(levels) and levels[i] != "human" else s
                     for i, s in enumerate(humans_seats)]
            return GameConfig(seats=seats, **options)
        if mode == "solo":
            seats = humans_seats + [ai_seat(virtual(i), next(spare), i - 1)
                                    for i in (1, 2, 3)]
            return GameConfig(seats=seats, mode="solo", **options)
        seats = [humans_seats[0], ai_seat(virtual(1), next(spare), 0),
                 humans_seats[1], ai_seat(virtual(2), next(spare), 1)]
        return GameConfig(seats=seats, mode="two_player", **options)
    except ValidationError as exc:
        first_error = exc.errors()[0]
        where = ".".join(str(x) for x in first_error.get("loc", ()))
        raise ValueError(f"Invalid setting {where}: {first_error.get('msg')}.") from None


def remote_seats(form: dict[str, Any]) -> frozenset[int]:
    """The seats the new-game form marks as played on another device (``where``: ``here``
    or ``remote`` per player row), as seat numbers of :func:`config_from_form`'s config.
    A solo game is played here."""
    mode = _text(form, "mode") or "hotseat"
    rows = [i for i, w in enumerate(form.get("where") or []) if str(w) == "remote"]
    seat_of_row = {"hotseat": lambda i: i, "two_player": lambda i: 2 * i}.get(mode)
    if seat_of_row is None:
        return frozenset()
    return frozenset(seat_of_row(i) for i in rows)


def rematch_config(config: GameConfig, seed: int) -> GameConfig:
    """A new game with the same players, levels and options, from another seed."""
    return config.model_copy(update={"seed": seed % (2**63)})


# AI levels as the new-game dialog offers them (vinci_core.ai), the default first.
AI_LEVELS = ("book", "strong")
AI_LEVEL_LABELS = {"human": N_("Human"), "book": N_("AI: by the book"),
                   "strong": N_("AI: strong (thinks ahead)")}


def level_rows(mode: str, count: int, ruleset: str = "classic",
               lang: str = "en") -> list[dict[str, Any]]:
    """The dialog's level selectors, one per seat an AI may play, in the order of the
    form's ``levels``: solo and two-player games list their virtual seats (default: by the
    book); a hot-seat table lists every seat (default: human). Only the levels that
    ``ruleset`` seats are offered (online: the book's player)."""
    seated = RULESETS[ruleset].ai_levels
    t = translations(lang)

    def options(keys: tuple[str, ...]) -> list[dict[str, str]]:
        return [{"value": k, "label": t.gettext(AI_LEVEL_LABELS[k])} for k in keys
                if k == "human" or k in seated]

    if mode == "solo":
        return [{"label": t.gettext("Virtual {n}").format(n=i), "options": options(AI_LEVELS)}
                for i in (1, 2, 3)]
    if mode == "two_player":
        return [{"label": t.gettext("Virtual {n}").format(n=i), "options": options(AI_LEVELS)}
                for i in (1, 2)]
    return [{"label": t.gettext("Player {n}").format(n=i + 1),
             "options": options(("human", *AI_LEVELS))}
            for i in range(count)]


def ai_notice(line: str, reason: str, lang: str = "en") -> str:
    """The notice of an AI's move: what it did and why (also a line of the move log)."""
    return translations(lang).gettext("{move} Why: {reason}").format(move=line, reason=reason)


def ai_notice_parts(line: Parts, reason: str, lang: str = "en") -> Parts:
    """:func:`ai_notice` of a line given as parts (its tiles stay links, and so do they
    where the reason names them again: a chosen civilization's tiles)."""
    tiles = [tile for _text, tile in line if tile is not None]
    return format_parts(translations(lang).gettext("{move} Why: {reason}"), move=line,
                        reason=tile_parts(reason, tiles, None, lang) if tiles else reason)


def hint_view(state: GameState, action: Action, reason: str,
              lang: str = "en") -> dict[str, Any]:
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
    line = describe(state, action, lang)
    who = seat_name(state, state.current_player) if state.current_player is not None else ""
    move = line[len(who) + 1:] if who and line.startswith(who + " ") else line
    move = move[:1].upper() + move[1:]
    text = translations(lang).gettext("Hint: {move} {reason}").format(move=move, reason=reason)
    return {"text": text, "parts": move_parts(state, action, text, lang),
            "move": move, "reason": reason,
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
        # C-3.4.3: enough tokens, every province keeps one; fewer, at most one each.
        enough = sum(base.values()) + total >= len(base)
        low = {pid: max(n, 1 if enough else 0) for pid, n in base.items()}
        high = {pid: None if enough else max(n, 1) for pid, n in base.items()}
        return {"kind": "reorganize", "seat": seat, "base": base, "start": start,
                "total": total, "min": low, "max": high}
    if state.phase == "redistribute":
        empire = state.empire(seat)
        base = {ids[p]: state.tokens[p] for p in empire}
        return {"kind": "redistribute", "seat": seat, "base": base,
                "start": {pid: 0 for pid in base}, "total": state.players[seat].returned,
                "min": dict(base), "max": {pid: None for pid in base}}
    return None


def placement_problem(state: GameState, add: dict[str, int], lang: str = "en"
                      ) -> Parts | None:
    """Why the engine refuses the editor's placement ``add`` (tokens added per province),
    in words with the rule id, as parts (a tile the refused rule is about is a glossary
    link: :func:`refusal_parts`); None when it is legal. The editor's Confirm follows it."""
    try:
        state.apply(PlaceAll.of({p: n for p, n in add.items() if n}))
    except IllegalAction as exc:
        return refusal_parts(exc, lang, state)
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


def peace_partners(state: GameState) -> dict[int, list[int]]:
    """C-3.3.9: per seat, the seats it is at peace with now (both sides of each Diplomacy)."""
    out: dict[int, list[int]] = {s: [] for s in range(state.rules.seats)}
    for a, b in state.peace:
        if b not in out[a]:
            out[a].append(b)
        if a not in out[b]:
            out[b].append(a)
    return out


def ranking(state: GameState) -> list[dict[str, Any]]:
    """Seats by score, best first, placed as the game's ruleset says (ranking.places)."""
    from .ranking import places

    return [{"rank": place, "seat": s, "name": seat_name(state, s),
             "score": state.players[s].score, "colour": seat_colour(state, s),
             "winner": s in state.winners} for place, s in places(state)]


def reason_text(before: GameState, decision: Decision, lang: str = "en") -> str:
    """An AI's reason in ``lang``: the strong AI's message worded with its values (the
    English one is its ``reason``), the book player's worded again from the move
    (ai.book_reason)."""
    if decision.message is not None:
        return word(decision.message, before, lang)
    if lang == "en":
        return decision.reason
    from .ai import book_reason

    return book_reason(before, decision.action, lang)


def refusal_text(exc: IllegalAction, lang: str = "en", state: GameState | None = None) -> str:
    """An engine refusal as the page says it, with its rule id: the engine's message
    translated with its values (a province by its name when ``state`` is given, a step by
    its words), capitalized."""
    t = translations(lang)
    values = dict(getattr(exc, "values", {}))
    if lang != "en" and values:
        if state is not None and values.get("province") in state.board.index:
            values["province"] = province_name(state, str(values["province"]), lang)
        if "what" in values:
            values["what"] = t.gettext(str(values["what"]))
        if "phase" in values:
            values["phase"] = phase_name(str(values["phase"]), lang)
    template = getattr(exc, "template", exc.message)
    message = t.gettext(template).format(**values) if values else t.gettext(exc.message)
    return f"{message[:1].upper()}{message[1:]} ({exc.rule})."


def problem_text(exc: Exception, lang: str = "en") -> str:
    """A bad input's message (ActionError, SaveError: actions.ExplainedError) in ``lang``:
    its template translated, then its values (a field's problem in words, a refusal by its
    own template); any other exception as it says itself."""
    t = translations(lang)
    template = getattr(exc, "template", None)
    if template is None:
        return str(exc)
    values: dict[str, object] = {}
    for key, value in getattr(exc, "values", {}).items():
        if isinstance(value, IllegalAction):
            value = (t.gettext(value.template).format(**value.values) if value.values
                     else t.gettext(value.message))
        elif key == "problem":
            value = t.gettext(str(value))
        values[key] = value
    return t.gettext(template).format(**values) if values else t.gettext(template)


def refusal_parts(exc: IllegalAction, lang: str = "en", state: GameState | None = None
                  ) -> Parts:
    """:func:`refusal_text` as parts: the tiles of the refused rule it names are links."""
    ruleset = state.config.ruleset if state is not None else None
    return tile_parts(refusal_text(exc, lang, state), rule_tiles(exc.rule, ruleset), ruleset,
                      lang)


def cost_text(state: GameState, pid: str, target: dict[str, Any] | None,
              lang: str = "en") -> str:
    """The hover/focus help of a province: name, terrain, owner and the click's meaning."""
    t = translations(lang)
    prov = state.board.province(pid)
    facts = [terrain_name(prov.terrain, lang)] + [
        word for word, on in ((t.gettext("mine"), prov.mine), (t.gettext("port"), prov.port))
        if on]
    p = state.board.index[pid]
    o = state.owner[p]
    n = state.tokens[p]
    if o == NEUTRAL:
        facts.append(t.ngettext("{n} neutral token", "{n} neutral tokens", n).format(n=n))
    elif o >= 0:
        facts.append((t.ngettext("{name} (in decline): {n} token",
                                 "{name} (in decline): {n} tokens", n) if state.declined[p]
                      else t.ngettext("{name}: {n} token", "{name}: {n} tokens", n)).format(
            name=seat_name(state, o), n=n))
    head = f"{province_name(state, pid, lang)} — {', '.join(facts)}"
    if not target:
        return head
    kind = target["action"]["kind"]
    if kind == "conquer" and "terms" in target:
        terms = "; ".join(term_text(term["label"], term["value"], term["rule"], lang)
                          for term in target["terms"])
        text = t.gettext("{province}. Conquest cost {cost}: {terms}.").format(
            province=head, cost=target["cost"], terms=terms)
        return text + (" " + t.gettext("Espionage: 2.") if "espionage" in target else "")
    if kind == "conquer":
        return t.gettext("{province}. Conquest with Espionage for 2.").format(province=head)
    verbs = {"keep": t.gettext("Click to keep this part of the empire."),
             "place": t.gettext("Click to add a token here."),
             "fort": t.gettext("Click to build a fort here.")}
    return f"{head}. {verbs.get(kind, '')}".rstrip()
