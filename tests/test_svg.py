"""The SVG board: hooks the page and the tests rely on, escaping, token marks."""

from __future__ import annotations

import re
import xml.dom.minidom

import vinci_core as vc
from vinci_core.presenter import board_view
from vinci_core.svg import board_svg


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
    cfg = vc.GameConfig(seats=[vc.Seat(name=n, colour="#123456") for n in "XYZ"],
                        map="svgtest")
    state = vc.new_game(cfg).clone()
    state.owner[0], state.tokens[0], state.fort[0], state.declined[0] = 1, 4, True, True
    view = board_view(state)
    assert view["a"] == {"owner": 1, "colour": "#123456", "tokens": 4, "neutral": False,
                         "declined": True, "fort": True}
    svg = board_svg(state.board, view)
    group = re.search(r'<g class="token" data-token="a".*?</g>', svg).group(0)
    assert 'fill="#123456"' in group and ">4<" in group
    assert 'visibility="hidden"' not in group  # fort and decline marks shown


def test_score_chart_draws_one_line_per_seat_and_escapes_names() -> None:
    from vinci_core.svg import score_chart_svg

    players = [{"name": "<script>x</script>", "colour": "#ff0000"},
               {"name": "Bo", "colour": "#00ff00"}]
    svg = score_chart_svg([[10, 10], [20, 14], [31, 40]], players, target=150)
    xml.dom.minidom.parseString(svg)
    assert svg.count("<polyline") == 2 and "<script>" not in svg
    assert 'class="target"' in svg
    assert score_chart_svg([[10, 10]], players).count("<polyline") == 2
