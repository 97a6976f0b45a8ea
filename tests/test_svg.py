"""The SVG board: hooks the page and the tests rely on, escaping, token marks."""

from __future__ import annotations

import re
import xml.dom.minidom

import vinci_core as vc
from vinci_core.table.presenter import board_view
from vinci_core.table.svg import board_svg


def _geometry_board() -> vc.Board:
    square = "M0 0 L10 0 L10 10 L0 10 Z"
    return vc.register_map({
        "id": "svgtest", "name": "Test <board>", "width": 30, "height": 10,
        "provinces": {
            "a": {"name": "A & Co", "terrain": "forest", "mine": True, "path": square,
                  "label": [5, 5], "token": [5, 7], "neighbours": ["b"], "edge": True},
            "b": {"name": "B", "terrain": "mountain", "port": True, "path": square,
                  "label": [15, 5], "token": [15, 7], "neighbours": ["a"], "seas": ["s"]},
        },
        "seas": {"s": {"name": "S", "path": square, "label": [25, 5], "edge": True}},
    })


def test_every_province_has_a_focusable_hook_and_a_token_group() -> None:
    board = _geometry_board()
    svg = board_svg(board)
    xml.dom.minidom.parseString(svg)  # well-formed
    assert re.findall(r'data-province="(\w+)"', svg) == ["a", "b"]
    assert svg.count('tabindex="0"') == 2
    assert re.findall(r'data-token="(\w+)"', svg) == ["a", "b"]


def test_names_are_escaped_text_never_markup() -> None:
    svg = board_svg(_geometry_board())
    assert "A &amp; Co" in svg and "Test &lt;board&gt;" in svg


def test_view_draws_owner_colour_count_fort_and_decline() -> None:
    _geometry_board()  # registered here too: the tests may run in separate processes
    cfg = vc.GameConfig(seats=[vc.Seat(name=n, colour=c) for n, c in
                               zip("XYZ", ("#654321", "#123456", "#abcdef"), strict=True)],
                        map="svgtest")
    state = vc.new_game(cfg).clone()
    state.owner[0], state.tokens[0], state.fort[0], state.declined[0] = 1, 4, True, True
    view = board_view(state)
    assert view["a"] == {"owner": 1, "colour": "#123456", "mark": "Y", "tokens": 4,
                         "neutral": False, "declined": True, "fort": True}
    svg = board_svg(state.board, view)
    group = re.search(r'<g class="token" data-token="a".*?</g>', svg).group(0)
    assert 'fill="#123456"' in group and ">4<" in group
    assert 'visibility="hidden"' not in group  # fort, decline and seat letter shown
    assert '>Y</text>' in group
    owner = re.search(r'<path[^>]*data-owner-of="a"[^>]*>', svg).group(0)
    assert 'fill="#123456"' in owner and 'mask="url(#hatch)"' in owner  # declined: hatched


def test_ownership_tint_active_strong_declined_hatched_neutral_plain() -> None:
    from vinci_core.table.svg import ownership_style

    active = ownership_style({"owner": 0, "colour": "#d55e00", "declined": False})
    declined = ownership_style({"owner": 0, "colour": "#d55e00", "declined": True})
    neutral = ownership_style({"owner": None, "colour": None, "neutral": True})
    assert active["fill"] == declined["fill"] == "#d55e00"
    assert active["mask"] == "none" and declined["mask"] == "url(#hatch)"
    assert float(active["fill-opacity"]) < 1  # the terrain shows through
    assert neutral["fill"] == "none" and neutral["fill-opacity"] == "0"


def test_score_chart_draws_one_line_per_seat_and_escapes_names() -> None:
    from vinci_core.table.svg import score_chart_svg

    players = [{"name": "<script>x</script>", "colour": "#ff0000"},
               {"name": "Bo", "colour": "#00ff00"}]
    svg = score_chart_svg([[10, 10], [20, 14], [31, 40]], players, target=150)
    xml.dom.minidom.parseString(svg)
    assert svg.count("<polyline data-seat") == 2 and "<script>" not in svg
    assert 'class="target"' not in svg and "target 150" in svg  # far above: a note
    assert score_chart_svg([[10, 10]], players).count("<polyline data-seat") == 2
    near = score_chart_svg([[10, 10], [90, 120]], players, target=150)
    assert 'class="target"' in near  # the leader is close: the target line is drawn
    assert near.count('class="legend"') == 2 and "&lt;script&gt;" in near


def test_chart_scale_fits_the_scores_and_reaches_the_target_when_close() -> None:
    from vinci_core.table.svg import chart_scale

    top, ticks = chart_scale(37, 150)
    assert 37 < top <= 60 and ticks[0] == 0 and ticks[-1] == top and len(ticks) <= 7
    assert chart_scale(120, 150)[0] >= 150
    assert chart_scale(0, None) == (10, [0, 5, 10])
    assert chart_scale(400, 150)[0] >= 400


def test_deserts_and_rivers_are_drawn_distinctly_on_mare_nostrum() -> None:
    """Y-7.1: deserts are sand with dots, rivers pale water with ripples and the river's line;
    neither can be taken for farmland, out-of-play land or a sea zone."""
    from vinci_core.table.palette import delta_e
    from vinci_core.table.svg import DECORATION_COLOUR, SEA_COLOURS, TERRAIN_COLOURS

    board = vc.load_map("mare_nostrum")
    svg = board_svg(board)
    xml.dom.minidom.parseString(svg)
    for terrain in ("desert", "river"):
        assert f'<pattern id="terrain-{terrain}"' in svg
        drawn = re.findall(rf'<path class="province terrain-{terrain}"[^>]*>', svg)
        assert len(drawn) == board.terrain.count(terrain) == 5
        assert all(f'fill="url(#terrain-{terrain})"' in p for p in drawn)
    courses = re.search(r'<g class="river-courses">(.*?)</g>', svg)
    assert courses and courses.group(1).count("<path") == 5
    assert 'fill="url(#terrain-' not in board_svg(vc.load_map("europe")).split("</defs>")[1]
    for sea in SEA_COLOURS.values():
        assert delta_e(TERRAIN_COLOURS["river"], sea) >= 20
    for other in (TERRAIN_COLOURS["farmland"], DECORATION_COLOUR):
        assert delta_e(TERRAIN_COLOURS["desert"], other) >= 20


def test_the_score_charts_words_are_in_the_page_language() -> None:
    """Issue 29: the target line's title said "target" in every language."""
    from vinci_core.table.svg import score_chart_svg

    players = [{"name": "A", "colour": "#d55e00"}, {"name": "B", "colour": "#0072b2"}]
    english = score_chart_svg([[10, 10], [90, 120]], players, target=150)
    assert "<title>target</title>" in english and "target 150" in english
    for lang, word in (("fr", "objectif"), ("de", "Ziel"), ("nl", "doel")):
        svg = score_chart_svg([[10, 10], [90, 120]], players, target=150, lang=lang)
        xml.dom.minidom.parseString(svg)
        assert f"<title>{word}</title>" in svg and f"{word} 150" in svg, lang
        assert ">target" not in svg and "Scores over the rounds" not in svg
        far = score_chart_svg([[10, 10], [20, 14]], players, target=150, lang=lang)
        assert f"{word} 150" in far
