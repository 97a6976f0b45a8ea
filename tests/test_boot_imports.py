"""What the page's first render needs loads without pydantic (issue 11's cold load): web/boot.js
loads the pydantic wheels after it, so nothing a first visit runs before that may import it.
pydantic stays the validator of everything that comes in (vinci_core.schemas)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# A first visit in the page (web/main.py: App.start): the modules it imports, the new-game
# dialog's choices, the saved-games list (empty) and the names it reads from the package.
FIRST_RENDER = """
import sys
import vinci_core as vc
from vinci_core import i18n, palette, presenter, reference, session, svg, view
from vinci_core.session import MemoryStorage, SaveStore

store = SaveStore(MemoryStorage())
assert store.last_id is None and store.entries() == []
for ruleset in ("classic", "online"):
    presenter.dialog_choices(ruleset)
assert presenter.SEAT_COLOURS and vc.__version__
assert issubclass(vc.SaveError, ValueError) and vc.IllegalAction and vc.ActionError
i18n.translations("nl")
page_labels("nl")  # the guide's entry in the Help menu
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("pydantic", "pydantic_core"))
print(",".join(loaded))
"""
FIRST_RENDER = FIRST_RENDER.replace("from vinci_core.session import",
                                    "from vinci_core.guide import page_labels\n"
                                    "from vinci_core.session import")


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()


def test_the_first_render_imports_no_pydantic():
    assert _run(FIRST_RENDER) == ""


# Loaded where they are first used, not by a first render: each costs the page's start
# a few to a few dozen ms in Pyodide (the book's virtual player: the guide imports it only
# to set up its game).
NOT_AT_FIRST_RENDER = ("secrets", "unicodedata", "importlib.resources", "vinci_core.virtual")


def test_the_first_render_leaves_out_what_it_does_not_use():
    out = _run(FIRST_RENDER + f"print('loaded:', *sorted(set({NOT_AT_FIRST_RENDER!r}) "
                              "& set(sys.modules)))")
    assert out.splitlines()[-1] == "loaded:"


def test_a_game_setting_loads_pydantic_where_it_comes_in():
    # The package hands the models out by name on first use: the classes of the edges.
    out = _run("""
        import sys
        import vinci_core as vc
        from vinci_core import config, maps
        assert "pydantic" not in sys.modules
        from vinci_core import mapfile, schemas
        assert vc.GameConfig is schemas.GameConfig and vc.Seat is schemas.Seat
        assert vc.MapData is mapfile.MapData
        print("pydantic" in sys.modules)
        """)
    assert out == "True"
