"""Play by link on the page: the "send to the next player" box (copy, or the system share
sheet where the browser has one), and the note a link leaves (moved forward, behind,
kept apart; "your turn" with what happened since). Decisions are vinci_core.table.session's."""

from __future__ import annotations

from typing import Any

from .dom import BRIDGE, _, append_parts, element, make, show


def render_send(text: str | None, link: str) -> None:
    """``text``: what the link is for (None: hide the box)."""
    box = element("send-next")
    show(box, text is not None)
    if text is None:
        return
    box.querySelector(".who").textContent = text
    if element("send-link").value != link:
        element("send-link").value = link
        box.querySelector(".note").textContent = ""
    show(box.querySelector("[data-testid=share-send-link]"), bool(BRIDGE.canShare()))


def send_copied() -> None:
    element("send-next").querySelector(".note").textContent = _("Link copied.")


def render_link_note(message: str, your_turn: str,
                     since: list[list[tuple[str, str | None]]]) -> None:
    """The note of a link opened: what it did, whose turn it is, and the notices since that
    player's last turn (as parts: vinci_core.text.textparts, their tile names linked)."""
    box = element("link-note")
    show(box, bool(message or your_turn))
    box.querySelector("[data-testid=link-note-text]").textContent = message
    turn = box.querySelector("[data-testid=your-turn]")
    turn.textContent = your_turn
    show(turn, bool(your_turn))
    items = box.querySelector("[data-testid=since-last-turn]")
    items.replaceChildren()
    for parts in since:
        items.append(append_parts(make("li"), parts))


def hide_link_note() -> None:
    show(element("link-note"), False)


def share_link(title: str, link: str) -> Any:
    return BRIDGE.share(title, link)
