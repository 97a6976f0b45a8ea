"""The JSON layout every board generator writes (generate.py, generate_renaissance.py): the
file is committed, so its text must be deterministic and its diffs readable, with one
province, sea or area a line.

>>> print("\\n".join(entry_lines("seas", {"b": {"x": 1}, "a": [2, 3]})))
 "seas": {
  "b": {"x":1},
  "a": [2,3]
 },
"""

from __future__ import annotations

import json


def compact(value: object, ensure_ascii: bool = True) -> str:
    """JSON without spaces (the drawings' paths and lists are long)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=ensure_ascii)


def entry_lines(key: str, entries: dict, ensure_ascii: bool = True) -> list[str]:
    """The object ``key`` of the file, one entry a line, in the order given, and its
    closing brace with the comma that a next key needs."""
    lines = [f' "{key}": {{']
    for n, (name, value) in enumerate(entries.items()):
        lines.append(f'  {json.dumps(name, ensure_ascii=ensure_ascii)}: '
                     f'{compact(value, ensure_ascii)}' + ("," if n < len(entries) - 1 else ""))
    return lines + [" },"]
