"""The end-of-game review in the game-over dialog: ranking (C-6.2), VP per round, each
player's civilizations, the biggest turn, the most-contested province. The figures come
from vinci_core.table.review (tested in CPython); names are set as text."""

from __future__ import annotations

from typing import Any

from .dom import _, append_parts, element, lang, make, query


def render_review(data: dict[str, Any]) -> None:
    from vinci_core.table.svg import score_chart_svg
    from vinci_core.text.textparts import format_parts

    from .dialogs import open_modal, render_ranking

    render_ranking(data["ranking"])
    # Names are escaped by score_chart_svg.
    element("review-chart").innerHTML = score_chart_svg(data["rounds"], data["players"],
                                                        data["target_vp"], lang=lang())
    box = element("review-civs")
    box.replaceChildren()
    for player in data["players"]:
        section = make("section", None, class_="review-player", data_seat=str(player["seat"]),
                       data_testid="review-player")
        head = make("h4", None)
        swatch = make("span", None, class_="swatch")
        swatch.style.background = player["colour"]
        head.append(swatch, make("span", _("{name} · {n} VP").format(name=player["name"],
                                                                       n=player["score"])))
        rows = make("table", None, class_="civs")
        header = make("tr")
        for title in (_("Civilization"), _("Active"), _("Most provinces"), _("VP earned")):
            header.append(make("th", title))
        rows.append(header)
        for civ in player["civs"]:
            tr = make("tr", None, data_testid="review-civ")
            name = format_parts(_("{civ} (declined)"), civ=civ["parts"]) if civ["declined"] \
                else civ["parts"]
            tr.append(append_parts(make("td"), name))  # each tile's name opens its entry
            for text in (civ["rounds"], str(civ["peak"]), str(civ["vp"])):
                tr.append(make("td", text))
            rows.append(tr)
        section.append(head, rows)
        box.append(section)
    biggest, contested = data["biggest_turn"], data["contested"]
    line = query("[data-testid=review-biggest-turn]")
    line.replaceChildren()
    append_parts(line, format_parts(_("Biggest turn: {text}"), text=biggest["parts"])
                 if biggest else [(_("No turn was scored."), None)])
    query("[data-testid=review-contested]").textContent = (
        _("Most contested: {text}").format(text=contested["text"]) if contested
        else _("No province was conquered."))
    open_modal("over-dialog")


def show_review(session: Any) -> None:
    """The review of ``session`` (vinci_core.table.review) in the game-over dialog."""
    from vinci_core.table.playback import Replay
    from vinci_core.table.review import review

    render_review(review(Replay.of(session)))
