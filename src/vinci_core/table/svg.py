"""The board as SVG, in pure Python (the page inserts it once and then updates its tokens).

Every province is a ``<path data-province="id">`` that can take focus; its tokens are a
``<g data-token="id">`` group whose disc, count, seat letter, fort and decline marks the
page (or :func:`board_svg` with a view) sets from :func:`vinci_core.table.presenter.board_view`.
Above the terrain, ``<path data-owner-of="id">`` tints a province in its owner's colour
(:func:`ownership_style`): solid and strong for an active empire, hatched and faint for a
declined one, nothing for neutral or empty provinces, so the terrain stays recognisable.
Deserts (sand with dots) and river provinces (pale water with ripples, and the river's own
line drawn over them from the map's "river course" decorations) are filled with patterns, so
neither looks like farmland or like a sea zone.

>>> from vinci_core.boards.maps import load_map
>>> svg = board_svg(load_map("europe"))
>>> svg.startswith("<svg") and 'data-province="andalusia"' in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from ..boards.maps import Board
from ..text.i18n import translations
from .palette import NEUTRAL_COLOUR, contrast

if TYPE_CHECKING:
    from gettext import NullTranslations

    from ..boards.mapfile import MapData

TERRAIN_COLOURS = {
    "farmland": "#ecd374",
    "pasture": "#b7dc8a",
    "hills": "#c49a66",
    "forest": "#3f7b3c",
    "mountain": "#a8a8a8",
    "desert": "#faeab4",  # pale sand, drawn with dots (see TERRAIN_PATTERNS)
    "river": "#c6f2ea",  # pale aqua: lighter and greener than every sea zone, with ripples
}
SEA_COLOURS = {"ocean": "#86b3da", "sea": "#9fc7e8", "inland": "#b4d6f0"}
DECORATION_COLOUR = "#ddd6c8"
RIVER_COURSE = "river course"  # a map decoration of this name is a river's line, not land
RIVER_LINE_COLOUR = "#3b82c4"
# Terrains drawn with a texture over their colour: <pattern id="terrain-...">'s content.
TERRAIN_PATTERNS = {
    "desert": ('width="12" height="12" patternUnits="userSpaceOnUse"',
               '<circle cx="3" cy="3" r="1.1" fill="#c9a35a"/>'
               '<circle cx="9" cy="9" r="1.1" fill="#c9a35a"/>'),
    "river": ('width="24" height="10" patternUnits="userSpaceOnUse"',
              '<path d="M0 5 Q6 2 12 5 T24 5" fill="none" stroke="#7cc3dc" stroke-width="1.2"/>'),
}
__all__ = ["NEUTRAL_COLOUR", "board_svg", "chart_scale", "ownership_style", "score_chart_svg"]

# How strongly an owner's colour covers the terrain (fill-opacity), and the outline width.
ACTIVE_TINT = 0.5
DECLINED_TINT = 0.7  # of the hatch stripes only: about a third of the province is covered

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


def ownership_style(view: dict[str, Any] | None) -> dict[str, str]:
    """The tint of a province (a presenter.board_view entry): fill, opacity, mask and class.

    Active empires: their colour over the terrain at :data:`ACTIVE_TINT`, outlined; declined
    ones: hatched stripes (the ``#hatch`` mask) in their colour; neutral and empty provinces:
    no tint (the grey neutral tokens say enough)."""
    if not view or view.get("owner") is None:
        return {"class": "owner none", "fill": "none", "fill-opacity": "0", "mask": "none"}
    colour = str(view.get("colour") or NEUTRAL_COLOUR)
    if view.get("declined"):
        return {"class": "owner declined", "fill": colour, "fill-opacity": f"{DECLINED_TINT:g}",
                "mask": "url(#hatch)"}
    return {"class": "owner active", "fill": colour, "fill-opacity": f"{ACTIVE_TINT:g}",
            "mask": "none"}


def _owner_path(pid: str, d: str, view: dict[str, Any] | None) -> str:
    style = ownership_style(view)
    return (f'<path{_attrs(class_=style["class"], data_owner_of=pid, d=d, fill=style["fill"])}'
            f'{_attrs(fill_opacity=style["fill-opacity"], mask=style["mask"])} '
            f'stroke="{escape(style["fill"])}" stroke-width="3" stroke-linejoin="round"/>')


def _token_group(pid: str, x: float, y: float, view: dict[str, Any] | None) -> str:
    tokens = view.get("tokens", 0) if view else 0
    colour = (view or {}).get("colour") or NEUTRAL_COLOUR
    hidden = None if tokens or (view or {}).get("owner") is not None else "hidden"
    fort = "" if (view or {}).get("fort") else ' visibility="hidden"'
    declined = "" if (view or {}).get("declined") else ' visibility="hidden"'
    mark = str((view or {}).get("mark") or "")
    mark_hidden = "" if mark else ' visibility="hidden"'
    text_colour = contrast(colour)
    return (
        f'<g class="token" data-token="{escape(pid)}" transform="translate({x:g} {y:g})"'
        f'{_attrs(visibility=hidden)}>'
        f'<rect class="fort" x="-20" y="-20" width="40" height="40" rx="4" fill="none" '
        f'stroke="#222" stroke-width="3" stroke-dasharray="5 3"{fort}/>'
        f'<circle class="disc" r="15" fill="{escape(colour)}" stroke="#222" stroke-width="1.5"/>'
        f'<text class="count" y="5.5" text-anchor="middle" fill="{text_colour}">{tokens}</text>'
        f'<path class="decline" d="M-15 -15 L15 15" stroke="#222" stroke-width="4"{declined}/>'
        f'<g class="seat-mark"{mark_hidden}><rect x="8" y="-26" width="24" height="15" rx="3" '
        f'fill="#fff" stroke="#222" stroke-width="1"/>'
        f'<text class="mark" x="20" y="-14.5" text-anchor="middle">{escape(mark)}</text></g>'
        f'</g>'
    )


def board_svg(board: Board, view: dict[str, dict[str, Any]] | None = None,
              title: str | None = None, lang: str = "en") -> str:
    """The whole board. ``view`` (province id -> presenter.board_view entry) draws tokens;
    its names and labels are in ``lang`` (vinci_core.words.names)."""
    t = translations(lang)
    data = board.data
    views = view or {}
    # Painted in this order, each layer over the ones before: land over water, the owners'
    # tints over the terrain, and the names and tokens over everything.
    return "".join((
        _svg_start(data, title or t.gettext(data.name)),
        f'<rect class="water" width="{data.width:g}" height="{data.height:g}" '
        f'fill="{SEA_COLOURS["ocean"]}"/>',
        _layer("seas", _sea_zones(data, t)),
        _layer("decoration", _decorations(data)),
        _layer("provinces", _provinces(data, t)),
        _layer("river-courses", _river_courses(data)),
        _layer("owners", (_owner_path(pid, prov.path, views.get(pid))
                          for pid, prov in data.provinces.items() if prov.path)),
        # The shade over the provinces a click does nothing on, while some are highlighted:
        # one path the page redraws (a filter on each province cost a click's redraw dearly).
        # Then one ring the page moves to the province just played (or picked in the move log).
        '<path class="shade" d="M0 0"/><path class="flash-ring" d="M0 0"/>',
        _layer("straits", _straits(data)),
        _layer("sea-labels", _sea_labels(data, t)),
        _layer("labels", _province_labels(data, t)),
        _layer("tokens", (_token_group(pid, prov.token[0], prov.token[1], views.get(pid))
                          for pid, prov in data.provinces.items() if prov.token)),
        "</svg>",
    ))


def _layer(name: str, elements: Iterable[str]) -> str:
    """One layer as a ``<g>`` of its class: a style rule (``.river-courses``) can take a
    whole layer at once."""
    return f'<g class="{name}">{"".join(elements)}</g>'


def _svg_start(data: MapData, label: str) -> str:
    """The ``<svg>`` element's start, its style sheet and its shared definitions."""
    w, h = data.width, data.height
    return "".join((
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:g} {h:g}" class="board" '
        f'role="group" aria-label="{escape(label)}">',
        '<style>.label{font:600 15px sans-serif;paint-order:stroke;stroke:#fff;'
        'stroke-width:3px;stroke-linejoin:round;fill:#222;pointer-events:none}'
        '.sea-label{font:italic 14px serif;fill:#2d5b85;pointer-events:none}'
        '.count{font:bold 16px sans-serif;pointer-events:none}'
        '.mark{font:bold 11px sans-serif;fill:#222}'
        '.token,.sym,.owner,.flash-ring,.river-courses{pointer-events:none}'
        '.flash-ring{fill:none;stroke:none}</style>',
        # Hatching of declined empires: a mask of diagonal stripes over the owner's tint.
        '<defs><pattern id="hatch-stripes" width="10" height="10" '
        'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        '<rect width="4" height="10" fill="#fff"/></pattern>'
        f'<mask id="hatch" maskUnits="userSpaceOnUse" x="0" y="0" width="{w:g}" height="{h:g}">'
        f'<rect width="{w:g}" height="{h:g}" fill="url(#hatch-stripes)"/></mask>',
        *(f'<pattern id="terrain-{terrain}" {size}><rect width="100%" height="100%" '
          f'fill="{TERRAIN_COLOURS[terrain]}"/>{marks}</pattern>'
          for terrain, (size, marks) in TERRAIN_PATTERNS.items()),
        '</defs>',
    ))


