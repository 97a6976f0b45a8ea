"""R-14.3 Civil War and R-14.11 War: the two events that strike one named player.

Every choice in the middle of their effects waits on the decision stack, as the other
events' do (``turn.events``): the player who plays the card names the victim or the enemy
(R-6.5, ``civil_war`` / ``war``), a Civil War's victim chooses what it loses
(``civil_war_loss``, Q-24) and a War's loser chooses the provinces it hands over, one at a
time (``war_handover``, Q-23). A War that ends tied stays open, as a lasting mark
``war:<round>:<a>:<b>``, and is rolled again in each later card phase until decided.
"""

from __future__ import annotations

from ..game.actions import Action, ChooseLoss, ChooseProvince, ChooseVictim
from ..game.errors import IllegalAction
from ..game.rng import roll
from .common import pay, raise_misery
from .events import despot, marker_to_token, military_bonus
from .state import GameState

LOSSES = ("cash", "tokens")  # half the cash, or half the tokens bought this round
OVERSEAS = ("orient", "new_world")


# --- Civil War (R-14.3, R-8.2) ---------------------------------------------------------------


def civil_war(state: GameState, seat: int) -> None:
    """The player who played it names the victim (R-6.5) when there is one."""
    if civil_war_victims(state, seat):
        state.pending.append(("civil_war", seat, "civil_war"))


def civil_war_victims(state: GameState, seat: int) -> list[int]:
    """A live opponent that is no Enlightened Despot (R-14.1); with none, the card strikes
    nobody (as Alchemy, Q-57)."""
    return [p for p in range(state.players)
            if p != seat and state.alive[p] and not despot(state, p)]


def strike_civil_war(state: GameState, victim: int) -> None:
    """One level; the victim's own marker in its capital becomes a token (R-6.6); then the
    victim's choice of loss. Recorded for R-8.2: the victim plays last in this round's
    expansion."""
    state.round_events.append(f"civil_war:{victim}")
    raise_misery(state, victim, 1)
    if not state.alive[victim]:
        return
    capital = state.capital[victim]
    if capital is not None and state.control.get(capital) == victim:
        marker_to_token(state, capital)
    cash, tokens = civil_war_halves(state, victim)
    if cash and tokens:  # with a half of nothing the choice that costs nothing is plain
        state.pending.append(("civil_war_loss", victim, "civil_war"))


def civil_war_halves(state: GameState, seat: int) -> tuple[int, int]:
    """Q-24: half the cash and half the tokens bought for this round, rounded down."""
    return state.cash[seat] // 2, state.bought[seat] // 2


def lose_half(state: GameState, seat: int, loss: str) -> None:
    """The cash goes to the bank; the tokens go back to stock unplaced (R-8.13's way)."""
    cash, tokens = civil_war_halves(state, seat)
    if loss == "cash":
        pay(state, seat, cash)
    else:
        state.bought[seat] -= tokens
        state.stock_tokens[seat] += tokens


def civil_war_victims_this_round(state: GameState) -> list[int]:
    """R-8.2: the seats struck by a Civil War this round."""
    return [int(e.split(":")[1]) for e in state.round_events if e.startswith("civil_war:")]


# --- War (R-14.11) --------------------------------------------------------------------------


def war(state: GameState, seat: int) -> None:
    """The player who played it names an opponent (R-6.5). Enlightened Despot does not
    spare it (R-14.1 does not name War)."""
    if war_enemies(state, seat):
        state.pending.append(("war", seat, "war"))


def war_enemies(state: GameState, seat: int) -> list[int]:
    return [p for p in range(state.players) if p != seat and state.alive[p]]


def war_strength(state: GameState, seat: int, enemy: int, die: int) -> int:
    """R-14.11: the die, +1 with Nationalism (W, anywhere), +1 per military card in effect
    (R-14.12–R-14.18, cancelled as in conflicts, Q-20). Cathedral (H) plays no part."""
    return die + (1 if state.owns(seat, "W") else 0) + military_bonus(state, seat, [enemy])


def fight(state: GameState, first: int, second: int) -> bool:
    """Roll one war between two live players (Q-23: one die each, the first's first).
    Returns True when decided; a tie costs both one level and leaves the war open."""
    state.rng, die = roll(state.rng)
    strength = war_strength(state, first, second, die)
    state.rng, die = roll(state.rng)
    against = war_strength(state, second, first, die)
    if strength == against:
        raise_misery(state, first, 1)
        raise_misery(state, second, 1)
        return False
    winner, loser = (first, second) if strength > against else (second, first)
    raise_misery(state, winner, 1)
    raise_misery(state, loser, 2)
    if state.alive[winner] and state.alive[loser]:
        hand_over(state, winner, loser, abs(strength - against))
    return True


