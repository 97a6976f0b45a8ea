"""C-4, Y-4: every term of a conquest's cost is said in the player's language (issue 29).

The cost line under the board (the hover and the first tap, ``presenter.cost_text``) and the
guided game's sums (``guide.term_words``) name each term of a conquest's cost. The labels are
the engine's English words, chosen by the rulesets' ``cost_terms``; a rare one (Ship
Building, Weapons, a defender's Militia, the online minimum cost, a desert, a river, Camels,
Cavalry, Galleys, Warships, a fort …) must be translated as well as the common ones.

The labels are not typed here: they are what the cost-term functions produce, costing every
province of every board under both rulesets with every tile's ability on the attacker and on
the defender, from every kind of origin, with and without tokens and forts. The string
literals the functions hold (read from their source) must all have come out of that run, so
a new term cannot slip past it.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from builders import position

from vinci_core.game import costs
from vinci_core.game.costs import NEUTRAL, NOBODY, conquest_cost
from vinci_core.rulesets import online
from vinci_core.table import presenter
from vinci_core.table.guide import term_words
from vinci_core.table.presenter import term_label
from vinci_core.text.i18n import LANGUAGES, SOURCE_LANGUAGE
from vinci_core.turn.state import GameState

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build"))
import catalogues  # noqa: E402

# Every board each ruleset plays on: the shipped ones and the test boards (delta has deserts
# and rivers). Mare Nostrum and delta are online boards only (Y-0.3).
BOARDS = {"classic": ("europe", "mini"),
          "online": ("europe", "mare_nostrum", "delta")}
OTHER_LANGUAGES = [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE]
RULE_ID = re.compile(r"^[CY]-[\d.]+$")


def _with_every_ability(state: GameState, level: int) -> GameState:
    """Seat 0 attacks and seat 1 defends, each with every ability of the ruleset's tiles at
    ``level`` (a high level drives a total below the minimum)."""
    s = state.clone()
    every = {tile.ability for tile in s.ruleset.tiles.values()}
    for seat in (0, 1):
        s.players[seat].abilities = dict.fromkeys(sorted(every), level)
    return s


def _variants(state: GameState) -> Iterator[GameState]:
    """The board filled with one kind of holder at a time: nobody, the neutral people, the
    defender's active empire, its declined one; without and with tokens and forts."""
    for owner, declined in ((NOBODY, False), (NEUTRAL, False), (1, False), (1, True)):
        for tokens, fort in ((0, False), (2, True)):
            s = state.clone()
            for p in range(len(s.owner)):
                s.owner[p], s.declined[p] = owner, declined
                s.tokens[p], s.fort[p] = (tokens if owner != NOBODY else 0), fort
            yield s


def produced_labels() -> set[str]:
    """Every label the rulesets' cost terms gave over every board, holder and origin."""
    labels: set[str] = set()
    for ruleset, boards in BOARDS.items():
        for board in boards:
            for level in (1, 9):
                base = _with_every_ability(position(map=board, ruleset=ruleset), level)
                for s in _variants(base):
                    for target in range(len(s.owner)):
                        for origin in range(6):  # the packed origins of costs.reach
                            labels.update(t.label for t in
                                          s.ruleset.cost_terms(s, 0, target, origin))
                labels.update(t.label for t in
                              conquest_cost(base, base.board.ids[0], espionage=True).terms)
    return labels


def _strings(node: ast.expr) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _strings(node.body)
        yield from _strings(node.orelse)
    elif isinstance(node, ast.Call) and node.args:  # N_("...")
        yield from _strings(node.args[0])


def source_labels(*code: Callable[..., object]) -> set[str]:
    """The labels written in the source of ``code``: a ``CostTerm``'s first argument, the
    first item of a (label, value, rule id) triple, a term dict's ``"label"``."""
    found: set[str] = set()
    nodes = (n for f in code for n in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(f)))))
    for node in nodes:
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "CostTerm":
            found.update(_strings(node.args[0]))
        elif (isinstance(node, ast.Tuple) and len(node.elts) == 3
              and isinstance(rule := node.elts[2], ast.Constant)
              and RULE_ID.match(str(rule.value))):
            found.update(_strings(node.elts[0]))
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "label":
                    found.update(_strings(value))
    return found


@pytest.fixture(scope="module")
def labels() -> set[str]:
    return produced_labels()


def test_the_run_produces_every_label_the_code_holds(labels: set[str]) -> None:
    written = source_labels(costs.classic_terms, costs.conquest_cost, online.cost_terms)
    assert written and written <= labels, sorted(written - labels)
    # The rare ones too, and the online terrains (a term named by the province's terrain).
    assert {"Ship Building", "Weapons", "defender's Militia", "minimum cost", "Camels",
            "Cavalry", "Galleys", "Warships", "fort", "desert", "river"} <= labels


def all_labels(labels: set[str]) -> list[str]:
    """The cost terms' labels and the one the page adds (Religion's free conquest)."""
    return sorted(labels | source_labels(presenter.targets))


def _glossary_terms(lang: str) -> set[str]:
    """The rulebook's words of ``lang`` (its glossary): a label may be the same word in
    English only when the rulebook uses it so (French says "fort")."""
    path = catalogues.LOCALE / lang / "glossary.json"
    return {c["term"] for c in json.loads(path.read_text("utf-8"))["concepts"]}


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_c4_y4_every_cost_term_is_translated_on_the_cost_line(labels: set[str],
                                                              lang: str) -> None:
    allowed = _glossary_terms(lang)
    untranslated = [label for label in all_labels(labels)
                    if not term_label(label, lang).strip()
                    or (term_label(label, lang) == label and label not in allowed)]
    assert untranslated == [], untranslated


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_c4_y4_every_cost_term_is_translated_in_the_guide(labels: set[str],
                                                          lang: str) -> None:
    allowed = _glossary_terms(lang)
    untranslated = [label for label in all_labels(labels)
                    if not term_words(label, lang).strip()
                    or (term_words(label, lang) == label and label not in allowed)]
    assert untranslated == [], untranslated
