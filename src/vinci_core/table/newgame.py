"""The new-game dialog in plain data: what it offers for each ruleset (game types, player
counts, boards, AI levels, option presets) and its fields turned into a
:class:`~vinci_core.turn.schemas.GameConfig`, with a readable message for anything wrong.

No game state here: the page's first visit builds the dialog before it has loaded the
engine (issue 11); pydantic and the virtual players are imported only when a form is read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.config import EDITIONS, MAX_TARGET_VP, SEATING
from ..text.i18n import N_, translations
from .palette import DEFAULT_COLOURS

if TYPE_CHECKING:
    from gettext import NullTranslations

    from ..players.virtual import VirtualPlayer
    from ..turn.schemas import GameConfig, Seat

MODES = ("hotseat", "solo", "two_player")
SEAT_COLOURS = DEFAULT_COLOURS  # the dialog's default colour of each row

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
    seating = SEATING[ruleset]
    if ruleset == "online":
        modes: tuple[str, ...] = ("hotseat",)
    else:
        modes = MODES
    return {"modes": list(modes),
            "counts": list(range(seating.min_seats, seating.max_seats + 1)),
            "boards": [{"value": b, "label": BOARD_LABELS[b]} for b in RULESET_BOARDS[ruleset]],
            "classic_options": ruleset == "classic"}


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
    t = translations(lang)
    # Each section raises at its first mistake: their order decides which of several
    # mistakes a form is told about, so it stays the order the checks have always had.
    ruleset, mode, board = _game_type(form)
    if ruleset == "online":
        # The hidden classic-only fields do not apply (Y-3.4.6, Y-3.6, Y-6.1, Y-8).
        form = {k: v for k, v in form.items() if k not in CLASSIC_ONLY_FIELDS}
    names = _player_names(form, mode, ruleset, t)
    options = _rule_options(form, ruleset, board, lang)
    levels = _player_levels(form, mode, ruleset)
    human_colours = _human_colours(form, names, t)
    robot = _virtual_player(form)
    return _seated_config(mode, names, human_colours, levels, robot, options, t)


def _game_type(form: dict[str, Any]) -> tuple[str, str, str]:
    """The kind of game: the ruleset, the game type and the board it is played on."""
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
    return ruleset, mode, board


def _player_names(form: dict[str, Any], mode: str, ruleset: str,
                  t: NullTranslations) -> list[str]:
    """The human players' names: as many as the game type seats, distinct and short."""
    names = [str(n).strip() for n in form.get("names") or []]
    humans = {"hotseat": None, "solo": 1, "two_player": 2}[mode]
    if humans is None:
        # A hot-seat table is as long as the rows given a name (empty rows are unused).
        names = [n for n in names if n]
        counts = dialog_choices(ruleset)["counts"]
        low, high = counts[0], counts[-1]
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
    return names


def _rule_options(form: dict[str, Any], ruleset: str, board: str,
                  lang: str) -> dict[str, Any]:
    """GameConfig's options other than the seats: the seed, the target, the board, the
    ruleset and the C-7 options, the edition's preset filling in the ones left out."""
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
    return {**EDITIONS.get(edition, {}), **options}


def _player_levels(form: dict[str, Any], mode: str, ruleset: str) -> list[str]:
    """The form's ``levels``, each one the game type and the ruleset can seat."""
    levels = [str(x).strip() for x in form.get("levels") or []]
    allowed = set(AI_LEVELS) | ({"human"} if mode == "hotseat" else set())
    for wanted in levels:
        if wanted not in allowed:
            known = ", ".join(k for k in ("human", *AI_LEVELS) if k in allowed)
            raise ValueError(f"unknown player level {wanted!r}: choose {known}.")
        if wanted in AI_LEVELS and wanted not in SEATING[ruleset].ai_levels:
            raise ValueError(f"the {AI_LEVEL_LABELS[wanted]} does not play {ruleset} games "
                             f"yet.")
    return levels


def _human_colours(form: dict[str, Any], names: list[str], t: NullTranslations) -> list[str]:
    """Each human's colour (the row's default when none is chosen), no two alike."""
    colours = [str(c).strip() or None for c in form.get("colours") or []]
    human_colours = [(colours[i] if i < len(colours) else None) or SEAT_COLOURS[i]
                     for i in range(len(names))]
    taken = [c.lower() for c in human_colours]
    for i, c in enumerate(taken):
        if c in taken[:i]:
            other = names[taken.index(c)]
            raise ValueError(t.gettext("{name} and {other} have the same colour: choose "
                                       "another for one of them.").format(name=names[i],
                                                                         other=other))
    return human_colours


def _virtual_player(form: dict[str, Any]) -> VirtualPlayer:
    """The book's player with the form's V-2 level and V-4 options: every AI seat's."""
    strength = _text(form, "virtual_level") or "normal"
    if strength not in ("normal", "hard"):
        raise ValueError(f"unknown level of the virtual players {strength!r}.")
    from ..players.virtual import VirtualPlayer

    robot = VirtualPlayer(
        preference="formula" if _text(form, "virtual_preference") == "formula" else "value",
        tiebreak_prefers_humans=_text(form, "virtual_tiebreak") == "humans")
    if strength == "hard":
        robot = VirtualPlayer.hard(robot.preference, robot.tiebreak_prefers_humans)
    return robot


