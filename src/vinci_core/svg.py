"""The board as SVG, in pure Python (the page inserts it once and then updates its tokens).

Every province is a ``<path data-province="id">`` that can take focus; its tokens are a
``<g data-token="id">`` group whose disc, count, fort and decline marks the page (or
:func:`board_svg` with a view) sets from :func:`vinci_core.presenter.board_view`.

>>> from vinci_core.maps import load_map
>>> svg = board_svg(load_map("europe"))
>>> svg.startswith("<svg") and 'data-province="andalusia"' in svg
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from .maps import Board

TERRAIN_COLOURS = {
    "farmland": "#ecd374",
    "pasture": "#b7dc8a",
    "hills": "#c49a66",
    "forest": "#3f7b3c",
    "mountain": "#a8a8a8",
}
SEA_COLOURS = {"ocean": "#86b3da", "sea": "#9fc7e8", "inland": "#b4d6f0"}
DECORATION_COLOUR = "#ddd6c8"
NEUTRAL_COLOUR = "#8d8d8d"

# Little pictograms drawn with paths (no fonts needed): a pick for mines, an anchor for ports.
_MINE = ('<g class="sym mine"><title>mine</title><circle r="7" fill="#4e342e"/>'
         '<path d="M-4 4 L3 -3 M0 -5 Q4 -5 5 -1" stroke="#fff" stroke-width="1.6" fill="none"/>'
         '</g>')
_PORT = ('<g class="sym port"><title>port</title><circle r="7" fill="#0d3c61"/>'
         '<path d="M0 -5 V4 M-3 -2 H3 M-4 1 Q0 6 4 1" stroke="#fff" stroke-width="1.4" '
         'fill="none"/></g>')


def _attrs(**attrs: Any) -> str:
    return "".join(
        f' {k.rstrip("_").replace("_", "-")}="{escape(str(v), quote=True)}"'
        for k, v in attrs.items() if v is not None
    )


def _token_group(pid: str, x: float, y: float, view: dict[str, Any] | None) -> str:
    tokens = view.get("tokens", 0) if view else 0
    colour = (view or {}).get("colour") or NEUTRAL_COLOUR
    hidden = None if tokens or (view or {}).get("owner") is not None else "hidden"
    fort = "" if (view or {}).get("fort") else ' visibility="hidden"'
    declined = "" if (view or {}).get("declined") else ' visibility="hidden"'
    text_colour = _contrast(colour)
    return (
        f'<g class="token" data-token="{escape(pid)}" transform="translate({x:g} {y:g})"'
        f'{_attrs(visibility=hidden)}>'
        f'<rect class="fort" x="-20" y="-20" width="40" height="40" rx="4" fill="none" '
        f'stroke="#222" stroke-width="3" stroke-dasharray="5 3"{fort}/>'
        f'<circle class="disc" r="15" fill="{escape(colour)}" stroke="#222" stroke-width="1.5"/>'
        f'<text class="count" y="5.5" text-anchor="middle" fill="{text_colour}">{tokens}</text>'
        f'<path class="decline" d="M-15 -15 L15 15" stroke="#222" stroke-width="4"{declined}/>'
        f'</g>'
    )


def _contrast(colour: str) -> str:
    """Black or white text, whichever reads better on ``colour`` (#rrggbb)."""
    try:
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return "#000"
    return "#000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def board_svg(board: Board, view: dict[str, dict[str, Any]] | None = None,
              title: str | None = None) -> str:
    """The whole board. ``view`` (province id -> presenter.board_view entry) draws tokens."""
    data = board.data
    w, h = data.width, data.height
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:g} {h:g}" class="board" '
        f'role="group" aria-label="{escape(title or data.name)}">',
        '<style>.label{font:600 15px sans-serif;paint-order:stroke;stroke:#fff;'
        'stroke-width:3px;stroke-linejoin:round;fill:#222;pointer-events:none}'
        '.sea-label{font:italic 14px serif;fill:#2d5b85;pointer-events:none}'
        '.count{font:bold 16px sans-serif;pointer-events:none}'
        '.token,.sym{pointer-events:none}</style>',
        f'<rect class="water" width="{w:g}" height="{h:g}" fill="{SEA_COLOURS["ocean"]}"/>',
        '<g class="seas">',
    ]
    for sid, sea in data.seas.items():
        if sea.path:
            out.append(f'<path{_attrs(data_sea=sid, d=sea.path)} fill="{SEA_COLOURS[sea.kind]}" '
                       f'stroke="#7aa6cf" stroke-width="1"><title>{escape(sea.name)}</title>'
                       '</path>')
    out.append('</g><g class="decoration">')
    for deco in data.decoration:
        out.append(f'<path d="{escape(deco.path)}" fill="{DECORATION_COLOUR}" stroke="#b9b1a1" '
                   f'stroke-width="0.8"/>')
    out.append('</g><g class="provinces">')
    for pid, prov in data.provinces.items():
        if not prov.path:
            continue
        symbols = [s for s, on in (("mine", prov.mine), ("port", prov.port)) if on]
        label = ", ".join([prov.name, prov.terrain, *symbols])
        out.append(
            f'<path class="province terrain-{prov.terrain}"'
            f'{_attrs(data_province=pid, d=prov.path, tabindex="0", role="button")}'
            f'{_attrs(aria_label=label)} fill="{TERRAIN_COLOURS[prov.terrain]}" '
            f'stroke="#5b5040" stroke-width="1.2" stroke-linejoin="round">'
            f'<title>{escape(label)}</title></path>'
        )
    out.append('</g><g class="straits">')
    for strait in data.strait_lines:
        (x1, y1), (x2, y2) = strait.line
        out.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#5b5040" '
                   f'stroke-width="3" stroke-dasharray="4 3"/>')
    out.append('</g><g class="sea-labels">')
    for sea in data.seas.values():
        if sea.label:
            out.append(f'<text class="sea-label" x="{sea.label[0]:g}" y="{sea.label[1]:g}" '
                       f'text-anchor="middle">{escape(sea.name)}</text>')
    out.append('</g><g class="labels">')
    for prov in data.provinces.values():
        if prov.label:
            x, y = prov.label
            out.append(f'<text class="label" x="{x:g}" y="{y:g}" text-anchor="middle">'
                       f'{escape(prov.name)}</text>')
            symbols = [sym for on, sym in ((prov.mine, _MINE), (prov.port, _PORT)) if on]
            for n, sym in enumerate(symbols):
                sx = x + 16 * n - 8 * (len(symbols) - 1)
                out.append(f'<g transform="translate({sx:g} {y + 12:g})">{sym}</g>')
    out.append('</g><g class="tokens">')
    for pid, prov in data.provinces.items():
        if prov.token:
            out.append(_token_group(pid, prov.token[0], prov.token[1], (view or {}).get(pid)))
    out.append("</g></svg>")
    return "".join(out)


