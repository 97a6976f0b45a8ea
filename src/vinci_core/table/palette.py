"""Player colours that colour-blind players can tell apart, and the measures that prove it.

The default seat colours come from the colour-blind-safe sets of Okabe & Ito and Paul Tol,
chosen so that every pair stays far apart (CIE76 colour difference, ΔE) for normal vision
and in simulated deuteranopia (Machado, Oliveira & Fernandes 2009, severity 1), and none is
close to the grey of neutral tokens. Every seat also has a letter on its tokens
(:func:`seat_marks`), so colour is never the only clue.

>>> round(delta_e("#000000", "#ffffff"))
100
>>> min_distance(DEFAULT_COLOURS, deuteranopia=True) > 25
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

# Vermillion, blue, violet, black, bluish green, ultramarine: the first four (a solo or
# two-player table) are the most distinct. Each stands out from the page's cream (WCAG contrast
# at least 3:1, :data:`PAGE_BACKGROUNDS`), so no seat looks unowned and no score line fades;
# white and yellow did not (1.1:1, issue 29). Games saved with them keep them.
DEFAULT_COLOURS = ("#d55e00", "#0072b2", "#aa00ff", "#222222", "#117733", "#0000ff")
NEUTRAL_COLOUR = "#8d8d8d"
# The page (style.css --paper) and its panels (--panel), where seat colours are drawn as text
# marks, swatches and the score chart's lines.
PAGE_BACKGROUNDS = ("#f4ecd8", "#fffaf0")
# The outline of an owned province (style.css .owner): dark, so that ownership reads on
# every terrain; the colour itself tints the province. No set of six seat colours can stand
# out 3:1 from every terrain fill (see :func:`max_luminance_against`), so the outline does.
OWNER_OUTLINE = "#1a1a1a"
MIN_CONTRAST = 3.0  # WCAG 2 for graphics (1.4.11)

# Thresholds of the palette checks (ΔE, CIE76): what "clearly different" means here.
MIN_DISTANCE = 25.0
MIN_FROM_NEUTRAL = 25.0

# Machado et al. (2009), deuteranomaly at severity 1.0, on linear RGB.
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968),
                (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as integers 0-255 (ValueError when malformed)."""
    if len(colour) != 7 or colour[0] != "#":
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def linear_rgb(colour: str | Sequence[float]) -> tuple[float, float, float]:
    """sRGB (a ``#rrggbb`` string or 0-255 triple) to linear light, 0-1."""
    r, g, b = rgb(colour) if isinstance(colour, str) else colour
    return _linear(r), _linear(g), _linear(b)


def simulate_deuteranopia(linear: Sequence[float]) -> tuple[float, float, float]:
    """Linear RGB as a deuteranope sees it (linear RGB, clipped to 0-1)."""
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True))))
               for row in DEUTERANOPIA)
    return r, g, b


def lab(linear: Sequence[float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a linear RGB colour."""
    r, g, b = linear
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: str | Sequence[float], b: str | Sequence[float],
            deuteranopia: bool = False) -> float:
    """CIE76 colour difference of two sRGB colours (strings or 0-255 triples)."""
    la, lb = linear_rgb(a), linear_rgb(b)
    if deuteranopia:
        la, lb = simulate_deuteranopia(la), simulate_deuteranopia(lb)
    return float(sum((p - q) ** 2 for p, q in zip(lab(la), lab(lb), strict=True)) ** 0.5)


def min_distance(colours: Sequence[str | Sequence[float]], deuteranopia: bool = False) -> float:
    """The smallest ΔE between two of ``colours``."""
    return min(delta_e(a, b, deuteranopia) for a, b in itertools.combinations(colours, 2))


def palette_problems(colours: Sequence[str]) -> list[str]:
    """What makes ``colours`` hard to tell apart, in words (empty: none)."""
    problems = []
    for deut, how in ((False, "normal vision"), (True, "deuteranopia")):
        for a, b in itertools.combinations(colours, 2):
            d = delta_e(a, b, deut)
            if d < MIN_DISTANCE:
                problems.append(f"{a} and {b} are close in {how} (ΔE {d:.0f})")
        for a in colours:
            d = delta_e(a, NEUTRAL_COLOUR, deut)
            if d < MIN_FROM_NEUTRAL:
                problems.append(f"{a} is close to the neutral grey in {how} (ΔE {d:.0f})")
    return problems


def luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``, 0 (black) to 1 (white)."""
    r, g, b = linear_rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours, 1 (the same) to 21 (black on white).

    >>> round(contrast_ratio("#000000", "#ffffff"))
    21
    """
    low, high = sorted((luminance(a), luminance(b)))
    return (high + 0.05) / (low + 0.05)


def max_luminance_against(fills: Sequence[str], ratio: float = MIN_CONTRAST) -> float:
    """The highest luminance a colour may have and still stand out ``ratio``:1 from every
    colour of ``fills`` by being darker than all of them (-0.05 when none can). Lighter
    than all of them is the only other way, and for the board's terrains (light farmland,
    dark forest) neither leaves more than near-black."""
    return (min(luminance(f) for f in fills) + 0.05) / ratio - 0.05


def contrast_problems(colours: Sequence[str], backgrounds: Sequence[str] = PAGE_BACKGROUNDS,
                      ratio: float = MIN_CONTRAST) -> list[str]:
    """The colours that do not stand out ``ratio``:1 from a background, in words."""
    return [f"{c} on {bg}: {contrast_ratio(c, bg):.2f}:1" for c in colours for bg in backgrounds
            if contrast_ratio(c, bg) < ratio]


def contrast(colour: str) -> str:
    """Black or white text, whichever reads better on ``colour`` (#rrggbb)."""
    try:
        r, g, b = rgb(colour)
    except ValueError:
        return "#000"
    return "#000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def seat_marks(names: Sequence[str]) -> list[str]:
    """A short letter per seat for its tokens: the name's initial, and when two seats share
    it, the initial and the name's last digit or the seat number ("V1", "V2")."""
    initials = [next((c.upper() for c in n if c.isalnum()), "?") for n in names]
    marks = []
    for i, (name, first) in enumerate(zip(names, initials, strict=True)):
        if initials.count(first) == 1:
            marks.append(first)
        else:
            last = name.strip()[-1:] if name.strip()[-1:].isdigit() else str(i + 1)
            marks.append(first + last)
    if len(set(marks)) < len(marks):  # still ambiguous ("A1" twice): number every seat
        marks = [f"{m[0]}{i + 1}" for i, m in enumerate(marks)]
    return marks


def distinct_colours(chosen: Sequence[str | None]) -> list[str]:
    """Every seat's colour, all different: chosen colours are kept unless an earlier seat
    has it (saves made before colours had to differ), the others take the first default
    colours not in use."""
    used: set[str] = set()
    out: list[str | None] = []
    for c in chosen:
        key = c.lower() if c else None
        if key and key not in used:
            used.add(key)
            out.append(c)
        else:
            out.append(None)
    # Enough spares: at most 6 seats, and each chosen colour uses up at most one default.
    spare = iter(c for c in DEFAULT_COLOURS if c not in used)
    return [c if c is not None else next(spare) for c in out]
