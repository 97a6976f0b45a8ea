"""Links and stored games never trap a player (issue 29): a link or a saved-games list that was
cut, changed or damaged opens what it can, says what it skipped, and never raises nor
overwrites a game."""

from __future__ import annotations

import json

import pytest

import vinci_core as vc
from vinci_core.table.session import Session
from vinci_core.table.store import MemoryStorage, SaveStore, link_fragment, parse_link_fragment


def _session(moves: int = 3) -> Session:
    cfg = vc.GameConfig(seats=[vc.Seat(name=n) for n in ("Ann", "Bo", "Cy")], seed=4, map="mini")
    s = Session.new(cfg)
    for _ in range(moves):
        s.act(s.state.legal_actions()[0])
    return s


@pytest.mark.parametrize("to", ["²", "٣", "1" * 5000, "-1", "1.5", "", "x"])
def test_a_bad_seat_in_a_link_is_ignored(to: str) -> None:
    # "²".isdigit() is True and int("²") raises; 5,000 digits exceed int()'s limit.
    text = _session().save()
    assert parse_link_fragment(f"#g={text}&to={to}") == (text, None)


@pytest.mark.parametrize("seat", [3, 99])
def test_a_link_sent_to_a_seat_the_game_does_not_have_opens_with_every_seat_here(seat) -> None:
    store = SaveStore(MemoryStorage())
    a = _session()
    text, to = parse_link_fragment(link_fragment(a, seat)) or ("", None)
    assert to == seat
    out = store.open_link(text, for_seat=to)
    assert out.session.remote == frozenset()
    assert out.session.local_seats() == [0, 1, 2]
    assert "seat" in out.message and "this device" in out.message


def test_a_link_sent_to_a_real_seat_still_marks_the_others_remote() -> None:
    out = SaveStore(MemoryStorage()).open_link(_session().save(), for_seat=2)
    assert out.session.remote == {0, 1} and out.message == ""


def _with_damaged_entry() -> tuple[SaveStore, MemoryStorage, str]:
    storage = MemoryStorage()
    store = SaveStore(storage, now=lambda: 1000.0)
    good = store.new_id()
    store.put(good, _session())
    index = json.loads(storage.data[SaveStore.INDEX])
    index.append({"id": "g-damaged", "updated": "x", "title": "?"})
    storage.data[SaveStore.INDEX] = json.dumps(index)
    storage.data[SaveStore.PREFIX + "g-damaged"] = "kept as it is"
    return store, storage, good


def test_a_damaged_saved_games_entry_is_skipped_and_reported() -> None:
    store, _, good = _with_damaged_entry()
    assert [e["id"] for e in store.entries()] == [good]
    assert store.damaged_entries() == 1
    assert store.damaged_note().startswith("1 entry of this list is damaged")
    assert store.last_id == good
    store.lang = "nl"
    assert "1" in store.damaged_note() and "damaged" not in store.damaged_note()


def test_a_damaged_entry_never_stops_a_link_and_is_never_overwritten() -> None:
    store, storage, good = _with_damaged_entry()
    out = store.open_link(_session(5).save())  # a game of the same identity? no: a new one
    assert out.relation == "new"
    assert storage.data[SaveStore.PREFIX + "g-damaged"] == "kept as it is"
    # the damaged entry stays in the index as it was, for a later repair or export
    assert any(e.get("id") == "g-damaged" for e in json.loads(storage.data[SaveStore.INDEX]))
    store.delete(good)
    assert storage.data[SaveStore.PREFIX + "g-damaged"] == "kept as it is"
    assert store.damaged_entries() == 1
