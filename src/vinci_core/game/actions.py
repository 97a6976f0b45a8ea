"""Actions: small immutable values with a stable JSON form (``kind`` plus fields).

>>> parse_action({"kind": "conquer", "province": "castile"})
Conquer(province='castile', espionage=False)
>>> Conquer("castile").to_dict()
{'kind': 'conquer', 'province': 'castile'}
>>> parse_action(PlaceAll.of({"b": 2, "a": 1}).to_dict())
PlaceAll(placement=(('a', 1), ('b', 2)))
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

# ExplainedError, the base of every error a player is told about, is game-neutral.
from boardgame_core.errors import ExplainedError

from ..text.i18n import N_

if TYPE_CHECKING:  # pydantic is imported at the edges only (see schemas)
    from pydantic import ValidationError


class IllegalAction(Exception):
    """An action the rules do not allow now. ``rule`` names the RULES.md id."""

    def __init__(self, rule: str, message: str, **args: object) -> None:
        """``message`` is English; with ``args`` it is a ``str.format`` template of them,
        which the page translates (``template`` is the catalogues' message id, the values
        ``values``: a ``province`` value is a province id)."""
        text = message.format(**args) if args else message
        super().__init__(f"{rule}: {text}")
        self.rule = rule
        self.message = text
        self.template = message
        self.values = args
        # ngettext's plural form of ``template`` (:func:`illegal_n`), None for one form.
        self.plural: str | None = None


def illegal_n(rule: str, singular: str, plural: str, n: int, **args: object) -> IllegalAction:
    """An :class:`IllegalAction` whose words follow the count ``n`` (its ``{n}`` value):
    ``singular`` and ``plural`` are ngettext's English forms."""
    exc = IllegalAction(rule, singular if n == 1 else plural, n=n, **args)
    exc.template, exc.plural = singular, plural
    return exc


def _is_whole(value: object) -> bool:
    return type(value) is int  # a bool is an int to Python, never a slot or a count here


def _is_name(value: object) -> bool:
    return type(value) is str and 0 < len(value) <= 40


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = ""
    rule: ClassVar[str] = "API"  # the rule that names this action, for refusals

    def malformed(self) -> str | None:
        """What is wrong with the fields' types, if anything (an action built in Python
        without :func:`parse_action` is not validated). The state checks the values."""
        return None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):  # instance fields only, not the ClassVars
            out[f.name] = getattr(self, f.name)
        return out


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """C-2: take the civilization in display slot 1..6."""

    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = "C-2.1"
    slot: int

    def malformed(self) -> str | None:
        return None if _is_whole(self.slot) else f"a slot is a whole number, not {self.slot!r}"


def _bad_province(value: object) -> str | None:
    return None if _is_name(value) else f"a province is named by its id, not {value!r}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """C-5.1 at the start of a turn, or C-5.3 (Rebirth) at its end."""

    kind: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Diplomacy(Action):
    """C-3.3.9: make peace with a seat until the start of one's next turn."""

    kind: ClassVar[str] = "diplomacy"
    rule: ClassVar[str] = "C-3.3.9"
    seat: int

    def malformed(self) -> str | None:
        return None if _is_whole(self.seat) else f"a seat is a whole number, not {self.seat!r}"


@dataclass(frozen=True, slots=True)
class Abandon(Action):
    """C-3.1.1: empty a province completely, taking all its tokens into hand."""

    kind: ClassVar[str] = "abandon"
    rule: ClassVar[str] = "C-3.1.1"
    province: str

    def malformed(self) -> str | None:
        return _bad_province(self.province)


@dataclass(frozen=True, slots=True)
class Conquer(Action):
    """C-3.3: take a province, paying the C-4 cost (or exactly 2 with Espionage, C-3.3.10;
    or nothing with Religion, Y-9.24, online only)."""

    kind: ClassVar[str] = "conquer"
    rule: ClassVar[str] = "C-3.3"
    province: str
    espionage: bool = False
    religion: bool = False

    def malformed(self) -> str | None:
        if type(self.espionage) is not bool:
            return f"espionage is true or false, not {self.espionage!r}"
        if type(self.religion) is not bool:
            return f"religion is true or false, not {self.religion!r}"
        if self.espionage and self.religion:
            return "a conquest uses Espionage or Religion, not both"
        return _bad_province(self.province)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "province": self.province}
        if self.espionage:
            out["espionage"] = True
        if self.religion:
            out["religion"] = True
        return out


