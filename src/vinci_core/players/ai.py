"""AI opponents with levels: the rulebook's virtual player ("book") and a searching one
("strong"). Every decision comes with a short reason in words.

A level is kept in the seat's config (:attr:`Seat.ai_level`), so a saved game resumes with
the same opponents. The strong player is deterministic: its search has a fixed budget
(rollouts and beam width, never the clock) and its randomness is derived from the game's
own stream without advancing it (like :meth:`GameState.die`), so a game with AI seats
replays exactly from its save.

How the strong player decides (all through the engine's public API: ``legal_actions``,
``apply``, the state's data):

- **Conquests**: a turn planner (:mod:`.planner`). A beam search over sequences of
  conquests (each applied by the engine, Espionage included) scores where each sequence
  ends: the VP it would score this turn, the empire's worth again for the turns to come
  (provinces are kept, Slavery's points are not), the declined empire it would clear, and
  the provinces the neighbours could take back next turn. It plays the first conquest of
  the best sequence, or stops. A civilization's entry is searched with a wider beam
  (:data:`ENTRY_BEAM`).
- **The opponents' answer**: the planner's best sequences for its best first conquests are
  each played on through every opponent's next turn, by the book, on a few resampled
  futures (:mod:`.answers`, :data:`ANSWER_PLANS`); the one worth most after that answer is
  played. The book's next conquests are predictable, so this replaces a guess at what a
  neighbour takes back with what it does.
- **Civilization and decline**: Monte-Carlo rollouts. Each option is played on a few
  copies of the game, with the bag's future draws resampled, every seat played by the book
  for the next two rounds; the options are compared on common random numbers by the VP
  reached plus what the position promises (:func:`position_value`), less half what the
  best opponent's position promises (:data:`RIVAL_WEIGHT`): a race is won against the
  leader. The turn planner likewise prefers conquests that cut the leader's prospects.
- **Reorganization and returned tokens**: tokens go where a neighbour could attack
  (cheapest province for the strongest threat first); interior provinces keep one token.
- **Diplomacy**: peace with the neighbour that could hurt most. **Forts**: as the book.
- **Any ruleset** (classic and online): reach, conquest costs, scores and tiles come from
  the game's ruleset (``state.ruleset``), so every online tile, desert and river counts as
  the engine counts it; with a fixed round limit (Y-6.1) the future counts only the turns
  a seat has left (:func:`turns_after`).

>>> from vinci_core import GameConfig, Seat, new_game
>>> cfg = GameConfig(seats=[Seat(name=f"AI {i}", virtual=True, ai_level="strong")
...                         for i in range(3)], seed=1, map="mini")
>>> decision = StrongPlayer(rollouts=2).decide(new_game(cfg))
>>> decision.action.kind, bool(decision.reason)
('choose', True)
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TypeVar

from ..game import rng
from ..game.actions import (
    Abandon,
    Action,
    Choose,
    Conquer,
    Decline,
    Diplomacy,
    EndTurn,
    Finish,
    Fort,
    IllegalAction,
    Keep,
    PlaceAll,
)
from ..game.costs import NEUTRAL
from ..game.defence import civilization_waiting
from ..game.tiles import TILES as CLASSIC_TILES
from ..game.tiles import Tile, civ_tokens
from ..turn.choose import tokens_received
from ..turn.conquer import ESPIONAGE_COST
from ..turn.state import GameState
from .answers import judged_plan
from .planner import (
    EXPOSED_WEIGHT,
    HAND_WEIGHT,
    HOLD_WEIGHT,
    PLAN_RIVAL,
    PlanWeights,
    beam_search,
    best_sequence,
    distinct_openings,
    plan_value,
    rival_prospect,
    threat_power,
    threats,
    turn_income,
    turns_after,
    unshaken_prospects,
)
from .reasons import Civ, Message, Province, say, say_n, word
from .rollouts import own_conquest, own_expand
from .virtual import (
    VirtualPlayer,
    best_target,
    empire_worth,
    fort_province,
    reorganization_placement,
)

# The strong player's fixed budget (the same in CPython and in the browser).
ROLLOUTS = 6  # rollouts per option of a civilization or decline choice
CHOICES = 3  # civilizations tried in rollouts: the free one and the best others at a glance
HORIZON = 2  # the deciding seat's own turns played out in a rollout after the decision
BEAM = 3  # sequences of conquests kept at each depth of the turn planner
# A civilization's entry (its first conquest, where it settles for the game) gets a wider
# beam, still within PLAN_WORK: an entry's search is small (a few dozen positions) and the
# beam, not the work limit, cut it. Measured against the book players (docs/players.md,
# "Where the strong level loses"): more wins and a larger margin at 4, 5 and 6 seats.
ENTRY_BEAM = 8
# The position's future in the rollouts' evaluation: the next turns' income, counted this
# many times (the game is about a dozen rounds long; a rollout stops two rounds ahead).
FUTURE_TURNS = 2.0
SPARE_TOKEN_VP = 0.35  # a token free for expansion is worth about a third of a province
WIN_BONUS = 30.0
# The work budget of one decision, counted in positions the search plays (``apply`` calls),
# never in time, so a decision is the same in CPython and in the browser. Rollouts stop
# after the round of rollouts (one per option) that would pass ROLLOUT_WORK; the turn
# planner stops evaluating conquests at PLAN_WORK. Calibrated on the slowest decisions
# (civilization choices, and the first conquest of a turn, which weighs a decline too):
# about 0.25 ms a position in CPython on the project's machine, a few times that in the
# browser, so the slowest decision stays well under a second there (README, bench/web.py).
ROLLOUT_WORK = 500
PLAN_WORK = 120
# Playing against the leader (issue 31): a multi-player race is won by ending ahead of the
# best opponent, not by scoring most in a vacuum. The rollouts weigh an option by the seat's
# position value less RIVAL_WEIGHT times the best opponent's; the turn planner subtracts
# PLAN_RIVAL times the best opponent's prospects (:func:`rival_prospect`), so a conquest
# that cuts the leader's income is preferred to an equal one that does not. Measured on the
# same seeds against the book players (docs/players.md): more wins and a larger margin over
# the best book seat at 4 and 6 seats.
RIVAL_WEIGHT = 0.5
# Turn plans judged by the opponents' answer (:mod:`.answers`, issue 31): the planner's best
# sequence for each of its ANSWER_PLANS best first conquests is played on through the
# opponents' next turns by the book, on ANSWER_FUTURES resampled futures within ANSWER_WORK
# positions, and the best mean value is played. The book's next conquests (V-4) are not a
# guess, so this replaces the planner's static fear of a counter-attack with the real one.
# Measured against the book players (docs/players.md, "The opponents' answer"): at 4 seats
# +9.5 ± 2.7 points of wins and +5.9 ± 1.0 VP of margin on 400 fresh seeds, and more wins
# and a larger margin at 5 and 6 seats and online; about 1.2 times the positions at p95.
ANSWER_PLANS = 3
ANSWER_FUTURES = 2
ANSWER_WORK = 300

# Nomads (Y-9.22) lose no token when attacked: all their tokens in a province taken from
# them come back to take it again in their next turn, before they score. The turn planner's
# rival term (PLAN_RIVAL) rewards a conquest for the income it cuts from the best opponent;
# against Nomads that cut does not last, and chasing it cost the strong seat its tokens (the
# book takes the province back and removes one of them each time): it lost the duel of seed
# 4 so, 21 of its 32 conquests taken from the Nomads (docs/players.md, "Duels"). So a Nomads
# opponent's prospects count as they stand where the plan is searched from.
NOMADS_UNSHAKEN = True

_SALT_ROLLOUT = 700  # + rollout index (below 1009, the ply step of GameState.die)

T = TypeVar("T")
# A decision in slices: the search yields (None) after every position it plays, so a page
# can run it in short tasks and answer its player in between; the generator's return value
# is the result. Slicing never changes it: the search is the same code run to the end.
Thinking = Generator[None, None, T]


def finish(thinking: Thinking[T]) -> T:
    """Run a sliced search to its end at once."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value


