"""The About box's facts: what runs the page (engine, Python and pydantic versions) and a
self-check proving that the engine and pydantic-core (WebAssembly) really run here."""

from __future__ import annotations

import sys
from typing import Any

from .dialogs import render_about

# A two-province board validated and compiled in the page (the self-check).
_SELF_CHECK_MAP = {
    "id": "self-check",
    "name": "Self-check",
    "provinces": {
        "a": {"name": "Alpha", "terrain": "farmland", "neighbours": ["b"], "edge": True},
        "b": {"name": "Beta", "terrain": "mountain", "neighbours": ["a"], "seas": ["s"]},
    },
    "seas": {"s": {"name": "Sea", "edge": True}},
}


class AboutBox:
    """Facts as (test id, label, value, values): a worded value is a message id with its
    values, said in the page's language by dialogs.render_about; names and versions are as
    they are."""

    def __init__(self, engine_version: str) -> None:
        # Module attributes, not importlib.metadata: that pulls in the email package (0.1 s).
        self.report: list[tuple[str, str, str, dict[str, Any] | None]] = [
            ("engine-version", "vinci-core", engine_version, None),
            ("python-version", "Python", sys.version.split()[0], None),
        ]

    def render(self) -> None:
        render_about(self.report)

    def self_check(self) -> None:
        """pydantic's version and the self-check: once pydantic is loaded (main.edges_ready)."""
        import pydantic

        from vinci_core.boards import maps
        from vinci_core.text.i18n import N_

        self.report.append(("pydantic-version", "pydantic", pydantic.VERSION, None))
        board = maps.register_map(_SELF_CHECK_MAP)
        self.report.append(("engine-check", N_("Engine self-check"),
                            N_("ok: provinces compiled: {n}, fingerprint {fingerprint}"),
                            {"n": len(board.ids), "fingerprint": board.fingerprint}))
        try:
            europe = maps.load_map("europe")
            self.report.append(("map", N_("Europe map"),
                                N_("provinces: {n}, sea zones: {seas}, fingerprint "
                                   "{fingerprint}"),
                                {"n": len(europe.ids), "seas": len(europe.sea_ids),
                                 "fingerprint": europe.fingerprint}))
        except KeyError:
            self.report.append(("map", N_("Europe map"), N_("not available"), {}))
        self.render()
