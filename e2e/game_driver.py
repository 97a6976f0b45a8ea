"""Drive the game page like a user: clicks and keys only, reading the page's data-* hooks.

Hooks the page keeps for tests: ``<html data-ready data-digest data-phase data-actor>``
(actor: human, virtual or over), ``data-province`` on every province, ``data-slot`` on the
display, ``data-testid`` on the controls, ``path.target`` on the provinces a click acts on.

Also the deterministic hot-seat scenario of test_game_hotseat.py: :func:`scenario` plays a
3-seat game from its start with a seeded random policy (in CPython, with the engine) and
returns every action until round 4 begins; :func:`search` finds seeds whose first rounds hold
a decline, a cohesion choice (phase ``keep``) and reorganizations. ``python e2e/game_driver.py``
runs the search.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

import vinci_core as vc  # noqa: E402
from vinci_core.table.presenter import placement_editor  # noqa: E402

ACT_TIMEOUT_MS = 30_000
HOTSEAT_NAMES = ("Ann", "Bruno", "Chiara")
HOTSEAT_SEED = 90  # found by search(): see test_game_hotseat.py
SPECIAL_SEED = 63  # the first seed whose "special" scenario holds all four moves
ONLINE_NAMES = ("Ann", "Bruno", "Chiara")


# ------------------------------------------------------------------------------ page helpers


def html(page, key: str) -> str | None:
    return page.evaluate(f"document.documentElement.dataset.{key} ?? null")


def digest(page) -> str | None:
    return html(page, "digest")


def wait_digest_change(page, old: str | None, timeout: int = ACT_TIMEOUT_MS) -> None:
    """Wait until <html data-digest> differs from ``old`` (as :func:`digest` read it: None
    when the page shows no game). A page with no game has no attribute at all, which reads
    ``undefined`` in the page: compared with ``null`` as such, it differed at once, and a
    Start that waited for pydantic (a first visit's boot, web/boot.py) was taken as done."""
    page.wait_for_function("d => (document.documentElement.dataset.digest ?? null) !== d",
                           arg=old, timeout=timeout)


SAVED_GAME = ("() => localStorage.getItem('vinci.game.' + "
              "localStorage.getItem('vinci.last'))")


def wait_saved(page, timeout_s: float = 30) -> None:
    """Wait until the saved game (the last one, in localStorage) is the position on screen.
    A move is saved once its frame is painted (web/ui/games.py, save_soon): the save may
    follow the page's digest by a frame or more on a loaded machine, so a test that reads
    the storage right after a move must wait for it."""
    deadline = time.monotonic() + timeout_s
    while True:
        text = page.evaluate(SAVED_GAME)
        if text and vc.digest(vc.decode_save(text)) == digest(page):
            return
        assert time.monotonic() < deadline, "the saved game is not the one on screen"
        page.wait_for_function("() => new Promise(r => requestAnimationFrame(() => "
                               "setTimeout(() => r(true))))")  # the next painted frame


def watchdog_fired(page) -> str:
    """The page's watchdog message ("" when it did not fire): a stalled turn or an error in
    the page's Python (web/ui/watchdog.py; e2e/conftest.py fails the test at its end)."""
    if not html(page, "watchdog"):
        return ""
    return f"{html(page, 'watchdog')}: {page.get_by_test_id('watchdog-text').text_content()}"


# Records, in the page itself, what the page shows while a virtual player acts: the status
# line's texts and the prompt's, each time the page names a virtual actor. A virtual turn may
# end before a test's next call reaches the page (a loaded machine), so a test must not
# depend on catching it in between: it reads ``window.__virtualSeen`` afterwards.
WATCH_VIRTUAL = """() => {
  const box = document.querySelector('[data-testid=virtual-status]');
  const prompt = document.querySelector('[data-testid=prompt]');
  const root = document.documentElement;
  const seen = window.__virtualSeen = {actors: 0, status: [], prompts: []};
  const note = () => {
    if (root.dataset.actor !== 'virtual') return;
    seen.actors += 1;
    if (!box.hidden) seen.status.push(box.textContent.trim());
    seen.prompts.push((prompt.textContent || '').trim());
  };
  for (const node of [box, prompt]) new MutationObserver(note).observe(
      node, {attributes: true, childList: true, subtree: true, characterData: true});
  new MutationObserver(note).observe(root, {attributes: true,
                                            attributeFilter: ['data-actor']});
}"""

# "Skip animation" clicked in the page's own thread, only while it shows: never a click
# that waits for a button the virtual players' last move has just hidden.
SKIP_IF_SHOWN = """() => {
  const b = document.querySelector('[data-testid=skip-animation]');
  if (!b || b.closest('[hidden]') || !b.getClientRects().length) return false;
  b.click(); return true;
}"""


def watch_virtual_turn(page) -> None:
    """Start recording what the page shows during virtual turns (see WATCH_VIRTUAL)."""
    page.evaluate(WATCH_VIRTUAL)


def wait_human_or_over(page, timeout: int = 120_000) -> str:
    """Wait until the virtual players are done: returns the actor (human or over). A page
    whose watchdog fired (a stalled turn) fails at once rather than at the timeout."""
    page.wait_for_function("() => ['human', 'over'].includes(document.documentElement"
                           ".dataset.actor) || document.documentElement.dataset.watchdog",
                           timeout=timeout)
    fired = watchdog_fired(page)
    assert not fired, f"the page's watchdog fired: {fired}"
    return html(page, "actor") or ""


def turn_headers(page) -> int:
    return page.locator("[data-testid=log-turn]").count()


def play_round(page, rnd: random.Random, max_steps: int = 60) -> None:
    """The human's moves by :func:`human_step` until the other seats have played a turn
    each (two more turn headers in the log: the next seat's turn has ended) and a human is
    to act again, or the game is over."""
    start = None
    for _ in range(max_steps):
        actor = wait_human_or_over(page)
        if actor == "over":
            return
        if start is None:
            start = turn_headers(page)
        elif turn_headers(page) >= start + 2:
            return
        human_step(page, rnd)
    raise AssertionError(f"no round played in {max_steps} moves")


def start_game(page, mode: str = "solo", names: tuple[str, ...] = ("You",),
               seed: int | None = None, target: int | None = None,
               levels: tuple[str, ...] = (), remote: tuple[int, ...] = (),
               ruleset: str | None = None, board: str | None = None,
               **options: str) -> None:
    """Fill the new-game dialog (opening it when needed) and start. ``levels``: the level
    selectors in order (solo/two players: each virtual seat; hot seat: every seat);
    ``remote``: the player rows marked as playing on another device; ``ruleset`` and
    ``board``: chosen first, as they decide which game types and counts are offered."""
    dialog = page.get_by_test_id("new-game-dialog")
    if not dialog.is_visible():
        page.get_by_test_id("new-game").click()
    if ruleset is not None:
        page.get_by_test_id("ruleset").select_option(ruleset)
    if board is not None:
        page.get_by_test_id("board-choice").select_option(board)
    page.get_by_test_id({"solo": "mode-solo", "two_player": "mode-two",
                         "hotseat": "mode-hotseat"}[mode]).check()
    if mode == "hotseat":
        page.get_by_test_id("player-count").select_option(str(len(names)))
    for i, name in enumerate(names):
        page.get_by_test_id(f"name-{i}").fill(name)
    for i, level in enumerate(levels):
        page.get_by_test_id(f"level-{i}").select_option(level)
    for i in remote:
        page.get_by_test_id(f"where-{i}").select_option("remote")
    details = page.locator("#new-game-dialog details.options")
    if (seed is not None or target is not None or options) \
            and not details.evaluate("d => d.open"):  # open from a game before: left so
        details.locator("summary").click()
    if seed is not None:
        page.get_by_test_id("seed").fill(str(seed))
    if target is not None:
        page.get_by_test_id("target-vp").fill(str(target))
    for key, value in options.items():
        page.get_by_test_id(key.replace("_", "-")).select_option(value)
    old = digest(page)
    page.get_by_test_id("start-game").click()
    wait_digest_change(page, old)
    assert not dialog.is_visible()


def province_point(page, pid: str) -> tuple[float, float]:
    """A point inside the province on screen (its token spot), scrolled into view."""
    page.locator(f'path[data-province="{pid}"]').scroll_into_view_if_needed()
    point = page.evaluate(
        """pid => {
          const g = document.querySelector(`[data-token="${pid}"]`);
          const path = document.querySelector(`path[data-province="${pid}"]`);
          const tries = [];
          if (g) {
            const p = g.ownerSVGElement.createSVGPoint();
            const s = p.matrixTransform(g.getScreenCTM());
            tries.push([s.x, s.y]);
          }
          const r = path.getBoundingClientRect();
          tries.push([r.x + r.width / 2, r.y + r.height / 2]);
          for (const [x, y] of tries) {
            const hit = document.elementFromPoint(x, y);
            if (hit && hit.closest('[data-province]')?.dataset.province === pid) return [x, y];
          }
          return null;
        }""", pid)
    assert point is not None, f"no visible point of province {pid}"
    return point[0], point[1]


def click_province(page, pid: str) -> None:
    x, y = province_point(page, pid)
    page.mouse.click(x, y)


def in_viewport(page, locator) -> bool:
    """The element is wholly on screen as it is now (no scrolling first)."""
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["x"] >= 0 and box["y"] >= 0 \
        and box["x"] + box["width"] <= size["width"] + 1 \
        and box["y"] + box["height"] <= size["height"] + 1


def visible(page, test_id: str) -> bool:
    loc = page.get_by_test_id(test_id)
    return loc.count() > 0 and loc.first.is_visible()


def error_text(page) -> str:
    box = page.get_by_test_id("error")
    return box.text_content().strip() if box.is_visible() else ""


def targets(page) -> dict[str, int | None]:
    """Highlighted provinces with their conquest cost (None when the click is not a conquest)."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        'path.target')].map(p => [p.dataset.province,
        p.dataset.cost === undefined ? null : Number(p.dataset.cost)]))""")


