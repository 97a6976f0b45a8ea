"""The guided first game: a short scripted game that says what to do next and why.

One human ("Player 1", seat 0) against three of the book's virtual players, classic rules on the
Europe board, seed :data:`GUIDE_SEED`. The virtual players are deterministic (seed + log),
so the human's scripted actions (:data:`GUIDE_SCRIPT`) always meet the same position: choose
a civilization, enter the board, conquer (the cost explained term by term), finish,
reorganize (which ends the turn and scores), a second turn of conquests against a virtual
player, a decline and the choice of a new civilization. After that the game is the
player's: :func:`guide_step` says so and :func:`refusal` no longer refuses anything.

Everything is derived from the game state: which scripted action comes next is the number
of the human's actions in the log that followed the script (so undo and reloads need no
bookkeeping), and every number the texts give (costs, tokens, VP) is computed from the real
position. The seed and script were chosen by ``bench/guide_seed.py``.

>>> from vinci_core.turn.state import new_game
>>> state = new_game(guide_config())
>>> guide_step(state, "en").key
'wait'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..game.actions import Action, parse_action
from ..game.costs import conquest_cost
from ..text.i18n import N_, translations
from ..turn.choose import tokens_received
from ..turn.state import GameState, new_game
from .presenter import province_name, term_label

if TYPE_CHECKING:
    from ..turn.schemas import GameConfig

HUMAN = 0  # the human's seat in the guided game
GUIDE_SEED = 101  # bench/guide_seed.py: the clearest story of seeds 1-300
# The human's actions, in order (bench/guide_seed.py prints them for its seed).
GUIDE_SCRIPT: tuple[dict[str, Any], ...] = (
    {"kind": "choose", "slot": 1},
    {"kind": "conquer", "province": "prussia"},
    {"kind": "conquer", "province": "poland"},
    {"kind": "conquer", "province": "northern_italy"},
    {"kind": "finish"},
    {"kind": "place_all", "placement": {"northern_italy": 5, "poland": 5, "prussia": 4}},
    {"kind": "conquer", "province": "saxony"},
    {"kind": "conquer", "province": "ukraine"},
    {"kind": "finish"},
    {"kind": "place_all", "placement": {"northern_italy": 3, "poland": 3, "prussia": 3,
                                        "saxony": 3, "ukraine": 2}},
    {"kind": "decline"},
    {"kind": "choose", "slot": 1},
)


# The engine's cost and scoring terms (costs.conquest_cost, scoring.score_terms) in the
# guide's words; a term not listed here is worded as the page's cost line words it
# (term_words).
TERM_LABELS: dict[str, str] = {
    "open terrain": N_("open terrain"),
    "forest or mountain": N_("forest or mountain"),
    "defending tokens": N_("defending tokens"),
    "fort": N_("fort"),
    "attack from a mountain or fort": N_("attack from a mountain or fort"),
    "active provinces": N_("provinces of your empire"),
    "active tiles": N_("bonus of your civilization"),
    "declined provinces": N_("provinces in decline"),
    "decline-proof tiles": N_("bonus that survives the decline"),
}


def guide_config(lang: str = "en", seed: int = GUIDE_SEED) -> GameConfig:
    """The guided game: solo on Europe, classic rules, the book's virtual players."""
    # Here, not at the top: only the guided game needs the book's virtual player.
    from ..players.virtual import VirtualPlayer, solo

    # Names, not pronouns: the log's third-person sentences take them ("Player 1's turn");
    # the virtual players are named as in any other game of the page.
    tr = translations(lang, "guide")
    config = solo(tr.gettext("Player {n}").format(n=1), VirtualPlayer(), map="europe",
                  seed=seed)
    seats = [s.model_copy(update={"name": tr.gettext("Virtual {n}").format(n=i)})
             if s.virtual else s for i, s in enumerate(config.seats)]
    return config.model_copy(update={"seats": seats})