def _sea_zones(data: MapData, t: NullTranslations) -> Iterator[str]:
    for sid, sea in data.seas.items():
        if sea.path:
            name = escape(t.pgettext("sea", sea.name))
            yield (f'<path{_attrs(data_sea=sid, d=sea.path)} fill="{SEA_COLOURS[sea.kind]}" '
                   f'stroke="#7aa6cf" stroke-width="1"><title>{name}</title></path>')


def _decorations(data: MapData) -> Iterator[str]:
    """The land outside the game (its river courses are lines of their own layer)."""
    for deco in data.decoration:
        if deco.name == RIVER_COURSE:
            continue
        yield (f'<path d="{escape(deco.path)}" fill="{DECORATION_COLOUR}" stroke="#b9b1a1" '
               f'stroke-width="0.8"/>')


def _provinces(data: MapData, t: NullTranslations) -> Iterator[str]:
    """The clickable provinces; a screen reader hears the name, the terrain and the mine
    or port that a sighted player sees."""
    for pid, prov in data.provinces.items():
        if not prov.path:
            continue
        symbols = [t.gettext(s) for s, on in (("mine", prov.mine), ("port", prov.port)) if on]
        label = ", ".join([t.pgettext("province", prov.name),
                           t.pgettext("terrain", prov.terrain), *symbols])
        fill = (f"url(#terrain-{prov.terrain})" if prov.terrain in TERRAIN_PATTERNS
                else TERRAIN_COLOURS[prov.terrain])
        yield (
            f'<path class="province terrain-{prov.terrain}"'
            f'{_attrs(data_province=pid, d=prov.path, tabindex="0", role="button")}'
            f'{_attrs(aria_label=label)} fill="{fill}" '
            f'stroke="#5b5040" stroke-width="1.2" stroke-linejoin="round">'
            f'<title>{escape(label)}</title></path>'
        )