def set_editor(page, final: dict[str, int]) -> None:
    """Set the +/- editor's counts to ``final`` (province -> tokens shown) and confirm."""
    rows = page.evaluate("() => Object.fromEntries([...document.querySelectorAll("
                         "'[data-testid=editor] [data-row]')].map(r => [r.dataset.row, "
                         "Number(r.querySelector('output').textContent)]))")
    for pid, n in rows.items():  # first free tokens, then place them
        for _ in range(max(0, n - final.get(pid, 0))):
            page.get_by_test_id(f"dec-{pid}").click()
    for pid, n in rows.items():
        for _ in range(max(0, final.get(pid, 0) - n)):
            page.get_by_test_id(f"inc-{pid}").click()
    page.get_by_test_id("place-all").click()


# ------------------------------------------------------------------------------ a simple player


def human_step(page, rnd: random.Random, max_conquests: int = 4) -> None:
    """One decision for the human to act, by clicking (a plain, greedy-ish policy)."""
    phase = html(page, "phase")
    old = digest(page)
    if phase == "choose":
        slots = page.locator("[data-slot]:not([disabled])")
        slots.nth(rnd.randrange(min(2, slots.count()))).click()
    elif phase == "expand":
        t = {p: c for p, c in targets(page).items() if c is not None}
        conquered = page.evaluate("window.__conquests || 0")
        if t and (conquered < max_conquests or not visible(page, "finish-conquest")):
            best = min(t.values())
            pid = rnd.choice(sorted(p for p, c in t.items() if c == best))
            click_province(page, pid)
            page.evaluate("window.__conquests = (window.__conquests || 0) + 1")
        elif visible(page, "finish-conquest"):
            page.get_by_test_id("finish-conquest").click()
            page.evaluate("window.__conquests = 0")
        elif visible(page, "decline"):
            page.get_by_test_id("decline").click()
        else:
            raise AssertionError("no way forward in the conquest phase")
    elif phase == "keep":
        click_province(page, sorted(targets(page))[0])
        if visible(page, "keep-confirm"):  # the smaller part: the page asks first
            page.get_by_test_id("keep-yes").click()
    elif phase in ("reorganize", "redistribute"):
        button = page.get_by_test_id("place-all")
        while button.is_disabled():  # the proposal is incomplete: put what is left anywhere
            page.locator("[data-testid=editor] [data-action=inc]:not([disabled])").first.click()
        button.click()
    elif phase == "end_of_turn":
        page.get_by_test_id("end-turn").click()
    else:
        raise AssertionError(f"unexpected phase {phase!r}")
    try:
        wait_digest_change(page, old, timeout=10_000)
    except Exception as exc:
        raise AssertionError(f"nothing happened in phase {phase}: {error_text(page)}") from exc