def is_guided(config: GameConfig) -> bool:
    """Whether ``config`` is the guided game's (whatever the language of the name)."""
    reference = guide_config()
    return (config.seed == GUIDE_SEED and config.map == reference.map
            and config.mode == reference.mode and config.ruleset == reference.ruleset
            and [s.virtual for s in config.seats] == [s.virtual for s in reference.seats])


def script_actions() -> list[Action]:
    return [parse_action(a) for a in GUIDE_SCRIPT]


@dataclass(frozen=True)
class Progress:
    """How far the game went along the script."""

    done: int  # scripted actions made
    off_script: bool  # a human action left the script (a game played elsewhere)
    last_scored: tuple[int, tuple[tuple[str, int, str], ...]] | None  # the human's last VP


# The progress of the last few positions: the page asks for the same step on every redraw
# (and again for a refusal), the log is replayed once per position.
_PROGRESS_KEPT = 8
_progress_of: dict[tuple[str, tuple[Action, ...]], Progress] = {}


def progress(state: GameState) -> Progress:
    """How far ``state`` went along the script (computed once per position)."""
    key = (state.config.model_dump_json(), tuple(state.actions))
    found = _progress_of.get(key)
    if found is None:
        found = _replayed_progress(state)
        if len(_progress_of) >= _PROGRESS_KEPT:
            _progress_of.pop(next(iter(_progress_of)))
        _progress_of[key] = found
    return found


def _replayed_progress(state: GameState) -> Progress:
    """Replays the log (a few hundred actions at most) counting the human's scripted ones."""
    script = script_actions()
    replayed = new_game(state.config)
    done, off, scored = 0, False, None
    for action in state.actions:
        human = replayed.current_player == HUMAN
        before = replayed.players[HUMAN].score
        replayed.advance(action)
        if human:
            if done < len(script) and action == script[done]:
                done += 1
            else:
                off = True
            if replayed.players[HUMAN].score > before and replayed.last_score is not None \
                    and replayed.last_score[0] == HUMAN:
                scored = (replayed.players[HUMAN].score - before,
                          tuple(replayed.last_score[1]))
    return Progress(done, off, scored)


@dataclass(frozen=True)
class GuideStep:
    """What the guide shows now.

    ``key``: choose, enter, conquer, finish, reorganize, decline, wait or free; ``point``:
    what to outline (``province``, ``slot``, ``testid``, ``provinces``); ``expected``: the
    scripted action as JSON, None when any action is welcome or none is the human's."""

    key: str
    number: int  # scripted actions done so far
    total: int
    title: str
    text: str
    point: dict[str, Any] = field(default_factory=dict)
    expected: dict[str, Any] | None = None


def _province(state: GameState, pid: str, lang: str) -> str:
    """The province's name as the page shows it in ``lang`` (the vinci catalogue's)."""
    return province_name(state, pid, lang)


def _formula(lang: str, terms: list[tuple[str, int]], total: int) -> str:
    """Terms as a sum, each labelled: ``2 (open terrain) + 1 (defending tokens) = 3``."""
    _ = translations(lang, "guide").gettext
    out = ""
    for i, (label, value) in enumerate(terms):
        text = _("{n} ({what})").format(n=abs(value), what=term_words(label, lang))
        if i:
            out += (" − " if value < 0 else " + ") + text
        else:
            out += ("− " if value < 0 else "") + text
    return f"{out} = {total}"


def term_words(label: str, lang: str = "en") -> str:
    """A cost or score term's label in the guide's words; one the guide does not word (a
    rare tile's discount, an online term) in the page's (``presenter.term_label``), never
    the engine's English label.

    >>> term_words("active provinces", "en"), term_words("Weapons", "de")
    ('provinces of your empire', 'Waffen')
    """
    if label in TERM_LABELS:
        return translations(lang, "guide").gettext(TERM_LABELS[label])
    return term_label(label, lang)