def _river_courses(data: MapData) -> Iterator[str]:
    for deco in data.decoration:
        if deco.name == RIVER_COURSE:
            yield (f'<path d="{escape(deco.path)}" fill="none" stroke="{RIVER_LINE_COLOUR}" '
                   'stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>')


def _straits(data: MapData) -> Iterator[str]:
    for strait in data.strait_lines:
        (x1, y1), (x2, y2) = strait.line
        yield (f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#5b5040" '
               f'stroke-width="3" stroke-dasharray="4 3"/>')


def _sea_labels(data: MapData, t: NullTranslations) -> Iterator[str]:
    for sea in data.seas.values():
        if sea.label:
            yield (f'<text class="sea-label" x="{sea.label[0]:g}" y="{sea.label[1]:g}" '
                   f'text-anchor="middle">{escape(t.pgettext("sea", sea.name))}</text>')


def _province_labels(data: MapData, t: NullTranslations) -> Iterator[str]:
    """Each province's name, its mine and port pictograms side by side under it."""
    for prov in data.provinces.values():
        if prov.label:
            x, y = prov.label
            yield (f'<text class="label" x="{x:g}" y="{y:g}" text-anchor="middle">'
                   f'{escape(t.pgettext("province", prov.name))}</text>')
            symbols = [sym for on, sym in ((prov.mine, _MINE), (prov.port, _PORT)) if on]
            for n, sym in enumerate(symbols):
                sx = x + 16 * n - 8 * (len(symbols) - 1)
                yield f'<g transform="translate({sx:g} {y + 12:g})">{sym}</g>'


