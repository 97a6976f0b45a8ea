"""The action buttons and the play of an action: Finish conquest, End turn, Decline,
Make peace with, Abandon, the Espionage toggle, Undo, and the "keep the smaller part?"
question. An action (from these buttons, a province or a civilization on display) goes to
the engine; a refusal is said on the error line, anything else redraws the page, saves the
game and lets the virtual players go on. What each button offers is the view's
(vinci_core.table.presenter)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import dialogs
from .dom import _, build, changed, element, lang, query, show
from .errors import clear_error, show_error, show_error_parts

# The buttons that play an action of the game (data-action -> the action, from data-value).
PLAYS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "finish": lambda value: {"kind": "finish"},
    "end_turn": lambda value: {"kind": "end_turn"},
    "decline": lambda value: {"kind": "decline"},
    "diplomacy": lambda value: {"kind": "diplomacy", "seat": int(value)},
    "abandon": lambda value: {"kind": "abandon", "province": str(value)},
}


class ActionButtons:
    """``app``: the page (main.App): its game, view and the views to redraw."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.espionage = False  # the Espionage toggle is on
        self.pending_keep: dict[str, Any] | None = None  # a Keep waiting for its confirmation

    def press(self, name: str, value: Any) -> None:
        """A button of :data:`PLAYS`: only for the human whose turn it is."""
        if not self.app.busy():
            self.play(PLAYS[name](value))

    def play(self, action: dict[str, Any]) -> None:
        app = self.app
        if app.session is None:
            return
        try:
            refused = app.guide.refusal(app.session.state, action)
            if refused:  # off the guide's script: nothing is played, the bar says what to do
                app.guide.render(app.session.state)
                return
            app.session.act(action)
        except app.vc.IllegalAction as exc:
            from vinci_core.table.presenter import refusal_parts

            show_error_parts(refusal_parts(exc, lang(), app.session.state))
            return
        except app.vc.ActionError as exc:
            from vinci_core.table.presenter import problem_text

            show_error(problem_text(exc, lang()))
            return
        clear_error()
        self.played()

    def played(self) -> None:
        """The game on screen moved (a click here, a virtual player, an undo)."""
        app = self.app
        app.editor.plan.forget()
        app.hints.forget()
        self.espionage = False
        app.render()
        app.games.save_soon()
        app.schedule_virtual()

    def toggle_espionage(self) -> None:
        self.espionage = not self.espionage
        self.render()

    def ask_keep(self, action: dict[str, Any], question: str) -> None:
        """Keeping the smaller part of a split empire: ``action`` waits for the answer."""
        self.pending_keep = action
        dialogs.ask_keep(question)

    def answer_keep(self, confirmed: bool) -> None:
        """The answer to "keep the smaller part?" (see ask_keep)."""
        dialogs.close("keep-dialog")
        pending, self.pending_keep = self.pending_keep, None
        if confirmed and pending is not None and not self.app.busy():
            self.play(pending)

    def undo(self) -> None:
        session = self.app.session
        if session is not None and session.undo():
            clear_error()
            self.played()

    def render(self) -> None:
        """The buttons that apply now, and the token editor below them."""
        if not render_controls(self.app.view, self.espionage, self.app.province_name):
            self.espionage = False
        self.app.editor.render()


def render_controls(v: dict[str, Any], espionage: bool, province_name: Any) -> bool:
    """The buttons that apply now; returns whether the Espionage toggle is still offered."""
    c = v["controls"]
    human = not v.get("virtual_to_act") and not v["terminal"]
    spy = human and any("espionage" in t for t in v["targets"].values())
    if not changed("controls", (c, human, spy, espionage, v.get("editor") is not None)):
        return spy
    show(query("[data-testid=finish-conquest]"), human and c["finish"])
    show(query("[data-testid=end-turn]"), human and c["end_turn"])
    show(query("[data-testid=decline]"), human and c["decline"])
    button = query("[data-testid=espionage]")
    show(button, spy)
    on = spy and espionage
    button.setAttribute("aria-pressed", "true" if on else "false")
    button.textContent = _("Espionage on: click a province (cost 2)") if on \
        else _("Use Espionage")
    # Each list built in one call: a province button each, a dozen or more on a big empire.
    peace: list[Any] = []
    if human and c["diplomacy"]:
        peace = [["span", {"class": "lbl"}, _("Make peace with:")]]
        peace += [["button", {"type": "button", "data-action": "diplomacy", "data-value": str(seat),
                              "data-testid": f"diplomacy-{seat}",
                              "style": f"--c: {v['players'][seat]['colour']}"},
                   v["players"][seat]["name"]] for seat in c["diplomacy"]]
    build("diplomacy", peace)
    show(element("diplomacy"), human and bool(c["diplomacy"]))
    build("abandon-list", [["button", {"type": "button", "data-action": "abandon",
                                       "data-value": pid, "data-testid": f"abandon-{pid}"},
                            province_name(pid)] for pid in (c["abandon"] if human else ())])
    ab = element("abandon")
    show(ab, human and bool(c["abandon"]))
    show(element("controls"), human and (c["finish"] or c["end_turn"] or c["decline"] or spy
                                         or bool(c["diplomacy"]) or bool(c["abandon"])
                                         or v.get("editor") is not None))
    return spy
