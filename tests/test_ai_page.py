"""What the page shows of the AI, in pure Python: the levels offered by the new-game form,
reasons in the move log and the notice, hints (shown, highlighted, never played)."""

from __future__ import annotations

import pytest

import vinci_core as vc
from vinci_core.table.newgame import config_from_form, level_rows
from vinci_core.table.presenter import hint_view
from vinci_core.table.session import Session


def _form(**kw: object) -> dict[str, object]:
    base: dict[str, object] = {"mode": "hotseat", "names": ["Ann", "Bo", "Cy"],
                               "colours": [], "seed": "3", "random_seed": 99,
                               "target_vp": "", "map": "mini"}
    base.update(kw)
    return base


def test_level_rows_offer_a_level_for_every_ai_seat() -> None:
    assert [r["label"] for r in level_rows("solo", 4)] == ["Virtual 1", "Virtual 2",
                                                           "Virtual 3"]
    assert len(level_rows("two_player", 4)) == 2
    hot = level_rows("hotseat", 5)
    assert len(hot) == 5
    assert [o["value"] for o in hot[0]["options"]] == ["human", "easy", "book", "strong",
                                                       "expert"]
    assert hot[0]["default"] == "human"
    solo = level_rows("solo", 3)[0]
    assert [o["value"] for o in solo["options"]] == ["easy", "book", "strong", "expert"]
    assert solo["default"] == "book"  # the default level is as it has always been


def test_form_levels_go_into_the_seats() -> None:
    solo = config_from_form(_form(mode="solo", names=["Me"],
                                  levels=["strong", "book", "strong"]))
    assert [s.ai_level for s in solo.seats] == ["book", "strong", "book", "strong"]
    assert [s.virtual for s in solo.seats] == [False, True, True, True]
    two = config_from_form(_form(mode="two_player", names=["A", "B"], levels=["book", "strong"]))
    assert [(s.virtual, s.ai_level) for s in two.seats] == [
        (False, "book"), (True, "book"), (False, "book"), (True, "strong")]
    hot = config_from_form(_form(levels=["human", "strong", "book"]))
    assert [(s.name, s.virtual, s.ai_level) for s in hot.seats] == [
        ("Ann", False, "book"), ("Bo", True, "strong"), ("Cy", True, "book")]
    # No levels given (an older page): every virtual seat plays by the book, as before.
    assert config_from_form(_form(mode="solo", names=["Me"])) == config_from_form(
        _form(mode="solo", names=["Me"], levels=["book"] * 3))
    with pytest.raises(ValueError, match="level"):
        config_from_form(_form(mode="solo", names=["Me"], levels=["human", "book", "book"]))
    with pytest.raises(ValueError, match="level"):
        config_from_form(_form(levels=["genius"]))


def test_ai_moves_carry_their_reason_into_the_log_and_notice() -> None:
    cfg = config_from_form(_form(mode="solo", names=["Me"], levels=["strong", "book", "book"]))
    session = Session.new(cfg)
    played = 0
    while session.state.current_player != 0 and played < 50:
        before = len(session.entries)
        assert session.play_ai()
        played += 1
        move = session.entries[before]
        assert "Why: " in move["text"]
        assert move["notice"] is None or "Why: " in move["notice"]
    assert played > 0
    assert not session.play_ai()  # a human is to act: the AI does nothing
    assert any(e["notice"] and "Why: " in e["notice"] for e in session.entries)


def test_an_ai_move_in_slices_is_the_move_at_once() -> None:
    """The page plays a strong AI's move in slices (Session.ai_turn): the same game as
    play_ai; a move whose game changed meanwhile (undo, another game) is dropped."""
    cfg = config_from_form(_form(mode="solo", names=["Me"], levels=["strong", "strong",
                                                                     "strong"]))
    whole, sliced = Session.new(cfg), Session.new(cfg)
    most = 0
    while whole.play_ai():
        turn = sliced.ai_turn()
        count = 0
        while True:
            try:
                next(turn)
            except StopIteration as done:
                assert done.value
                break
            count += 1
            sliced.view()  # the page draws between slices
        most = max(most, count)
        assert sliced.log == whole.log
        assert vc.digest(sliced.state) == vc.digest(whole.state)
    assert most > 10  # the strong AI's search really was cut into slices
    assert not sliced.play_ai()  # the human is to act
    # A move whose game changed while the AI thought is not played.
    race = Session.new(cfg)
    turn = race.ai_turn()
    next(turn)
    race.state = Session.new(cfg).state
    with pytest.raises(StopIteration) as done:
        while True:
            next(turn)
    assert done.value.value is False
    assert race.state.ply == 0