def chart_scale(top_score: int, target: int | None = None) -> tuple[int, list[int]]:
    """The score chart's vertical scale: its top and round ticks (0, …, top). The scale fits
    the scores (with some room above), and reaches the target once the leader is within a
    third of it, so the target line shows when it matters.

    >>> chart_scale(37, 150)
    (50, [0, 10, 20, 30, 40, 50])
    >>> chart_scale(120, 150)[0]
    150
    """
    wanted = max(10, top_score * 1.15)
    if target and top_score * 1.5 >= target:
        wanted = max(wanted, target)
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if wanted / step <= 6:
            break
    top = -(-int(wanted) // step) * step
    return top, list(range(0, top + 1, step))


@dataclass(frozen=True)
class _ChartFrame:
    """Where the score chart draws in its viewBox: the plot between the scale's numbers
    (left), the legend (below) and small margins, and how a round and a score map into it."""

    width: int
    height: int
    legend_h: int  # two players a row
    top_score: int  # chart_scale's top
    rounds: int  # the x-axis spans rounds 0 to this (at least 1: one round fills the width)
    left: int = 30
    right: int = 8
    top: int = 8

    @property
    def plot_bottom(self) -> int:
        return self.height - (20 + self.legend_h)

    def x_of(self, k: int) -> float:
        return self.left + (self.width - self.left - self.right) * k / self.rounds

    def y_of(self, v: float) -> float:
        return self.top + (self.plot_bottom - self.top) * (1 - v / self.top_score)


def score_chart_svg(rounds: list[list[int]], players: list[dict[str, Any]],
                    target: int | None = None, width: int = 320, height: int = 180) -> str:
    """A line chart of the scores over the rounds: ``rounds[r][seat]`` (round 0 = start),
    with a legend, a scale that fits (:func:`chart_scale`) and the target line when in range.

    ``players``: ``name``, ``colour`` and ``mark`` per seat. Names are escaped (user text).
    Every line has a dark casing, so light colours (white) read on the light panel.
    """
    best = max([v for r in rounds for v in r] + [0])
    top_score, ticks = chart_scale(best, target)
    frame = _ChartFrame(width, height, legend_h=16 * ((len(players) + 1) // 2),
                        top_score=top_score, rounds=max(1, len(rounds) - 1))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'class="chart" role="img" aria-label="Scores over the rounds">',
           '<style>.ax{font:10px sans-serif;fill:#6b5d4f}.lg{font:11px sans-serif;fill:#2b2118}'
           '</style>',
           *_chart_axes(frame, ticks, len(rounds)),
           _target_mark(frame, target)]
    out += (_player_series(frame, rounds, seat, player) for seat, player in enumerate(players))
    out.append("</svg>")
    return "".join(out)


def _chart_axes(frame: _ChartFrame, ticks: list[int], count: int) -> Iterator[str]:
    """The score scale's lines and numbers, and the round numbers under the plot."""
    left, right, width = frame.left, frame.right, frame.width
    y_of = frame.y_of
    for t in ticks:
        yield (f'<line x1="{left}" y1="{y_of(t):.1f}" x2="{width - right}" '
               f'y2="{y_of(t):.1f}" stroke="{"#b9ab90" if t == 0 else "#e6dcc6"}"/>'
               f'<text class="ax" x="{left - 4}" y="{y_of(t) + 3.5:.1f}" '
               f'text-anchor="end">{t}</text>')
    n = frame.rounds
    for k in range(count):
        # A long game numbers about ten rounds: every one would overlap its neighbours.
        if n <= 12 or k % max(1, n // 10) == 0:
            yield (f'<text class="ax" x="{frame.x_of(k):.1f}" y="{frame.plot_bottom + 13}" '
                   f'text-anchor="middle">{k}</text>')


def _target_mark(frame: _ChartFrame, target: int | None) -> str:
    """The target score's line, or while it is above the scale a note that it is."""
    x = frame.width - frame.right
    if target and target <= frame.top_score:
        y = frame.y_of(target)
        return (f'<line class="target" x1="{frame.left}" y1="{y:.1f}" '
                f'x2="{x}" y2="{y:.1f}" stroke="#8c2f1b" '
                'stroke-width="1.5" stroke-dasharray="5 3"><title>target</title></line>'
                f'<text class="ax" x="{x}" y="{y - 3:.1f}" '
                f'text-anchor="end" fill="#8c2f1b">target {target}</text>')
    if target:
        return (f'<text class="ax target-note" x="{x}" y="{frame.top + 8}" '
                f'text-anchor="end">target {target} ↑</text>')
    return ""


def _player_series(frame: _ChartFrame, rounds: list[list[int]], seat: int,
                   player: dict[str, Any]) -> str:
    """One player's line (a dark casing under their colour), a dot on their latest score
    and their legend entry."""
    x_of, y_of = frame.x_of, frame.y_of
    pts = " ".join(f"{x_of(i):.1f},{y_of(r[seat]):.1f}" for i, r in enumerate(rounds)
                   if seat < len(r))
    colour = escape(str(player.get("colour") or NEUTRAL_COLOUR))
    name = escape(str(player.get("name", "")))
    out = [f'<polyline points="{pts}" fill="none" stroke="#2b2118" stroke-width="4.5" '
           'stroke-linejoin="round" stroke-linecap="round"/>'
           f'<polyline data-seat="{seat}" points="{pts}" fill="none" '
           f'stroke="{colour}" stroke-width="2.5" stroke-linejoin="round" '
           f'stroke-linecap="round"><title>{name}</title></polyline>']
    if rounds and seat < len(rounds[-1]):
        out.append(f'<circle cx="{x_of(len(rounds) - 1):.1f}" '
                   f'cy="{y_of(rounds[-1][seat]):.1f}" r="3.5" fill="{colour}" '
                   'stroke="#2b2118" stroke-width="1.2"/>')
    lx = frame.left + (seat % 2) * (frame.width - frame.left) / 2
    ly = frame.height - frame.legend_h + 16 * (seat // 2) + 4
    label = escape(str(player.get("name", ""))[:18])  # cut before escaping: valid XML
    mark = escape(str(player.get("mark") or ""))
    score = rounds[-1][seat] if rounds and seat < len(rounds[-1]) else 0
    out.append(f'<g class="legend" data-seat="{seat}"><rect x="{lx:.1f}" y="{ly:.1f}" '
               f'width="14" height="10" rx="2" fill="{colour}" stroke="#2b2118"/>'
               f'<text class="lg" x="{lx + 18:.1f}" y="{ly + 9:.1f}">{label}'
               f'{f" ({mark})" if mark else ""} {score}</text></g>')
    return "".join(out)
