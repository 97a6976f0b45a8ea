"""The page's watchdog (vinci_core.table.watchdog, issue 29): when a virtual or AI turn has
stalled, and what the page says then, in every language."""

from __future__ import annotations

import pytest

import vinci_core as vc
from vinci_core.table import watchdog
from vinci_core.table.newgame import SEAT_COLOURS
from vinci_core.table.session import Session
from vinci_core.text.i18n import LANGUAGES, translations


def _look_every_second(watch: watchdog.TurnWatch, token, start: float, seconds: int):
    return [watch.look(start + 1000 * k, token) for k in range(seconds + 1)]


def test_the_same_awaited_position_for_ten_seconds_is_a_stall_said_once():
    watch = watchdog.TurnWatch()
    seen = _look_every_second(watch, ("game", 3), 0.0, 12)
    assert seen[:10] == [None] * 10  # 0 .. 9 s
    assert seen[10] == "stalled"  # 10 s after it was first seen
    assert seen[11:] == [None, None]  # said once


def test_a_position_that_moves_is_never_a_stall():
    watch = watchdog.TurnWatch()
    assert [watch.look(1000.0 * k, ("game", k // 5)) for k in range(60)] == [None] * 60


def test_nothing_awaited_is_never_a_stall():
    watch = watchdog.TurnWatch()
    assert _look_every_second(watch, None, 0.0, 30) == [None] * 31


def test_a_stall_that_moves_on_is_taken_back():
    watch = watchdog.TurnWatch()
    assert "stalled" in _look_every_second(watch, "a", 0.0, 10)
    assert watch.look(11_000.0, "b") == "moved"
    assert watch.look(12_000.0, None) is None  # said once


def test_a_page_that_did_not_run_counts_again():
    """A hidden tab's throttled timers, a stopped machine: a gap longer than ASLEEP_MS
    between two looks starts the count again."""
    watch = watchdog.TurnWatch()
    assert _look_every_second(watch, "a", 0.0, 8) == [None] * 9
    assert watch.look(8000.0 + watchdog.ASLEEP_MS + 1, "a") is None  # back after a gap
    resumed = 8000.0 + watchdog.ASLEEP_MS + 1
    seen = [watch.look(resumed + 1000 * k, "a") for k in range(1, 11)]
    assert seen == [None] * 9 + ["stalled"]


def _session(seats, virtual_first: bool):
    """A new game of ``seats`` (name, virtual) whose first seat to act is virtual or not."""
    for seed in range(50):
        config = vc.GameConfig(seats=[vc.Seat(name=name, virtual=virtual,
                                              colour=SEAT_COLOURS[i])
                                      for i, (name, virtual) in enumerate(seats)], seed=seed)
        session = Session.new(config)
        if config.seats[session.state.current_player].virtual == virtual_first:
            return session
    raise AssertionError("no such seed")


SOLO = [("Me", False), ("Virtual 2", True), ("Virtual 3", True)]


def test_the_awaited_position_is_a_virtual_seat_to_act_not_paused():
    solo = _session(SOLO, virtual_first=True)
    seat = solo.state.current_player
    assert watchdog.awaited_token(solo, paused=False) is not None
    assert watchdog.awaited_name(solo) == SOLO[seat][0]
    assert watchdog.awaited_token(solo, paused=True) is None  # a replay is open
    assert watchdog.awaited_token(_session(SOLO, virtual_first=False), paused=False) is None
    assert watchdog.awaited_token(None, paused=False) is None


def test_the_token_changes_with_every_move():
    from vinci_core.players.ai import finish

    game = _session(SOLO, virtual_first=True)
    tokens = []
    while len(tokens) < 6:
        token = watchdog.awaited_token(game, paused=False)
        if token is None:  # the human's move: nothing awaited from the page
            game.act(game.state.legal_actions()[0])
            continue
        tokens.append(token)
        assert finish(game.ai_turn())
    assert len(set(tokens)) == len(tokens)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_messages_are_said_in_every_language(lang):
    t = translations(lang)
    message, values = watchdog.stalled_message("Virtual 3")
    text = t.gettext(message).format(**values)
    assert "Virtual 3" in text and "10" in text
    for msgid in (watchdog.FAILED, watchdog.RELOAD):
        assert t.gettext(msgid)
        assert (t.gettext(msgid) == msgid) == (lang == "en")
    assert (t.gettext(message) == message) == (lang == "en")
