"""The rules reference (vinci_core.words.reference): every rule id the page can show has a section,
every tile of both rulesets a glossary entry, the search ranks what a player types, and the
options section shows only the options in force."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from vinci_core import GameConfig, Seat
from vinci_core.game.tiles import ONLINE_TILES, TILES
from vinci_core.players.randomplay import play_random
from vinci_core.table import presenter
from vinci_core.text.i18n import LANGUAGES
from vinci_core.turn.state import new_game
from vinci_core.words import reference, reference_labels
from vinci_core.words.reference import (
    display_help,
    game_options,
    rule_parts,
    search,
    section_for,
    sections,
    tile_title,
)

ROOT = Path(__file__).resolve().parent.parent
# A rule id written in the code: in a string, an f-string or a comment ("C-4", 'Y-9.24').
CITED = re.compile(r"(?<![\w-])([CVDY]-\d+(?:\.\d+)*)(?![\w.]*\d)")


def _cited_in_sources() -> set[str]:
    files = [*(ROOT / "src/vinci_core").rglob("*.py"), *(ROOT / "web").glob("*.py"),
             *(ROOT / "web/ui").glob("*.py")]
    ids: set[str] = set()
    for path in files:
        if path.name == "reference.py":
            continue
        for line in path.read_text("utf-8").splitlines():
            # Only what reaches the page: strings (refusals, terms, log lines), not comments.
            code = line.split("#")[0]
            for literal in re.findall(r"\"[^\"]*\"|'[^']*'", code):
                ids.update(CITED.findall(literal))
    return ids


def _cited_in_games(ruleset: str) -> set[str]:
    """The rule ids of every conquest cost's terms met in a few random games."""
    ids: set[str] = set()
    for seed in (1, 2, 3):
        config = GameConfig(seats=[Seat(name=n) for n in "ABCD"], seed=seed, ruleset=ruleset)
        game = play_random(config, seed=seed)
        state = new_game(config)
        for action in game.actions[:400]:
            for target in presenter.targets(state).values():
                ids.update(term["rule"] for term in target.get("terms", ()))
            state = state.apply(action)
    for tile in (ONLINE_TILES if ruleset == "online" else TILES).values():
        ids.update(r.strip() for r in tile.rules.split(",") if CITED.fullmatch(r.strip()))
    return ids


def test_the_module_examples_hold():
    assert doctest.testmod(reference).failed == 0
    assert doctest.testmod(reference_labels).failed == 0


def test_every_rule_id_the_page_cites_opens_a_section():
    cited = _cited_in_sources()
    assert {"C-4", "C-3.3.9", "Y-9.24", "V-5"} <= cited  # the collection itself works
    for ruleset, prefixes in (("classic", "CDV"), ("online", "CDY")):
        ids = {i for i in cited | _cited_in_games(ruleset) if i[0] in prefixes}
        missing = sorted(i for i in ids if section_for(i, ruleset) is None)
        assert not missing, f"{ruleset}: no section for {missing}"


def test_the_most_specific_section_wins():
    assert section_for("C-4").anchor == "costs"
    assert section_for("C-3.3.10").anchor == "tile-espionage"
    assert section_for("C-3.3.8").anchor == "conquest"  # the contact rule, not Heritage
    assert section_for("C-3.3.1").anchor == "conquest"
    assert section_for("C-3.6.2").anchor == "scoring"
    assert section_for("C-2.2").anchor == "display"
    assert section_for("Y-9.24", "online").anchor == "tile-religion"
    assert section_for("Y-4", "online").anchor == "costs"
    assert section_for("C-7.1").anchor == "options"


def test_an_id_no_section_covers_gives_none():
    assert section_for("C-42") is None
    assert section_for("C-3.30").anchor == "turn"  # C-3 covers it; C-3.3 covers C-3.3.x only
    assert section_for("V-5", "online") is None  # online games have no virtual players


