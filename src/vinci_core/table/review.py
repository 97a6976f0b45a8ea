"""The end-of-game review: the final ranking and the story of the game in figures.

Computed from the positions of a :class:`~vinci_core.table.playback.Replay`: for each player the
civilizations played (tiles, rounds active, provinces held at their peak, VP each one
earned), the biggest turn, the most-contested province, and the score chart's points.

VP are credited to a civilization from the turn scorings (C-3.6): active provinces, their
tile bonuses and Slavery to the active one, declined provinces and decline-proof tiles to
the declined one. Coins taken from display slots and slot costs (C-2.2, C-2.3) belong to no
civilization, so a player's civilizations may add up to more or less than the final score.

The final ranking is presenter.ranking over ranking.places (one function per ruleset).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..game.actions import Action
from ..text.i18n import translations
from ..turn.state import GameState
from ..words.tilewords import civ_name, civ_parts, tile_parts
from .playback import Replay
from .presenter import province_name, ranking, seat_colour, seat_name

# Scoring terms (scoring.score_terms labels) earned by the declined empire.
DECLINED_TERMS = {"declined provinces", "decline-proof tiles"}


# --- the review --------------------------------------------------------------------------------


@dataclass
class CivRecord:
    seat: int
    tiles: tuple[str, str]
    first_round: int
    last_round: int
    peak: int = 0  # provinces held at once, at most
    vp: int = 0
    declined: bool = False

    def as_dict(self, lang: str = "en") -> dict[str, Any]:
        t = translations(lang)
        rounds = (t.gettext("round {n}").format(n=self.first_round)
                  if self.first_round == self.last_round
                  else t.gettext("rounds {first}–{last}").format(first=self.first_round,
                                                                 last=self.last_round))
        return {"name": civ_name(self.tiles, lang=lang), "tiles": list(self.tiles),
                "parts": civ_parts(self.tiles, lang=lang),
                "first_round": self.first_round, "last_round": self.last_round,
                "rounds": rounds, "peak": self.peak, "vp": self.vp,
                "declined": self.declined}


@dataclass
class _Tally:
    civs: list[CivRecord] = field(default_factory=list)
    active: dict[int, CivRecord] = field(default_factory=dict)
    declined: dict[int, CivRecord] = field(default_factory=dict)
    conquests: dict[str, int] = field(default_factory=dict)
    owners: dict[str, set[int]] = field(default_factory=dict)
    # round, seat, VP, civilization's tiles (() when none)
    turns: list[tuple[int, int, int, tuple[str, ...]]] = field(default_factory=list)


def review(replay: Replay) -> dict[str, Any]:
    """Everything the review screen shows (plain data, in the page's words, in the
    replay's language)."""
    lang = replay.lang
    tally = _Tally()
    positions = replay.positions
    for s, player in enumerate(positions[0].players):  # a replay from a position in play
        if player.civ is not None:
            tally.active[s] = CivRecord(s, player.civ, positions[0].round, positions[0].round)
            tally.civs.append(tally.active[s])
    for i, action in enumerate(replay.actions):
        _follow(tally, positions[i], action, positions[i + 1])
    final = positions[-1]
    for rec in tally.active.values():
        rec.last_round = final.round
    players = []
    for s in range(final.rules.seats):
        players.append({"seat": s, "name": seat_name(final, s),
                        "colour": seat_colour(final, s), "score": final.players[s].score,
                        "civs": [c.as_dict(lang) for c in tally.civs if c.seat == s]})
    return {"ranking": ranking(final), "players": players, "rounds": replay.rounds,
            "target_vp": final.rules.target, "biggest_turn": _biggest_turn(final, tally, lang),
            "contested": _contested(final, tally, lang), "over": final.is_terminal}


def _follow(tally: _Tally, before: GameState, action: Action, after: GameState) -> None:
    for s, (p0, p1) in enumerate(zip(before.players, after.players, strict=True)):
        if p1.civ != p0.civ:
            gone = tally.active.pop(s, None)
            if gone is not None:  # put into decline: no longer active
                gone.last_round, gone.declined = before.round, True
                tally.declined[s] = gone
            if p1.civ is not None:
                new = CivRecord(s, p1.civ, before.round, before.round)
                tally.civs.append(new)
                tally.active[s] = new
    held: dict[int, int] = {}
    for p, o in enumerate(after.owner):
        if o >= 0 and not after.declined[p]:
            held[o] = held.get(o, 0) + 1
    for s, rec in tally.active.items():
        rec.peak = max(rec.peak, held.get(s, 0))
    if action.kind == "conquer":
        pid = action.province  # type: ignore[attr-defined]
        tally.conquests[pid] = tally.conquests.get(pid, 0) + 1
        tally.owners.setdefault(pid, set()).add(before.current_player or 0)
    if after.scorings != before.scorings:
        scored = after.history[before.scorings:]  # one action can end more than one turn
        for k, (_, seat, points) in enumerate(scored):
            last = k == len(scored) - 1 and after.last_score is not None \
                and after.last_score[0] == seat
            terms = after.last_score[1] if last and after.last_score else (
                ("declined provinces" if seat not in tally.active else "", points, ""),)
            for label, value, _ in terms:
                earner = (tally.declined if label in DECLINED_TERMS else tally.active).get(seat)
                if earner is not None:
                    earner.vp += value
            civ = tally.active.get(seat) or tally.declined.get(seat)
            tally.turns.append((before.round, seat, points, tuple(civ.tiles) if civ else ()))


def _biggest_turn(final: GameState, tally: _Tally, lang: str = "en") -> dict[str, Any] | None:
    """The turn that scored the most VP (the earliest of equal ones)."""
    if not tally.turns:
        return None
    rnd, seat, points, tiles = max(tally.turns, key=lambda t: t[2])  # max keeps the first
    t = translations(lang)
    civ = civ_name(tiles, lang=lang) if tiles else ""
    args = {"name": seat_name(final, seat), "vp": points, "round": rnd, "civ": civ}
    text = (t.gettext("{name} scored {vp} VP in round {round} with {civ}.") if civ
            else t.gettext("{name} scored {vp} VP in round {round}.")).format(**args)
    return {"round": rnd, "seat": seat, "name": seat_name(final, seat), "vp": points,
            "civ": civ, "text": text,
            "parts": tile_parts(text, tiles, lang=lang, skip=[seat_name(final, seat)])}


def _contested(final: GameState, tally: _Tally, lang: str = "en") -> dict[str, Any] | None:
    """The province conquered most often (then by more different conquerors, then the
    board's order)."""
    if not tally.conquests:
        return None
    order = {pid: k for k, pid in enumerate(final.board.ids)}
    pid = min(tally.conquests, key=lambda p: (-tally.conquests[p], -len(tally.owners[p]),
                                              order[p]))
    n, who = tally.conquests[pid], len(tally.owners[pid])
    name = province_name(final, pid, lang)
    return {"province": pid, "name": name, "conquests": n, "conquerors": who,
            "text": _contested_text(name, n, who, lang)}


def _contested_text(name: str, n: int, who: int, lang: str) -> str:
    t = translations(lang)
    players = t.ngettext("{n} player", "{n} players", who).format(n=who)
    return t.ngettext("{province}: conquered {n} time by {players}.",
                      "{province}: conquered {n} times by {players}.", n).format(
        province=name, n=n, players=players)
