"""The rules reference: the game explained to a player, in the page's four languages.

The reference is data: a list of :class:`Section` (an anchor, a title, paragraphs and the
rule ids it covers), written in the project's own words from RULES.md (C-, V-, D- ids) and
ONLINE.md (Y- ids). It covers a turn, choosing a civilization and the display, conquests
and their cost, cohesion, scoring, decline, the end, the edition options in force in the
current game, and a glossary entry for every tile of the game's ruleset.

* :func:`sections` gives the reference of a game (language, ruleset, options);
* :func:`section_for` finds the most specific section covering a rule id the page shows
  (cost terms, refusals, log lines), so every id can be a link into the reference;
* :func:`search` ranks sections for what a player types;
* :func:`display_help` says in plain words what the civilization display shows.

Every text is a gettext message of the ``reference`` domain (``locale/*/reference.po``).

>>> [s.anchor for s in sections("en")][:3]
['overview', 'turn', 'choose']
>>> section_for("C-4").anchor
'costs'
>>> section_for("C-3.3.10").anchor
'tile-espionage'
>>> section_for("Y-9.24", "online").title
'Religion'
>>> sections("de")[1].title
'Ein Zug'
>>> search("en", "espionage")[0].anchor
'tile-espionage'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..game.tiles import ruleset_tiles
from ..text.i18n import N_, translations
from .tilewords import tile_name

Ruleset = str  # "classic" or "online"
RULE_ID = re.compile(r"\b[CVDY]-\d+(?:\.\d+)*\b")


@dataclass(frozen=True, slots=True)
class Section:
    """One place of the reference, as the page shows it (already translated)."""

    anchor: str  # stable: the page links to it ("costs", "tile-espionage")
    title: str
    paragraphs: tuple[str, ...]
    rules: tuple[str, ...]  # the rule ids it covers (a prefix covers its sub-rules)
    tile: str | None = None  # glossary entries: the tile's id


@dataclass(frozen=True, slots=True)
class _Para:
    text: str  # an English message id
    only: Ruleset | None = None  # the ruleset it belongs to; None: both


@dataclass(frozen=True, slots=True)
class _Spec:
    anchor: str
    title: str
    rules: tuple[str, ...]
    paragraphs: tuple[_Para, ...]
    only: Ruleset | None = None


def _classic(text: str) -> _Para:
    return _Para(text, "classic")


def _online(text: str) -> _Para:
    return _Para(text, "online")


# The rules sections, in reading order. An id listed here that a tile entry also lists
# (C-3.3.8) is kept by the rules section: the first of equally specific sections wins.
_RULES: tuple[_Spec, ...] = (
    _Spec("overview", N_("The game in short"), ("C-1", "Y-0", "Y-1"), (
        _Para(N_("Each player leads one people after another. A people arrives with a "
                 "number of tokens, spreads over the map by conquering provinces, scores "
                 "victory points every turn and, once it has grown too thin, goes into "
                 "decline so that its player can start a fresh one.")),
        _classic(N_("3 to 6 players, each starting with 10 VP. Alone or with two players, "
                    "virtual players fill the table up to four seats. Every land province "
                    "except the mountains starts with one neutral token.")),
        _online(N_("The online ruleset: 2 to 5 players, each starting with 5 VP, a fixed "
                   "number of rounds, deserts and rivers, and 35 tiles, ten of them new. "
                   "Mountains, deserts and rivers start without a neutral token.")),
        _Para(N_("Round 1 is only for choosing civilizations; from round 2 on every "
                 "player takes normal turns.")),
    )),
    _Spec("turn", N_("A turn"), ("C-1.7", "C-3", "C-3.1", "C-3.1.3", "C-3.2", "C-3.2.2", "D-1",
                                 "D-2", "D-4", "D-5", "Y-3", "Y-3.1", "Y-3.2", "Y-3.3"), (
        _Para(N_("At the start of your turn you either expand or declare your people in "
                 "decline. An expansion turn has four steps: pick up tokens (or enter the "
                 "map), conquer, put your tokens back in place, and score.")),
        _Para(N_("Picking up is automatic: one token stays in each of your provinces and "
                 "the others come to your hand. Before your first conquest you may also "
                 "empty provinces completely; they are then no longer yours.")),
        _Para(N_("A new people starts with all its tokens in hand and must enter the map: "
                 "its first province touches the edge of the board, or lies across one sea "
                 "from it. Astronomy may enter across several seas, and Revolutionaries "
                 "anywhere.")),
        _online(N_("Online, the turn also holds the new tiles' moments: the Diplomacy "
                   "partner is named first, Mercenaries and Medicine add tokens before you "
                   "pick up, Armies conquer twice, and Culture adds tokens before you "
                   "reorganize. Rivers are not land: only Insurgents enter in one.")),
    )),
    _Spec("choose", N_("Choosing a civilization"), ("C-2", "C-1.4", "C-1.5", "Y-2", "Y-1.4"), (
        _Para(N_("A civilization is a pair of tiles. Six pairs lie in the display, from "
                 "slot I to slot VI; you pick one at the start of the game and in every "
                 "decline turn.")),
        _Para(N_("The further right the pair, the more it costs, and each slot you pass "
                 "over gets one of your coins. The pair you take may carry coins left by "
                 "others: they pay you back. The pairs to its right move one slot left and "
                 "a new pair is drawn into slot VI.")),
        _Para(N_("A pair never holds two tiles of the same ability. Your people's tokens "
                 "are the two numbers on its tiles plus the extra tokens of the table.")),
    )),
    _Spec("display", N_("The civilization display in plain words"),
          ("C-2.2", "C-2.3", "C-2.5", "Y-2.2", "Y-2.3", "Y-2.5"), ()),
    _Spec("conquest", N_("Conquering"), ("C-3.3", "C-3.3.8", "Y-3.4", "Y-3.4.6"), (
        _Para(N_("Each conquest takes a province next to your empire: one sharing a land "
                 "border or a strait with a province you hold, including provinces taken "
                 "earlier this turn. Seas cannot be crossed, except with Astronomy.")),
        _Para(N_("You pay the cost from your hand and the tokens you paid stay in the "
                 "province. The defender loses one token for good; its other tokens there "
                 "go back to its other provinces at the end of your turn. Attacking never "
                 "costs you tokens.")),
        _Para(N_("You cannot attack your own active provinces, but you may take your own "
                 "declined ones. Taking a province next to your declined empire empties "
                 "those declined provinces at once, unless your people has Heritage.")),
        _online(N_("Online, the contact with your declined empire does not empty it where "
                   "either province is a river.")),
    )),
    _Spec("costs", N_("What a conquest costs"), ("C-4", "Y-4"), (
        _Para(N_("The price is counted in tokens: 2 to start with, 3 for a forest or a "
                 "mountain; +1 for every token of someone else in the province; +1 for a "
                 "fort; +1 if the owner's active people has Militia.")),
        _classic(N_("Then the discounts, 1 each: attacking from a neighbouring mountain or "
                    "fort, Weapons, Mountaineering against a mountain, Ship Building when "
                    "both provinces touch the same sea. A conquest can cost nothing; then "
                    "no token goes into the province.")),
        _online(N_("Online, rivers cost 1 and deserts 2 to start with, every fort counts "
                   "+1, and only a neighbouring mountain gives a discount as origin. Weapons, "
                   "Mountain people, Galleys, Warships, Cavalry and Camels each take 1 off. "
                   "A conquest always costs at least 1, except with Religion.")),
        _Para(N_("Espionage replaces the whole count: once per turn, one conquest costs "
                 "exactly 2. When you point at a province, the page lists every term of its "
                 "cost with its rule.")),
    )),
    _Spec("cohesion", N_("Cohesion and reorganization"),
          ("C-3.4", "C-3.4.1", "C-3.5", "Y-3.5", "Y-3.6"), (
        _Para(N_("After your last conquest your active empire must be in one piece. If it "
                 "is split, you keep one part and the tokens of the others come to your "
                 "hand. Messengers need not hold together; declined empires never do.")),
        _Para(N_("Then you place all your tokens again as you like, at least one in every "
                 "province you keep. If you have fewer tokens than provinces, you choose "
                 "which provinces to keep, still in one piece.")),
        _classic(N_("At the end of your turn, each player you attacked puts back the tokens "
                    "that survived, in the provinces they still hold (or the page does it "
                    "for them, if the game says so).")),
        _online(N_("Online, the surviving tokens of an attacked empire are put back by the "
                   "page at the end of the turn, one by one, into its weakest provinces.")),
    )),
    _Spec("scoring", N_("Scoring"), ("C-3.6", "C-3.6.2", "C-3.6.3", "D-8", "D-12", "Y-3.7",
                                     "Y-3.7.2"), (
        _Para(N_("At the end of every turn, decline turns included, you score 1 VP for "
                 "each province of your active and of your declined empire. Mountains "
                 "score nothing.")),
        _online(N_("Online, deserts and rivers score nothing either.")),
        _Para(N_("Your active people's tiles add their bonuses: farmland, pasture, mines, "
                 "ports, mountains and so on, as their glossary entries say. A declined "
                 "empire keeps only the bonus of a decline-proof tile (the broken column).")),
        _Para(N_("The move log shows each turn's score with its terms and their rules.")),
    )),
    _Spec("decline", N_("Decline"), ("C-5", "D-3", "Y-5"), (
        _Para(N_("Instead of expanding, you may declare your people in decline at the start "
                 "of your turn. Your previous declined empire leaves the map, one token "
                 "stays in each province of the new one, and those provinces go on "
                 "scoring for you until others take them.")),
        _classic(N_("Its tiles go back to the bag, except the decline-proof scoring tiles. "
                    "Forts already built stay.")),
        _online(N_("Online, both tiles stay with the declined empire until it has no "
                   "province left; only the decline-proof ones still act.")),
        _Para(N_("You score, then choose a new civilization, which enters the map on your "
                 "next turn. With Rebirth you decline at the end of a normal turn instead "
                 "and choose at once.")),
        _Para(N_("A player has at most one active and one declined empire. An active people "
                 "that lost every province keeps its tokens and enters again on its next "
                 "turn.")),
    )),
    _Spec("end", N_("The end of the game"), ("C-6", "D-6", "Y-6"), (
        _classic(N_("When someone reaches the target score, the round is played to its end "
                    "so that everyone has had as many turns. The highest score wins; equal "
                    "highest scores share the victory.")),
        _online(N_("The game lasts a fixed number of rounds: 13 with 2 players, 12 with 3, "
                   "11 with 4 and 10 with 5, the choosing round included. Equal scores "
                   "share their place.")),
    )),
    _Spec("options", N_("Options of this game"), ("C-7", "Y-8"), ()),
    _Spec("board", N_("The board"), ("C-8", "Y-7", "D-21", "D-22", "D-23", "D-24", "D-25",
                                     "D-26"), (
        _Para(N_("Every land province has a terrain (farmland, pasture, hills, forest or "
                 "mountain) and may show a mine or a port. Land out of play counts as the "
                 "edge of the board. Narrow straits join the provinces on both sides.")),
        _online(N_("Online maps may add deserts and rivers. A river is a province you can "
                   "conquer and hold, but not land.")),
        _Para(N_("On a touch screen, the first tap on a province shows what it would do "
                 "and cost; the second tap does it.")),
    )),
    _Spec("virtual", N_("Virtual players"), ("V-1", "V-2", "V-3", "V-4", "V-5", "V-6", "V-7",
                                             "V-8", "D-13", "D-15", "D-16", "D-17", "D-18",
                                             "D-19", "D-20"), (
        _classic(N_("Virtual players always take the pair in slot I and get 8 extra tokens. "
                    "They conquer greedily the provinces worth most this turn, cheapest "
                    "first, spread their tokens so every province is as hard to take, and "
                    "ignore cohesion.")),
        _classic(N_("They decline when their empire is worth little and a die roll says "
                    "so; ties are settled by the game's own dice, so a game replays "
                    "exactly.")),
    ), only="classic"),
    _Spec("tiles", N_("Civilization tiles"), ("C-9", "Y-9"), (
        _Para(N_("Each tile names an ability and a number of tokens. A tile with a broken "
                 "column is decline-proof: its bonus keeps scoring for your declined "
                 "empire. All modifiers add up.")),
        _classic(N_("Specialization counts as a second copy of the other tile of its "
                    "pair.")),
    )),
)

# A glossary text for every tile ability; the decline-proof versions add _DECLINE_PROOF.
_GLOSSARY: dict[str, str] = {
    "agriculture": N_("Each farmland province of the empire scores 1 VP more."),
    "livestock": N_("Each pasture province of the empire scores 1 VP more."),
    "mining": N_("Each province with a mine scores 2 VP more, mountains included."),
    "ports": N_("Each province with a port scores 1 VP more."),
    "currency": N_("Every province of the empire scores 1 VP more, mountains included."),
    "slavery": N_("Each neutral or enemy token your conquests removed this turn scores 1 "
                  "VP. Your own declined tokens and forts do not count."),
    "ship_building": N_("A conquest costs 1 less when the province you attack from and the "
                        "one you take touch the same sea, also when entering from the "
                        "sea."),
    "espionage": N_("Once per turn, one conquest costs exactly 2 tokens, whatever defends "
                    "the province."),
    "mountaineering": N_("Conquering a mountain costs 1 less, and each mountain of the "
                         "empire scores 1 VP."),
    "militia": N_("Conquering any province of this active empire costs the attacker 1 "
                  "more."),
    "weapons": N_("Every conquest costs 1 less."),
    "fortification": N_("At the end of each turn, build a fort in one of your provinces: "
                        "it makes the province cost 1 more to take and gives 1 off when "
                        "you attack from it. Forts outlast the decline."),
    "field_general": N_("Every turn, 7 extra tokens join your hand for conquests only; they "
                        "leave before you reorganize."),
    "astronomy": N_("Seas are no barrier: enter and conquer across one or more seas, and "
                    "the empire holds together across them."),
    "medicine": N_("One more token joins your people at the start of each of its turns, "
                   "the entry turn included."),
    "messengers": N_("The empire need not hold together: no part is lost after "
                     "conquering."),
    "diplomacy": N_("At the start of your turn, name one opponent: neither of you may "
                    "attack the other's active empire until your next turn."),
    "barbarians": N_("No ability, but many tokens."),
    "specialization": N_("Counts as a second copy of the other tile: its token number plus "
                         "one, and its ability twice where it can add up."),
    "rebirth": N_("Decline at the end of a normal turn, after scoring, and choose the next "
                  "civilization at once: you lose no turn."),
    "heritage": N_("Your active empire may grow next to your declined one without emptying "
                   "it."),
    "revolutionaries": N_("The people may enter the map in any province, not only at the "
                          "edge."),
}
_ONLINE_GLOSSARY: dict[str, str] = {
    "currency": N_("Every province of the empire scores 1 VP more, mountains and deserts "
                   "included, rivers not."),
    "mercenaries": N_("Every turn, 7 mercenaries join your hand. A conquest may use them "
                      "only together with at least one of your own tokens; spent ones are "
                      "gone, and unused ones leave before cohesion."),
    "fortifications": N_("Every province of the empire except rivers holds a fort, which "
                         "makes it cost 1 more to take. The forts stay after the "
                         "decline."),
    "militia": N_("Every province of the empire except rivers holds a fort (+1 to take it) "
                  "while the people is active; the forts go at its decline."),
    "galleys": N_("Conquering a province next to a sea or a river costs 1 less, entry "
                  "included."),
    "diplomacy": N_("At the start of your turn, name one opponent: neither of you may "
                    "attack the other's active empire, nor use Religion on it, until your "
                    "next turn. Not used with 2 players."),
    "nomads": N_("When another people conquers one of this active empire's provinces, "
                 "it loses no token: all of them go back to its other provinces."),
    "culture": N_("Before you reorganize, gain one token for every two tokens of other "
                  "players your conquests removed this turn."),
    "religion": N_("Once per opponent each turn, take for free a province held by a single "
                   "token of that opponent's active empire, and put a new token of yours "
                   "in it."),
    "warships": N_("Conquering a river costs 1 less, and when this empire loses a river "
                   "province it loses no token."),
    "philosophy": N_("When the people declines, every token it has on the board stays "
                     "where it is."),
    "fishing": N_("The empire scores 1 VP for every two of its provinces next to water "
                  "(a sea or a river), rounded down."),
    "armies": N_("After your conquests, pick up and conquer a second time in the same "
                 "turn."),
    "hordes": N_("When you reorganize, each province gets exactly one token; the others "
                 "wait off the board until your next turn."),
    "cavalry": N_("Conquering farmland, pasture or hills costs 1 less."),
    "camels": N_("Conquering a desert costs 1 less, and each desert scores 1 VP."),
}
# Online tiles that behave as a classic ability under another name.
_COUNTERPART = {"mountain_people": "mountaineering", "descendants": "heritage",
                "couriers": "messengers", "insurgents": "revolutionaries"}
_DECLINE_PROOF = N_("Decline-proof: the bonus keeps scoring for your declined empire.")


# The plain-words help of the civilization display (the "display" section).
_DISPLAY_HELP: tuple[_Para, ...] = (
    _Para(N_("Each row of the display is a civilization you can choose: its number (I to "
             "VI) and its two tiles.")),
    _Para(N_("\"+4\" beside a tile's name is the number of tokens that tile brings. The "
             "civilization's tokens (\"13 tokens\") add up both tiles and the extra tokens "
             "every player gets at this table.")),
    _classic(N_("\"free\": slot I costs nothing. \"cost 2\": taking this pair costs 2 "
                "victory points, 2 for each slot before it, and you leave one coin on each "
                "of those slots.")),
    _online(N_("\"free\": slot I costs nothing. \"cost 2\": taking this pair costs 2 "
               "victory points, 1 for each slot before it, and you leave one coin on each "
               "of those slots.")),
    _classic(N_("\"+1 coin\": coins left by players who passed this pair over. Whoever "
                "takes it gains 2 VP per coin.")),
    _online(N_("\"+1 coin\": coins left by players who passed this pair over. Whoever "
               "takes it gains 1 VP per coin.")),
    _Para(N_("You may only take a pair whose cost is at most your score.")),
)


def _ability(tid: str) -> str:
    return tid.removesuffix("_dp")


def tile_title(tid: str, lang: str, ruleset: Ruleset = "classic") -> str:
    """A tile's name in ``lang``: the page's own (``tilewords.tile_name``), so a glossary
    entry is titled as the display and the panels name its tile.

    >>> tile_title("ship_building", "fr"), tile_title("galleys", "de", "online")
    ('Galères', 'Galeeren')
    """
    if tid not in ruleset_tiles(ruleset):
        raise KeyError(f"no tile {tid!r} in the {ruleset} ruleset")
    return tile_name(tid, ruleset, lang)


def _glossary_text(tid: str, ruleset: Ruleset) -> str:
    ability = _COUNTERPART.get(_ability(tid), _ability(tid))
    if ruleset == "online" and ability in _ONLINE_GLOSSARY:
        return _ONLINE_GLOSSARY[ability]
    return _GLOSSARY[ability]


def _glossary(lang: str, ruleset: Ruleset) -> list[Section]:
    t = translations(lang, "reference")
    tokens = N_("Tokens: {n}.")
    entries = []
    for tid, tile in ruleset_tiles(ruleset).items():
        paragraphs = [t.gettext(_glossary_text(tid, ruleset))]
        if tile.decline_proof:
            paragraphs.append(t.gettext(_DECLINE_PROOF))
        if tile.tokens is not None:
            paragraphs.append(t.gettext(tokens).format(n=tile.tokens))
        rules = tuple(r.strip() for r in tile.rules.split(",") if RULE_ID.fullmatch(r.strip()))
        entries.append(Section(f"tile-{tid}", tile_title(tid, lang, ruleset),
                               tuple(paragraphs), rules, tile=tid))
    return entries


def game_options(config: Any) -> dict[str, object]:
    """The options in force in a game (a :class:`~vinci_core.turn.schemas.GameConfig`), as
    :func:`sections` reads them: each C-7 option's value and the target score.

    >>> from vinci_core.turn.schemas import GameConfig
    >>> game_options(GameConfig.solo())["target"]
    150
    """
    names = ("decline_contact", "automatic_decline", "cut_off_tokens",
             "defender_redistribution", "tile_counts")
    options: dict[str, object] = {name: getattr(config, name) for name in names}
    options["target"] = config.target()
    return options


# Each option's texts by value: only the value in force is shown.
_OPTION_TEXTS: dict[str, dict[object, str]] = {
    "decline_contact": {
        "clear": N_("Your new empire may grow next to your declined one; the declined "
                    "provinces it touches are emptied at once (C-3.3.8)."),
        "forbid": N_("Dutch edition: your new empire may neither take a province next to "
                     "your declined empire nor one of its provinces; Heritage lifts the "
                     "ban (C-3.3.8)."),
    },
    "automatic_decline": {
        False: N_("An active empire that loses every province keeps its tokens and comes "
                  "back on its player's next turn (C-5.5)."),
        True: N_("Dutch edition: an active empire that loses every province declines at "
                 "once, and its player skips a turn (C-7.1)."),
    },
    "cut_off_tokens": {
        "rejoin": N_("When your empire falls apart, the tokens of the parts you give up "
                     "join the part you keep (C-3.4.2)."),
        "removed": N_("Dutch edition: when your empire falls apart, the tokens of the parts "
                      "you give up are removed from the game (C-7.2)."),
    },
    "defender_redistribution": {
        "choose": N_("After losing a province, each player puts the surviving tokens back "
                     "where they like (C-3.5)."),
        "auto": N_("After losing a province, the surviving tokens are put back by the page, "
                   "on the weakest provinces (C-3.5.2)."),
    },
    "tile_counts": {
        "designer": N_("The bag holds 3 Barbarians and 1 Specialization, as the designer "
                       "corrected it."),
        "printed": N_("The bag holds 2 Barbarians and 2 Specializations, as printed."),
    },
}
_TARGET = N_("The game ends after the round in which a player reaches {target} VP (C-6.1).")
_ONLINE_OPTIONS = N_("The online ruleset has no options: the contact rule, the automatic "
                     "return of surviving tokens and its own tiles are fixed, and the game "
                     "ends after its set number of rounds (Y-8).")


def _options_paragraphs(ruleset: Ruleset, options: Mapping[str, object] | None) -> list[str]:
    if ruleset == "online":
        return [_ONLINE_OPTIONS]
    given = dict(options or {})
    out = []
    for name, texts in _OPTION_TEXTS.items():
        default = next(iter(texts))
        value = given.get(name, default)
        if value not in texts:
            raise ValueError(f"unknown value {value!r} of option {name}")
        out.append(texts[value])
    return out


def sections(lang: str, ruleset: Ruleset = "classic",
             options: Mapping[str, object] | None = None) -> list[Section]:
    """The whole reference of a game, in reading order: the rules, then a glossary entry
    per tile of ``ruleset``. ``options`` are the game's (:func:`game_options`); the options
    section shows only the value of each option that is in force."""
    t = translations(lang, "reference")
    out = []
    for spec in _RULES:
        if spec.only not in (None, ruleset):
            continue
        if spec.anchor == "display":
            out.append(display_help(lang, ruleset))
            continue
        texts = [p.text for p in spec.paragraphs if p.only in (None, ruleset)]
        if spec.anchor == "options":
            texts = _options_paragraphs(ruleset, options)
        paragraphs = [t.gettext(text) for text in texts]
        if spec.anchor == "options" and ruleset == "classic":
            target = (options or {}).get("target")
            if isinstance(target, int):
                paragraphs.append(t.gettext(_TARGET).format(target=target))
        out.append(Section(spec.anchor, t.gettext(spec.title), tuple(paragraphs), spec.rules))
    return out + _glossary(lang, ruleset)


def display_help(lang: str, ruleset: Ruleset = "classic") -> Section:
    """What the civilization display shows, in plain words ("+4", "cost 2", "free", the
    coins), with the slot price and coin value of ``ruleset``.

    >>> display_help("en", "online").paragraphs[2][:23]
    '"free": slot I costs no'
    """
    t = translations(lang, "reference")
    spec = next(s for s in _RULES if s.anchor == "display")
    ruleset_tiles(ruleset)  # refuses an unknown ruleset
    return Section(spec.anchor, t.gettext(spec.title),
                   tuple(t.gettext(p.text) for p in _DISPLAY_HELP if p.only in (None, ruleset)),
                   spec.rules)


def _covers(covered: str, rule_id: str) -> bool:
    """``C-3.3`` covers ``C-3.3`` and ``C-3.3.10``, never ``C-3.30``."""
    return rule_id == covered or rule_id.startswith(covered + ".")


def section_for(rule_id: str, ruleset: Ruleset = "classic", lang: str = "en") -> Section | None:
    """The most specific section covering ``rule_id`` (the longest covering id; among
    equals, the first in reading order), or None when no section covers it."""
    rule_id = rule_id.strip()
    best: Section | None = None
    best_len = -1
    for section in sections(lang, ruleset):
        for covered in section.rules:
            if _covers(covered, rule_id) and len(covered) > best_len:
                best, best_len = section, len(covered)
    return best


def fold(text: str) -> str:
    """Text as search compares it: lower case, without accents ("Élevage" ~ "elevage")."""
    import unicodedata  # here: the search box's first use, not the page's start

    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def search(lang: str, query: str, ruleset: Ruleset = "classic",
           options: Mapping[str, object] | None = None) -> list[Section]:
    """The sections matching every word of ``query``, best first: a word in the title
    weighs more than one in the text; a rule id matches the sections covering it. An
    empty query gives every section in reading order."""
    every = sections(lang, ruleset, options)
    words = [fold(w) for w in query.split() if w.strip()]
    if not words:
        return every
    ranked = []
    for order, section in enumerate(every):
        title = fold(section.title)
        body = fold(" ".join(section.paragraphs))
        score = 0
        for word in words:
            hits = 0
            if word in title:
                hits += 10 + (5 if title.startswith(word) else 0)
            hits += body.count(word)
            if any(_covers(fold(r), word) or _covers(word, fold(r)) for r in section.rules):
                hits += 8
            if not hits:
                break
            score += hits
        else:
            ranked.append((-score, order, section))
    return [section for _, _, section in sorted(ranked, key=lambda item: item[:2])]


def rule_parts(text: str) -> list[tuple[str, str | None]]:
    """A text cut around its rule ids: (piece, None) for plain text, (id, id) for an id;
    the page turns each id into a link.

    >>> rule_parts("Forest +3 (C-4).")
    [('Forest +3 (', None), ('C-4', 'C-4'), (').', None)]
    >>> rule_parts("no rule here")
    [('no rule here', None)]
    """
    parts: list[tuple[str, str | None]] = []
    last = 0
    for match in RULE_ID.finditer(text):
        if match.start() > last:
            parts.append((text[last:match.start()], None))
        parts.append((match.group(), match.group()))
        last = match.end()
    if last < len(text) or not parts:
        parts.append((text[last:], None))
    return parts


def rule_ids(text: str) -> list[str]:
    """The rule ids a text cites, in order ("cost 3 (C-4)" -> ["C-4"]).

    >>> rule_ids("Forest +3 (C-4); fort +1 (Y-4)")
    ['C-4', 'Y-4']
    """
    return RULE_ID.findall(text)
