"""What the page's first render needs loads without pydantic (issue 11's cold load): web/boot.py
loads the pydantic wheels after it, so nothing a first visit runs before that may import it.
pydantic stays the validator of everything that comes in (vinci_core.turn.schemas)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# A first visit in the page (web/main.py: App.start): the modules it imports, the new-game
# dialog's choices, the saved-games list (empty), the address without a link, the Help menu
# and the rules reference's labels. e2e/test_cold_start.py checks the page itself.
FIRST_RENDER = """
import sys
import vinci_core as vc
from vinci_core.table import newgame, palette
from vinci_core.text import i18n
from vinci_core.words import reference_labels
from vinci_core.words.guide_labels import page_labels
from vinci_core.table.store import MemoryStorage, SaveStore, parse_link_fragment

store = SaveStore(MemoryStorage())
assert store.last_id is None and store.entries() == []
assert parse_link_fragment("") is None
for ruleset in ("classic", "online"):
    newgame.dialog_choices(ruleset)
    newgame.level_rows("solo", 4, ruleset, "nl")
assert newgame.SEAT_COLOURS and newgame.edition_fields("standard") and vc.__version__
i18n.translations("nl")
page_labels("nl")  # the guide's entry in the Help menu
reference_labels.ui_text("search", "nl")  # the Rules button, the reference's labels
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("pydantic", "pydantic_core"))
print(",".join(loaded))
"""


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()


def test_the_first_render_imports_no_pydantic():
    assert _run(FIRST_RENDER) == ""


def test_the_first_render_imports_only_its_own_modules():
    # build_site.FIRST_RENDER_MODULES: the engine is imported after the first render
    # (web/main.py, load_engine); e2e/test_cold_start.py checks the page itself.
    import build_site

    out = _run(FIRST_RENDER + "print(*sorted(m for m in sys.modules "
                              "if m.split('.')[0] == 'vinci_core'))")
    loaded = {m.removeprefix("vinci_core").lstrip(".") or "__init__"
              for m in out.splitlines()[-1].split()}
    assert "table.newgame" in loaded and loaded <= build_site.FIRST_RENDER_MODULES


# Loaded where they are first used, not by a first render: each costs the page's start
# a few to a few dozen ms in Pyodide (the book's virtual player: the guide imports it only
# to set up its game). The engine (a game's state, its actions, the session and its view)
# and the rules come right after a first visit's first render, with pydantic (web/main.py,
# load_engine): their dataclasses alone took ~130 ms of the start.
# (importlib.resources is not among them: i18n reads its catalogues through it, the page
# importing vinci_core from a zip; it took ~4 ms in Pyodide.)
NOT_AT_FIRST_RENDER = ("secrets", "unicodedata", "vinci_core.players.virtual",
                       "vinci_core.game.actions", "vinci_core.turn.state",
                       "vinci_core.table.session",
                       "vinci_core.table.presenter", "vinci_core.table.save", "vinci_core.rulesets",
                       "vinci_core.boards.maps", "vinci_core.words.reference")


def test_the_first_render_leaves_out_what_it_does_not_use():
    out = _run(FIRST_RENDER + f"print('loaded:', *sorted(set({NOT_AT_FIRST_RENDER!r}) "
                              "& set(sys.modules)))")
    assert out.splitlines()[-1] == "loaded:"


def test_a_game_setting_loads_pydantic_where_it_comes_in():
    # The package hands the models out by name on first use: the classes of the edges.
    out = _run("""
        import sys
        import vinci_core as vc
        from vinci_core.game import config
        from vinci_core.boards import maps
        assert "pydantic" not in sys.modules
        from vinci_core.boards import mapfile
        from vinci_core.turn import schemas
        assert vc.GameConfig is schemas.GameConfig and vc.Seat is schemas.Seat
        assert vc.MapData is mapfile.MapData
        print("pydantic" in sys.modules)
        """)
    assert out == "True"