def play_to_the_end(page, rnd: random.Random, max_decisions: int) -> None:
    """The human's decisions by :func:`human_step` until the game is over, then the
    game-over dialog is shown; fails the test when ``max_decisions`` do not end it."""
    for _ in range(max_decisions):
        if wait_human_or_over(page) == "over":
            break
        human_step(page, rnd)
    else:
        raise AssertionError("the game did not end")
    page.get_by_test_id("game-over").wait_for(state="visible")


AI_WORKER_SETTLED = ("() => ['ready', 'failed', 'unavailable']"
                     ".includes(document.documentElement.dataset.aiWorker)")


def play_against_the_ai_worker(page, levels: tuple[str, ...], answers: int) -> None:
    """On a ready page: a solo game (seed 2: the AIs act first) at ``levels``, the human's
    moves made by clicks, until the AI's worker has answered ``answers`` requests (so it
    must be ready)."""
    start_game(page, "solo", ("Me",), seed=2, levels=levels)
    page.wait_for_function(AI_WORKER_SETTLED, timeout=60_000)
    assert html(page, "aiWorker") == "ready"
    rnd = random.Random(2)
    while ai_answers(page) < answers and wait_human_or_over(page, timeout=60_000) == "human":
        human_step(page, rnd)
    assert ai_answers(page) >= answers