@dataclass(frozen=True, slots=True)
class Finish(Action):
    """End the conquest phase (C-3.4 follows)."""

    kind: ClassVar[str] = "finish"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """C-3.4.2: keep the connected part of the split empire that holds this province."""

    kind: ClassVar[str] = "keep"
    rule: ClassVar[str] = "C-3.4.2"
    province: str

    def malformed(self) -> str | None:
        return _bad_province(self.province)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put one token from hand into a province (reorganization C-3.4.3 or C-3.5)."""

    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = "C-3.4.3"
    province: str

    def malformed(self) -> str | None:
        return _bad_province(self.province)


@dataclass(frozen=True, slots=True)
class PlaceAll(Action):
    """Place every token of the hand at once: the same as a run of ``place`` actions."""

    kind: ClassVar[str] = "place_all"
    rule: ClassVar[str] = "C-3.4.3"
    placement: tuple[tuple[str, int], ...]

    def malformed(self) -> str | None:
        if type(self.placement) is not tuple:
            return f"a placement is pairs of province and count, not {self.placement!r}"
        for pair in self.placement:
            if type(pair) is not tuple or len(pair) != 2 or not _is_name(pair[0]) \
                    or not _is_whole(pair[1]):
                return f"{pair!r} is not a province and a whole number of tokens"
        if len({p for p, _ in self.placement}) != len(self.placement):
            return "a province appears twice in the placement"
        return None

    @classmethod
    def of(cls, placement: dict[str, int]) -> PlaceAll:
        return cls(tuple(sorted((p, n) for p, n in placement.items() if n)))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "placement": dict(self.placement)}


@dataclass(frozen=True, slots=True)
class Fort(Action):
    """C-3.4.5: build a fort in a province of the active empire."""

    kind: ClassVar[str] = "fort"
    rule: ClassVar[str] = "C-3.4.5"
    province: str

    def malformed(self) -> str | None:
        return _bad_province(self.province)


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Close the turn: scoring (C-3.6), then defender redistribution (C-3.5)."""

    kind: ClassVar[str] = "end_turn"


# --- parsing at the edge (pydantic) -------------------------------------------------------

ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (Choose, Decline, Diplomacy, Abandon, Conquer, Finish, Keep, Place, PlaceAll,
                Fort, EndTurn)
}


class ActionError(ExplainedError):
    """Input that is not an action at all (unknown kind, missing or bad fields)."""


# What pydantic found wrong with a field, in the page's words (by pydantic's error type);
# other types say "not valid". Translated where they are shown (presenter.problem_text).
FIELD_PROBLEMS: dict[str, str] = {
    "missing": N_("missing"),
    "extra_forbidden": N_("not expected here"),
    "int_type": N_("not a whole number"),
    "int_parsing": N_("not a whole number"),
    "int_from_float": N_("not a whole number"),
    "string_type": N_("not text"),
    "bool_type": N_("not true or false"),
    "bool_parsing": N_("not true or false"),
    "literal_error": N_("not one of the allowed values"),
    "union_tag_invalid": N_("an unknown kind"),
    "union_tag_not_found": N_("no kind given"),
    "greater_than": N_("too small"),
    "greater_than_equal": N_("too small"),
    "less_than": N_("too large"),
    "less_than_equal": N_("too large"),
    "string_too_short": N_("too short"),
    "string_too_long": N_("too long"),
    "too_short": N_("too short"),
    "too_long": N_("too long"),
    "dict_type": N_("not a table of values"),
    "list_type": N_("not a list"),
    "json_invalid": N_("not valid JSON"),
}


def field_problem(exc: ValidationError) -> dict[str, str]:
    """Where pydantic's first error is (a field path: an identifier, kept as it is) and
    what is wrong there in plain words (a message id of :data:`FIELD_PROBLEMS`)."""
    first = exc.errors()[0]
    return {"where": ".".join(str(x) for x in first["loc"]),
            "problem": FIELD_PROBLEMS.get(first["type"], N_("not valid"))}


def parse_action(data: dict[str, Any] | str) -> Action:
    """Validate an action coming from outside (JSON text or dict) and build it."""
    from pydantic import ValidationError

    from .action_schema import action_adapter  # the edge: pydantic validates

    try:
        model = (action_adapter().validate_json(data) if isinstance(data, str)
                 else action_adapter().validate_python(data))
    except ValidationError as exc:
        problem = field_problem(exc)
        problem["where"] = problem["where"] or "action"
        raise ActionError("not a valid action ({where}: {problem})", **problem) from None
    fields = model.model_dump()
    cls = ACTION_TYPES[fields.pop("kind")]
    if cls is PlaceAll:
        return PlaceAll.of(fields["placement"])
    return cls(**fields)


def action_json(action: Action) -> str:
    return json.dumps(action.to_dict(), separators=(",", ":"), sort_keys=True)
