"""The score chart (an SVG drawn by vinci_core.table.svg)."""

from __future__ import annotations

from typing import Any

from .dom import element, lang


def render_chart(v: dict[str, Any]) -> None:
    from vinci_core.table.svg import score_chart_svg

    # Names are escaped by score_chart_svg.
    element("chart").innerHTML = score_chart_svg(v["rounds"], v["players"], v["target_vp"],
                                                 lang=lang())
