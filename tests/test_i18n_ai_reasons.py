"""The strong AI's reasons in four languages (issue 15): its English reason is unchanged, and
the page words the same reason in Dutch, French and German, every clause translated, with
the same numbers."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import vinci_core as vc
from vinci_core.players.ai import Decision, StrongPlayer
from vinci_core.players.reasons import Message, word
from vinci_core.table.presenter import reason_text
from vinci_core.table.session import Session
from vinci_core.text.i18n import translations

# A small budget (the same code paths as the default one); names without digits, so the
# numbers of a reason are the AI's own.
QUICK = StrongPlayer(rollouts=1, horizon=1, beam=2, choices=2)
NAMES = ("Ann", "Bo", "Cy", "Di")
NUMBER = re.compile(r"[+-]?\d+")


def _decisions(seed: int, steps: int = 160) -> list[tuple[vc.GameState, Decision]]:
    """The strong AI's decisions for every seat along one game it plays against itself."""
    cfg = vc.GameConfig(seats=[vc.Seat(name=n, virtual=True, ai_level="strong")
                               for n in NAMES], seed=seed)
    state = vc.new_game(cfg)
    out = []
    for _ in range(steps):
        if state.is_terminal:
            break
        decision = QUICK.decide(state)
        out.append((state, decision))
        state = state.apply(decision.action)
    return out


@pytest.fixture(scope="module")
def decisions() -> list[tuple[vc.GameState, Decision]]:
    return _decisions(4) + _decisions(11)


def _messages(message: Message) -> list[Message]:
    """``message`` and every message among its values (its clauses)."""
    found = [message]
    for _key, value in message.values:
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if isinstance(item, Message):
                found += _messages(item)
    return found


def test_the_english_reason_is_its_message_in_english(decisions) -> None:
    with_messages = [(s, d) for s, d in decisions if d.message is not None]
    assert len(with_messages) > len(decisions) // 2
    for state, decision in with_messages:
        assert decision.message is not None
        assert word(decision.message, state) == decision.reason
        assert reason_text(state, decision, "en") == decision.reason


@pytest.mark.parametrize("lang", ["nl", "fr", "de"])
def test_a_strong_reason_has_no_english_left_and_the_same_numbers(decisions, lang) -> None:
    t = translations(lang)
    kinds = set()
    for state, decision in decisions:
        text = reason_text(state, decision, lang)
        assert text != decision.reason, (lang, decision.reason)
        assert Counter(NUMBER.findall(text)) == Counter(NUMBER.findall(decision.reason)), (
            text, decision.reason)
        if decision.message is None:
            continue
        kinds.add(decision.message.template)
        for clause in _messages(decision.message):
            if not re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", clause.template)):
                continue  # only placeholders and punctuation: nothing to translate
            said = (t.ngettext(clause.template, clause.plural, clause.n)
                    if clause.plural is not None else t.gettext(clause.template))
            assert said not in (clause.template, clause.plural), (lang, clause.template)
    assert len(kinds) >= 4, kinds  # civilizations, conquests, stops, placements at least


def test_a_strong_seats_notice_follows_a_language_switch() -> None:
    cfg = vc.GameConfig(seats=[*(vc.Seat(name=n, virtual=True, ai_level="strong")
                                 for n in NAMES[1:]), vc.Seat(name="Ann")], seed=5)
    session = Session.new(cfg)
    while not session.state.config.seats[session.state.current_player or 0].virtual:
        session.act(session.state.legal_actions()[0])  # Ann plays until a strong seat acts
    state = session.state
    decision = StrongPlayer().decide(state)
    moved = len(session.entries)
    session.play_ai()
    english = str(session.entries[moved]["reason"])  # with the move's own line
    assert english == decision.reason and english in session.log[moved]
    session.set_language("nl")
    dutch = str(session.entries[moved]["reason"])
    assert dutch == reason_text(state, decision, "nl") and dutch != english
    assert dutch in session.log[moved]