@dataclass(slots=True)
class Work:
    """Positions played so far by one decision's search (its budget's meter)."""

    positions: int = 0


@dataclass(frozen=True, slots=True)
class Decision:
    """An AI's move: the action and why, in words (what it expects, what it fears).

    ``reason`` is English; ``message`` (the strong AI's) is the same reason as a template
    and values, which the page words in its language (presenter.reason_text). The book
    player's reasons have none: ``book_reason`` words them again from the move."""

    action: Action
    reason: str
    message: Message | None = None


def _decided(state: GameState, action: Action, message: Message) -> Decision:
    """A decision whose English reason is ``message`` worded in English."""
    return Decision(action, word(message, state), message)


# --- evaluation -----------------------------------------------------------------------------

def position_value(state: GameState, seat: int, endgame: bool = True) -> float:
    """What ``seat``'s position is worth in VP: its score, plus (before the end) the income
    of its empires for the next turns and its tokens free for expansion (with ``endgame``,
    no more turns than a round limit leaves); a win counts extra.
    """
    player = state.players[seat]
    if state.is_terminal:
        return player.score + (WIN_BONUS if seat in state.winners else 0.0)
    future = FUTURE_TURNS
    left = turns_after(state, seat) if endgame else None
    if left is not None and left < future:
        future = float(left)
    spare = threat_power(state, seat)
    return player.score + future * (turn_income(state, seat) + SPARE_TOKEN_VP * spare)


def race_value(state: GameState, seat: int, rival_weight: float, endgame: bool = True
               ) -> float:
    """``seat``'s :func:`position_value` less ``rival_weight`` times the best opponent's:
    how the rollouts and the opponents' answer weigh the position they reach."""
    return race_and_own(state, seat, rival_weight, endgame)[0]


def race_and_own(state: GameState, seat: int, rival_weight: float, endgame: bool = True
                 ) -> tuple[float, float]:
    """:func:`race_value` and ``seat``'s own :func:`position_value`, the latter computed
    once for both (the rollouts report both at every end)."""
    own = position_value(state, seat, endgame)
    if not rival_weight:
        return own, own
    return own - rival_weight * max(position_value(state, o, endgame)
                                    for o in range(state.rules.seats) if o != seat), own


def peace_partner(state: GameState, seat: int, envoys: list[Diplomacy]
                  ) -> tuple[Diplomacy | None, int]:
    """The Diplomacy offer with the neighbour that could hurt ``seat`` most (its tokens
    next turn, if it reaches the empire), and those tokens; (None, 0) if none reaches it."""
    pressure: dict[int, int] = {}
    mine = set(state.empire(seat))
    for d in envoys:
        other = d.seat
        power = threat_power(state, other)
        reached = [p for p in state.ruleset.reach(state, other) if p in mine]
        pressure[other] = power if reached else 0
    best = max(envoys, key=lambda d: (pressure[d.seat], -d.seat))
    if pressure[best.seat] <= 0:
        return None, 0
    return best, pressure[best.seat]


