"""The tiles in words, as the page, the move log and the rules reference write them: a tile's
name and one-line help, a civilization's name, and a text with the tiles it names linked.

Pure words (no game state): the page's first render uses them (the rules reference's
labels) before it has loaded the engine (issue 11).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..game.tiles import ONLINE_TILES, TILES, Tile, ruleset_tiles
from ..text.i18n import translations
from ..text.textparts import Parts, find_names


def tile_of(tid: str, ruleset: str | None) -> Tile:
    """A tile as the ruleset's set has it (without a ruleset: classic first, then the
    online set's new tiles, Y-9)."""
    if ruleset is not None:
        return ruleset_tiles(ruleset)[tid]
    return TILES.get(tid) or ONLINE_TILES[tid]


def tile_name(tid: str, ruleset: str | None = None, lang: str = "en") -> str:
    """The tile's name on the page. A decline-proof tile says so in both rulesets (the
    online set's "column" tiles are the same idea under the name of their printed mark)."""
    t = translations(lang)
    tile = tile_of(tid, ruleset)
    name = t.gettext(tile.name.removesuffix(" (column)"))  # vinci_core.words.names marks them
    return t.gettext("{tile} (decline-proof)").format(tile=name) if tile.decline_proof \
        else name


def tile_help(tid: str, ruleset: str | None = None, lang: str = "en") -> str:
    """The tile's one-line help (the tooltip of a tile on the display): what it does, with
    its rule id."""
    tile = tile_of(tid, ruleset)
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
    name = tile_of(tid, ruleset).name
    return (tile_name(tid, ruleset, lang), t.gettext(name.removesuffix(" (column)")))


def tile_parts(text: str, tiles: Iterable[str], ruleset: str | None = None,
               lang: str = "en", skip: Iterable[str] = ()) -> Parts:
    """``text`` as parts, the names of ``tiles`` (the tiles it is known to name) linked;
    nothing inside the strings of ``skip`` (players' names)."""
    return find_names(text, {tid: tile_forms(tid, ruleset, lang) for tid in tiles}, skip)


def rule_tiles(rule: str, ruleset: str | None = None) -> list[str]:
    """The tiles whose ability is the rule ``rule`` (a refusal under it may name them)."""
    sets = [ruleset_tiles(ruleset)] if ruleset else [TILES, ONLINE_TILES]
    return [tid for tiles in sets for tid, tile in tiles.items()
            if rule in (r.strip() for r in tile.rules.split(","))]