@pytest.mark.parametrize("ruleset, tiles", [("classic", TILES), ("online", ONLINE_TILES)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_tile_has_a_glossary_entry(lang, ruleset, tiles):
    entries = {s.tile: s for s in sections(lang, ruleset) if s.tile}
    assert set(entries) == set(tiles)
    for tid, tile in tiles.items():
        entry = entries[tid]
        assert entry.anchor == f"tile-{tid}" and entry.title == tile_title(tid, lang, ruleset)
        assert entry.paragraphs and all(p.strip() for p in entry.paragraphs)
        if tile.tokens is not None:
            assert str(tile.tokens) in entry.paragraphs[-1]


def test_the_glossary_uses_each_editions_tile_names():
    assert tile_title("ship_building", "fr") == "Galères"
    assert tile_title("rebirth", "nl") == "Renaissance"
    assert tile_title("field_general", "fr") == "Général"
    assert tile_title("mountain_people", "de", "online") == "Bergvolk"
    assert tile_title("mercenaries", "de", "online") == "Söldner"
    with pytest.raises(KeyError):
        tile_title("religion", "en", "classic")  # not a classic tile


def test_online_changes_are_said_in_the_online_glossary():
    classic = {s.tile: s for s in sections("en", "classic") if s.tile}
    online = {s.tile: s for s in sections("en", "online") if s.tile}
    assert "desert" not in classic["currency"].paragraphs[0]
    assert "deserts" in online["currency"].paragraphs[0]
    assert online["couriers"].paragraphs[0] == classic["messengers"].paragraphs[0]


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_has_its_own_reference(lang):
    english = sections("en")
    translated = sections(lang)
    assert [s.anchor for s in translated] == [s.anchor for s in english]
    same = [s.anchor for s, e in zip(translated, english, strict=True)
            if s.paragraphs == e.paragraphs and s.paragraphs]
    assert not same, f"{lang}: sections still in English: {same}"


def test_search_ranks_a_title_match_first():
    found = [s.anchor for s in search("en", "espionage")]
    assert found[0] == "tile-espionage"
    assert "costs" in found  # the cost section mentions it


def test_search_needs_every_word_and_ignores_case_and_accents():
    assert [s.anchor for s in search("fr", "elevage")][:1] == ["tile-livestock"]
    assert [s.anchor for s in search("fr", "ÉLEVAGE")][:1] == ["tile-livestock"]
    both = {s.anchor for s in search("en", "fort decline")}
    assert "tile-fortification" in both
    assert all("fort" in (s.title + " ".join(s.paragraphs)).lower()
               for s in search("en", "fort decline"))
    assert search("en", "zzzz") == []


def test_search_by_rule_id_finds_its_sections():
    assert search("en", "C-3.3.9")[0].anchor == "tile-diplomacy" or \
        "tile-diplomacy" in [s.anchor for s in search("en", "C-3.3.9")]
    assert "costs" in [s.anchor for s in search("en", "c-4")]


def test_an_empty_search_gives_the_whole_reference_in_order():
    assert search("de", "  ") == sections("de")


def _options_text(ruleset="classic", **options):
    section = next(s for s in sections("en", ruleset, options) if s.anchor == "options")
    return " ".join(section.paragraphs)


def test_options_show_only_the_values_in_force():
    default = _options_text()
    assert "emptied at once" in default and "Dutch edition" not in default
    dutch = _options_text(decline_contact="forbid", automatic_decline=True,
                          cut_off_tokens="removed")
    assert "emptied at once" not in dutch
    assert dutch.count("Dutch edition") == 3
    assert "put back by the page" in _options_text(defender_redistribution="auto")
    assert "2 Barbarians" in _options_text(tile_counts="printed")
    assert "3 Barbarians" not in _options_text(tile_counts="printed")


def test_options_of_a_game_config():
    config = GameConfig(seats=[Seat(name=n) for n in "ABC"], decline_contact="forbid",
                        target_vp=200)
    options = game_options(config)
    assert options["decline_contact"] == "forbid" and options["target"] == 200
    text = _options_text(**options)
    assert "200 VP" in text and "Dutch edition" in text


def test_online_games_have_no_options():
    text = _options_text("online")
    assert "no options" in text and "Dutch" not in text


def test_an_unknown_option_value_is_refused():
    with pytest.raises(ValueError):
        sections("en", "classic", {"decline_contact": "sometimes"})


def test_the_display_is_explained_with_the_rulesets_prices():
    classic = " ".join(display_help("en", "classic").paragraphs)
    online = " ".join(display_help("en", "online").paragraphs)
    for words in ('"+4"', '"free"', '"cost 2"', '"+1 coin"'):
        assert words in classic and words in online
    assert "2 for each slot" in classic and "2 VP per coin" in classic
    assert "1 for each slot" in online and "1 VP per coin" in online
    assert display_help("nl").paragraphs != display_help("en").paragraphs


def test_rule_ids_in_a_text_are_cut_out_for_links():
    parts = rule_parts("Forest +3 (C-4); fort +1 (C-4). Espionage (C-3.3.10)")
    assert [rule for _, rule in parts if rule] == ["C-4", "C-4", "C-3.3.10"]
    assert "".join(piece for piece, _ in parts) == \
        "Forest +3 (C-4); fort +1 (C-4). Espionage (C-3.3.10)"
    assert rule_parts("") == [("", None)]