# --- the strong player ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class StrongPlayer:
    """The searching AI. ``rollouts``, ``horizon``, ``beam`` and the work limits are its
    fixed budget (see :data:`ROLLOUT_WORK`)."""

    rollouts: int = ROLLOUTS
    horizon: int = HORIZON
    beam: int = BEAM
    choices: int = CHOICES
    rollout_work: int = ROLLOUT_WORK
    plan_work: int = PLAN_WORK
    # Plan for a fixed round limit (Y-6.1): the future counts only the turns left, the last
    # turn plays for its own VP and never declines. No effect on classic games.
    endgame: bool = True
    # Play against the leader (see RIVAL_WEIGHT and PLAN_RIVAL): 0 plays for its own VP.
    rival_weight: float = RIVAL_WEIGHT
    plan_rival: float = PLAN_RIVAL
    # The turn planner's weights (see PlanWeights).
    hold_weight: float = HOLD_WEIGHT
    hand_weight: float = HAND_WEIGHT
    exposed_weight: float = EXPOSED_WEIGHT
    reach_weight: float = 0.0
    declined_exposed_weight: float = 0.0
    placed_exposure: bool = False
    # The searching seat's own play in its rollouts (players/rollouts.py): 0 expands by the
    # book (V-4, V-7); n > 0 weighs its n most valuable affordable conquests by the turn
    # planner's value, each a position played within ``rollout_work``. With
    # ``rollout_own_decline`` it then declines by the fitted rule, not V-7's die.
    rollout_width: int = 0
    rollout_own_decline: bool = False
    # A decline is final and costs a turn: declare one only when the rollouts promise at
    # least this many VP more than playing on (0: any gain), so that their noise (a few VP)
    # does not throw away an empire that is still worth playing (docs/players.md, "Where
    # the strong level loses").
    decline_margin: float = 0.0
    # Likewise a paid slot must promise this many VP more per slot over the free one: the
    # best of a few noisy rollout means overrates what it picks (0: the plain best).
    choice_margin: float = 0.0
    # The turn planner's beam for a civilization's entry (see ENTRY_BEAM; still within
    # ``plan_work``); 0: ``beam`` like any turn.
    entry_beam: int = ENTRY_BEAM
    # Turn plans judged by the opponents' answer (players/answers.py): with n > 0 the
    # planner's best sequence for each of its n best first conquests is played to the end
    # of the turn and the opponents' next turns by the book, on ``answer_futures``
    # resampled futures within ``answer_work`` positions; the best mean value is played.
    # 0: the planner's static value alone decides.
    answer_plans: int = ANSWER_PLANS
    answer_futures: int = ANSWER_FUTURES
    answer_work: int = ANSWER_WORK
    # The turn planner does not count a Nomads opponent's income as cut by a conquest of
    # its provinces (see NOMADS_UNSHAKEN); False: as any opponent's.
    nomads_unshaken: bool = NOMADS_UNSHAKEN
    # The turn planner's weights from the fields above, built once: the planner scores
    # every position it plays with them (a hot loop).
    _weights: PlanWeights = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_weights", PlanWeights(
            self.hold_weight, self.hand_weight, self.exposed_weight, self.reach_weight,
            self.declined_exposed_weight, self.placed_exposure))

    def act(self, state: GameState) -> Action:
        return self.decide(state).action

    def decide(self, state: GameState) -> Decision:
        """A legal action for whoever must act now, with its reason."""
        return finish(self.think(state))

    def think(self, state: GameState) -> Thinking[Decision]:
        """:meth:`decide` in slices: yields after each position its search plays and
        returns the decision (the same as ``decide``'s)."""
        phase = state.phase
        if phase == "over":
            raise ValueError("the game is over: nobody acts")
        seat = state.current_player
        assert seat is not None
        if phase == "choose":
            decision = yield from self._choose(state, seat)
        elif phase == "expand":
            decision = yield from self._expand(state, seat)
        elif phase == "keep":
            decision = _book_decision(state)
        elif phase == "reorganize":
            decision = self._reorganize(state, seat)
        elif phase == "end_of_turn":
            decision = yield from self._end_of_turn(state, seat)
        elif phase == "redistribute":
            decision = self._redistribute(state, seat)
        else:
            raise ValueError(f"unknown phase {phase!r}")
        return decision

    # -- civilization choice and decline: rollouts --

    def _rollout_value(self, state: GameState, first: Action | None, seat: int, i: int,
                       work: Work) -> Thinking[tuple[float, float]]:
        """The value of the position for ``seat`` after ``first`` (None: this turn played
        on by the book without declining) and ``horizon`` more of its turns played by the
        book, in rollout ``i`` (the same resampled future for every option): its
        ``position_value`` less ``rival_weight`` times the best opponent's, and the
        ``position_value`` alone."""
        s = state.clone()
        # A private future for this rollout, set before the option is played: its bag
        # draws and dice differ from the game's own (which stays untouched and unseen).
        s.rng = rng.seed_state(state.die(1 << 30, _SALT_ROLLOUT + i) + 1)
        if first is not None:
            s = s.apply(first)
        end = yield from _play_out(s, seat, self.horizon, first is None, work, self)
        return race_and_own(end, seat, self.rival_weight, self.endgame)

    def _compare(self, state: GameState, options: list[Action | None], seat: int
                 ) -> Thinking[list[tuple[float, Action | None, float]]]:
        """Each option's mean rollout value, with the mean ``position_value`` alone (see
        :meth:`_rollout_value`). Rollouts go in rounds, one per option on the same future;
        no round starts that would take the work past ``rollout_work`` (at the pace of the
        rounds so far), and at least one is played."""
        work = Work()
        totals = [0.0] * len(options)
        owns = [0.0] * len(options)
        rounds = 0
        for i in range(self.rollouts):
            if rounds and work.positions * (rounds + 1) > self.rollout_work * rounds:
                break
            for k, action in enumerate(options):
                value, own = yield from self._rollout_value(state, action, seat, i, work)
                totals[k] += value
                owns[k] += own
            rounds += 1
        return [(total / rounds, action, own / rounds)
                for total, action, own in zip(totals, options, owns, strict=True)]

    def civilization_options(self, state: GameState, seat: int) -> list[Choose]:
        """The civilizations the rollouts weigh: the free one and the best others at a
        glance (``choices`` in all)."""
        options = [a for a in state.legal_actions() if isinstance(a, Choose)]
        glance = {a.slot: slot_appeal(state, seat, a.slot) for a in options}
        ranked = sorted(options[1:], key=lambda a: (-glance[a.slot], a.slot))
        return options[:1] + ranked[:max(0, self.choices - 1)]

    # Hooks for the analysis of a played game (table.analysis): the very search above,
    # handed options of the caller's choosing, so a played move is valued as the AI's are.

    def compare(self, state: GameState, options: list[Action | None], seat: int
                ) -> Thinking[list[tuple[float, Action | None, float]]]:
        """Each option's rollout value, as :meth:`_compare` weighs a choice or decline."""
        return self._compare(state, options, seat)

    def plan(self, state: GameState, seat: int) -> Thinking[list[Action]]:
        """The turn planner's best sequence of conquests from ``state`` (empty: stop)."""
        return self._plan(state, seat)

    def plan_worth(self, state: GameState, seat: int, start: GameState | None = None) -> float:
        """The turn planner's value of a position (what :meth:`plan` maximises), for a plan
        searched from ``start`` (default: ``state`` itself)."""
        return self._plan_value(state, seat, self._held_prospects(start or state, seat))

    def weighs_decline(self, state: GameState, seat: int) -> bool:
        """Whether this player weighs a decline by rollouts in ``state``."""
        return self._decline_worth_testing(state, seat)

    def _choose(self, state: GameState, seat: int) -> Thinking[Decision]:
        options = self.civilization_options(state, seat)
        compared = yield from self._compare(state, list(options), seat)
        results = [(value, action) for value, action, _own in compared
                   if isinstance(action, Choose)]
        best_value, best = max(results, key=lambda r: (
            r[0] - self.choice_margin * (r[1].slot - 1), -r[1].slot))
        expected = next(own for _v, action, own in compared if action == best)
        a, b, coins = state.display[best.slot - 1]
        cost = state.ruleset.slot_price * (best.slot - 1)
        free = next((v for v, act in results if act == Choose(1)), best_value)
        tokens = tokens_received(state, seat, best.slot)
        price = say("free") if cost == 0 else say("for {cost} VP", cost=cost)
        gain: Message | str = (say_n(", taking {n} coin", ", taking {n} coins", coins)
                               if coins else "")
        comparison: Message | str = ""
        if best.slot != 1:
            comparison = say(", {more} more than the free slot",
                             more=f"{best_value - free:.0f}")
        else:
            rival = max((r for r in results if r[1] != best), default=None,
                        key=lambda r: r[0])
            if rival is not None:
                comparison = say(" (the best paid slot promises {change})",
                                 change=f"{rival[0] - best_value:+.0f}")
        return _decided(state, best, say_n(
            "Takes {civ} (slot {slot}, {n} token) {price}{gain}: expects {change} VP "
            "of position over the next {turns} turns{comparison}.",
            "Takes {civ} (slot {slot}, {n} tokens) {price}{gain}: expects {change} VP "
            "of position over the next {turns} turns{comparison}.", tokens,
            civ=Civ((a, b)), slot=best.slot, price=price, gain=gain,
            change=f"{expected - state.players[seat].score:+.0f}", turns=self.horizon,
            comparison=comparison))

    def _expand(self, state: GameState, seat: int) -> Thinking[Decision]:
        legal = state.legal_actions()
        player = state.players[seat]
        if Decline() in legal and player.civ is not None and self._decline_worth_testing(
                state, seat):
            results = yield from self._compare(state, [Decline(), None], seat)
            (decline_value, _, _), (keep_value, _, _) = results
            worth = empire_worth(state, seat)
            if decline_value > keep_value + self.decline_margin:
                return _decided(state, Decline(), say_n(
                    "Declines: the empire ({worth} VP a turn, {n} spare token) goes on "
                    "scoring in decline while a fresh civilization grows; that promises "
                    "{more} VP more over the next turns than playing on.",
                    "Declines: the empire ({worth} VP a turn, {n} spare tokens) goes on "
                    "scoring in decline while a fresh civilization grows; that promises "
                    "{more} VP more over the next turns than playing on.",
                    threat_power(state, seat), worth=worth,
                    more=f"{decline_value - keep_value:.0f}"))
            # Within ``decline_margin`` the decline promised a little more: no reason to quote.
            keep_reason: Message | None = say(
                "keeping the empire ({worth} VP a turn) promises {more} VP more than "
                "declining now", worth=worth, more=f"{keep_value - decline_value:.0f}"
            ) if keep_value >= decline_value else None
        else:
            keep_reason = None
        envoys = [a for a in legal if isinstance(a, Diplomacy)]
        if envoys:
            partner, pressure = peace_partner(state, seat, envoys)
            if partner is not None:
                name = state.config.seats[partner.seat].name
                return _decided(state, partner, say_n(
                    "Makes peace with {name}, whose {n} token next door is the "
                    "biggest threat to the empire.",
                    "Makes peace with {name}, whose {n} tokens next door are the "
                    "biggest threat to the empire.", pressure, name=name))
        return (yield from self._conquest_step(state, seat, legal, keep_reason))

    def _decline_worth_testing(self, state: GameState, seat: int) -> bool:
        """Whether to weigh a decline by rollouts: at every turn of an empire on the board
        (measured: testing only weak empires declined too late and won less), but not in
        the seat's last turn before a round limit, when a new civilization has no turn
        left to pay the decline back."""
        if self.endgame and turns_after(state, seat) == 0:
            return False
        return bool(state.empire(seat))

    def _conquest_step(self, state: GameState, seat: int, legal: list[Action],
                       keep_reason: Message | None) -> Thinking[Decision]:
        conquests = [a for a in legal if isinstance(a, Conquer)]
        if Finish() not in legal and not conquests:
            return _book_decision(state)  # nothing this planner knows (should not happen)
        plan = yield from self._plan(state, seat)
        keep: Message | str = say(" ({reason})", reason=keep_reason) if keep_reason else ""
        if not plan:
            if Finish() not in legal:  # a forced entry: the cheapest best one
                return self._forced_entry(state, seat, conquests)
            hand = max(0, state.players[seat].hand - state.players[seat].temp)
            if hand:
                return _decided(state, Finish(), say_n(
                    "Stops conquering: no further conquest pays for itself; keeps {n} token "
                    "for defence{keep}.",
                    "Stops conquering: no further conquest pays for itself; keeps {n} tokens "
                    "for defence{keep}.", hand, keep=keep))
            return _decided(state, Finish(), say("Stops conquering: no tokens left{keep}.",
                                                 keep=keep))
        first = plan[0]
        assert isinstance(first, Conquer)
        where = Province(first.province)
        cost = _cost_of(state, seat, first)
        owner = state.owner[state.board.index[first.province]]
        target: Message | Province = (
            say("neutral {province}", province=where) if owner == NEUTRAL else
            say("{name}'s {province}", name=state.config.seats[owner].name, province=where)
            if owner >= 0 and owner != seat else where)
        provinces = tuple(Province(a.province) for a in plan)  # type: ignore[attr-defined]
        rest: Message | str = (say_n("; plans {n} conquest this turn ({provinces})",
                                     "; plans {n} conquests this turn ({provinces})",
                                     len(plan), provinces=provinces)
                               if len(plan) > 1 else "")
        return _decided(state, first, say(
            "Conquers {target} for {cost}{plans}, expecting about {points} VP this "
            "turn{keep}{fear}.", target=target, cost=cost, plans=rest,
            points=f"{_turn_points_after(state, seat, plan):.0f}", keep=keep,
            fear=_fear(state, seat)))

    def _forced_entry(self, state: GameState, seat: int, conquests: list[Conquer]
                      ) -> Decision:
        best = max(conquests, key=lambda a: (plan_value(state.apply(a), seat, self.endgame,
                                                        self._weights),
                                             a.province))
        return _decided(state, best, say(
            "Enters the board at {province}, the best of the entries it can pay for.",
            province=Province(best.province)))

    def _plan_value(self, state: GameState, seat: int,
                    held: dict[int, float] | None = None) -> float:
        """:func:`plan_value` less ``plan_rival`` times the best opponent's prospects
        (:func:`rival_prospect`): a conquest that takes the leader's income weighs more,
        unless the leader is among ``held`` (their prospects where the plan began)."""
        value = plan_value(state, seat, self.endgame, self._weights)
        if self.plan_rival:
            value -= self.plan_rival * rival_prospect(state, seat, held)
        return value

    def _held_prospects(self, state: GameState, seat: int) -> dict[int, float] | None:
        """The opponents whose prospects a turn plan searched from ``state`` cannot cut
        (see ``nomads_unshaken``): their prospects there, or None."""
        if not (self.plan_rival and self.nomads_unshaken):
            return None
        return unshaken_prospects(state, seat) or None

    def plan_weights(self) -> PlanWeights:
        """The turn planner's weights from this player's fields (built once)."""
        return self._weights

    def _plan(self, state: GameState, seat: int) -> Thinking[list[Action]]:
        """The turn planner's best sequence of conquests (:func:`.planner.best_sequence`)."""
        beam = self.beam
        if self.entry_beam and not state.empire(seat):
            beam = self.entry_beam
        if self.answer_plans:
            return self._answered_plan(state, seat, beam)
        held = self._held_prospects(state, seat)
        return best_sequence(state, seat, lambda s: self._plan_value(s, seat, held), beam,
                             self.plan_work)

    def _answered_plan(self, state: GameState, seat: int, beam: int
                       ) -> Thinking[list[Action]]:
        """The planner's best openings judged by the opponents' answer (:mod:`.answers`);
        a forced entry never weighs stopping."""
        held = self._held_prospects(state, seat)
        _best, scored = yield from beam_search(state, seat,
                                               lambda s: self._plan_value(s, seat, held),
                                               beam, self.plan_work)
        if Finish() not in state.legal_actions():
            scored = [(value, plan) for value, plan in scored if plan]
        candidates = distinct_openings(scored, self.answer_plans)
        return (yield from judged_plan(state, seat, candidates, self.answer_futures,
                                       self.answer_work, self._own_move_after_plan,
                                       lambda end: race_value(end, seat, self.rival_weight,
                                                              self.endgame)))

    def _own_move_after_plan(self, state: GameState) -> Action:
        """The seat's moves after a planned turn, with no search: stop conquering, then
        reorganize, build a fort and place returned tokens as this player does."""
        seat = state.current_player
        assert seat is not None
        phase = state.phase
        if phase == "expand":
            return Finish()
        if phase == "reorganize":
            return self._reorganize(state, seat).action
        if phase == "redistribute":
            return self._redistribute(state, seat).action
        if phase == "end_of_turn":
            p = fort_province(state, seat)
            return EndTurn() if p is None else Fort(state.board.ids[p])
        return VirtualPlayer.for_seat(state.config, seat).act(state)

    # -- reorganization, returned tokens, end of turn --

    def _reorganize(self, state: GameState, seat: int) -> Decision:
        empire = state.empire(seat)
        hand = state.players[seat].hand
        empty = [p for p in empire if state.tokens[p] == 0]
        if hand < len(empty):  # fewer tokens than provinces: keep the best (book rule)
            book = reorganization_placement(state, seat)
            ids = state.board.ids
            return _decided(state, PlaceAll.of({ids[p]: n for p, n in book.items()}), say_n(
                "Too few tokens for every province: keeps {n} province, the most valuable "
                "one.", "Too few tokens for every province: keeps the {n} most valuable ones.",
                hand))
        base = dict.fromkeys(empty, 1)
        placement, fear = defended_placement(state, seat, empire, hand - len(empty), base)
        for p, n in base.items():
            placement[p] = placement.get(p, 0) + n
        ids = state.board.ids
        action = PlaceAll.of({ids[p]: n for p, n in placement.items()})
        return _decided(state, action, _placement_reason(state, placement, fear,
                                                         say("Reorganizes")))

    def _redistribute(self, state: GameState, seat: int) -> Decision:
        empire = state.empire(seat)
        placement, fear = defended_placement(state, seat, empire,
                                             state.players[seat].returned, {})
        ids = state.board.ids
        action = PlaceAll.of({ids[p]: n for p, n in placement.items()})
        return _decided(state, action, _placement_reason(state, placement, fear,
                                                         say("Places its returned tokens")))

    def _end_of_turn(self, state: GameState, seat: int) -> Thinking[Decision]:
        p = fort_province(state, seat)
        if p is not None:
            pid = state.board.ids[p]
            return _decided(state, Fort(pid), say(
                "Builds a fort in {province}, the province with the most hostile neighbours: "
                "attacks from it cost less and it costs more to take.",
                province=Province(pid)))
        if Decline() in state.legal_actions():  # Rebirth: decline now or play on
            results = yield from self._compare(state, [Decline(), EndTurn()], seat)
            (decline_value, _, _), (end_value, _, _) = results
            if decline_value > end_value + self.decline_margin:
                return _decided(state, Decline(), say(
                    "Declines with Rebirth: a new civilization now promises {more} VP more "
                    "than playing on.", more=f"{decline_value - end_value:.0f}"))
            if end_value < decline_value:  # within decline_margin: nothing to quote
                return _decided(state, EndTurn(), say("Ends the turn."))
            return _decided(state, EndTurn(), say(
                "Ends the turn: the empire promises {more} VP more than a Rebirth decline.",
                more=f"{end_value - decline_value:.0f}"))
        return _decided(state, EndTurn(), say("Ends the turn."))


