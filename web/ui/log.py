"""The move log: round and turn headers, a line per move (a click on a line with a province
shows it on the board), each turn's scoring with its terms. Rows come from
vinci_core.table.presenter.log_rows; lines are appended as the game goes on."""

from __future__ import annotations

from typing import Any

from .dom import BRIDGE, _, append_parts, element, icon, make


class LogPanel:
    def __init__(self) -> None:
        self.shown: list[dict[str, Any]] = []

    def reset(self) -> None:
        """Another game is shown: none of the lines on screen belong to it."""
        self.shown = []
        element("log").replaceChildren()
        BRIDGE.logRedrawn()

    def render(self, rows: list[dict[str, Any]]) -> None:
        box = element("log")
        shown = self.shown
        if len(rows) < len(shown) and shown[:len(rows)] == rows:  # a replay stepping back
            for _ in range(len(shown) - len(rows)):
                box.lastElementChild.remove()
            self.shown = list(rows)
            box.scrollTop = box.scrollHeight
            return
        if rows[:len(shown)] != shown:
            box.replaceChildren()
            BRIDGE.logRedrawn()  # a replay's hidden rows are gone with them
            shown = []
        for row in rows[len(shown):]:
            box.append(_row(row))
        self.shown = list(rows)
        if len(rows) != len(shown):
            BRIDGE.scrollToEnd(box)


def _row(row: dict[str, Any]) -> Any:
    kind = row["kind"]
    if kind in ("round", "turn"):
        return make("li", row["text"], class_=f"head {kind}", data_testid=f"log-{kind}")
    li = make("li", None, class_=kind)
    if row.get("parts"):
        # The line names tiles, each a button to its glossary entry: the line is no button
        # itself then (no button in a button), its province has one of its own.
        li.append(append_parts(make("span", None, class_="text"), row["parts"]))
        if row.get("province"):
            show = make("button", None, type="button", class_="show-line",
                        data_action="show-province", data_value=row["province"],
                        title=_("Show on the board"), aria_label=_("Show on the board"))
            show.append(icon("show"))
            li.append(show)
    elif row.get("province"):
        li.append(make("button", row["text"], type="button", class_="line",
                       data_action="show-province", data_value=row["province"],
                       title=_("Show on the board")))
    else:
        li.append(make("span", row["text"]))
    if row.get("terms"):
        li.append(make("span", " · ".join(row["terms"]), class_="terms",
                       data_testid="score-terms"))
    return li
