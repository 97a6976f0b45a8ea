"""Actions: small frozen values with one stable JSON spelling each.

Sealed steps (R-2.2 keeping cards, R-2.6 the capital bid, R-10.1 the order bid) collect one
action per seat in any order, so their actions name the seat; every other action is taken
by the state's current player.

>>> action_json(Place("milan"))
'{"area":"milan","type":"place"}'
>>> parse_action('{"type":"bid_tokens","seat":2,"tokens":-3}')
BidTokens(seat=2, tokens=-3)
>>> parse_action({"type": "done"}) == Done()
True
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

from .errors import IllegalAction


@dataclass(frozen=True, slots=True)
class ReturnCard:
    """R-2.2: the card of the three dealt that goes back to the deck (sealed)."""
    seat: int
    card: str
    type: ClassVar[str] = "return_card"


@dataclass(frozen=True, slots=True)
class BidCapital:
    """R-2.6: a sealed bid in ducats for the choice of capital."""
    seat: int
    ducats: int
    type: ClassVar[str] = "bid_capital"


@dataclass(frozen=True, slots=True)
class ChooseCapital:
    """R-2.6: take a capital, in the order of the bids."""
    area: str
    type: ClassVar[str] = "choose_capital"


@dataclass(frozen=True, slots=True)
class BidTokens:
    """R-10.1: the sealed number of tokens bought (negative: paid for nothing)."""
    seat: int
    tokens: int
    type: ClassVar[str] = "bid_tokens"


@dataclass(frozen=True, slots=True)
class RemoveMarker:
    """R-4.1: the first player buys off one shortage or surplus marker."""
    commodity: str
    type: ClassVar[str] = "remove_marker"


@dataclass(frozen=True, slots=True)
class MillStep:
    """R-4.2, Q-9: J moves grain, cloth, wine or metal one step (+1 shortage, -1 surplus)."""
    commodity: str
    step: int
    type: ClassVar[str] = "mill_step"


@dataclass(frozen=True, slots=True)
class BuyCard:
    """R-5.1: V buys one card from the deck."""
    type: ClassVar[str] = "buy_card"


@dataclass(frozen=True, slots=True)
class Discard:
    """R-5.2: P discards one hand card."""
    card: str
    type: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """R-6.1: play one hand card."""
    card: str
    type: ClassVar[str] = "play_card"


@dataclass(frozen=True, slots=True)
class NameCommodity:
    """R-6.2: the commodity a dual commodity card pays (answers a pending decision)."""
    commodity: str
    type: ClassVar[str] = "name_commodity"


@dataclass(frozen=True, slots=True)
class ChooseVictim:
    """R-6.5: the player an event strikes, named by the player who played it (Alchemy).
    (``victim``, not ``seat``: a field named seat marks the actions of sealed steps.)"""
    victim: int
    type: ClassVar[str] = "choose_victim"


@dataclass(frozen=True, slots=True)
class ChooseProvince:
    """R-6.5: the province an event strikes, named by the player who played it (Rebellion)."""
    area: str
    type: ClassVar[str] = "choose_province"


@dataclass(frozen=True, slots=True)
class ChooseRegion:
    """R-6.5: the region an event strikes, named by the player who played it (Black Death)."""
    region: str
    type: ClassVar[str] = "choose_region"


@dataclass(frozen=True, slots=True)
class NameCategory:
    """R-14.6, Q-22: the advance row a Papal Decree forbids this round."""
    group: str
    type: ClassVar[str] = "name_category"


@dataclass(frozen=True, slots=True)
class ChooseLoss:
    """R-14.3, Q-24: what a Civil War's victim gives up: half its ``cash`` or half its
    ``tokens`` bought for this round."""
    loss: str
    type: ClassVar[str] = "choose_loss"


@dataclass(frozen=True, slots=True)
class GrowFleet:
    """R-7.2: one step up the fleet track."""
    type: ClassVar[str] = "grow_fleet"


@dataclass(frozen=True, slots=True)
class BuyAdvance:
    """R-7.1(b): buy one advance."""
    letter: str
    type: ClassVar[str] = "buy_advance"


@dataclass(frozen=True, slots=True)
class UsePatron:
    """R-15.E: announce the use of another player's personality this round."""
    card: str
    type: ClassVar[str] = "use_patron"


