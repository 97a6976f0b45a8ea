"""The +/- token editor of a reorganization or a defender's redistribution: the plan so far
(:class:`TokenPlan`), its buttons and clicks (:class:`TokenEditor`), its panel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .dom import _, append_parts, build, element, lang, ngettext, show
from .errors import clear_error, show_error


class TokenPlan:
    """The tokens a human has put with the editor so far, before confirming them. It belongs
    to one position (the view's digest): a new position starts from the editor's proposal."""

    def __init__(self) -> None:
        self.digest: str | None = None
        self.add: dict[str, int] = {}

    def forget(self) -> None:
        self.digest = None

    @staticmethod
    def editing(view: dict[str, Any]) -> dict[str, Any] | None:
        """The view's editor while a human places tokens (None otherwise)."""
        return None if view.get("virtual_to_act") else view.get("editor")

    def counts(self, view: dict[str, Any]) -> dict[str, int]:
        """Tokens added per province so far (the editor's proposal at first)."""
        ed = view.get("editor")
        if ed is None:
            return {}
        if self.digest is None or self.digest != view.get("digest"):
            self.digest, self.add = view.get("digest"), dict(ed["start"])
        return self.add

    def preview(self, view: dict[str, Any]) -> dict[str, int]:
        """Each editable province's count as the plan stands (the board shows these)."""
        ed = self.editing(view)
        if ed is None:
            return {}
        add = self.counts(view)
        return {p: ed["base"][p] + add.get(p, 0) for p in ed["base"]}

    def edit(self, view: dict[str, Any], pid: str, delta: int,
             province_name: Callable[[str], str], refuse: Callable[[str], None]) -> bool:
        """One token more (``delta`` 1) or less (-1) in ``pid``. Whether the plan changed;
        a refusal the player must read goes to ``refuse``. The limits are the engine's own
        (presenter.placement_editor), so the plan never asks what the rules refuse."""
        ed = view.get("editor")
        if ed is None or pid not in ed["base"]:
            return False
        add = self.counts(view)
        left = ed["total"] - sum(add.values())
        n = ed["base"][pid] + add.get(pid, 0) + delta
        high = ed["max"][pid]
        if delta > 0 and left <= 0:
            refuse(_("No token left in hand: take one from another province first."))
            return False
        if delta > 0 and high is not None and n > high:
            refuse(ngettext("{province} takes at most {n} token now (C-3.4.3).",
                            "{province} takes at most {n} tokens now (C-3.4.3).",
                            high).format(province=province_name(pid), n=high))
            return False
        if delta < 0 and (add.get(pid, 0) <= 0 or n < ed["min"][pid]):
            return False  # the button is disabled: the rules need this token here
        add[pid] = add.get(pid, 0) + delta
        return True

    def action(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """The plan as the engine's ``place_all`` action (None: no editor)."""
        if view.get("editor") is None:
            return None
        add = self.counts(view)
        return {"kind": "place_all", "placement": {p: n for p, n in add.items() if n}}


class TokenEditor:
    """The editor on the page: its +/- buttons, Reset, Place all, and the board's clicks
    while a human places tokens. ``app``: the page (main.App)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.plan = TokenPlan()  # the tokens placed so far

    def edit(self, pid: str, delta: int) -> None:
        app = self.app
        if not app.busy() and self.plan.edit(app.view, pid, delta, app.province_name,
                                             show_error):
            clear_error()
            self.render()
            app.targets.render_tokens()

    def reset(self) -> None:
        self.plan.forget()
        self.render()
        self.app.targets.render_tokens()

    def place_all(self) -> None:
        action = self.plan.action(self.app.view)
        if action is not None and not self.app.busy():
            self.app.actions.play(action)

    def render(self) -> None:
        from vinci_core.table.presenter import placement_problem

        app = self.app
        ed = self.plan.editing(app.view)
        add = self.plan.counts(app.view)
        problem = None
        if ed is not None and sum(add.values()) == ed["total"]:
            problem = placement_problem(app.session.state, add, lang())
        render_editor(ed, add, app.province_name, problem)


def render_editor(ed: dict[str, Any] | None, add: dict[str, int], province_name: Any,
                  problem: list[tuple[str, str | None]] | None) -> None:
    """``ed``: presenter.placement_editor (with each province's ``min`` and ``max`` count);
    ``add``: the tokens placed so far; ``problem``: why the engine refuses the placement
    (presenter.placement_problem: parts, its tiles as glossary links), None when it
    accepts it."""
    box = element("editor")
    if ed is None:
        show(box, False)
        return
    show(box, True)
    left = ed["total"] - sum(add.values())
    title = (_("Reorganize your empire") if ed["kind"] == "reorganize"
             else _("Place the tokens you got back"))
    box.querySelector(".title").textContent = title
    status = box.querySelector(".left")
    status.classList.toggle("ready", not left and not problem)  # not in the error colour
    if left:
        status.textContent = ngettext("{n} token left to place", "{n} tokens left to place",
                                      left).format(n=left)
    elif problem:
        status.replaceChildren()
        append_parts(status, problem)
    else:
        from vinci_core.table.editing import confirm_text

        status.textContent = confirm_text(add, province_name, lang())  # what confirming does
    # The rows built in one call: element by element, each element and attribute was a call
    # into the page, and a dozen rows or more made this the slowest step of a click that
    # places a token (docs/performance.md).
    build("editor-rows", [_editor_row(ed, pid, base + add.get(pid, 0), add.get(pid, 0), left,
                                      province_name(pid))
                          for pid, base in ed["base"].items()])
    box.querySelector("[data-testid=place-all]").disabled = left != 0 or problem is not None


def _editor_row(ed: dict[str, Any], pid: str, n: int, added: int, left: int,
                name: str) -> list[Any]:
    """A province's row of the token editor (:func:`dom.build`'s form): its name, −, its
    count, +; − is off at the province's least count or with none added, + with no token
    left or at its most."""
    high = ed["max"][pid]

    def button(sign: str, action: str, label: str, off: bool) -> list[Any]:
        return ["button", {"type": "button", "class": "icon", "data-action": action,
                           "data-value": pid, "data-testid": f"{action}-{pid}",
                           "aria-label": label.format(province=name), "disabled": off}, sign]

    return ["li", {"data-row": pid}, ["span", {"class": "pname"}, name],
            button("−", "dec", _("One token less in {province}"),
                   n <= ed["min"][pid] or added <= 0),
            ["output", {"data-testid": f"count-{pid}"}, str(n)],
            button("+", "inc", _("One token more in {province}"),
                   left <= 0 or (high is not None and n >= high))]
