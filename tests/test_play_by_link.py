"""Play by link: a game's identity, links that move a saved game forward (or are behind it, or
part from it), remote seats. Saves are forever: old saves get an identity, same digest."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import vinci_core as vc
from vinci_core.table.save import (
    BEHIND,
    DIVERGES,
    EXTENDS,
    OTHER,
    SAME,
    legacy_game_id,
    link_relation,
    load_game,
    save_facts,
)
from vinci_core.table.session import Session
from vinci_core.table.store import MemoryStorage, SaveStore, link_fragment, parse_link_fragment

RELEASED = json.loads((Path(__file__).parent / "saves" / "released-format-1.json")
                      .read_text(encoding="utf-8"))["saves"]


def _cfg(seed: int = 1) -> vc.GameConfig:
    return vc.GameConfig(seats=[vc.Seat(name=n) for n in ("Ann", "Bo", "Cy")], seed=seed,
                         map="mini")


def _play(session: Session, n: int, seed: int = 0) -> Session:
    rnd = random.Random(seed)
    for _ in range(n):
        if session.state.is_terminal:
            break
        session.act(rnd.choice(session.state.legal_actions()))
    return session


def _copy(session: Session) -> Session:
    return Session.from_save(session.save())


# --- identity ------------------------------------------------------------------------------------

def test_a_game_gets_its_identity_at_creation_and_keeps_it_in_every_save() -> None:
    a, b = Session.new(_cfg()), Session.new(_cfg())
    assert a.game_id != b.game_id  # same settings, two games
    _play(a, 30)
    again = _copy(a)
    assert again.game_id == a.game_id
    assert vc.digest(again.state) == vc.digest(a.state)
    assert save_facts(a.save()).game_id == a.game_id


@pytest.mark.parametrize("entry", RELEASED, ids=[e["name"] for e in RELEASED])
def test_a_save_from_before_identities_gets_one_from_its_settings(entry) -> None:
    state, game_id = load_game(entry["save"])
    assert vc.digest(state) == entry["digest"]  # the digest is not touched
    assert game_id == legacy_game_id(state.config) and game_id.startswith("old-")
    session = Session.from_save(entry["save"])
    assert session.game_id == game_id
    resaved = session.save()  # written with its identity from now on
    assert save_facts(resaved).game_id == game_id
    assert vc.digest(vc.decode_save(resaved)) == entry["digest"]
    assert vc.encode_save(state) == vc.encode_save(vc.decode_save(entry["save"]))


def test_a_bad_identity_in_a_save_is_refused() -> None:
    import base64
    import zlib

    text = Session.new(_cfg()).save()
    body = text.split(".", 1)[1]
    raw = json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))
    raw["game"] = "<script>"
    bad = "vinci1." + base64.urlsafe_b64encode(zlib.compress(json.dumps(raw).encode())) \
        .decode().rstrip("=")
    with pytest.raises(vc.SaveError, match="game"):
        vc.decode_save(bad)


# --- how a link relates to a saved game ----------------------------------------------------------

def test_link_relation_extends_behind_same_diverges_other() -> None:
    a = _play(Session.new(_cfg()), 20)
    saved = save_facts(a.save())
    ahead = _play(_copy(a), 10, seed=1)
    assert link_relation(saved, save_facts(ahead.save())) == EXTENDS
    assert link_relation(save_facts(ahead.save()), saved) == BEHIND
    assert link_relation(saved, save_facts(_copy(a).save())) == SAME
    other_way = _play(_copy(a), 10, seed=2)
    assert link_relation(save_facts(ahead.save()), save_facts(other_way.save())) == DIVERGES
    assert link_relation(saved, save_facts(_play(Session.new(_cfg()), 5).save())) == OTHER
    # The same identity with other settings (a forged or mixed-up link) parts from the start.
    forged = Session(vc.new_game(_cfg(seed=2)), game_id=a.game_id)
    assert link_relation(saved, save_facts(_play(forged, 25).save())) == DIVERGES


# --- the saved games and links -------------------------------------------------------------------

def _store() -> tuple[SaveStore, dict[str, str]]:
    data: dict[str, str] = {}
    return SaveStore(MemoryStorage(data)), data


def test_a_link_that_extends_the_saved_game_moves_it_forward_without_a_copy() -> None:
    store, _ = _store()
    a = _play(Session.new(_cfg()), 12)
    a.remote = frozenset({1, 2})
    gid = store.new_id()
    store.put(gid, a)
    ahead = _play(_copy(a), 9, seed=3)
    out = store.open_link(ahead.save(), for_seat=0)
    assert (out.relation, out.gid, store.ids()) == (EXTENDS, gid, [gid])
    assert "moved forward by 9 moves" in out.message
    assert vc.digest(store.load(gid).state) == vc.digest(ahead.state)
    assert store.load(gid).remote == {1, 2}  # this device's seats are kept


def test_a_link_behind_the_saved_game_says_so_and_changes_nothing() -> None:
    store, data = _store()
    a = _play(Session.new(_cfg()), 12)
    old_link = a.save()
    _play(a, 6, seed=4)
    gid = store.new_id()
    store.put(gid, a)
    before = dict(data)
    out = store.open_link(old_link)
    assert out.relation == BEHIND and out.gid == gid
    assert "older than the game saved here (6 moves behind it)" in out.message
    assert data == before
    assert vc.digest(out.session.state) == vc.digest(a.state)
    same = store.open_link(a.save())
    assert (same.relation, same.message, data) == (SAME, "", before)


def test_a_diverging_link_is_kept_apart_and_the_saved_game_is_untouched() -> None:
    store, data = _store()
    a = _play(Session.new(_cfg()), 12)
    gid = store.new_id()
    mine = _play(_copy(a), 8, seed=5)
    store.put(gid, mine)
    kept = data[store.PREFIX + gid]
    theirs = _play(_copy(a), 8, seed=6)
    out = store.open_link(theirs.save())
    assert out.relation == DIVERGES and out.gid != gid
    assert "kept as a separate saved game" in out.message
    assert data[store.PREFIX + gid] == kept and len(store.ids()) == 2
    # Each line of the game then goes on in its own saved game.
    further = _play(_copy(theirs), 4, seed=7)
    assert store.open_link(further.save()).gid == out.gid
    assert store.open_link(_play(_copy(mine), 4, seed=8).save()).gid == gid


def test_a_bad_link_changes_nothing() -> None:
    store, data = _store()
    a = _play(Session.new(_cfg()), 12)
    store.put(store.new_id(), a)
    before = dict(data)
    for bad in ("", "vinci1.", a.save()[:-9], "vinci2.abc", 7):
        with pytest.raises(vc.SaveError):
            store.open_link(bad)
        assert data == before


def test_a_link_sent_to_a_player_puts_that_seat_on_this_device() -> None:
    store, _ = _store()
    a = _play(Session.new(_cfg()), 3)
    fragment = link_fragment(a, 1)
    text, seat = parse_link_fragment("#" + fragment) or ("", None)
    assert seat == 1 and text == a.save()
    out = store.open_link(text, for_seat=seat)
    assert out.session.remote == {0, 2} and out.session.local_seats() == [1]
    assert store.load(out.gid).remote == {0, 2}
    assert parse_link_fragment("g=abc&to=x") == ("abc", None)
    assert parse_link_fragment("other") is None


# --- remote seats ----------------------------------------------------------------------------

def test_the_page_refuses_moves_for_a_remote_seat_and_says_whose_turn_it_is() -> None:
    s = Session.new(_cfg())
    to_act = s.state.current_player
    assert to_act is not None
    s.remote = frozenset({to_act})
    name = s.state.config.seats[to_act].name
    before = vc.digest(s.state)
    with pytest.raises(vc.IllegalAction, match=f"It is {name}'s turn"):
        s.act(s.state.legal_actions()[0])
    assert vc.digest(s.state) == before
    view = s.view()
    assert view["remote_to_act"] and name in view["waiting"]
    assert not s.can_undo


def test_a_virtual_seat_is_never_remote() -> None:
    cfg = vc.GameConfig(seats=[vc.Seat(name="Me"), vc.Seat(name="V", virtual=True),
                               vc.Seat(name="You")], seed=1, map="mini")
    assert Session.new(cfg, remote=frozenset({1, 2, 9})).remote == {2}


def test_what_happened_since_a_players_last_turn() -> None:
    s = _play(Session.new(_cfg()), 40, seed=9)
    actions = [e for e in s.entries if e["kind"] == "action"]
    while actions[-1]["seat"] == s.state.current_player:  # on to the start of a turn
        _play(s, 1, seed=len(actions))
        actions = [e for e in s.entries if e["kind"] == "action"]
    seat = s.state.current_player
    assert seat is not None
    last = max(i for i, e in enumerate(s.entries) if e["seat"] == seat and e["kind"] == "action")
    since = s.since_last_turn(seat)
    assert since == [e["notice"] for e in s.entries[last + 1:]
                     if e.get("notice") and e["seat"] != seat]
    assert since  # the others played in between


def test_the_new_game_form_marks_remote_seats_by_player_row() -> None:
    from vinci_core.table.newgame import config_from_form, remote_seats

    hot = {"mode": "hotseat", "names": ["Ann", "Bo", "Cy"], "where": ["here", "remote",
                                                                       "remote"]}
    assert remote_seats(hot) == {1, 2}
    two = {"mode": "two_player", "names": ["Ann", "Bo"], "where": ["here", "remote"]}
    cfg = config_from_form(two)
    assert remote_seats(two) == {2} and cfg.seats[2].name == "Bo"  # seat 1 is virtual
    assert remote_seats({"mode": "solo", "names": ["Me"], "where": ["remote"]}) == set()
    assert Session.new(cfg, remote_seats(two)).local_seats() == [0]


def test_a_rematch_keeps_the_players_and_options_with_another_seed() -> None:
    from vinci_core.table.newgame import rematch_config

    cfg = _cfg(seed=4).model_copy(update={"target_vp": 40})
    again = rematch_config(cfg, 99)
    assert again.seed == 99 and again.seats == cfg.seats and again.target_vp == 40
