"""The guided first game (vinci_core.table.guide): its script is played to the end by following
each step, off-script actions are refused without changing anything, and every step speaks
every language with the real numbers of the position."""

import re

import pytest

from vinci_core.game.actions import Conquer, Finish, PlaceAll, parse_action
from vinci_core.game.costs import conquest_cost
from vinci_core.players.virtual import VirtualPlayer
from vinci_core.table import guide
from vinci_core.table.save import digest
from vinci_core.text.i18n import LANGUAGES
from vinci_core.turn.state import GameState, new_game
from vinci_core.words import guide_labels

BOOK = VirtualPlayer()


def walk(lang="en"):
    """Play the guided game by doing what each step asks (the book's moves for the virtual
    players); yields (state, step) for every position, up to the first free step."""
    state = new_game(guide.guide_config(lang))
    while True:
        step = guide.guide_step(state, lang)
        yield state, step
        if step.key == "free":
            return
        if step.key == "wait":
            assert step.expected is None
            state = state.apply(BOOK.act(state))
        else:
            assert state.current_player == guide.HUMAN
            state = state.apply(parse_action(step.expected))


def human_steps(lang="en"):
    seen, out = set(), []
    for state, step in walk(lang):
        if step.key not in ("wait", "free") and step.number not in seen:
            seen.add(step.number)
            out.append((state, step))
    return out


def test_following_each_step_reaches_the_end_of_the_script():
    steps = human_steps()
    assert [s.key for _, s in steps] == [
        "choose", "enter", "conquer", "conquer", "finish", "reorganize",
        "conquer", "conquer", "finish", "reorganize", "decline", "choose"]
    last_state, last = list(walk())[-1]
    assert last.key == "free" and last.expected is None
    assert last.number == last.total == len(guide.GUIDE_SCRIPT)
    assert last_state.players[guide.HUMAN].declined_civ is not None  # the decline happened
    assert last_state.players[guide.HUMAN].civ is not None  # and a new civilization came


def test_the_virtual_players_move_the_same_every_time():
    first = [digest(state) for state, _ in walk()]
    assert first == [digest(state) for state, _ in walk()]
    moves = [a.to_dict() for a in list(walk())[-1][0].actions]
    assert moves == [a.to_dict() for a in list(walk("de"))[-1][0].actions]  # names aside


def test_a_conquest_step_explains_its_real_cost_term_by_term():
    for state, step in human_steps():
        if step.key in ("enter", "conquer"):
            cost = conquest_cost(state, step.expected["province"])
            assert f"= {cost.total}." in step.text
            assert f"{cost.terms[0].value} ({cost.terms[0].label})" in step.text
            hand = state.players[guide.HUMAN].hand
            assert f"{hand} tokens in hand, {hand - cost.total} after" in step.text
            assert step.point == {"province": step.expected["province"]}


def test_reorganizing_says_the_victory_points_it_scores():
    for state, step in human_steps():
        if step.key == "reorganize":
            after = state.apply(parse_action(step.expected))
            gained = after.players[guide.HUMAN].score - state.players[guide.HUMAN].score
            assert gained > 0
            assert f"you score {gained} victory points" in step.text
            assert step.text.rstrip(".").endswith(f"= {gained}")


def test_the_decline_scores_the_declined_empire():
    (state, step), = [(s, st) for s, st in human_steps() if st.key == "decline"]
    after = state.apply(parse_action(step.expected))
    gained = after.players[guide.HUMAN].score - state.players[guide.HUMAN].score
    assert f"scores {gained} victory points" in step.text
    assert "provinces in decline" in step.text
    assert step.point == {"testid": "decline"}


def _other_conquest(state: GameState, expected: str) -> Conquer:
    return next(a for a in state.legal_actions()
                if isinstance(a, Conquer) and a.province != expected)


def test_off_script_actions_are_refused_gently():
    for state, step in human_steps():
        if step.key == "enter":
            other = _other_conquest(state, step.expected["province"])
            word = guide.refusal(state, other, "en")
            assert word is not None and word.startswith("Not that one")
            assert "Prussia" in word  # it says what to do instead
            assert guide.refusal(state, Finish(), "en") is not None
            assert guide.refusal(state, step.expected, "en") is None
        if step.key == "reorganize":
            placement = dict(step.expected["placement"])
            a, b = sorted(placement)[:2]
            placement[a] += 1
            placement[b] -= 1
            assert guide.refusal(state, PlaceAll.of(placement), "en") is not None
            assert guide.refusal(state, PlaceAll.of(step.expected["placement"]), "en") is None


def test_after_the_script_nothing_is_refused():
    state, step = list(walk())[-1]
    assert step.key == "free"
    assert guide.refusal(state, state.legal_actions()[0], "en") is None


def test_a_game_that_left_the_script_is_free():
    state = new_game(guide.guide_config())
    while state.current_player != guide.HUMAN:
        state = state.apply(BOOK.act(state))
    state = state.apply(parse_action({"kind": "choose", "slot": 2}))
    assert guide.progress(state).off_script
    assert guide.guide_step(state, "en").key == "free"


def test_the_guided_config_is_recognised_in_any_language():
    assert all(guide.is_guided(guide.guide_config(lang)) for lang in LANGUAGES)
    assert not guide.is_guided(guide.guide_config(seed=guide.GUIDE_SEED + 1))


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_step_speaks_every_language(lang):
    walked = list(zip(walk("en"), walk(lang), strict=True))
    for (_, english), (state, step) in walked:
        assert (step.key, step.number, step.point) == (english.key, english.number,
                                                       english.point)
        assert "{" not in step.text + step.title, step.text
        assert step.title != english.title and step.text != english.text
        assert guide.step_counter(step, lang) != guide.step_counter(english, "en")
        # the same numbers (costs, tokens, VP) in the same order
        assert re.findall(r"\d+", step.text) == re.findall(r"\d+", english.text), step.text
        if step.expected is not None:
            word = guide.refusal(state, Finish() if step.expected["kind"] != "finish"
                                 else _other_conquest(state, ""), lang)
            assert word is not None and not word.startswith("Not that one")
    labels = guide_labels.page_labels(lang)
    assert all(labels[k] != guide_labels.page_labels("en")[k] for k in labels)


def test_the_log_is_replayed_once_per_position(monkeypatch):
    """The page draws the guide's bar on every redraw (and asks again for a refusal): the
    same position does not replay its log again."""
    state, step = human_steps()[3]
    replays = []
    real = guide.new_game
    monkeypatch.setattr(guide, "new_game", lambda config: replays.append(1) or real(config))
    guide._progress_of.clear()
    for lang in LANGUAGES:
        assert guide.guide_step(state, lang).number == step.number
    assert guide.refusal(state, Finish(), "en") is not None
    assert len(replays) == 1
    guide.guide_step(state.apply(parse_action(step.expected)), "en")
    assert len(replays) == 2  # a new position is replayed