def ai_moves_replayed(page) -> int:
    """Every AI move of the page's game (once saved), replayed in CPython, is the move
    Session.play_ai makes there: the count of AI moves checked."""
    from vinci_core.table.session import Session

    wait_saved(page)  # the last move is saved once its frame is painted
    game = Session.from_save(page.evaluate(SAVED_GAME)).state
    assert digest(page) == vc.digest(game)
    twin = Session.new(game.config)
    ai_moves = 0
    for action in game.actions:
        seat = twin.state.current_player
        if seat is not None and twin.state.config.seats[seat].virtual:
            assert twin.play_ai()
            assert twin.state.actions[-1] == action, f"AI move {len(twin.state.actions)}"
            ai_moves += 1
        else:
            twin.act(action)
    assert vc.digest(twin.state) == vc.digest(game)
    return ai_moves


def ai_answers(page) -> int:
    """How many requests the AI's worker has answered (<html data-ai-answers>)."""
    return int(html(page, "aiAnswers") or 0)


# ------------------------------------------------------------------------------ scenario


def _config(seed: int) -> vc.GameConfig:
    from vinci_core.table.newgame import SEAT_COLOURS

    return vc.GameConfig(seats=[vc.Seat(name=n, colour=SEAT_COLOURS[i])
                                for i, n in enumerate(HOTSEAT_NAMES)], seed=seed)


