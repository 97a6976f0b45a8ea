"""What the page shows, in words and plain data: prompts, move-log lines, clickable targets.

Pure Python so it is tested in CPython; the page only copies these values into the DOM.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.actions import (
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
from ..game.costs import NEUTRAL, conquest_cost
from ..players.reasons import word
from ..text.i18n import N_, translations
from ..text.textparts import Parts, format_parts, has_tiles
from ..turn.keep import parts_of
from ..turn.state import GameState
from ..words.tilewords import civ_name, rule_tiles, tile_of, tile_parts
from .editing import even_spread
from .palette import seat_marks
from .view import seat_colour, seat_colours

if TYPE_CHECKING:
    import gettext

    from ..players.ai import Decision


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


def seat_name(state: GameState, seat: int) -> str:
    return state.config.seats[seat].name


def province_name(state: GameState, pid: str, lang: str = "en") -> str:
    """The province's name in ``lang`` (its usual name there, else the board's)."""
    return translations(lang).pgettext("province", state.board.province(pid).name)


def terrain_name(terrain: str, lang: str = "en") -> str:
    return translations(lang).pgettext("terrain", terrain)


def term_label(label: str, lang: str = "en") -> str:
    """A cost or score term's label (vinci_core.words.names.TERM_LABELS) in ``lang``."""
    return translations(lang).gettext(label)


def term_text(label: str, value: int, rule: str, lang: str = "en") -> str:
    """One term as the page writes it: "defending tokens +2 (C-4)"."""
    return f"{term_label(label, lang)} {value:+d} ({rule})"


def board_view(state: GameState) -> dict[str, dict[str, Any]]:
    """Per province: owner, its colour and letter (palette.seat_marks), token count,
    decline and fort marks."""
    out: dict[str, dict[str, Any]] = {}
    fort_drawn = state.ruleset.fort_drawn
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
            # Forts drawn are the ones the cost counts: Militia's too (Y-9.10)
            "fort": fort_drawn(state, p),
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
    parts = parts_of(state, seat)
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
        return _expand_prompt(state, legal, seat, who, lang)
    if phase == "keep":
        return _keep_prompt(state, who, lang)
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


def _expand_prompt(state: GameState, legal: list[Action], seat: int, who: str,
                   lang: str) -> str:
    """The conquest phase's prompt: it names the way on that the legal actions leave (enter,
    conquer, decline or finish), so a player with no province in reach knows why."""
    t = translations(lang)
    player = state.players[seat]
    hand = player.hand
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


def _keep_prompt(state: GameState, who: str, lang: str) -> str:
    """C-3.4.2's choice: every part of the split empire, its size and where it lies."""
    t = translations(lang)
    parts = split_parts(state)
    sizes = "; ".join(t.gettext("{provinces} and {tokens} around {province}").format(
        provinces=_provinces(len(p["provinces"]), lang), tokens=_tokens(p["tokens"], lang),
        province=province_name(state, p["keep"], lang)) for p in parts)
    return t.gettext("{who}: your empire is split ({parts}) — click the part you "
                     "keep.").format(who=who, parts=sizes)


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
        return _conquest_line(before, action, who, lang)
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


def _conquest_line(before: GameState, action: Conquer, who: str, lang: str) -> str:
    """A conquest's line: with the tile that paid for it (Espionage, Religion) and whose
    province it was, each case its own whole sentence for the translators."""
    t = translations(lang)
    seat = before.current_player
    cost = 2 if action.espionage else 0 if action.religion else \
        conquest_cost(before, action.province).total
    p = before.board.index[action.province]
    o = before.owner[p]
    args = {"who": who, "province": province_name(before, action.province, lang),
            "cost": cost}
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
        notice=line.removesuffix("."), tile=t.gettext(tile_of(tile, before.config.ruleset).name))


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


def ai_notice(line: str, reason: str, lang: str = "en") -> str:
    """The notice of an AI's move: what it did and why (also a line of the move log)."""
    return translations(lang).gettext("{move} Why: {reason}").format(move=line, reason=reason)


def ai_notice_parts(line: Parts, reason: str, lang: str = "en") -> Parts:
    """:func:`ai_notice` of a line given as parts (its tiles stay links, and so do they
    where the reason names them again: a chosen civilization's tiles)."""
    tiles = [tile for _text, tile in line if tile is not None]
    return format_parts(translations(lang).gettext("{move} Why: {reason}"), move=line,
                        reason=tile_parts(reason, tiles, None, lang) if tiles else reason)


def _reason_restates(state: GameState, action: Action, move: str, reason: str,
                     lang: str) -> bool:
    """True when the hint's reason already says the move: it begins with the move's words,
    or, for a civilization choice, it names the chosen civilization itself (the strong AI's
    "Takes Ports + Slavery (slot 1, …)" after "Chooses Ports + Slavery (slot 1)")."""
    stem = move.rstrip(". ")
    if stem and reason.lower().startswith(stem.lower()):
        return True
    if isinstance(action, Choose) and 0 < action.slot <= len(state.display):
        a, b, _coins = state.display[action.slot - 1]
        return civ_name((a, b), state.config.ruleset, lang) in reason
    return False


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
    said = translations(lang).gettext("Hint: {move} {reason}")
    if _reason_restates(state, action, move, reason, lang):  # the move once (issue 29)
        text = said.format(move=reason, reason="").strip()
    else:
        text = said.format(move=move, reason=reason)
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
        if left and base:  # spread, the provinces that held most first (never all in one)
            order = sorted(base, key=lambda q: -before.get(q, 0))
            for pid, n in even_spread(order, left).items():
                start[pid] += n
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
        start = even_spread(list(base), state.players[seat].returned)
        if not _legal_placement(state, start):
            start = {pid: 0 for pid in base}
        return {"kind": "redistribute", "seat": seat, "base": base,
                "start": start, "total": state.players[seat].returned,
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
    from ..players.ai import book_reason

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
    message = _refusal_template(exc, t).format(**values) if values else t.gettext(exc.message)
    return f"{message[:1].upper()}{message[1:]} ({exc.rule})."


def _refusal_template(exc: IllegalAction, t: gettext.NullTranslations) -> str:
    """A refusal's template in ``t``'s language, in the form its count asks for."""
    template = getattr(exc, "template", exc.message)
    plural = getattr(exc, "plural", None)
    if plural is not None:
        count = exc.values["n"]
        return t.ngettext(template, plural, count if isinstance(count, int) else 2)
    return t.gettext(template)


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
            value = (_refusal_template(value, t).format(**value.values) if value.values
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