def test_hint_shows_the_strong_move_without_playing_it() -> None:
    cfg = config_from_form(_form(mode="solo", names=["Me"]))
    session = Session.new(cfg)
    while session.state.current_player != 0:
        session.play_ai()
    before = vc.digest(session.state)
    hint = session.hint()
    assert hint is not None
    assert vc.digest(session.state) == before
    assert hint["text"].startswith("Hint: ")
    assert hint["reason"] and hint["slot"] is not None  # a civilization to choose
    assert hint["action"]["kind"] == "choose"


def test_hint_view_highlights_the_provinces_of_the_move() -> None:
    state = vc.new_game(vc.GameConfig(seats=[vc.Seat(name=n) for n in "ABC"], seed=1,
                                      map="mini"))
    view = hint_view(state, vc.Conquer("castile"), "Because.")
    assert view["provinces"] == ["castile"] and view["slot"] is None
    assert view["text"].endswith("Because.")
    placed = hint_view(state, vc.PlaceAll.of({"castile": 2, "aquitaine": 1}), "Why not.")
    assert placed["provinces"] == ["aquitaine", "castile"]


def test_online_games_offer_the_strong_ai_and_hints() -> None:
    """Issue 31: the strong AI plays online games (Y-0.3), so an online table offers it for
    any seat, seats it from the form, and gives its human players hints."""
    assert [o["value"] for o in level_rows("hotseat", 3, "online")[0]["options"]] == [
        "human", "easy", "book", "strong", "expert"]
    for lang in ("en", "fr", "de", "nl"):
        labels = [o["label"] for o in level_rows("hotseat", 2, "online", lang)[1]["options"]]
        assert labels == [o["label"] for o in level_rows("hotseat", 2, "classic", lang)[1][
            "options"]]
        assert len(set(labels)) == 5
    form = {"mode": "hotseat", "ruleset": "online", "count": "2", "names": ["A", "B"],
            "levels": ["human", "strong"], "map": "mare_nostrum"}
    config = config_from_form(form)
    assert [(s.virtual, s.ai_level) for s in config.seats] == [(False, "book"),
                                                              (True, "strong")]
    session = Session.new(vc.GameConfig(seats=[vc.Seat(name="A"), vc.Seat(name="B")],
                                        ruleset="online", seed=1))
    assert session.view()["controls"]["hint"] is True
    assert session.hint() is not None


def test_a_view_without_moves_has_every_control_a_live_view_has() -> None:
    """The page reads the same controls from a live view, a remote seat's and a replay's."""
    from vinci_core.table.session import NO_CONTROLS

    live = Session.new(vc.GameConfig(seats=[vc.Seat(name=n) for n in "ABC"], seed=1))
    assert set(NO_CONTROLS) == set(live.view()["controls"])


def test_a_hint_says_its_move_once() -> None:
    """Issue 29: "Conquers neutral Ireland for 3. Conquers neutral Ireland for 3; plans…"."""
    state = vc.new_game(vc.GameConfig(seats=[vc.Seat(name=n) for n in "ABC"], seed=1,
                                      map="mini"))
    view = hint_view(state, vc.Conquer("castile"), "Because.")
    move = view["move"].rstrip(".")
    again = hint_view(state, vc.Conquer("castile"), f"{move}; plans to hold it.")
    text = again["text"]
    assert text.count(move) == 1, text
    assert text == f"Hint: {move}; plans to hold it."
    assert view["text"] == f"Hint: {view['move']} Because."


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_a_hint_to_choose_names_the_civilization_once(lang: str) -> None:
    """Issue 29: "Chooses Ports + Slavery (slot 1, …). Takes Ports + Slavery (slot 1, …)":
    the strong AI's reason for a choice names the civilization, so the hint says it once."""
    from vinci_core.players.ai import StrongPlayer
    from vinci_core.table.presenter import civ_name, reason_text

    for ruleset, seed in (("classic", 3), ("online", 5)):
        state = vc.new_game(vc.GameConfig(seats=[vc.Seat(name=n) for n in "ABCD"],
                                          seed=seed, ruleset=ruleset))
        decision = StrongPlayer().decide(state)
        assert isinstance(decision.action, vc.Choose)
        reason = reason_text(state, decision, lang)
        view = hint_view(state, decision.action, reason, lang)
        a, b, _coins = state.display[decision.action.slot - 1]
        civ = civ_name((a, b), ruleset, lang)
        assert view["text"].count(civ) == 1, view["text"]