def _cost_text(state: GameState, pid: str, lang: str) -> str:
    cost = conquest_cost(state, pid)
    return _formula(lang, [(t.label, t.value) for t in cost.terms], cost.total)


def _score_text(terms: tuple[tuple[str, int, str], ...], lang: str) -> str:
    return _formula(lang, [(label, points) for label, points, _rule in terms],
                    sum(points for _label, points, _rule in terms))


def _after(state: GameState, action: dict[str, Any]) -> GameState:
    return state.apply(parse_action(action))


def _scored(state: GameState, action: dict[str, Any]) -> tuple[int, tuple[Any, ...]]:
    """The VP the human scores by ``action`` and its terms."""
    after = _after(state, action)
    gained = after.players[HUMAN].score - state.players[HUMAN].score
    terms = after.last_score[1] if after.last_score and after.last_score[0] == HUMAN else ()
    return gained, tuple(terms)


def _placement_text(state: GameState, placement: dict[str, int], lang: str) -> str:
    _ = translations(lang, "guide").gettext
    # In the board's English order: the same order, hence the same numbers, in every language.
    return ", ".join(_("{province}: {n}").format(province=_province(state, pid, lang), n=n)
                     for pid, n in sorted(placement.items(),
                                          key=lambda kv: state.board.province(kv[0]).name))


def instruction(state: GameState, expected: dict[str, Any], lang: str) -> str:
    """The scripted action in a few words (the refusal repeats it)."""
    _ = translations(lang, "guide").gettext
    kind = expected["kind"]
    if kind == "choose":
        return _("click the civilization in slot {slot}.").format(slot=expected["slot"])
    if kind == "conquer":
        return _("click {province}, outlined on the board.").format(
            province=_province(state, expected["province"], lang))
    if kind == "finish":
        return _("click Finish conquering.")
    if kind == "place_all":
        return _("set the tokens to {placement} with + and −, then click Place tokens.").format(
            placement=_placement_text(state, expected["placement"], lang))
    if kind == "decline":
        return _("click Decline.")
    return _("follow the outlined control.")


def free_step(done: int, lang: str) -> GuideStep:
    """The end of the script: from here on the game is the player's."""
    _ = translations(lang, "guide").gettext
    return GuideStep(
        "free", done, len(GUIDE_SCRIPT), _("The rest of the game is yours"),
        _("You have chosen a civilization, entered the board, conquered, reorganized, "
          "scored and declined: that is the whole game. Play on as you like, or leave "
          "the guide to go back to your own game."))


def guide_step(state: GameState, lang: str) -> GuideStep:
    """What to do now and why, in ``lang``."""
    where = progress(state)
    if where.off_script or where.done >= len(GUIDE_SCRIPT) or state.is_terminal:
        return free_step(where.done, lang)
    if state.current_player != HUMAN:
        return _wait_step(where, lang)
    expected = GUIDE_SCRIPT[where.done]
    kind = expected["kind"]
    if kind not in _STEPS:
        raise ValueError(f"the guide has no step for {kind!r}")  # pragma: no cover
    return _STEPS[kind](state, expected, where.done, lang)


def _guide_texts(lang: str) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """The guide catalogue's gettext and ngettext: the steps call them ``_`` and ``ngettext``,
    the names build/catalogues.py extracts messages from."""
    tr = translations(lang, "guide")
    return tr.gettext, tr.ngettext


def _wait_step(where: Progress, lang: str) -> GuideStep:
    """The virtual players' turns; the first words after the human's turn give its score."""
    _, ngettext = _guide_texts(lang)
    text = _("The virtual players take their turns: their moves show as notices on the "
             "board and in the move log. Your turn comes next.")
    if where.last_scored is not None:
        points, terms = where.last_scored
        text = ngettext("You scored {n} victory point: {sum}.",
                        "You scored {n} victory points: {sum}.", points).format(
            n=points, sum=_score_text(terms, lang)) + " " + text
    return GuideStep("wait", where.done, len(GUIDE_SCRIPT), _("The others play"), text)


