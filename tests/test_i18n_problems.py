"""Issue 15: what a player reads when a link, a file or an action is bad (SaveError,
ActionError) is said in the page's language; identifiers (field paths, rule ids, version
numbers) stay as they are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import vinci_core as vc
from vinci_core.table.presenter import problem_text
from vinci_core.table.save import SaveError, encode_save
from vinci_core.text.i18n import LANGUAGES, translations

SRC = Path(vc.__file__).resolve().parent
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def _good_save() -> str:
    cfg = vc.GameConfig(seats=[vc.Seat(name=n) for n in ("Ann", "Bo", "Cy")], seed=3,
                        map="mini")
    state = vc.new_game(cfg)
    for _ in range(4):
        state = state.apply(state.legal_actions()[0])
    return encode_save(state)


def _bad_saves() -> list[object]:
    good = _good_save()
    head, body = good.split(".", 1)
    return [12, "hello", "V0." + body, head + ".@@@@", head + "." + body[:-9],
            good[:-2] + ("AA" if good[-2:] != "AA" else "BA")]


def _save_problem(text: object) -> SaveError:
    with pytest.raises(SaveError) as caught:
        vc.decode_save(text)
    return caught.value


BAD_ACTIONS = [{"kind": "fly"}, {"kind": "conquer"}, {"kind": "choose", "slot": "two"},
               {"kind": "choose", "slot": 1, "extra": 1}, "not json"]


@pytest.mark.parametrize("lang", OTHERS)
def test_a_bad_save_is_explained_in_the_language(lang: str) -> None:
    for text in _bad_saves():
        exc = _save_problem(text)
        said = problem_text(exc, lang)
        assert translations(lang).gettext(exc.template) != exc.template, exc.template
        assert said != str(exc), said
        assert problem_text(exc, "en") == str(exc)


@pytest.mark.parametrize("lang", OTHERS)
def test_a_malformed_action_is_explained_in_the_language(lang: str) -> None:
    for data in BAD_ACTIONS:
        with pytest.raises(vc.ActionError) as caught:
            vc.parse_action(data)
        exc = caught.value
        said = problem_text(exc, lang)
        assert said != str(exc)
        # the field's path is an identifier: kept; pydantic's English is not shown
        assert exc.values["where"] in said
        assert str(exc.values["problem"]) not in said or lang == "en"


def test_the_english_messages_are_the_templates_filled_in() -> None:
    with pytest.raises(vc.ActionError) as caught:
        vc.parse_action({"kind": "choose", "slot": "two"})
    assert str(caught.value) == "not a valid action (choose.slot: not a whole number)"
    exc = _save_problem("hello")
    assert str(exc) == "this is not a Vinci save"


def test_no_message_of_bad_input_escapes_the_catalogues() -> None:
    """An f-string or a concatenation is not extracted for translation: every SaveError and
    ActionError message is a literal template with its values."""
    pattern = re.compile(r"(SaveError|ActionError)\(\s*(f[\"']|[^\"'\s])")
    found = [f"{path.name}: {m.group(0)}" for path in SRC.rglob("*.py")
             for m in pattern.finditer(path.read_text(encoding="utf-8"))
             if "class " not in path.read_text(encoding="utf-8")[max(0, m.start() - 6):m.start()]]
    assert found == []
