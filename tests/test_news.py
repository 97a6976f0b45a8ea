"""The news strip (table/news.py): every action since the player's last turn, newest first,
short, the reason apart, each with its province."""

from __future__ import annotations

import vinci_core as vc
from vinci_core.table.news import identities, new_on_top, news, viewer
from vinci_core.table.session import Session


def _solo(seed: int = 2) -> Session:
    seats = [vc.Seat(name="Me")] + [vc.Seat(name=f"Virtual {i}", virtual=True)
                                    for i in (1, 2, 3)]
    session = Session.new(vc.GameConfig(seats=seats, seed=seed))
    while True:  # the virtual players act until the human must
        seat = session.state.current_player
        if seat is None or not session.state.config.seats[seat].virtual:
            break
        assert session.play_ai()
    return session


def _play_turn(session: Session) -> None:
    """The human's whole turn: the first legal action until a virtual player acts."""
    while session.state.current_player == 0:
        action = session.state.legal_actions()[0]
        session.act(action.to_dict())
    while session.state.config.seats[session.state.current_player].virtual:
        assert session.play_ai()


def test_every_action_since_the_last_turn_newest_first_short_with_its_reason() -> None:
    session = _solo()
    _play_turn(session)
    assert viewer(session.entries, session.state.current_player, [0]) == 0
    items = news(session.entries, 0)
    last_own = max(i for i, e in enumerate(session.entries)
                   if e["seat"] == 0 and e["kind"] == "action")
    told = [i for i, e in enumerate(session.entries) if i > last_own and e.get("notice")]
    # All of them, not the last four, newest first.
    assert [item["index"] for item in items] == told[::-1]
    assert len(items) > 4
    for item in items:
        assert "Why:" not in item["text"]  # short by default ...
        assert "Why:" not in "".join(text for text, _tile in item["parts"])
        entry = session.entries[item["index"]]
        if session.state.config.seats[item["seat"]].virtual and entry["kind"] == "action":
            assert item["reason"]  # ... the reason one tap away
            assert entry["notice"].endswith(item["reason"])
        assert item["province"] == entry.get("province")
    assert any(item["province"] for item in items)


def test_the_viewer_while_virtual_players_act_is_the_last_local_human() -> None:
    entries = [{"kind": "action", "seat": 1}, {"kind": "action", "seat": 0},
               {"kind": "action", "seat": 2}]
    assert viewer(entries, 2, [0, 1]) == 0
    assert viewer(entries, 1, [0, 1]) == 1
    assert viewer([], 2, [0]) == 0
    assert viewer(entries, 2, []) is None


def test_while_the_others_play_each_move_only_adds_items_on_top() -> None:
    """The page draws only the new items while the virtual players act (web/ui/notices.py);
    the whole strip only once the player has acted (the strip starts anew) or a move was
    undone."""
    session = _solo()
    for _turn in range(3):
        _play_turn_watching(session)
    drawn = identities(news(session.entries, 0))
    newest = drawn[0][0]  # its place in the log
    undone = session.entries[:newest]  # the newest item's move undone
    assert new_on_top(drawn, identities(news(undone, 0))) is None
    assert new_on_top((), drawn) == len(drawn)  # after the player acts: all new on top


def _play_turn_watching(session: Session) -> None:
    """The human's turn, then the virtual players' moves one by one: after each of theirs the
    strip is the one before with new items on top."""
    while session.state.current_player == 0:
        session.act(session.state.legal_actions()[0].to_dict())
    drawn = identities(news(session.entries, 0))
    grew = 0
    while session.state.config.seats[session.state.current_player].virtual:
        assert session.play_ai()
        now = identities(news(session.entries, 0))
        new = new_on_top(drawn, now)
        assert new is not None
        grew += new
        drawn = now
    assert grew > 0