def _seated_config(mode: str, names: list[str], human_colours: list[str], levels: list[str],
                   robot: VirtualPlayer, options: dict[str, Any],
                   t: NullTranslations) -> GameConfig:
    """The GameConfig of the checked fields; what only pydantic checks (a colour's form, a
    board that does not exist) comes back as its first complaint, in a sentence."""
    from pydantic import ValidationError

    from ..turn.schemas import GameConfig  # the edge: pydantic validates the form

    try:
        seats = _seats(mode, names, human_colours, levels, robot, t)
        if mode == "hotseat":
            return GameConfig(seats=seats, **options)
        return GameConfig(seats=seats, mode=mode, **options)
    except ValidationError as exc:
        first_error = exc.errors()[0]
        where = ".".join(str(x) for x in first_error.get("loc", ()))
        raise ValueError(f"Invalid setting {where}: {first_error.get('msg')}.") from None


def _seats(mode: str, names: list[str], human_colours: list[str], levels: list[str],
           robot: VirtualPlayer, t: NullTranslations) -> list[Seat]:
    """The seats in table order: a hot-seat table's rows, the solo human before the three
    virtual players, the two-player game's humans each followed by a virtual partner."""
    from ..turn.schemas import Seat

    # Virtual seats take the first default colours that no human has chosen.
    taken = [c.lower() for c in human_colours]
    spare = iter(c for c in SEAT_COLOURS if c.lower() not in taken)

    def virtual(n: int) -> str:
        """A virtual seat's name, in the language of the page that made the game."""
        return t.gettext("Virtual {n}").format(n=n)

    def ai_seat(name: str, colour: str | None, i: int) -> Seat:
        """The i-th AI seat: the rulebook's player with the options above, at the level
        chosen for it (issue 13)."""
        seat = robot.seat(name, colour)
        chosen = levels[i] if i < len(levels) else DEFAULT_AI_LEVEL
        # The default level stays out of the config (D-14).
        return (seat.model_copy(update={"ai_level": chosen}) if chosen != DEFAULT_AI_LEVEL
                else seat)

    humans_seats = [Seat(name=n, colour=c) for n, c in zip(names, human_colours,
                                                             strict=True)]
    if mode == "hotseat":
        return [ai_seat(s.name, s.colour, i)
                if i < len(levels) and levels[i] != "human" else s
                for i, s in enumerate(humans_seats)]
    if mode == "solo":
        return humans_seats + [ai_seat(virtual(i), next(spare), i - 1)
                               for i in (1, 2, 3)]
    return [humans_seats[0], ai_seat(virtual(1), next(spare), 0),
            humans_seats[1], ai_seat(virtual(2), next(spare), 1)]


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


# AI levels as the new-game dialog offers them (vinci_core.players.levels), the ladder's
# order, weakest first; a virtual seat starts at the default level, by the book.
AI_LEVELS = ("easy", "book", "strong", "expert")
DEFAULT_AI_LEVEL = "book"
# A level's name in its menu is short, for a menu shows its choice on one line and a phone
# cuts what does not fit (issue 31: "AI: expert (thinks longer)" did not); what the level
# is comes in its line below the menus (AI_LEVEL_LINES).
AI_LEVEL_LABELS = {"human": N_("Human"), "easy": N_("AI: easy"), "book": N_("AI: by the book"),
                   "strong": N_("AI: strong"), "expert": N_("AI: expert")}
# What each level is, in a line: the dialog shows them under its level selectors.
AI_LEVEL_LINES = {
    "easy": N_("Easy: plays by the book with a beginner's mistakes; for a first game."),
    "book": N_("By the book: the rulebook's virtual player, a fixed procedure anyone can "
               "follow."),
    "strong": N_("Strong: thinks a few turns ahead; a challenge once you know the game."),
    "expert": N_("Expert: the strong AI with more time to think, up to two seconds a "
                 "move.")}


def level_lines(ruleset: str = "classic", lang: str = "en") -> list[dict[str, str]]:
    """The dialog's line for each AI level ``ruleset`` seats, weakest first.

    >>> [row["value"] for row in level_lines()]
    ['easy', 'book', 'strong', 'expert']
    """
    t = translations(lang)
    return [{"value": k, "label": t.gettext(AI_LEVEL_LABELS[k]),
             "line": t.gettext(AI_LEVEL_LINES[k])}
            for k in AI_LEVELS if k in SEATING[ruleset].ai_levels]


def level_rows(mode: str, count: int, ruleset: str = "classic",
               lang: str = "en") -> list[dict[str, Any]]:
    """The dialog's level selectors, one per seat an AI may play, in the order of the
    form's ``levels``: solo and two-player games list their virtual seats (``default``: by
    the book); a hot-seat table lists every seat (default: human). Only the levels that
    ``ruleset`` seats are offered (``config.SEATING``: today every level, in both
    rulesets), weakest first.
    """
    seated = SEATING[ruleset].ai_levels
    t = translations(lang)

    def options(keys: tuple[str, ...]) -> list[dict[str, str]]:
        return [{"value": k, "label": t.gettext(AI_LEVEL_LABELS[k])} for k in keys
                if k == "human" or k in seated]

    if mode in ("solo", "two_player"):
        return [{"label": t.gettext("Virtual {n}").format(n=i), "options": options(AI_LEVELS),
                 "default": DEFAULT_AI_LEVEL}
                for i in range(1, (3 if mode == "solo" else 2) + 1)]
    return [{"label": t.gettext("Player {n}").format(n=i + 1),
             "options": options(("human", *AI_LEVELS)), "default": "human"}
            for i in range(count)]


def default_name(i: int, lang: str = "en") -> str:
    """The new-game form's first name for player ``i`` (from 0) in ``lang``: a name, never
    a pronoun, for the log's third-person sentences take it ("Player 1's turn")."""
    return translations(lang).gettext("Player {n}").format(n=i + 1)
