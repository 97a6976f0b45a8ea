"""The board's targets: what a click or a tap on a province does (play its action, add a
token in the editor, ask before keeping the smaller part of an empire), the line under the
board that says what a province would cost, and the tokens and lit targets drawn on the map
(ui/board.py draws them; the targets and costs are vinci_core.table.session's and
presenter's)."""

from __future__ import annotations

from typing import Any

from .dom import _, element, lang, ngettext
from .errors import show_error


class BoardTargets:
    """``app``: the page (main.App): its game, view, board, editor and action buttons."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.hovered: str | None = None  # the province under the pointer or the focus

    def click(self, pid: str, touch: bool = False) -> None:
        """A click (or a tap, ``touch``) on province ``pid``."""
        app = self.app
        view = app.view
        if view.get("remote_to_act") and app.replay is None:
            show_error(str(view.get("waiting")))  # the page says whose turn it is
            return
        if app.busy():
            return
        if app.editor.plan.editing(view) is not None:
            app.editor.edit(pid, +1)
            return
        target = view.get("targets", {}).get(pid)
        if target is None:
            self.arm(None)
            self.hover(pid)
            return
        if touch and pid != app.board.armed:  # no hover on a touch screen: show, then confirm
            self.arm(pid)
            return
        self.arm(None)
        action = target["action"]
        if app.actions.espionage and "espionage" in target:
            action = target["espionage"]
        if "confirm" in target:  # keeping the smaller part of a split empire: ask first
            app.actions.ask_keep(action, target["confirm"])
            return
        app.actions.play(action)

    def arm(self, pid: str | None) -> None:
        """Touch screens: the first tap on a target marks it and shows what it would do and
        cost (what a mouse shows on hover); a second tap on it acts."""
        self.app.board.arm(pid)
        if pid is not None:
            self.hover(pid)

    def hover(self, pid: str | None) -> None:
        """The line under the board: what ``pid`` would cost, or the tokens planned there."""
        app = self.app
        self.hovered = pid
        box = element("hover-info")
        if pid is None or app.session is None or not app.board.has(pid):  # another board's
            box.textContent = ""
            return
        from vinci_core.table.presenter import cost_text

        planned = app.editor.plan.preview(app.view)
        if pid in planned:
            n = planned[pid]
            name = app.province_name(pid)
            box.textContent = ngettext("{province}: {n} token planned. Click to add one.",
                                       "{province}: {n} tokens planned. Click to add one.",
                                       n).format(province=name, n=n)
            return
        target = app.view.get("targets", {}).get(pid)
        text = cost_text(app.session.state, pid, target, lang())
        box.textContent = text + (" " + _("Tap again to confirm.") if pid == app.board.armed
                                  else "")

    def show_province(self, pid: Any) -> None:
        """A log line's "show on the board" button."""
        if self.app.session is not None:
            self.app.board.flash(str(pid), scroll=True)
            self.hover(str(pid))

    def render(self) -> None:
        """The tokens (with the editor's plan) and the lit targets of the view on screen."""
        self.render_tokens()
        self.render_targets()

    def render_hover(self) -> None:
        """The cost line again for the province still under the pointer (its cost may have
        changed)."""
        if self.hovered:
            self.hover(self.hovered)

    def render_tokens(self) -> None:
        view = self.app.view
        self.app.board.render_tokens(view["board"], self.app.editor.plan.preview(view),
                                     view["current_player"])

    def render_targets(self) -> None:
        view, board = self.app.view, self.app.board
        targets = view.get("targets", {})
        human = not view.get("virtual_to_act")
        ed = view.get("editor")
        lit = set() if not human else set(ed["base"]) if ed is not None else set(targets)
        board.render_targets(targets, lit)
        if board.armed is not None and (board.armed not in targets or not human):
            self.arm(None)  # the game moved on: a pending tap no longer applies