def _choose_step(state: GameState, expected: dict[str, Any], done: int,
                 lang: str) -> GuideStep:
    """The first civilization, or the new one after the decline."""
    _, ngettext = _guide_texts(lang)
    player = state.players[HUMAN]
    # The numbers the display beside the guide shows (table.view: turn.choose's
    # tokens_received, the ruleset's slot_price).
    tokens = tokens_received(state, HUMAN, expected["slot"])
    price = state.ruleset.slot_price
    if player.declined_civ is None:
        title = _("Choose a civilization")
        text = ngettext(
            "In Vinci you lead one civilization after another. Each is two tiles of "
            "abilities and a number of tokens. The civilization in slot 1 costs nothing "
            "(each slot further down costs {price} VP per slot above it), and this one "
            "brings {tokens} tokens: click it.",
            "In Vinci you lead one civilization after another. Each is two tiles of "
            "abilities and a number of tokens. The civilization in slot 1 costs nothing "
            "(each slot further down costs {price} VP per slot above it), and this one "
            "brings {tokens} tokens: click it.", price).format(price=price, tokens=tokens)
    else:
        title = _("Choose a new civilization")
        text = ngettext(
            "Your old empire stays on the board in decline. Now take a fresh "
            "civilization: the one in slot {slot} brings {n} token, and it "
            "enters the board on your next turn. Click it.",
            "Your old empire stays on the board in decline. Now take a fresh "
            "civilization: the one in slot {slot} brings {n} tokens, and it "
            "enters the board on your next turn. Click it.", tokens).format(
            slot=expected["slot"], n=tokens)
    return GuideStep("choose", done, len(GUIDE_SCRIPT), title, text, {"slot": expected["slot"]},
                     expected)


def _conquer_step(state: GameState, expected: dict[str, Any], done: int,
                  lang: str) -> GuideStep:
    """A conquest (the entry onto the board when the empire has no province yet), its cost
    term by term and what the defenders lose."""
    _, ngettext = _guide_texts(lang)
    hand = state.players[HUMAN].hand
    pid = expected["province"]
    cost = conquest_cost(state, pid).total
    name = _province(state, pid, lang)
    pay = ngettext("It costs {cost} token: {sum}.", "It costs {cost} tokens: {sum}.",
                   cost).format(cost=cost, sum=_cost_text(state, pid, lang))
    left = ngettext("You have {hand} token in hand, {left} after this conquest.",
                    "You have {hand} tokens in hand, {left} after this conquest.",
                    hand).format(hand=hand, left=hand - cost)
    owner = state.owner[state.board.index[pid]]
    if not state.empire(HUMAN):
        title = _("Enter the board")
        why = _("A new civilization enters the board through a province on its edge or "
                "its coast. Click {province}.").format(province=name)
    else:
        title = _("Conquer {province}").format(province=name)
        why = _("An empire grows from province to neighbouring province. Click "
                "{province}.").format(province=name)
    parts = [why, pay]
    defenders = state.tokens[state.board.index[pid]]
    if owner >= 0:
        parts.append(ngettext(
            "It belongs to {player}: their {n} token there adds {n} to the cost, and "
            "they lose it.",
            "It belongs to {player}: their {n} tokens there add {n} to the cost; they "
            "lose one and take the others back.", defenders).format(
            player=state.config.seats[owner].name, n=defenders))
    elif defenders:
        parts.append(ngettext("A native people holds it: its {n} token adds {n} to the cost.",
                              "A native people holds it: its {n} tokens add {n} to the cost.",
                              defenders).format(n=defenders))
    parts.append(left)
    return GuideStep("enter" if not state.empire(HUMAN) else "conquer", done, len(GUIDE_SCRIPT),
                     title, " ".join(parts), {"province": pid}, expected)


