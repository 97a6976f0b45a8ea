"""Links and imports: a share link in the address (at start, or pasted into the open tab),
a file imported, and the link the page offers to send to the next player. What a link holds
and how it moves a saved game forward is vinci_core.table.store's (SaveStore.open_link,
link_fragment); the note it leaves and the send box are drawn by ui/relay.py. ``app``:
main.App."""

from __future__ import annotations

from typing import Any

from .dom import BRIDGE, _, element, lang
from .errors import clear_error, show_error
from .relay import render_link_note, render_send


def open_shared_link(app: Any) -> bool:
    """The address holds a share link: open its game. The fragment is cleared first, so a
    reload does not open it twice."""
    from vinci_core.table.store import parse_link_fragment

    parsed = parse_link_fragment(str(BRIDGE.location.hash()))
    if parsed is None:
        return False
    BRIDGE.location.replaceHash("")
    open_text(app, parsed[0], "link", parsed[1])
    return True


def open_text(app: Any, text: str, what: str, for_seat: int | None = None) -> bool:
    """A share link's fragment or an imported file (``what``: "link" or "file"): its saved
    game moved forward, shown, or a new saved game; or a clear error."""
    games = app.games
    games.flush()  # the link may move forward the game on screen: saved first
    try:
        outcome = games.store.open_link(text, for_seat)
    except app.vc.SaveError as exc:
        message = (_("This link does not hold a valid game: {problem}. Nothing was changed.")
                   if what == "link" else
                   _("This file does not hold a valid game: {problem}. Nothing was "
                     "changed."))
        from vinci_core.table.presenter import problem_text

        show_error(message.format(problem=problem_text(exc, lang())))
        return False
    games.render_saving()
    ok = games.store.ok
    app.flow.show(outcome.gid if ok else None, outcome.session, fresh=not ok)
    clear_error()
    render_link_note(outcome.message, *_your_turn(outcome.session))
    return True


def _your_turn(session: Any) -> tuple[str, list[list[tuple[str, str | None]]]]:
    """"Your turn" and what happened since, when the link's game waits for a player of
    this device (else nothing)."""
    seat = session.state.current_player
    if seat is None or not session.remote or seat not in session.local_seats():
        return "", []
    name = session.state.config.seats[seat].name
    since = session.since_last_turn_parts(seat)
    your_turn = (_("Your turn, {name}. Since your last turn:") if since
                 else _("Your turn, {name}.")).format(name=name)
    return your_turn, since


def render_send_box(app: Any) -> None:
    """The link for the remote player to act ("send to the next player")."""
    v = app.view
    seat = v.get("current_player")
    if app.replay is not None:
        render_send(None, "")
    elif v.get("remote_to_act") and seat is not None:
        name = v["players"][seat]["name"]
        render_send(_("{name} plays on another device: send {name} this link to take "
                      "the turn.").format(name=name), app.games.link(seat))
    elif v["terminal"] and v.get("remote"):
        render_send(_("The game is over: send the others this link, so that they see "
                      "its end."), app.games.link())
    else:
        render_send(None, "")


def share_send_link(app: Any) -> None:
    """The send box's Share button: the system share sheet with the link."""
    if app.session is None:
        return
    seat = app.session.state.current_player
    name = app.session.state.config.seats[seat].name if seat is not None else ""
    BRIDGE.share(_("Vinci: your turn, {name}").format(name=name), element("send-link").value)
