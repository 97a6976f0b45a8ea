"""Running a sliced search the way the page does (tests' helper): one slice at a time, with
other work on the same position in between."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TypeVar

T = TypeVar("T")


def run_in_slices(thinking: Generator[None, None, T], between: Callable[[], object] | None = None,
                  every: int = 50) -> tuple[int, T]:
    """Run ``thinking`` to its end one slice at a time, calling ``between`` after every
    ``every`` slices (another search of the same position, as a hint asked meanwhile):
    (the slices it took, its result)."""
    count = 0
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return count, done.value
        count += 1
        if between is not None and count % every == 0:
            between()
