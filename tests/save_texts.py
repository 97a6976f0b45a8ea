"""Save texts taken apart and put together again by hand, for the tests that hand a game's
loader what no real save holds, and the positions of a game whose saves they take apart.
Both games' saves have one shape (boardgame_core.savetext): a prefix ending in a dot, then
the zlib-compressed JSON record in URL-safe base64.

>>> text = pack({"log": "c1"}, prefix="vinci1.")
>>> payload_of(text)
{'log': 'c1'}
>>> flip_bits(text, [(0, 0)])[:7]
'vinci1.'
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st


def compressed(text: str) -> bytes:
    """The record's compressed bytes (base64's padding is left off in a save)."""
    body = text.split(".", 1)[1]
    return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))


def payload_of(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(zlib.decompress(compressed(text)))
    return data


def pack(payload: Any, prefix: str) -> str:
    """A save text holding ``payload`` (JSON, or bytes as they are) after ``prefix``."""
    raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return prefix + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def flip_bits(text: str, flips: list[tuple[int, int]]) -> str:
    """``text`` with bits of its compressed bytes flipped: (byte, bit) pairs, the byte taken
    modulo their number."""
    packed = bytearray(compressed(text))
    for where, bit in flips:
        packed[where % len(packed)] ^= 1 << bit
    return text.split(".", 1)[0] + "." + base64.urlsafe_b64encode(bytes(packed)).decode()


def mutate_log(data: st.DataObject, log: list[str], codes: st.SearchStrategy[str]) -> list[str]:
    """One to three changes to a log of action codes: a code replaced, or one put in."""
    log = list(log)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.integers(0, len(log)))
        if data.draw(st.booleans()) and log:
            log[min(where, len(log) - 1)] = data.draw(codes)
        else:
            log.insert(where, data.draw(codes))
    return log


def positions_along(first: Any, actions: Sequence[Any], every: int) -> tuple[Any, ...]:
    """The positions of a game played from ``first``: that one, the one after every
    ``every``-th action, and the last (any game's :class:`boardgame_core.api.State`)."""
    state, out = first, [first]
    for k, action in enumerate(actions, 1):
        state = state.apply(action)
        if k % every == 0:
            out.append(state)
    return (*out, state)
