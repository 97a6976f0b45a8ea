"""The page's session: undo limits, move log, view model, loading saves."""

from __future__ import annotations

import random

import pytest
from builders import give_civ, position, put, start_turn

import vinci_core as vc
from vinci_core.table.session import Session


def _cfg(seed: int = 1, seats: int = 3) -> vc.GameConfig:
    return vc.GameConfig(seats=[vc.Seat(name=f"P{i}") for i in range(seats)], seed=seed,
                         map="mini")


def test_undo_goes_back_over_own_conquests_within_the_turn() -> None:
    s = position()
    s = give_civ(s, 0, ("weapons", "mining"), hand=12)
    s = put(s, "portugal", 0, 1)
    s = start_turn(s, 0)
    session = Session(s)
    before = vc.digest(session.state)
    session.act({"kind": "conquer", "province": "castile"})
    session.act({"kind": "conquer", "province": "andalusia"})
    assert session.can_undo
    assert session.undo() and session.undo()
    assert vc.digest(session.state) == before
    assert session.log == []
    assert not session.undo()


def test_undo_never_crosses_a_random_draw() -> None:
    """Choosing a civilization draws a new pair into the display: no way back."""
    session = Session.new(_cfg())
    session.act({"kind": "choose", "slot": 1})
    assert not session.can_undo


def test_undo_is_not_offered_to_the_next_player() -> None:
    rnd = random.Random(3)
    session = Session.new(_cfg(seed=3))
    while session.state.round < 3:
        seat = session.state.current_player
        session.act(rnd.choice(session.state.legal_actions()))
        if session.state.current_player != seat:
            assert not session.can_undo


def test_move_log_and_scores_are_rebuilt_from_a_save() -> None:
    rnd = random.Random(5)
    session = Session.new(_cfg(seed=5, seats=4))
    for _ in range(400):
        if session.state.is_terminal:
            break
        session.act(rnd.choice(session.state.legal_actions()))
    again = Session.from_save(session.save())
    assert again.log == session.log
    assert vc.digest(again.state) == vc.digest(session.state)
    assert any("scores" in line for line in session.log)


def test_illegal_click_changes_nothing() -> None:
    session = Session.new(_cfg())
    before = vc.digest(session.state)
    with pytest.raises(vc.IllegalAction):
        session.act({"kind": "conquer", "province": "castile"})
    with pytest.raises(vc.ActionError):
        session.act({"kind": "teleport"})
    assert vc.digest(session.state) == before and session.log == []


def test_view_lists_targets_with_cost_terms_and_controls() -> None:
    s = position()
    s = give_civ(s, 0, ("weapons", "mining"), hand=12)
    s = put(s, "andalusia", "neutral", 2)
    s = start_turn(s, 0)
    view = Session(s).view()
    assert view["phase"] == "expand"
    target = view["targets"]["andalusia"]
    assert target["cost"] == 4  # C-4: forest 3 + 2 neutral tokens − Weapons 1
    assert [t["rule"] for t in target["terms"]] == ["C-4", "C-4", "C-4"]
    assert view["controls"]["finish"] is False  # C-3.1.2: must enter first
    assert view["controls"]["decline"] is True
    assert view["digest"] == vc.digest(s)
    assert "enter the board" in view["prompt"]


# --- the score chart's rounds and the saved-games store ---------------------------------------

def _played(seed: int = 5, rounds: int = 3) -> Session:
    rnd = random.Random(seed)
    session = Session.new(_cfg(seed=seed))
    while session.state.round <= rounds and not session.state.is_terminal:
        session.act(rnd.choice(session.state.legal_actions()))
    return session


def test_rounds_record_scores_at_each_round_end_and_survive_a_save() -> None:
    session = _played()
    assert session.rounds[0] == [10, 10, 10]
    assert len(session.rounds) == session.state.round
    assert Session.from_save(session.save()).rounds == session.rounds
    assert session.view()["rounds"] == session.rounds


def test_store_puts_lists_loads_and_deletes() -> None:
    from vinci_core.table.store import MemoryStorage, SaveStore

    clock = iter(range(1000, 2000))
    store = SaveStore(MemoryStorage(), now=lambda: float(next(clock)))
    a, b = _played(5), _played(6, rounds=1)
    ida = store.new_id()
    assert store.put(ida, a)
    idb = store.new_id()
    assert idb != ida and store.put(idb, b)
    assert store.ids() == [idb, ida]  # most recent first
    assert store.last_id == idb
    assert vc.digest(store.load(ida).state) == vc.digest(a.state)
    entry = store.entries()[1]
    assert entry["title"] == "P0, P1, P2" and entry["digest"] == vc.digest(a.state)
    store.delete(idb)
    assert store.ids() == [ida] and store.last_id is None
    with pytest.raises(vc.SaveError):
        store.load(idb)


def test_store_never_overwrites_when_a_shared_game_comes_in() -> None:
    from vinci_core.table.store import MemoryStorage, SaveStore

    data: dict[str, str] = {}
    store = SaveStore(MemoryStorage(data))
    a = _played(5)
    gid = store.new_id()
    store.put(gid, a)
    before = dict(data)
    text = a.save()
    # One character changed (the save text differs from run to run: "x" must not be
    # the character already there, or nothing is changed one run in 64).
    tampered = text[:40] + ("y" if text[40] == "x" else "x") + text[41:]
    for bad in ("", "garbage", text[:-7], tampered,
                None, 42, b"vinci1.abc", ["vinci1.abc"], {"save": a.save()}):
        with pytest.raises(vc.SaveError):
            store.open_link(bad)
        assert data == before
    other = _played(6)  # another game: a new saved game beside the first
    outcome = store.open_link(other.save())
    assert outcome.gid != gid and set(store.ids()) == {gid, outcome.gid}
    assert data[store.PREFIX + gid] == before[store.PREFIX + gid]
    assert vc.digest(outcome.session.state) == vc.digest(other.state)


def test_store_reports_full_or_missing_storage_and_the_game_goes_on() -> None:
    from vinci_core.table.store import MemoryStorage, SaveStore

    class Broken:
        def get(self, key: str) -> str | None:
            raise RuntimeError("disabled")

        def set(self, key: str, value: str) -> bool:
            raise RuntimeError("disabled")

        def remove(self, key: str) -> None:
            raise RuntimeError("disabled")

    store = SaveStore(Broken())
    assert store.entries() == [] and store.last_id is None
    assert not store.put(store.new_id(), _played(5, rounds=1))
    assert not store.ok
    full = SaveStore(MemoryStorage(limit=50))
    assert not full.put("x", _played(5, rounds=1)) and not full.ok


def test_store_reads_a_damaged_index_as_empty() -> None:
    from vinci_core.table.store import MemoryStorage, SaveStore

    store = SaveStore(MemoryStorage({"vinci.games": "{not json", "vinci.last": "g1"}))
    assert store.entries() == [] and store.last_id is None
    store = SaveStore(MemoryStorage({"vinci.games": '[{"id": 3}, "x", {"id": "ok"}]'}))
    assert store.ids() == ["ok"]


def test_store_set_last_writes_only_on_change() -> None:
    from vinci_core.table.store import MemoryStorage, SaveStore

    writes: list[str] = []

    class Counting(MemoryStorage):
        def set(self, key: str, value: str) -> bool:
            writes.append(key)
            return super().set(key, value)

    store = SaveStore(Counting())
    store.put("a", _played(5, rounds=1))
    store.put("b", _played(6, rounds=1))
    writes.clear()
    store.set_last("b")
    assert writes == []
    store.set_last("a")
    assert writes == [store.LAST] and store.last_id == "a"