@dataclass(frozen=True, slots=True)
class Place:
    """R-8.3: place one token."""
    area: str
    type: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Attack:
    """R-8.15, R-8.17: attack in the open conflict: the three dice decide."""
    type: ClassVar[str] = "attack"


@dataclass(frozen=True, slots=True)
class CathedralAttack:
    """R-8.17, R-15.H: attack in the open conflict, declaring Cathedral before the roll."""
    type: ClassVar[str] = "cathedral_attack"


@dataclass(frozen=True, slots=True)
class Exchange:
    """R-8.19: Written Records: the card given to the victim of a taken province."""
    card: str
    type: ClassVar[str] = "exchange"


@dataclass(frozen=True, slots=True)
class TokensForCard:
    """R-8.12: buy one card with tokens."""
    type: ClassVar[str] = "tokens_for_card"


@dataclass(frozen=True, slots=True)
class SwapOrder:
    """R-10.4: Renaissance swaps places with the player just before (-1) or after (+1)."""
    step: int
    type: ClassVar[str] = "swap_order"


@dataclass(frozen=True, slots=True)
class Done:
    """End one's part of the current step."""
    type: ClassVar[str] = "done"


Action = (ReturnCard | BidCapital | ChooseCapital | BidTokens | RemoveMarker | MillStep | BuyCard
          | Discard | PlayCard | NameCommodity | ChooseVictim | ChooseProvince | ChooseRegion
          | NameCategory | ChooseLoss | GrowFleet | BuyAdvance | UsePatron | Place | Attack
          | CathedralAttack | Exchange | TokensForCard | SwapOrder | Done)
ACTION_TYPES: dict[str, Any] = {t.type: t for t in (
    ReturnCard, BidCapital, ChooseCapital, BidTokens, RemoveMarker, MillStep, BuyCard, Discard,
    PlayCard, NameCommodity, ChooseVictim, ChooseProvince, ChooseRegion, NameCategory,
    ChooseLoss, GrowFleet, BuyAdvance, UsePatron, Place, Attack, CathedralAttack, Exchange,
    TokensForCard, SwapOrder, Done)}


def action_dict(action: Action) -> dict[str, Any]:
    return {"type": action.type, **asdict(action)}


def action_json(action: Action) -> str:
    """The one stable spelling of an action: compact JSON with sorted keys."""
    return json.dumps(action_dict(action), separators=(",", ":"), sort_keys=True)


def parse_action(data: dict[str, Any] | str) -> Action:
    """Build an action from its JSON form, refusing anything malformed (no guessing)."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError:
            raise IllegalAction("action", "not JSON") from None
    if not isinstance(data, dict) or data.get("type") not in ACTION_TYPES:
        raise IllegalAction("action", "unknown action type")
    cls = ACTION_TYPES[data["type"]]
    types = field_types(cls)
    if set(data) != set(types) | {"type"}:
        raise IllegalAction("action", f"{cls.type} takes exactly {sorted(types)}")
    for name, want in types.items():
        if type(data[name]) is not want:
            raise IllegalAction("action", f"{cls.type}.{name} must be {want.__name__}")
    action: Action = cls(**{n: data[n] for n in types})
    return action


def field_types(cls: type) -> dict[str, type]:
    """Each field of an action class and its type, ``int`` or ``str`` (the only two).

    >>> field_types(BidTokens)
    {'seat': <class 'int'>, 'tokens': <class 'int'>}
    """
    return {f.name: int if f.type in (int, "int") else str for f in fields(cls)}