def _play_out(state: GameState, seat: int, horizon: int, no_decline_now: bool, work: Work,
              searcher: StrongPlayer) -> Thinking[GameState]:
    """Play ``state`` on by the book until ``seat`` has finished ``horizon`` more turns
    (``no_decline_now``: the turn in progress goes on without a decline); ``work`` counts
    the positions played. With ``searcher.rollout_width``, ``seat`` expands by its own
    planner's value (:mod:`.rollouts`), not by the book."""
    config = state.config
    book = [VirtualPlayer.for_seat(config, i) for i in range(state.rules.seats)]
    turns_left = horizon + (1 if state.turn_seat == seat else 0)
    last_turn = first_turn = (state.round, state.turn_seat)
    steps = 0
    while not state.is_terminal and steps < 4000:
        steps += 1
        key = (state.round, state.turn_seat)
        if key != last_turn:
            if last_turn[1] == seat:
                turns_left -= 1
                if turns_left <= 0:
                    break
            last_turn = key
        actor = state.current_player
        assert actor is not None
        if actor == seat and state.phase == "choose":
            action: Action = Choose(heuristic_slot(state, seat))
        elif actor == seat and state.phase == "expand" and searcher.rollout_width:
            action = yield from _counted(_own_expand(state, seat, searcher,
                                                     not (no_decline_now and key == first_turn)),
                                         work)
        elif no_decline_now and key == first_turn and state.phase == "expand":
            action = _book_conquest(state, seat, book[seat])
        else:
            action = book[actor].act(state)
        work.positions += 1
        yield
        state = state.apply(action)
    return state