def declare_war(state: GameState, seat: int, enemy: int) -> None:
    if not fight(state, seat, enemy):
        state.marks.add(f"war:{state.round}:{seat}:{enemy}")


def open_wars(state: GameState) -> list[tuple[int, int, int]]:
    """The tied wars still open, as (round declared, who played it, enemy), oldest first."""
    found = []
    for mark in state.marks:
        if mark.startswith("war:"):
            _, declared, seat, enemy = mark.split(":")
            found.append((int(declared), int(seat), int(enemy)))
    return sorted(found)


def roll_open_wars(state: GameState) -> None:
    """R-14.11, R-13.2: each war still tied is rolled again; a war with an eliminated side
    is over (R-11.3: the player is skipped from then on)."""
    for declared, seat, enemy in open_wars(state):
        mark = f"war:{declared}:{seat}:{enemy}"
        if not (state.alive[seat] and state.alive[enemy]) or fight(state, seat, enemy):
            state.marks.discard(mark)


def may_hold(state: GameState, seat: int, area: str) -> bool:
    """R-14.11: the winner may take no marker in region V without R, overseas without T,
    in the Americas without U; fleet range does not matter."""
    region = state.board.areas[area].region
    if region == "V":
        return state.owns(seat, "R")
    if region in OVERSEAS:
        return state.owns(seat, "T") and (region != "new_world" or state.owns(seat, "U"))
    return True


def handover_choices(state: GameState, winner: int, loser: int) -> list[str]:
    """Q-23: the loser's markers the winner may hold, the loser's own capital only when no
    other is left; none while the winner has no marker in stock to take one with (Q-67)."""
    if state.stock_markers[winner] <= 0:
        return []
    held = sorted(a for a, owner in state.control.items()
                  if owner == loser and may_hold(state, winner, a))
    others = [a for a in held if a != state.capital[loser]]
    return others or held


def hand_over(state: GameState, winner: int, loser: int, count: int) -> None:
    """The loser hands over ``count`` markers, chosen one at a time; each that cannot be
    handed over costs it one more level."""
    if handover_choices(state, winner, loser):
        state.pending.append(("war_handover", loser, f"{winner}:{count}"))
    else:
        raise_misery(state, loser, count)


def transfer(state: GameState, winner: int, loser: int, area: str) -> None:
    """The loser's marker goes back to its stock and one of the winner's, settled, takes its
    place. Commodity cards follow at R-8.21 (R-6.6 does not name War)."""
    state.control[area] = winner
    state.new_control.discard(area)
    state.stock_markers[loser] += 1
    state.stock_markers[winner] -= 1


# --- the decisions ----------------------------------------------------------------------------


def legal_decision(state: GameState) -> list[Action]:
    kind, seat, subject = state.pending[-1]
    if kind == "civil_war":
        return [ChooseVictim(p) for p in civil_war_victims(state, seat)]
    if kind == "civil_war_loss":
        return [ChooseLoss(loss) for loss in LOSSES]
    if kind == "war":
        return [ChooseVictim(p) for p in war_enemies(state, seat)]
    winner = int(subject.split(":")[0])
    return [ChooseProvince(a) for a in handover_choices(state, winner, seat)]


def apply_decision(state: GameState, action: Action) -> None:
    kind, seat, subject = state.pending[-1]
    if action not in legal_decision(state):
        raise IllegalAction(*_REFUSALS[kind])
    state.pending.pop()
    if isinstance(action, ChooseVictim) and kind == "civil_war":
        strike_civil_war(state, action.victim)
    elif isinstance(action, ChooseVictim):
        declare_war(state, seat, action.victim)
    elif isinstance(action, ChooseLoss):
        lose_half(state, seat, action.loss)
    elif isinstance(action, ChooseProvince):
        _hand_over_one(state, seat, subject, action.area)


def _hand_over_one(state: GameState, loser: int, subject: str, area: str) -> None:
    winner, count = (int(x) for x in subject.split(":"))
    transfer(state, winner, loser, area)
    if count > 1:
        hand_over(state, winner, loser, count - 1)


_REFUSALS = {
    "civil_war": ("R-14.3", "name a live opponent who is no Enlightened Despot"),
    "civil_war_loss": ("R-14.3", "lose half the cash or half the tokens bought (Q-24)"),
    "war": ("R-14.11", "name a live opponent"),
    "war_handover": ("R-14.11", "hand over a marker the winner may hold, the capital last"),
}
