"""The token editor's words and first proposal (issue 29): a spread over the provinces, never
every token in the first one, and what confirming will do, said before it is done.

>>> even_spread(["a", "b", "c"], 7)
{'a': 3, 'b': 2, 'c': 2}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..text.i18n import translations

__all__ = ["confirm_text", "even_spread"]


def even_spread(order: Sequence[str], total: int) -> dict[str, int]:
    """``total`` tokens one at a time over ``order`` in turn (the first ones get the odd
    ones out): as even as it goes."""
    out = {pid: 0 for pid in order}
    for k in range(total if order else 0):
        out[order[k % len(order)]] += 1
    return out


def confirm_text(add: dict[str, int], name: Callable[[str], str], lang: str = "en") -> str:
    """What "Place tokens" will do with ``add`` (tokens added per province): "Place tokens
    puts 4 in Brittany, 3 in Normandy and 3 in Picardy." """
    t = translations(lang)
    parts = [t.gettext("{n} in {province}").format(n=n, province=name(pid))
             for pid, n in add.items() if n]
    if not parts:
        return t.gettext("Place tokens leaves every province as it is.")
    listed = parts[0] if len(parts) == 1 else t.gettext("{first} and {last}").format(
        first=", ".join(parts[:-1]), last=parts[-1])
    return t.gettext("Place tokens puts {list}.").format(list=listed)