def _finish_step(state: GameState, expected: dict[str, Any], done: int,
                 lang: str) -> GuideStep:
    """The end of the conquests, with tokens left in hand."""
    _, ngettext = _guide_texts(lang)
    hand = state.players[HUMAN].hand
    text = ngettext(
        "Stop conquering here: click Finish conquering. The {n} token left in your hand "
        "is not lost: next you spread your tokens over your provinces.",
        "Stop conquering here: click Finish conquering. The {n} tokens left in your "
        "hand are not lost: next you spread your tokens over your provinces.",
        hand).format(n=hand)
    return GuideStep("finish", done, len(GUIDE_SCRIPT), _("Finish conquering"), text,
                     {"testid": "finish-conquest"}, expected)


def _reorganize_step(state: GameState, expected: dict[str, Any], done: int,
                     lang: str) -> GuideStep:
    """The reorganization, the placement to set and the score it brings."""
    _, ngettext = _guide_texts(lang)
    hand = state.players[HUMAN].hand
    placement = expected["placement"]
    points, terms = _scored(state, expected)
    text = " ".join((
        _("Reorganize: every token of your empire is in your hand again ({n}). Each "
          "province keeps at least one; a province that others can reach is dearer to "
          "take for each token on it.").format(n=hand),
        _("Set {placement} with + and −, then click Place tokens.").format(
            placement=_placement_text(state, placement, lang)),
        ngettext("That ends your turn, and you score {n} victory point: {sum}.",
                 "That ends your turn, and you score {n} victory points: {sum}.",
                 points).format(n=points, sum=_score_text(terms, lang))))
    return GuideStep("reorganize", done, len(GUIDE_SCRIPT), _("Reorganize and score"), text,
                     {"testid": "place-all", "provinces": sorted(placement)}, expected)


def _decline_step(state: GameState, expected: dict[str, Any], done: int,
                  lang: str) -> GuideStep:
    """The decline: why now, and what the old empire still scores."""
    _, ngettext = _guide_texts(lang)
    points, terms = _scored(state, expected)
    provinces = len(state.empire(HUMAN))
    text = " ".join((
        ngettext("Your empire holds {n} province and its tokens are spread thin: it "
                 "would grow slowly now.",
                 "Your empire holds {n} provinces and its tokens are spread thin: it "
                 "would grow slowly now.", provinces).format(n=provinces),
        _("Put it into decline: click Decline. It stays on the board with one token "
          "per province and goes on scoring for you until others take it."),
        ngettext("This turn it scores {n} victory point: {sum}.",
                 "This turn it scores {n} victory points: {sum}.", points).format(
            n=points, sum=_score_text(terms, lang)),
        _("Then you choose a new civilization at once.")))
    return GuideStep("decline", done, len(GUIDE_SCRIPT), _("Decline"), text,
                     {"testid": "decline"}, expected)


# The step for each kind of scripted action; "place_all" is the reorganization, the step's key.
_STEPS: dict[str, Callable[[GameState, dict[str, Any], int, str], GuideStep]] = {
    "choose": _choose_step,
    "conquer": _conquer_step,
    "finish": _finish_step,
    "place_all": _reorganize_step,
    "decline": _decline_step,
}


def refusal(state: GameState, action: Action | dict[str, Any], lang: str) -> str | None:
    """None when ``action`` follows the script (or the script is over); otherwise a gentle
    word saying what the guide expects. The caller does not play a refused action."""
    step = guide_step(state, lang)
    if step.expected is None:
        return None
    if not isinstance(action, Action):
        action = parse_action(action)
    if action == parse_action(step.expected):  # a placement compares as sorted pairs
        return None
    _ = translations(lang, "guide").gettext
    return _("Not that one — in this guided game, {instruction}").format(
        instruction=instruction(state, step.expected, lang))


def step_counter(step: GuideStep, lang: str) -> str:
    """"Step 3 of 12": the scripted action to make now (the last one once all are made)."""
    _ = translations(lang, "guide").gettext
    return _("Step {n} of {total}").format(n=min(step.number + 1, step.total), total=step.total)