def online_config(seed: int) -> vc.GameConfig:
    """The hot-seat table of test_game_online.py: an online game on Mare Nostrum, as the
    new-game dialog makes it for ONLINE_NAMES."""
    from vinci_core.table.newgame import SEAT_COLOURS

    return vc.GameConfig(seats=[vc.Seat(name=n, colour=SEAT_COLOURS[i])
                                for i, n in enumerate(ONLINE_NAMES)], seed=seed,
                         ruleset="online", map="mare_nostrum")


def _first_proposal(state: vc.GameState, ed: dict) -> dict[str, int]:
    """The editor's first proposal as it was when the scenarios' seeds were searched (the
    page now spreads the tokens, issue 29): the previous layout, the rest in the province
    that held the most, none for a redistribution; so each seed plays the same game."""
    if ed["kind"] != "reorganize":
        return {pid: 0 for pid in ed["base"]}
    ids = state.board.ids
    base, total = ed["base"], ed["total"]
    before = {ids[p]: n for p, n in state.turn.reorg_before}
    start = {pid: 0 if base[pid] else 1 for pid in base}
    if sum(start.values()) > total:
        start = {pid: 0 for pid in base}
    left = total - sum(start.values())
    for pid in base:
        n = min(max(0, before.get(pid, 0) - base[pid] - start[pid]), left)
        start[pid] += n
        left -= n
    if left and base:
        start[max(base, key=lambda q: before.get(q, 0))] += left
    try:
        state.apply(vc.PlaceAll.of(start))
    except vc.IllegalAction:
        return dict(ed["start"])
    return start


def _placement(state: vc.GameState, rnd: random.Random) -> vc.Action:
    ed = placement_editor(state)
    assert ed is not None
    proposals = [_first_proposal(state, ed)]
    for _ in range(30):
        add = {p: 0 for p in ed["base"]}
        pids = list(add)
        for _ in range(ed["total"]):
            add[rnd.choice(pids)] += 1
        proposals.append(add)
    for add in proposals:
        action = vc.PlaceAll.of(add)
        try:
            state.apply(action)
            return action
        except vc.IllegalAction:
            continue
    raise RuntimeError("no legal placement found")


def _policy(state: vc.GameState, rnd: random.Random) -> vc.Action:
    if state.phase in ("reorganize", "redistribute"):
        return _placement(state, rnd)
    legal = state.legal_actions()
    weights = []
    for a in legal:
        w = {"conquer": 6.0, "finish": 1.0, "decline": 0.6, "diplomacy": 0.1, "abandon": 0.0,
             "fort": 0.3, "end_turn": 1.0, "choose": 1.0, "keep": 1.0}.get(a.kind, 1.0)
        if isinstance(a, vc.Conquer) and a.espionage:
            w = 0.5
        weights.append(w)
    if not any(weights):
        weights = [1.0] * len(legal)
    return rnd.choices(legal, weights)[0]


SPECIAL_ABILITIES = {"diplomacy", "espionage", "fortification"}


def _special_policy(state: vc.GameState, rnd: random.Random) -> vc.Action:
    """Like :func:`_policy`, but takes civilizations with Diplomacy, Espionage or
    Fortification when it can, and favours the moves they allow, and abandoning."""
    if state.phase in ("reorganize", "redistribute"):
        return _placement(state, rnd)
    legal = state.legal_actions()
    if state.phase == "choose":
        seat = state.current_player
        good = [a for a in legal
                if set(state.apply(a).players[seat].abilities) & SPECIAL_ABILITIES]
        if good:
            return rnd.choice(good)
    weights = []
    for a in legal:
        w = {"conquer": 4.0, "finish": 1.0, "decline": 0.3, "diplomacy": 3.0, "abandon": 2.0,
             "fort": 5.0, "end_turn": 1.0}.get(a.kind, 1.0)
        if isinstance(a, vc.Conquer) and a.espionage:
            w = 6.0
        weights.append(w)
    return rnd.choices(legal, weights)[0]


POLICIES = {"hotseat": _policy, "special": _special_policy}