def _own_expand(state: GameState, seat: int, searcher: StrongPlayer, may_decline: bool
                ) -> Thinking[Action]:
    """``seat``'s own move in a rollout's expansion phase (see :mod:`.rollouts`); the first
    turn of a rollout that weighs playing on neither declines nor makes peace."""
    value = searcher._plan_value
    if not may_decline:
        return (yield from own_conquest(state, seat, value, searcher.rollout_width))
    return (yield from own_expand(state, seat, value, searcher.rollout_width, True,
                                  searcher.rollout_own_decline))


def _counted(thinking: Thinking[T], work: Work) -> Thinking[T]:
    """``thinking`` with each position it plays counted in ``work``."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value
        work.positions += 1
        yield


def _book_conquest(state: GameState, seat: int, player: VirtualPlayer) -> Action:
    """The book's next conquest (or ``finish``), skipping its decline test and Diplomacy."""
    target = best_target(state, seat, player.preference, player.tiebreak_prefers_humans)
    if target is None:
        return Finish()
    return Conquer(state.board.ids[target.province], target.espionage)


def slot_appeal(state: GameState, seat: int, slot: int) -> float:
    """A civilization at a glance: tokens and tile bonuses against the price, coins back.

    Classic tiles have bonuses tuned on classic games (kept as they are, so classic
    decisions stay as they were); any other ruleset's tiles are measured on the board
    through the ruleset's own hooks (:func:`measured_bonus`), so a tile the AI has never
    seen has a value too."""
    a, b, coins = state.display[slot - 1]
    rs = state.ruleset
    if rs.name == "classic":
        return civ_tokens((a, b)) + _tile_bonus(a) + _tile_bonus(b) - (slot - 1) + 2 * coins
    tiles = rs.tiles
    return (civ_tokens((a, b), tiles) + measured_bonus(state, tiles[a])
            + measured_bonus(state, tiles[b]) - rs.slot_price * (slot - 1)
            + rs.coin_value * coins)


