"""Every classic rule id of RULES.md has at least one scenario test named after it.

The ids are kept here (RULES.md lives outside the repository and may be absent in CI);
when RULES.md is found next to the checkout, the list is also checked against it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).parent

RULE_IDS = [
    *(f"C-1.{i}" for i in range(1, 9)),
    *(f"C-2.{i}" for i in range(1, 8)),
    "C-3.1.1", "C-3.1.2", "C-3.1.3",
    "C-3.2.1", "C-3.2.2", "C-3.2.3",
    *(f"C-3.3.{i}" for i in range(1, 11)),
    *(f"C-3.4.{i}" for i in range(1, 6)),
    "C-3.5.1", "C-3.5.2",
    "C-3.6.1", "C-3.6.2", "C-3.6.3",
    "C-4",
    "C-5.1", *(f"C-5.1.{i}" for i in range(1, 6)), "C-5.2", "C-5.3", "C-5.4", "C-5.5",
    "C-6.1", "C-6.2",
    "C-7", "C-7.1", "C-7.2", "C-8", "C-9",
]
# Ids this project proposes for RULES.md (the Dutch edition's options): checked for tests
# here, left out of the cross-check until RULES.md has them.
PROPOSED = {"C-7.1", "C-7.2"}

# C-4: each term and the four worked examples.
C4_TESTS = [
    "test_c4_base_", "test_c4_defenders_", "test_c4_fort_", "test_c4_militia_",
    "test_c4_mountain_or_fort_origin_", "test_c4_origin_discount_not_across_the_sea",
    "test_c4_weapons_", "test_c4_mountaineering_", "test_c4_ship_building_",
    "test_c4_espionage_", "test_c4_never_below_zero",
    "test_c4_worked_example_forest_two_neutrals_at_entry",
    "test_c4_worked_example_empty_mountain",
    "test_c4_worked_example_one_defender_from_a_mountain",
    "test_c4_worked_example_farmland_six_tokens",
]

# C-2.6: the abilities Specialization doubles, and the ones it does not.
DOUBLED = ["agriculture", "livestock", "mining", "ports", "currency", "slavery",
           "ship_building", "espionage", "mountaineering", "militia", "weapons",
           "fortification", "field_general", "medicine", "diplomacy"]
C26_TESTS = [f"test_c2_6_doubles_{a}" for a in DOUBLED] + [
    "test_c2_6_does_not_double", "test_c2_6_worked_example_barbarians_specialization"]

C25_TESTS = ["test_c2_5_worked_example_astronomy_mountaineering"]

# C-7: each option, both values where there are two.
C7_TESTS = [
    "test_c7_decline_contact_clear", "test_c7_decline_contact_forbid",
    "test_c7_defender_redistribution_choose", "test_c7_defender_redistribution_auto",
    "test_c7_target_vp", "test_c7_tile_counts_designer", "test_c7_tile_counts_printed",
]

# C-9: the 26 tile kinds.
TILE_IDS = [
    "agriculture", "agriculture_dp", "livestock", "livestock_dp", "mining", "mining_dp",
    "ports", "ports_dp", "currency", "slavery", "ship_building", "espionage", "mountaineering",
    "militia", "weapons", "fortification", "field_general", "astronomy", "medicine",
    "messengers", "diplomacy", "barbarians", "specialization", "rebirth", "heritage",
    "revolutionaries",
]


def collected_names() -> list[str]:
    names: list[str] = []
    for path in sorted(TESTS.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names.extend(node.name for node in ast.walk(tree)
                     if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"))
    return names


def prefix(rule: str) -> str:
    """``C-3.3.5`` -> ``test_c3_3_5_``; ``C-4`` -> ``test_c4_``."""
    return "test_c" + rule[2:].replace(".", "_") + "_"


def named_after(rule: str, names: list[str]) -> list[str]:
    """Tests of exactly this rule: ``test_c5_1_x`` is C-5.1, ``test_c5_1_1_x`` is C-5.1.1."""
    p = prefix(rule)
    return [n for n in names if n.startswith(p) and not re.match(r"\d+_", n[len(p):])]


def test_rule_ids_are_well_formed() -> None:
    assert prefix("C-3.3.5") == "test_c3_3_5_"
    assert prefix("C-4") == "test_c4_"
    assert named_after("C-5.1", ["test_c5_1_1_x", "test_c5_1_y"]) == ["test_c5_1_y"]
    assert named_after("C-3.3.1", ["test_c3_3_10_x"]) == []
    assert len(RULE_IDS) == len(set(RULE_IDS)) == 59
    assert len(TILE_IDS) == len(set(TILE_IDS)) == 26


def test_every_classic_rule_id_has_a_test() -> None:
    names = collected_names()
    missing = [rule for rule in RULE_IDS if not named_after(rule, names)]
    assert missing == []


@pytest.mark.parametrize(("group", "required"), [
    ("C-2.5", C25_TESTS), ("C-2.6", C26_TESTS), ("C-4", C4_TESTS), ("C-7", C7_TESTS)])
def test_every_detail_has_a_test(group: str, required: list[str]) -> None:
    names = collected_names()
    missing = [r for r in required if not any(n.startswith(r) for n in names)]
    assert missing == [], group


def test_every_tile_kind_has_a_test() -> None:
    """``test_c9_<tile>_…`` for each tile (``agriculture_dp`` does not count for
    ``agriculture``)."""
    names = collected_names()
    missing = []
    for tile in TILE_IDS:
        longer = [t for t in TILE_IDS if t.startswith(tile + "_")]
        own = [n for n in names if n.startswith(f"test_c9_{tile}_")
               and not any(n.startswith(f"test_c9_{t}_") for t in longer)]
        if not own:
            missing.append(tile)
    assert missing == []


def test_list_matches_rules_md_when_present() -> None:
    """Cross-check with RULES.md (leaf ids of the C sections) when it can be found."""
    here = TESTS.parent
    found = here.parent / "shared" / "rules" / "RULES.md"
    if not found.is_file():
        pytest.skip("RULES.md is not available next to this checkout")
    ids = set(re.findall(r"\bC-\d+(?:\.\d+)*", found.read_text(encoding="utf-8")))
    ids |= PROPOSED
    leaves = {i for i in ids if not any(j.startswith(i + ".") for j in ids)}
    steps = {f"C-5.1.{i}" for i in range(1, 6)}  # the five numbered steps of C-5.1
    assert leaves <= set(RULE_IDS)
    # C-5.1 has numbered steps; C-7 is the options table besides its proposed sub-ids.
    assert set(RULE_IDS) - leaves <= steps | {"C-5.1", "C-7"}


# --- the online ruleset (ONLINE.md): every leaf Y-id has a test named after it --------------

# Y-0.1, Y-0.2 and Y-0.5 describe the ruleset (what it is, words, the table of differences):
# they have no behaviour of their own, every row of Y-0.5 is a rule with its own id below.
Y_DESCRIPTIVE = {"Y-0.1", "Y-0.2", "Y-0.5"}
Y_RULE_IDS = [
    "Y-0.3", "Y-0.4",
    *(f"Y-1.{i}" for i in range(1, 7)),
    *(f"Y-2.{i}" for i in range(1, 7)),
    "Y-3.1.1", "Y-3.1.2", "Y-3.2.1", "Y-3.2.2", "Y-3.3.1", "Y-3.3.2", "Y-3.3.3",
    *(f"Y-3.4.{i}" for i in range(1, 8)),
    "Y-3.5.1", "Y-3.5.2", "Y-3.5.3",
    *(f"Y-3.6.{i}" for i in range(1, 5)),
    "Y-3.7.1", "Y-3.7.2", "Y-3.7.3",
    "Y-4",
    *(f"Y-5.{i}" for i in range(1, 5)),
    "Y-6.1", "Y-6.2",
    *(f"Y-7.{i}" for i in range(1, 7)),
    "Y-8",
    *(f"Y-9.{i}" for i in range(0, 32)),
]
# Y-4: the worked examples of ONLINE.md, each a test.
Y4_TESTS = [
    "test_y4_worked_example_empty_river", "test_y4_worked_example_river_two_enemies_warships",
    "test_y4_worked_example_empty_desert_with_camels_and_weapons",
    "test_y4_worked_example_farmland_native_from_a_mountain",
    "test_y4_worked_example_forest_native_at_entry",
    "test_y4_worked_example_militia_hills_and_after_decline",
    "test_y4_worked_example_fortifications_hills_after_decline",
    "test_y4_worked_example_mountains", "test_y4_worked_example_coastal_farmland_galleys",
    "test_y4_worked_example_espionage_on_a_fortified_mountain",
    "test_y9_24_religion_converts_a_lone_enemy_token_for_free",  # Religion's 0 (forest, fort)
]


def y_prefix(rule: str) -> str:
    """``Y-3.6.3`` -> ``test_y3_6_3_``."""
    return "test_y" + rule[2:].replace(".", "_") + "_"


def y_named_after(rule: str, names: list[str]) -> list[str]:
    p = y_prefix(rule)
    return [n for n in names if n.startswith(p) and not re.match(r"\d+_", n[len(p):])]


def test_every_online_rule_id_has_a_test() -> None:
    names = collected_names()
    missing = [rule for rule in Y_RULE_IDS if not y_named_after(rule, names)]
    assert missing == []


def test_every_y4_worked_example_has_a_test() -> None:
    names = set(collected_names())
    assert [t for t in Y4_TESTS if t not in names] == []


def test_online_list_matches_online_md_when_present() -> None:
    found = TESTS.parent.parent / "shared" / "rules" / "ONLINE.md"
    if not found.is_file():
        pytest.skip("ONLINE.md is not available next to this checkout")
    ids = set(re.findall(r"\bY-\d+(?:\.\d+)*", found.read_text(encoding="utf-8")))
    leaves = {i for i in ids if not any(j.startswith(i + ".") for j in ids)}
    assert leaves - Y_DESCRIPTIVE == set(Y_RULE_IDS)