def scenario(seed: int = HOTSEAT_SEED, last_round: int = 3,
             policy: str = "hotseat", config: Callable[[int], vc.GameConfig] = _config,
             ) -> list[vc.Action]:
    """The actions of a scripted hot-seat test: from the start until round ``last_round``
    ends, chosen by one of :data:`POLICIES` from a seeded stream (``config``: the game's
    config from the seed)."""
    state = vc.new_game(config(seed))
    rnd = random.Random(seed)
    actions: list[vc.Action] = []
    while state.round <= last_round and not state.is_terminal:
        action = POLICIES[policy](state, rnd)
        actions.append(action)
        state = state.apply(action)
    return actions


def replay(seed: int, actions: list[vc.Action],
           config: Callable[[int], vc.GameConfig] = _config) -> list[vc.GameState]:
    states = [vc.new_game(config(seed))]
    for a in actions:
        states.append(states[-1].apply(a))
    return states


def features(seed: int) -> dict[str, int]:
    actions = scenario(seed)
    states = replay(seed, actions)
    return {
        "actions": len(actions),
        "keep": sum(s.phase == "keep" for s in states),
        "decline": sum(a.kind == "decline" and s.phase == "expand"
                       for a, s in zip(actions, states, strict=False)),
        "reorganize": sum(a.kind == "place_all" and s.phase == "reorganize"
                          for a, s in zip(actions, states, strict=False)),
        "redistribute": sum(a.kind == "place_all" and s.phase == "redistribute"
                            for a, s in zip(actions, states, strict=False)),
    }


def search(limit: int = 200) -> int:
    """The first seed whose rounds 1-3 hold a decline, a keep, reorganizations and a human
    defender's redistribution."""
    for seed in range(limit):
        try:
            f = features(seed)
        except RuntimeError:  # the random placements missed a legal one: next seed
            continue
        if f["keep"] and f["decline"] and f["reorganize"] and f["redistribute"]:
            print(seed, f)
            return seed
    raise SystemExit("no seed found")


def perform(page, state: vc.GameState, action: vc.Action) -> None:
    """Make ``action`` (legal in ``state``) through the page's controls, as a user would."""
    kind = action.kind
    if kind == "choose":
        page.locator(f'[data-slot="{action.slot}"]').click()  # type: ignore[attr-defined]
    elif kind == "decline":
        page.get_by_test_id("decline").click()
    elif kind == "diplomacy":
        page.get_by_test_id(f"diplomacy-{action.seat}").click()  # type: ignore[attr-defined]
    elif kind == "abandon":
        page.locator("[data-testid=abandon] summary").click()
        page.get_by_test_id(f"abandon-{action.province}").click()  # type: ignore[attr-defined]
    elif kind == "conquer":
        if action.espionage:  # type: ignore[attr-defined]
            page.get_by_test_id("espionage").click()
        click_province(page, action.province)  # type: ignore[attr-defined]
    elif kind == "finish":
        page.get_by_test_id("finish-conquest").click()
    elif kind in ("keep", "fort"):
        click_province(page, action.province)  # type: ignore[attr-defined]
    elif kind == "place_all":
        ed = placement_editor(state)
        assert ed is not None
        add = dict(action.placement)  # type: ignore[attr-defined]
        set_editor(page, {p: ed["base"][p] + add.get(p, 0) for p in ed["base"]})
    elif kind == "end_turn":
        page.get_by_test_id("end-turn").click()
    else:
        raise AssertionError(f"no control for {action}")



def perform_checked(page, i: int, state: vc.GameState, action: vc.Action,
                    after: vc.GameState) -> None:
    """Step ``i`` of a scripted game: the page shows ``state``'s phase, ``action`` is made
    by its controls, and the page's digest becomes ``after``'s, with no error shown."""
    assert html(page, "phase") == state.phase, f"step {i}: {action}"
    old = digest(page)
    perform(page, state, action)
    wait_digest_change(page, old)
    assert digest(page) == vc.digest(after), f"step {i}: {action}"
    assert page.get_by_test_id("error").is_hidden()


if __name__ == "__main__":
    search()