def heuristic_slot(state: GameState, seat: int) -> int:
    """A quick civilization choice for rollouts: the best at a glance that is affordable."""
    score = state.players[seat].score
    price = state.ruleset.slot_price
    slots = [k + 1 for k in range(len(state.display)) if price * k <= score]
    return max(slots, key=lambda k: (slot_appeal(state, seat, k), -k))


_BONUS = {"agriculture": 1.5, "livestock": 1.5, "mining": 2.0, "ports": 1.5, "currency": 3.0,
          "slavery": 2.0, "weapons": 2.0, "espionage": 1.0, "ship_building": 1.0,
          "mountaineering": 1.0, "militia": 1.0, "fortification": 0.5, "field_general": 3.0,
          "astronomy": 0.5, "medicine": 2.0, "messengers": 0.0, "diplomacy": 0.5,
          "barbarians": 0.0, "specialization": 2.0, "rebirth": 1.0, "heritage": 0.5,
          "revolutionaries": 0.5}


def _tile_bonus(tid: str) -> float:
    tile = CLASSIC_TILES[tid]
    return _BONUS.get(tile.ability, 0.0) + (1.0 if tile.decline_proof else 0.0)


# A measured tile at a glance (rulesets other than classic): the VP its empire would score
# a turn over this many provinces, the tokens it saves over this many conquests a turn, and
# a flat value for a power that neither shows (Armies, Religion, Philosophy …: the rollouts
# weigh those in play).
EMPIRE_GUESS = 5
CONQUESTS_GUESS = 3
UNSEEN_POWER = 1.0
_MEASURED: dict[tuple[str, str, str, bool], float] = {}


