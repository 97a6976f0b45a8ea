"""What the page shows that CPython can compute (issue 11): the parts of a split empire,
honest prompts, unique and colour-blind-safe colours, the token editor's limits, the
new-game form's virtual-player options."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

import vinci_core as vc
from vinci_core.table import newgame, palette, presenter
from vinci_core.table.save import decode_save, encode_save
from vinci_core.table.session import Session
from vinci_core.text.textparts import plain

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
from game_driver import HOTSEAT_SEED, replay, scenario  # noqa: E402


@pytest.fixture(scope="module")
def hotseat() -> list[vc.GameState]:
    return replay(HOTSEAT_SEED, scenario(HOTSEAT_SEED))


# --- C-3.4.2: the parts of a split empire ---------------------------------------------------


def test_c3_4_2_split_parts_hold_every_province_with_its_tokens(hotseat):
    state = next(s for s in hotseat if s.phase == "keep")
    parts = presenter.split_parts(state)
    assert [len(p["provinces"]) for p in parts] == [5, 2]  # largest first
    seat = state.current_player
    empire = {state.board.ids[p] for p in state.empire(seat)}
    assert {pid for p in parts for pid in p["provinces"]} == empire
    for p in parts:
        assert p["tokens"] == sum(state.tokens[state.board.index[q]] for q in p["provinces"])
        assert p["keep"] in p["provinces"]


def test_c3_4_2_a_click_anywhere_in_a_part_keeps_that_part(hotseat):
    state = next(s for s in hotseat if s.phase == "keep")
    t = presenter.targets(state)
    assert set(t) == {pid for p in presenter.split_parts(state) for pid in p["provinces"]}
    atlas, saxony = t["atlas"], t["saxony"]
    kept = state.apply(vc.parse_action(atlas["action"]))
    assert kept.owner[state.board.index["atlas"]] == state.current_player
    assert kept.owner[state.board.index["saxony"]] != state.current_player
    assert "confirm" in atlas and "give up 5 provinces" in atlas["confirm"]
    assert "confirm" not in saxony  # keeping the larger part asks nothing


def test_c3_4_2_the_prompt_counts_each_part(hotseat):
    state = next(s for s in hotseat if s.phase == "keep")
    text = presenter.prompt(state)
    assert "5 provinces" in text and "2 provinces" in text and "tokens" in text


# --- prompts say what is true ---------------------------------------------------------------


def test_prompt_without_reachable_province_says_so(hotseat):
    state = hotseat[8]
    assert state.phase == "expand"
    assert not any(a.kind == "conquer" for a in state.legal_actions())
    text = presenter.prompt(state)
    assert "highlighted" not in text and "no province is within reach" in text
    assert "finish conquering" in text


def test_prompt_with_targets_points_at_them(hotseat):
    state = next(s for s in hotseat if s.phase == "expand"
                 and any(a.kind == "conquer" for a in s.legal_actions()))
    assert "highlighted" in presenter.prompt(state)


def test_prompt_of_a_virtual_turn_says_what_it_is_doing():
    state = vc.new_game(newgame.config_from_form({"mode": "solo", "names": ["Me"],
                                                    "seed": "2"}))
    seat = state.current_player
    assert state.config.seats[seat].virtual
    text = presenter.prompt(state)
    assert text == f"{state.config.seats[seat].name} (virtual player) is playing: " \
                   "choosing a civilization."


# --- colours ---------------------------------------------------------------------------------


def test_default_palette_is_distinct_in_deuteranopia_and_far_from_neutral():
    assert palette.palette_problems(palette.DEFAULT_COLOURS) == []
    assert palette.min_distance(palette.DEFAULT_COLOURS, deuteranopia=True) \
        >= palette.MIN_DISTANCE


def test_the_old_palette_fails_the_check():
    old = ("#c62828", "#1565c0", "#f5f5f5", "#212121", "#7b1fa2", "#ef6c00")
    assert any("deuteranopia" in p for p in palette.palette_problems(old))


def test_deuteranopia_simulation_merges_red_and_green():
    assert palette.delta_e("#d62728", "#2ca02c", deuteranopia=True) < \
        palette.delta_e("#d62728", "#2ca02c") / 3


def test_seat_marks_are_unique_letters():
    assert palette.seat_marks(["Me", "Virtual 1", "Virtual 2", "Virtual 3"]) == \
        ["M", "V1", "V2", "V3"]
    assert palette.seat_marks(["Ann", "Bruno", "Chiara"]) == ["A", "B", "C"]
    marks = palette.seat_marks(["Al", "Al2", "al"])
    assert len(set(marks)) == 3


def test_config_refuses_two_seats_with_one_colour():
    with pytest.raises(ValidationError, match="same colour"):
        vc.GameConfig(seats=[vc.Seat(name=n, colour="#c62828") for n in "AB"]
                      + [vc.Seat(name="C")])


def test_saves_with_two_seats_of_one_colour_still_load_with_distinct_colours():
    seats = [vc.Seat(name=n, colour="#C62828") for n in "AB"] + [vc.Seat(name="C")]
    old = vc.GameConfig.model_validate({"seats": seats, "seed": 4}, context={"saved": True})
    text = encode_save(vc.new_game(old))
    state = decode_save(text)
    shown = [p["colour"].lower() for p in Session(state).view()["players"]]
    assert len(set(shown)) == 3 and shown[0] == "#c62828"


def test_form_gives_virtual_seats_colours_no_human_has():
    cfg = newgame.config_from_form({"mode": "two_player", "names": ["Ann", "Bo"],
                                      "colours": [palette.DEFAULT_COLOURS[0],
                                                  palette.DEFAULT_COLOURS[1]]})
    colours = [s.colour for s in cfg.seats]
    assert len(set(colours)) == 4
    assert colours[0] == palette.DEFAULT_COLOURS[0] and colours[2] == palette.DEFAULT_COLOURS[1]


def test_form_refuses_two_humans_with_one_colour():
    with pytest.raises(ValueError, match="same colour"):
        newgame.config_from_form({"mode": "hotseat", "names": ["A", "B", "C"],
                                    "colours": ["#d55e00", "#D55E00", "#0072b2"]})


# --- V-2 and V-4 options in the form ----------------------------------------------------------


def test_v2_harder_level_from_the_form():
    cfg = newgame.config_from_form({"mode": "solo", "names": ["Me"], "seed": "1",
                                      "virtual_level": "hard",
                                      "virtual_preference": "formula",
                                      "virtual_tiebreak": "humans"})
    for seat in cfg.seats[1:]:
        assert seat.virtual and seat.start_vp == 15 and seat.extra_tokens == 9
        assert seat.virtual_preference == "formula" and seat.virtual_tiebreak_prefers_humans
    assert cfg.seats[0].start_vp is None
    assert vc.new_game(cfg).players[1].score == 15


def test_normal_level_keeps_the_rulebook_defaults():
    cfg = newgame.config_from_form({"mode": "solo", "names": ["Me"], "seed": "1"})
    assert all(s.start_vp is None and s.extra_tokens is None for s in cfg.seats)


# --- C-3.4.3: the token editor's limits come from the engine ------------------------------------


def test_c3_4_3_editor_floors_and_engine_check(hotseat):
    state = hotseat[9]
    ed = presenter.placement_editor(state)
    assert ed is not None and ed["total"] >= len(ed["base"])
    assert all(ed["min"][p] == 1 and ed["max"][p] is None for p in ed["base"])
    assert presenter.placement_problem(state, ed["start"]) is None
    bad = dict(ed["start"])
    moved = bad["ukraine"]
    bad["ukraine"] = 0
    bad["volga"] += moved
    problem = presenter.placement_problem(state, bad)
    assert problem is not None
    assert "(C-3.4.3)" in plain(problem) and "keeps a token" in plain(problem)


# --- following the game: notices and the move log ---------------------------------------------


def _solo_session(seed: int = 3) -> Session:
    from vinci_core.players.virtual import VirtualPlayer

    session = Session.new(newgame.config_from_form({"mode": "solo", "names": ["Me"],
                                                      "seed": str(seed)}))
    rnd = __import__("random").Random(seed)
    for _ in range(400):
        state = session.state
        if state.is_terminal or state.round > 4:
            break
        seat = state.current_player
        if state.config.seats[seat].virtual:
            session.act(VirtualPlayer.for_seat(state.config, seat).act(state))
        else:
            legal = state.legal_actions()
            conquests = [a for a in legal if a.kind == "conquer"]
            session.act(rnd.choice(conquests or legal))
    return session


def test_a_notice_says_who_took_what_from_whom():
    state = vc.new_game(newgame.config_from_form({"mode": "solo", "names": ["Me"],
                                                    "seed": "2"})).clone()
    seat = state.current_player
    assert seat is not None and state.config.seats[seat].virtual
    england = state.board.index["england"]
    state.owner[england], state.tokens[england] = 0, 3  # the human's province
    name = state.config.seats[seat].name
    assert presenter.notice(state, vc.Conquer("england"), state) == \
        f"{name} took England from you (3 tokens)."
    assert presenter.notice(state, vc.Finish(), state) is None


def test_every_virtual_action_worth_telling_has_a_notice_and_the_log_has_headers():
    session = _solo_session()
    entries = session.entries
    assert len(entries) == len(session.log)
    assert [e["text"] for e in entries] == session.log
    virtual_conquests = [e for e in entries if e["kind"] == "action" and e["seat"]
                         and "conquers" in e["text"]]
    assert virtual_conquests and all(e["notice"] and e["province"] for e in virtual_conquests)
    rows = presenter.log_rows(entries)
    rounds = [r["text"] for r in rows if r["kind"] == "round"]
    assert rounds[:3] == ["Round 1", "Round 2", "Round 3"]
    assert any(r["kind"] == "turn" and r["text"] == "Virtual 1's turn" for r in rows)
    scores = [r for r in rows if r["kind"] == "score"]
    assert scores and all(r["terms"] and all("(C-" in t for t in r["terms"]) for r in scores)


def test_the_log_rebuilt_from_a_save_has_the_same_entries():
    session = _solo_session()
    again = Session.from_save(session.save())
    assert again.entries == session.entries


def test_undo_takes_back_the_entries_too(hotseat):
    session = Session.new(hotseat[0].config)
    for action in scenario(HOTSEAT_SEED):
        session.act(action)
        if session.can_undo:
            break
    size = len(session.entries)
    assert session.undo()
    assert len(session.entries) == len(session.log) < size


def test_c3_3_9_peace_is_shown_on_both_player_panels():
    state = vc.new_game(vc.GameConfig.solo("Me", seed=1)).clone()
    state.peace = ((1, 0),)
    view = Session(state).view()
    assert view["players"][0]["peace"] == [state.config.seats[1].name]
    assert view["players"][1]["peace"] == [state.config.seats[0].name]
    assert view["players"][2]["peace"] == []


def test_the_first_visit_board_picture_is_up_to_date():
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    import board_picture

    assert board_picture.OUT.read_text(encoding="utf-8") == board_picture.picture(), \
        "run: PYTHONPATH=src python3 scripts/board_picture.py"