def score_chart_svg(rounds: list[list[int]], players: list[dict[str, Any]],
                    target: int | None = None, width: int = 320, height: int = 160) -> str:
    """A line chart of the scores over the rounds: ``rounds[r][seat]`` (round 0 = start).

    ``players``: ``name`` and ``colour`` per seat. Names are escaped (they are user text).
    """
    left, right, top, bottom = 30, 8, 8, 20
    n = max(1, len(rounds) - 1)
    top_score = max([target or 0] + [v for r in rounds for v in r] + [10])
    x_of = [left + (width - left - right) * i / n for i in range(len(rounds))]

    def y_of(v: float) -> float:
        return top + (height - top - bottom) * (1 - v / top_score)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'class="chart" role="img" aria-label="Scores over the rounds">',
           '<style>.ax{font:10px sans-serif;fill:#6b5d4f}</style>',
           f'<line x1="{left}" y1="{y_of(0):.1f}" x2="{width - right}" y2="{y_of(0):.1f}" '
           'stroke="#b9ab90"/>']
    for k in range(len(rounds)):
        if n <= 12 or k % max(1, n // 10) == 0:
            out.append(f'<text class="ax" x="{x_of[k]:.1f}" y="{height - 5}" '
                       f'text-anchor="middle">{k}</text>')
    out.append(f'<text class="ax" x="{left - 4}" y="{y_of(top_score) + 8:.1f}" '
               f'text-anchor="end">{top_score}</text>')
    out.append(f'<text class="ax" x="{left - 4}" y="{y_of(0):.1f}" text-anchor="end">0</text>')
    if target:
        out.append(f'<line class="target" x1="{left}" y1="{y_of(target):.1f}" '
                   f'x2="{width - right}" y2="{y_of(target):.1f}" stroke="#8c2f1b" '
                   'stroke-dasharray="4 3"><title>target</title></line>')
    for seat, player in enumerate(players):
        pts = " ".join(f"{x_of[i]:.1f},{y_of(r[seat]):.1f}" for i, r in enumerate(rounds)
                       if seat < len(r))
        colour = escape(str(player.get("colour") or NEUTRAL_COLOUR))
        name = escape(str(player.get("name", "")))
        out.append(f'<polyline data-seat="{seat}" points="{pts}" fill="none" '
                   f'stroke="{colour}" stroke-width="2.5" stroke-linejoin="round">'
                   f'<title>{name}</title></polyline>')
        if rounds and seat < len(rounds[-1]):
            out.append(f'<circle cx="{x_of[len(rounds) - 1]:.1f}" '
                       f'cy="{y_of(rounds[-1][seat]):.1f}" r="3.5" fill="{colour}" '
                       'stroke="#333" stroke-width="1"/>')
    out.append("</svg>")
    return "".join(out)