def measured_bonus(state: GameState, tile: Tile) -> float:
    """``tile``'s bonus at a glance, measured with the game's ruleset on its board: its
    score terms with and without the tile over an empire of every province (per
    province), and its conquest costs on a board of neutral provinces holding one token.
    A column tile (it scores in decline too) gets one more, as classic's do."""
    key = (state.ruleset.name, state.board.id, tile.ability, bool(tile.decline_proof))
    if key not in _MEASURED:
        rs = state.ruleset
        n = len(state.board.ids)
        s = state.clone()
        seat = 0
        s.owner = [seat] * n
        s.declined = [False] * n
        s.tokens = [1] * n
        s.fort = [False] * n
        s.slaves = 0

        def scored(abilities: dict[str, int]) -> int:
            s.players[seat].abilities = abilities
            return sum(points for _label, points, _rule in rs.score_terms(s, seat))

        def costs(abilities: dict[str, int]) -> int:
            s.players[seat].abilities = abilities
            return sum(rs.cost(s, seat, p, 0) for p in range(n))

        power = {tile.ability: 1}
        score_gain = (scored(power) - scored({})) / n * EMPIRE_GUESS
        s.owner = [NEUTRAL] * n  # the same board, now to conquer
        saved = (costs({}) - costs(power)) / n * CONQUESTS_GUESS
        bonus = score_gain + saved if score_gain or saved else UNSEEN_POWER
        _MEASURED[key] = bonus + (1.0 if tile.decline_proof else 0.0)
    return _MEASURED[key]


def defended_placement(state: GameState, seat: int, provinces: list[int], count: int,
                       base: dict[int, int]) -> tuple[dict[int, int], dict[int, int]]:
    """Place ``count`` tokens against the neighbours' next attacks, one at a time.

    A province is threatened by each opponent that reaches it, with the cost it would pay
    and the tokens it will have. Each token goes to the threatened province that the
    strongest threat could take most cheaply (ties: the more valuable one), until every
    threat is priced out; what is left evens out the border. Returns (placement, the seat
    feared most per province)."""
    board = state.board
    ab = state.players[seat].abilities
    points = state.ruleset.province_points
    added = dict.fromkeys(provinces, 0)
    for p, n in base.items():
        added[p] = added.get(p, 0) + n
    danger = threats(state, seat)
    waiting = civilization_waiting(state, seat)
    entry_power = 0
    if waiting:
        entry_power = max((threat_power(state, o) for o in range(state.rules.seats)
                           if o != seat and not state.empire(o)), default=0)
    pressure: dict[int, list[tuple[int, int]]] = {}
    for p in provinces:
        attackers = list(danger.get(p, []))
        if entry_power and board.entry[p]:
            attackers.append((board.base_cost[p] + (1 if state.fort[p] else 0), entry_power))
        pressure[p] = attackers
    exposed = [p for p in provinces if pressure[p]]
    placement: dict[int, int] = {}

    def margin(p: int) -> int:
        """Tokens the strongest attacker would have left after taking ``p`` (< 0: safe)."""
        return max(power - (cost + added[p]) for cost, power in pressure[p])

    pool = exposed or list(provinces)
    for _ in range(count):
        if exposed:
            p = max(pool, key=lambda q: (margin(q) >= 0, margin(q) >= 0 and
                                         points(board, q, ab), margin(q), -q))
            if margin(p) < 0:  # everything priced out: even out the border
                p = min(pool, key=lambda q: (state.tokens[q] + added[q]
                                             + board.base_cost[q], q))
        else:
            p = min(pool, key=lambda q: (state.tokens[q] + added[q] + board.base_cost[q], q))
        added[p] += 1
        placement[p] = placement.get(p, 0) + 1
    feared = {p: 0 for p in exposed}
    return placement, feared


def _placement_reason(state: GameState, placement: dict[int, int], feared: dict[int, int],
                      verb: Message) -> Message:
    board = state.board
    if not placement:
        return say("{verb}: one token in every province.", verb=verb)
    heavy = sorted(placement, key=lambda p: (-placement[p], p))[:3]
    # TRANSLATORS: a province and the tokens placed on it, in a list.
    names = tuple(say("{province} {tokens}", province=Province(board.ids[p]),
                      tokens=placement[p]) for p in heavy)
    if feared:
        return say("{verb} against the next attacks: most tokens where a neighbour could "
                   "strike ({names}); interior provinces keep one.", verb=verb, names=names)
    return say("{verb} evenly, no neighbour threatens the empire ({names}).", verb=verb,
               names=names)


def _fear(state: GameState, seat: int) -> Message | str:
    """The biggest threat on the border, as the last clause of a conquest's reason."""
    worst, who = 0, -1
    for other in range(state.rules.seats):
        if other == seat:
            continue
        power = threat_power(state, other)
        mine = set(state.empire(seat))
        if power > worst and any(p in mine for p in state.ruleset.reach(state, other)):
            worst, who = power, other
    if who < 0:
        return ""
    return say_n("; fears {name}'s {n} token on its border",
                 "; fears {name}'s {n} tokens on its border", worst,
                 name=state.config.seats[who].name)


def _turn_points_after(state: GameState, seat: int, plan: list[Action]) -> float:
    s = state
    for action in plan:
        s = s.apply(action)
    return sum(points for _label, points, _rule in s.ruleset.score_terms(s, seat))


def _cost_of(state: GameState, seat: int, conquest: Conquer) -> int:
    """What ``conquest`` costs ``seat``: Espionage's price, nothing with Religion, else the
    ruleset's cost from the best origin."""
    if conquest.espionage:
        return ESPIONAGE_COST
    if conquest.religion:
        return 0  # Y-9.24
    rs = state.ruleset
    p = state.board.index[conquest.province]
    origin = rs.reach(state, seat).get(p)
    return 0 if origin is None else rs.cost(state, seat, p, origin)


# --- the book player's reasons ------------------------------------------------------------------

def _book_decision(state: GameState) -> Decision:
    seat = state.current_player
    assert seat is not None
    action = VirtualPlayer.for_seat(state.config, seat).act(state)
    return Decision(action, book_reason(state, action))


def book_reason(state: GameState, action: Action, lang: str = "en") -> str:
    """Why the rulebook's virtual player makes ``action`` (V-2 … V-8), in words (in
    ``lang``: a function of the position and the action, so a page can word it again)."""
    from ..text.i18n import translations

    t = translations(lang)
    board = state.board
    if isinstance(action, Choose):
        return t.gettext("Takes the civilization in slot I, as the book's players always do "
                         "(V-2).")
    if isinstance(action, Decline):
        return t.gettext("Declines: the empire is worth little, has few tokens left and the "
                         "die said so (V-7).")
    if isinstance(action, Diplomacy):
        return t.gettext("Makes peace with {name} (V-8).").format(
            name=state.config.seats[action.seat].name)
    if isinstance(action, Conquer):
        name = t.pgettext("province", board.province(action.province).name)
        return t.gettext("Conquers {province}, the most valuable province it can pay for "
                         "(V-3, V-4).").format(province=name)
    if isinstance(action, Finish):
        return t.gettext("Stops: no affordable conquest adds VP (V-4).")
    if isinstance(action, Keep):
        return t.gettext("Keeps the most valuable part of the split empire.")
    if isinstance(action, PlaceAll):
        return t.gettext("Spreads its tokens so every province costs the same to take (V-5).")
    if isinstance(action, Fort):
        name = t.pgettext("province", board.province(action.province).name)
        return t.gettext("Builds a fort in {province}, the province with most hostile "
                         "neighbours (V-8).").format(province=name)
    if isinstance(action, EndTurn):
        return t.gettext("Ends the turn.")
    if isinstance(action, Abandon):
        return t.gettext("Leaves a province.")
    return action.kind


# --- levels and seats ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BookPlayer:
    """The rulebook's virtual player with reasons (a :class:`VirtualPlayer` underneath)."""

    player: VirtualPlayer

    def act(self, state: GameState) -> Action:
        return self.player.act(state)

    def decide(self, state: GameState) -> Decision:
        action = self.player.act(state)
        return Decision(action, book_reason(state, action))

    def think(self, state: GameState) -> Thinking[Decision]:
        """:meth:`decide` as a search in slices (the book's has none)."""
        yield from ()
        return self.decide(state)


# The levels and the player of each (easy, book, strong, expert): players/levels.py.


def hint(state: GameState) -> Decision:
    """What the strong AI would do now for whoever must act (not played)."""
    return StrongPlayer().decide(state)


def checked(state: GameState, decision: Decision) -> Decision:
    """``decision`` if the engine accepts its action, else the book's (never an illegal move)."""
    try:
        state.apply(decision.action)
    except IllegalAction:
        return _book_decision(state)
    return decision


__all__ = ["BookPlayer", "Decision", "StrongPlayer", "Thinking", "book_reason", "checked",
           "defended_placement", "finish", "hint", "measured_bonus", "peace_partner",
           "plan_value", "position_value", "race_and_own", "race_value", "rival_prospect",
           "threats", "turns_after"]
