// Thin JavaScript glue. All game logic lives in Python (main.py + vinci_core); this file only:
//   * registers the service worker (offline play), says when a new version is ready and
//     reloads into it when the player agrees, between moves (see "Installing and updating"),
//   * shows the Install button when the browser offers it, and an "Add to Home Screen" hint
//     on iOS Safari,
//   * shows boot progress and a visible error if Python fails to start,
//   * offers Python a small bridge: localStorage, the location (share links) and one
//     delegated click listener that forwards clicks on [data-province], [data-slot] and
//     [data-action] elements to the Python handler as plain JSON.
//
// Python reaches it as `js.vinci` (window.vinci):
//   vinci.attach(handler)       handler(eventJson: str) gets every forwarded UI event
//   vinci.ready(digest?)        marks <html data-ready="1"> (and data-digest) and shows #app
//   vinci.setDigest(digest)     updates <html data-digest>
//   vinci.fail(message)         shows the boot error (and logs it)
//   vinci.bootStep()            boot.py: a step of Python's start is done (the progress bar)
//   vinci.storage.get/set/remove(key[, value])   localStorage with swallowed quota errors
//   vinci.location.query() / .hash() / .replaceHash(text) / .base()
//   vinci.download(filename, text)  save a text file;  vinci.copy(text)  to the clipboard
//   vinci.later(ms, fn)             setTimeout (the virtual players' pace)
//   vinci.afterPaint(fn)            fn once the next frame is painted (a move's save)
//   vinci.canShare() / vinci.share(title, url)   the system share sheet (navigator.share)
//   vinci.measureBoard()            fits the board's box to the window (also on resize)
//   vinci.paintTokens(json)         the board's changed token groups and tints, one call
//   vinci.paintTargets(json)        the board's changed highlights (targets), one call
//   vinci.boardInserted()           a new board is in #board: the old one's nodes are forgotten
//   vinci.build(id, json[, at])     #id's children (or its child number `at`) built from a
//                                   tree of nodes in one call (see buildNode)
//   vinci.prepend(id, json)         the same nodes put before #id's first child
//   vinci.showLogRows(n)            a replay's log: up to its n-th row shown, that one current
//   vinci.onClickOf(selector, fn)   fn(event, hook) for clicks on `selector` only (capture)
//   vinci.watchAdded(ids, re, fn)   fn(nodes) for nodes added under `ids` whose text matches
// A click carries "touch": true when a finger made it (Python then asks for a second tap
// on a province before acting: the first one shows what it would do and cost).
// Besides clicks, the handler gets {"type": "key"} for Enter/Space on a focused province
// (the same as a click), {"type": "hover", "province"} when the pointer or the focus moves
// over the board, {"type": "import", "value", "name"} with the text of an imported file, and
// {"type": "hash"} when the address's fragment changes (a share link pasted into the tab),
// and {"type": "leave"} when the page is hidden or left (Python saves what still waits).
// During a replay (<html data-replay="1">): {"type": "replay-key", "key", "shift"} for the
// arrow keys, Home and End, and {"type": "replay-seek", "value"} when the slider moves.
"use strict";

const BOOT_TIMEOUT_MS = 90_000;
const UPDATE_CHECK_MS = 30 * 60_000; // how often an open page asks for a new sw.js
const root = document.documentElement;
let handler = null;
let failed = false;
let pendingTimers = 0; // vinci.later timers not yet run: the virtual players are moving

function $(id) {
  return document.getElementById(id);
}

function showError(message) {
  if (failed) return;
  failed = true;
  root.dataset.bootError = "1";
  const box = $("boot-error");
  if (box) {
    box.querySelector("pre").textContent = String(message);
    box.hidden = false;
  }
  const status = $("boot-status");
  if (status) status.hidden = true;
}

// --- First paint before Python: the last board shown, or the empty board and a progress bar.
// Leaving the page (or hiding it) keeps a copy of the board and the panels; the next visit
// shows that copy at once (an inline script at the end of index.html, which defines the
// storage key and the parts), marked as loading (inert), and Python's first render replaces it.
const SNAPSHOT = window.VINCI_SNAPSHOT || { key: "vinci.snapshot", parts: [] };

function keepSnapshot() {
  if (root.dataset.ready !== "1" || !root.dataset.digest || $("app").hidden) return;
  const parts = {};
  for (const id of SNAPSHOT.parts) {
    const el = $(id);
    if (el) parts[id] = el.innerHTML;
  }
  vinci.storage.set(SNAPSHOT.key, JSON.stringify({ digest: root.dataset.digest, parts }));
}
// Python saves a move right after its frame is painted (vinci.afterPaint): "leave" makes it
// save at once whatever is still waiting, before the page can go away.
function leaving() {
  if (handler) handler(JSON.stringify({ type: "leave" }));
  keepSnapshot();
}
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") leaving();
});
window.addEventListener("pagehide", leaving);

function showBootPicture() {
  const box = $("boot-picture");
  if (!box) return;
  const img = document.createElement("img");
  img.src = "./board.png"; // web/board.svg, drawn by the build (build_site.BOARD_PICTURE)
  img.alt = "";
  box.append(img);
  box.hidden = false;
  // Progress: the big files Python needs, counted as they arrive (then Python's steps).
  const wanted = [/pyodide\.asm\.wasm$/, /python_stdlib\.zip$/, /pyodide-lock\.json$/,
    /page\.zip$/, /\.whl$/];
  if ("PerformanceObserver" in window) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (wanted.some((re) => re.test(e.name))) bootProgress.files += 1;
      }
      showProgress();
    }).observe({ type: "resource", buffered: true });
  }
}

// The progress bar: the files first (FILES: core, stdlib, lock, the page's zip, our wheel and
// pydantic's five; up to FILES_SHARE of the bar), then the steps of Python's start (boot.py:
// vinci.bootStep, each a task of its own, issue 29). How many steps a start takes depends on
// it (a first visit, a link, a resumed game), so each fills STEP_SHARE of what is left.
const bootProgress = { files: 0, steps: 0 };
const FILES = 10;
const FILES_SHARE = 0.8;
const STEP_SHARE = 0.2;

function showProgress() {
  const bar = $("boot-progress");
  if (!bar) return;
  const files = FILES_SHARE * Math.min(1, bootProgress.files / FILES);
  bar.value = files + (1 - files) * (1 - (1 - STEP_SHARE) ** bootProgress.steps);
}

// A panel drawn in one call rather than one bridge trip per element and attribute (a far
// replay jump redraws the display and the player cards): a node is a string (a text node:
// never parsed as markup, so player names are safe) or [tag, {attribute: value}, ...nodes];
// a "svg:" tag is made in SVG's namespace; an attribute true is present and empty, false or
// null is left out.
const SVG_NS = "http://www.w3.org/2000/svg";

function buildNode(spec) {
  if (typeof spec === "string") return document.createTextNode(spec);
  const [tag, attrs, ...children] = spec;
  const node = tag.startsWith("svg:") ? document.createElementNS(SVG_NS, tag.slice(4))
    : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === true) node.setAttribute(key, "");
    else if (value !== false && value !== null) node.setAttribute(key, String(value));
  }
  for (const child of children) node.append(buildNode(child));
  return node;
}

const vinci = {
  attach(fn) {
    handler = fn;
  },
  ready(digest) {
    if (digest !== undefined && digest !== null) root.dataset.digest = String(digest);
    const status = $("boot-status");
    if (status) status.hidden = true;
    const app = $("app");
    if (app) {
      app.hidden = false;
      app.inert = false;
    }
    delete root.dataset.snapshot;
    measureBoard();
    root.dataset.ready = "1";
    performance.mark("vinci-ready");
    if (!performance.getEntriesByName("vinci-board-painted").length && digest) {
      requestAnimationFrame(() => performance.mark("vinci-board-painted"));
    }
    registerServiceWorker();
  },
  bootStep() {
    bootProgress.steps += 1;
    showProgress();
  },
  setDigest(digest) {
    root.dataset.digest = String(digest);
  },
  fail(message) {
    console.error("vinci: boot failed\n" + message);
    showError(message);
    registerServiceWorker(); // a later visit may still work offline
  },
  storage: {
    get(key) {
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        localStorage.setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        localStorage.removeItem(key);
      } catch {
        /* storage unavailable: nothing to remove */
      }
    },
  },
  location: {
    query: () => location.search,
    hash: () => location.hash.replace(/^#/, ""),
    base: () => location.origin + location.pathname,
    replaceHash(text) {
      history.replaceState(null, "", text ? "#" + text : location.pathname + location.search);
    },
  },
  download(filename, text) {
    const url = URL.createObjectURL(new Blob([String(text)], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = String(filename);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
  copy(text) {
    if (!navigator.clipboard) return Promise.resolve(false);
    return navigator.clipboard.writeText(String(text)).then(() => true, () => false);
  },
  later(ms, fn) {
    pendingTimers += 1;
    return setTimeout(() => {
      pendingTimers -= 1;
      fn();
    }, ms);
  },
  // fn runs once the next frame has been painted (a move's save: after the player sees it).
  afterPaint(fn) {
    requestAnimationFrame(() => setTimeout(fn, 0));
  },
  // Layout reads wait for the next frame, where the browser lays the page out anyway: read
  // while Python redraws, each would force a layout of its own (click to redrawn board).
  measureBoard() {
    atNextFrame("measure-board", measureBoard);
  },
  build(id, json, at = -1) {
    const box = $(id);
    const nodes = JSON.parse(json).map(buildNode);
    if (at < 0) box.replaceChildren(...nodes);
    else if (at < box.children.length) box.children[at].replaceWith(...nodes);
    else box.append(...nodes);
  },
  prepend(id, json) {
    $(id).prepend(...JSON.parse(json).map(buildNode));
  },
  scrollToEnd(el) {
    atNextFrame(el, () => { el.scrollTop = el.scrollHeight; });
  },
  // Listeners for Python that call it only when it has something to do (each call into
  // Python costs more than the test here, and a click waits for its redraw):
  // fn(event, hook) for a click on an element matching `selector` (capture phase, before
  // the delegated listener below, which a stopPropagation in fn then skips) ...
  onClickOf(selector, fn) {
    document.addEventListener("click", (event) => {
      const hook = event.target.closest ? event.target.closest(selector) : null;
      if (hook) fn(event, hook);
    }, true);
  },
  // ... and fn(nodes) for the nodes added under the elements `ids` whose text matches
  // `pattern` (ui/reference.py: the texts that may hold a rule id).
  watchAdded(ids, pattern, fn) {
    const wanted = new RegExp(pattern);
    const observer = new MutationObserver((records) => {
      const nodes = [];
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (wanted.test(node.textContent || "")) nodes.push(node);
        }
      }
      if (nodes.length) fn(nodes);
    });
    for (const id of ids) observer.observe($(id), { childList: true, subtree: true });
  },
  // The board's token groups and ownership tints, every changed province in one call from
  // Python (ui/board.py): [pid, shown, disc colour, count colour, count, fort, declined,
  // preview, seat mark, tint fill, tint opacity, tint mask, tint class] per province.
  paintTokens(json) {
    const vis = (on) => (on ? "visible" : "hidden");
    for (const [pid, shown, colour, ink, count, fort, declined, preview, mark, fill, opacity,
      mask, cls] of JSON.parse(json)) {
      const n = tokenNodes(pid);
      if (!n) continue; // not on the board on screen
      n.g.setAttribute("visibility", vis(shown));
      n.disc.setAttribute("fill", colour);
      n.count.setAttribute("fill", ink);
      n.count.textContent = count;
      n.fort.setAttribute("visibility", vis(fort));
      n.declined.setAttribute("visibility", vis(declined));
      n.g.classList.toggle("preview", preview);
      n.mark.setAttribute("visibility", vis(mark));
      n.markText.textContent = mark;
      n.tint.setAttribute("fill", fill);
      n.tint.setAttribute("fill-opacity", opacity);
      n.tint.setAttribute("mask", mask);
      n.tint.setAttribute("stroke", fill);
      n.tint.setAttribute("class", cls);
    }
  },
  // A new board's SVG is in #board (ui/board.py): what was known of the old one goes.
  boardInserted() {
    forgetBoard();
  },
  // The board's highlighted targets, every province whose highlight changed in one call from
  // Python (ui/board.py): [pid, lit, espionage offered, a split empire's 2nd part, cost or
  // null] per province. The ring of a lit province goes on its tint, which lies above the
  // terrain; the cost is the tests' hook (data-cost).
  paintTargets(json) {
    for (const [pid, lit, spy, part1, cost] of JSON.parse(json)) {
      const n = provinceNodes(pid);
      if (!n) continue; // not on the board on screen
      n.path.classList.toggle("target", lit);
      n.path.classList.toggle("spy", lit && spy);
      n.path.classList.toggle("part-1", lit && part1);
      if (n.tint) {
        n.tint.classList.toggle("lit", lit);
        n.tint.classList.toggle("part-1", lit && part1);
      }
      if (lit && cost !== null) n.path.setAttribute("data-cost", String(cost));
      else n.path.removeAttribute("data-cost");
      if (lit) litProvinces.add(pid);
      else litProvinces.delete(pid);
    }
    shadeBoard();
  },
  // Replay: show the move log up to its `rows`-th row, that row marked as the current line
  // and kept in view. The whole game's rows are made once (ui/log.py) and kept here; only a
  // window of them ending at the current line is in the document (see setLogWindow), so a
  // far jump moves a few dozen rows instead of restyling and laying out a thousand. Nothing
  // here reads the layout (the scroll waits for the next frame).
  showLogRows(rows) {
    const box = $("log");
    if (replayLog === null) replayLog = adoptLog(box);
    const log = replayLog;
    setLogWindow(box, log, Math.max(0, rows - LOG_WINDOW), Math.min(rows, log.rows.length));
    if (log.current) {
      log.current.classList.remove("current");
      log.current.removeAttribute("aria-current");
    }
    log.current = rows ? log.rows[rows - 1] || null : null;
    if (log.current) {
      log.current.classList.add("current");
      log.current.setAttribute("aria-current", "step");
    }
    vinci.scrollToEnd(box);
  },
  // The log was redrawn whole (a replay opened or closed, another language): its rows are
  // the document's again.
  logRedrawn() {
    replayLog = null;
  },
  // The watchdog (web/ui/watchdog.py): fn(now) is Python's look, once a second while the
  // page is visible; alarm shows its message (kind: "stalled" or "failed"), unalarm takes a
  // "stalled" one back when the turn moved after all.
  watch(fn) {
    watcher = fn;
  },
  alarm(kind, detail) {
    raiseAlarm(String(kind), String(detail));
  },
  unalarm(kind) {
    if (root.dataset.watchdog !== String(kind)) return;
    delete root.dataset.watchdog;
    $("watchdog").hidden = true;
  },
  canShare: () => typeof navigator.share === "function",
  share(title, url) {
    if (typeof navigator.share !== "function") return Promise.resolve(false);
    return navigator.share({ title: String(title), url: String(url) }).then(() => true,
      () => false); // the player closed the sheet: nothing to do
  },
};
window.vinci = vinci;

// The AI's worker (issue 30) is the page's Python's own (web/ui/aiworker.py starts it as a
// PyScript worker and calls it): it only says here how many of its requests are not answered
// yet (a move is under way: an update waits, isBusy).
vinci.aiPending = 0;

// A replay's move log (see vinci.showLogRows): every row of the game, the window of them in
// the document [start, end) and, before it, a spacer as tall as the rows left out (an
// estimate, so the scroll bar tells where the window stands); scrolling up into the spacer
// brings the rows there in. null: no replay, the log's rows are all in the document.
let replayLog = null;
const LOG_WINDOW = 80; // rows above the current line kept in the document (the box shows ~15)
const LOG_MARGIN = 40; // rows brought in beyond what scrolling up reaches

function adoptLog(box) {
  const spacer = document.createElement("li");
  spacer.className = "log-spacer";
  spacer.setAttribute("aria-hidden", "true");
  spacer.dataset.testid = "log-spacer";
  const rows = [...box.children];
  box.prepend(spacer);
  return { rows, start: 0, end: rows.length, spacer, current: null };
}

// Put rows [start, end) of the replay's log in the document: the rows the old and the new
// window share stay where they are (a step by one action adds or removes one row); with
// none in common the window is made anew in one call.
function setLogWindow(box, log, start, end) {
  if (start === log.start && end === log.end) return;
  if (end <= log.start || start >= log.end) {
    box.replaceChildren(log.spacer, ...log.rows.slice(start, end));
  } else {
    for (let k = log.end - 1; k >= end; k--) log.rows[k].remove();
    for (let k = log.start; k < start; k++) log.rows[k].remove();
    if (start < log.start) log.spacer.after(...log.rows.slice(start, log.start));
    if (end > log.end) box.append(...log.rows.slice(log.end, end));
  }
  log.start = start;
  log.end = end;
  log.spacer.style.setProperty("--rows", String(start));
}

// The player scrolled the replay's log up into the spacer: the rows down to the one at the
// top of the view (and LOG_MARGIN more) come into the document. Scroll anchoring keeps the
// rows on screen where they were while the spacer shrinks.
function extendLogWindow() {
  const log = replayLog;
  if (log === null || log.start === 0) return;
  const box = $("log");
  const room = log.spacer.offsetHeight;
  if (box.scrollTop > room) return; // the rows in view are all in the document
  const perRow = room / log.start;
  const first = Math.floor(box.scrollTop / perRow) - LOG_MARGIN;
  setLogWindow(box, log, Math.max(0, Math.min(first, log.start - LOG_MARGIN)), log.end);
}
$("log")?.addEventListener("scroll", extendLogWindow, { passive: true });

// Everything below that holds a node or a province of the board on screen (targetNodes,
// paintNodes, litProvinces, shadeOutlines, hovered) is that board's alone: Python inserts a
// new board (another map, another language: ui/board.py) and calls vinci.boardInserted(),
// which forgets it all. Kept across boards, a province of one map missing from the other
// was cached as missing, and the next game on the first map stopped at its first
// highlight (issue 29).
function forgetBoard() {
  targetNodes.clear();
  paintNodes.clear();
  litProvinces.clear();
  shadeOutlines = null;
  hovered = null;
}

// A province's outline and tint (the tint may be missing), found once per inserted board;
// null for a province the board on screen does not have (never cached).
const targetNodes = new Map();
function provinceNodes(pid) {
  const known = targetNodes.get(pid);
  if (known && known.path.isConnected) return known;
  const board = $("board");
  const path = board.querySelector(`[data-province="${pid}"]`);
  if (!path) return null;
  const nodes = { path, tint: board.querySelector(`[data-owner-of="${pid}"]`) };
  targetNodes.set(pid, nodes);
  return nodes;
}

// The shade over every province not highlighted (style.css shows it while the board is
// "acting"): one path made of their outlines, redrawn when the highlights change. The
// outlines are read once per inserted board; a new board starts with nothing lit.
const litProvinces = new Set();
let shadeOutlines = null; // [pid, d] of every province of the board on screen
function shadeBoard() {
  const board = $("board");
  const shade = board.querySelector(".shade");
  if (!shade) return;
  if (!shadeOutlines || !shadeOutlines.board.isConnected) {
    const paths = [...board.querySelectorAll("path[data-province]")];
    shadeOutlines = { board: shade, outlines: paths.map((p) => [p.dataset.province,
      p.getAttribute("d")]) };
    for (const pid of litProvinces) {
      const nodes = provinceNodes(pid);
      if (!nodes || !nodes.path.classList.contains("target")) litProvinces.delete(pid);
    }
  }
  const d = litProvinces.size === 0 ? "M0 0"
    : shadeOutlines.outlines.filter(([pid]) => !litProvinces.has(pid)).map(([, o]) => o)
      .join(" ");
  shade.setAttribute("d", d || "M0 0");
}

// A province's token and tint nodes, found once per inserted board (a new board's SVG
// replaces the old nodes, which then are no longer connected); null when the board on
// screen has no token group for it (never cached).
const paintNodes = new Map();
function tokenNodes(pid) {
  const known = paintNodes.get(pid);
  if (known && known.g.isConnected) return known;
  const board = $("board");
  const g = board.querySelector(`[data-token="${pid}"]`);
  if (!g) return null;
  const mark = g.querySelector(".seat-mark");
  const nodes = {
    g, disc: g.querySelector(".disc"), count: g.querySelector(".count"),
    fort: g.querySelector(".fort"), declined: g.querySelector(".decline"),
    tint: board.querySelector(`[data-owner-of="${pid}"]`), mark,
    markText: mark.querySelector("text"),
  };
  paintNodes.set(pid, nodes);
  return nodes;
}

if (root.dataset.snapshot !== "1") showBootPicture(); // else index.html painted the last board

// The kind of pointer behind the next click (a click event does not say it everywhere).
let lastPointer = "mouse";
document.addEventListener("pointerdown", (event) => { lastPointer = event.pointerType; }, true);

// One delegated listener: the nearest element with a data hook decides what was clicked.
document.addEventListener("click", (event) => {
  if (!handler) return;
  const el = event.target.closest("[data-action], [data-province], [data-slot]");
  if (!el || el.closest("[disabled], [aria-disabled='true']")) return;
  const detail = {
    type: "click",
    action: el.dataset.action ?? null,
    province: el.dataset.province ?? null,
    slot: el.dataset.slot ?? null,
    value: el.dataset.value ?? null,
    touch: lastPointer === "touch",
  };
  event.preventDefault();
  handler(JSON.stringify(detail));
});

function forward(detail) {
  if (handler) handler(JSON.stringify(detail));
}

// Keyboard: Enter or Space on a focused province acts like a click.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" && event.key !== " ") return;
  const el = event.target.closest && event.target.closest("[data-province]");
  if (!el || !handler) return;
  event.preventDefault();
  forward({ type: "click", action: null, province: el.dataset.province, slot: null,
            value: null, key: true });
});

// Replay: the arrow keys step (with Shift: by turn), Home and End jump to either end; the
// slider seeks. Keys typed into a field are left alone.
const REPLAY_KEYS = ["ArrowLeft", "ArrowRight", "Home", "End"];
document.addEventListener("keydown", (event) => {
  if (root.dataset.replay !== "1" || !REPLAY_KEYS.includes(event.key) || !handler) return;
  const tag = event.target && event.target.tagName;
  if ((tag === "INPUT" && event.target.type !== "range") || tag === "SELECT"
      || tag === "TEXTAREA") return;
  event.preventDefault();
  forward({ type: "replay-key", key: event.key, shift: event.shiftKey });
});
document.addEventListener("input", (event) => {
  if (event.target && event.target.id === "replay-slider") {
    forward({ type: "replay-seek", value: Number(event.target.value) });
  }
});

// Hover and focus over the board: Python shows the province's facts and conquest cost.
let hovered = null;
function hover(event) {
  // The facts under the board stay while the pointer or focus is on them: their rule ids
  // are links into the rules reference (web/ui/reference.py).
  if (event.target.closest && event.target.closest("#hover-info")) return;
  const el = event.target.closest && event.target.closest("[data-province]");
  const id = el ? el.dataset.province : null;
  if (id === hovered) return;
  hovered = id;
  forward({ type: "hover", province: id });
}
document.addEventListener("pointerover", hover);
document.addEventListener("focusin", hover);

// A share link pasted into the address bar of an open page changes only the fragment: no
// reload happens, so Python is told (it reads the fragment through vinci.location.hash()).
window.addEventListener("hashchange", () => forward({ type: "hash" }));

// The board's box ends at the bottom of the window, wherever the layout puts its top: "Fit"
// then shows the whole board without scrolling the page (--board-max, read by style.css).
const nextFrame = new Map(); // what to do at the next animation frame, once per key

function atNextFrame(key, fn) {
  if (!nextFrame.size) {
    requestAnimationFrame(() => {
      const jobs = [...nextFrame.values()];
      nextFrame.clear();
      for (const job of jobs) job();
    });
  }
  nextFrame.set(key, fn);
}

let boardRoom = ""; // the last --board-max: set again only when it changes (a restyle)
let statusHeld = 0; // px: the status line's tallest height since the window's last resize

// The status line above the board (who, round, phase, the prompt) grows when a long prompt
// wraps, a split empire's choice say, and shrinks back with the next prompt. Each time, the
// board's top moved, --board-max changed and every province was restyled, laid out and
// painted again at the board's new scale: the slowest clicks of a game at 4x CPU
// (docs/performance.md). On a wide window the status line keeps its tallest height until
// the window is resized, so the board keeps its size through a game. On a phone the
// status line sticks to the top of the screen and takes only the room it needs.
function holdStatusHeight() {
  const status = document.querySelector("section.status");
  if (!status || getComputedStyle(status).position === "sticky") return;
  const height = status.offsetHeight;
  if (height <= statusHeld) return;
  statusHeld = height;
  status.style.minHeight = height + "px";
}

function releaseStatusHeight() {
  statusHeld = 0;
  document.querySelector("section.status")?.style.removeProperty("min-height");
}

function measureBoard() {
  const box = $("board");
  if (!box || box.offsetParent === null) return;
  holdStatusHeight();
  const top = box.getBoundingClientRect().top + window.scrollY;
  const room = Math.max(240, window.innerHeight - top - 8) + "px";
  if (room === boardRoom) return;
  boardRoom = room;
  root.style.setProperty("--board-max", room);
}
window.addEventListener("resize", () => {
  releaseStatusHeight();
  measureBoard();
});

// A phone's bars at the bottom (the action bar, which the token editor makes tall, and the
// replay bar; style.css fixes them over the page): the page ends as much lower
// (--bars-bottom), so that its last part, the About box, can still be scrolled above them
// (issue 29: the token editor hid it).
let barsBottom = "";
function measureBottomBars() {
  let covered = 0;
  for (const bar of [$("controls"), $("replay-bar")]) {
    if (!bar || bar.hidden || getComputedStyle(bar).position !== "fixed") continue;
    covered = Math.max(covered, window.innerHeight - bar.getBoundingClientRect().top);
  }
  const px = Math.ceil(covered) + "px";
  if (px === barsBottom) return;
  barsBottom = px;
  root.style.setProperty("--bars-bottom", px);
}
if ("ResizeObserver" in window) {
  const bars = new ResizeObserver(() => atNextFrame("bottom-bars", measureBottomBars));
  for (const id of ["controls", "replay-bar"]) if ($(id)) bars.observe($(id));
}
window.addEventListener("resize", () => atNextFrame("bottom-bars", measureBottomBars));

// Import a save file: its text goes to Python, which checks it before storing anything.
// The language menu: Python words the page again in the chosen language.
document.addEventListener("change", (event) => {
  if (event.target && event.target.id === "language") {
    forward({ type: "language", value: event.target.value });
  }
});

document.addEventListener("change", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== "file" || !input.files.length) {
    return;
  }
  const file = input.files[0];
  file.text().then(
    (text) => forward({ type: "import", value: text, name: file.name }),
    () => forward({ type: "import", value: "", name: file.name }),
  ).finally(() => {
    input.value = "";
  });
});

setTimeout(() => {
  if (root.dataset.ready !== "1") {
    showError(`Python did not start within ${BOOT_TIMEOUT_MS / 1000} s.`);
  }
}, BOOT_TIMEOUT_MS);

// ------------------------------------------------------------ The watchdog
//
// A game must never stop without a word (issue 29). Python looks once a second (WATCH_MS)
// whether a virtual or AI turn has moved (vinci_core.table.watchdog: 10 s without a move is
// a stall), and says when it raised while handling an event; an error that no handler
// caught (a Python callback of a timer, this file) is caught here. The message offers to
// reload: every action is saved as it is played, and the reloaded page resumes that game.
// <html data-watchdog> tells the tests (e2e/conftest.py fails a test that showed it), and
// "vinci watchdog:" on the console says what happened.
const WATCH_MS = 1000; // vinci_core.table.watchdog.LOOK_MS
let watcher = null;

function raiseAlarm(kind, detail) {
  if (root.dataset.watchdog === "failed") return; // the first error says it already
  root.dataset.watchdog = kind;
  const box = $("watchdog");
  if (box) box.hidden = false;
  console.error(`vinci watchdog: ${kind}: ${detail}`);
}

setInterval(() => {
  if (!watcher || document.visibilityState !== "visible") return;
  try {
    watcher(performance.now());
  } catch (err) {
    raiseAlarm("failed", err && err.stack ? err.stack : String(err));
  }
}, WATCH_MS);

function uncaught(error) {
  const detail = error && error.stack ? error.stack : String(error);
  if (root.dataset.ready === "1") {
    raiseAlarm("failed", detail);
  } else if (root.dataset.bootError !== "1") {
    // Before boot.py runs, PyScript's own start failed (a file of the site did not come):
    // the boot screen says so, as boot.py says its own errors.
    vinci.fail(detail);
  }
}
window.addEventListener("error", (event) => uncaught(event.error || event.message));
window.addEventListener("unhandledrejection", (event) => uncaught(event.reason));

$("watchdog-reload")?.addEventListener("click", () => {
  $("watchdog-reload").disabled = true;
  location.reload(); // pagehide first: Python saves what still waits (see leaving)
});

// Offline play: precache the whole site (secure contexts only: https or localhost). It is
// registered once Python is ready, so the precache does not compete with the first boot.
let swRegistered = false;
function registerServiceWorker() {
  if (swRegistered || !("serviceWorker" in navigator) || !window.isSecureContext) return;
  swRegistered = true;
  navigator.serviceWorker.register("./sw.js").then(watchForUpdates, (err) => {
    console.warn("vinci: service worker not registered:", err);
  });
}

// ------------------------------------------------------------ Installing and updating
//
// A new build has a new sw.js: the browser installs it beside the running one, and it waits
// (sw.js never skips waiting on its own). The page then says "A new version is ready"; when
// the player presses Reload, and only once no move is under way (isBusy), it asks the
// waiting worker to take over and reloads into the new build. Every action is saved as it
// is played, so the reloaded page resumes the same game. A page that stays open asks for a
// new sw.js every UPDATE_CHECK_MS and whenever it comes back into view.

let waitingWorker = null;
let updateAccepted = false;
let reloadOnTakeover = false;

// In the middle of something that a reload would cut short: virtual players moving, the
// token editor holding a placement not yet confirmed, or the new-game form being filled in.
function isBusy() {
  return pendingTimers > 0 || vinci.aiPending > 0 || $("editor")?.hidden === false
    || $("new-game-dialog")?.open === true;
}

function offerUpdate(worker) {
  waitingWorker = worker;
  $("update").hidden = false;
}

function watchForUpdates(registration) {
  if (!registration) return; // service workers blocked (a test context)
  if (registration.waiting && navigator.serviceWorker.controller) {
    offerUpdate(registration.waiting);
  }
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      // Without a controller this is the first install (offline play), not an update.
      if (worker.state === "installed" && navigator.serviceWorker.controller) {
        offerUpdate(worker);
      }
    });
  });
  const check = () => registration.update().catch(() => { /* offline: try again later */ });
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}

function applyUpdate() {
  if (!updateAccepted) return;
  if (isBusy()) {
    setTimeout(applyUpdate, 200); // look again shortly: a move takes a moment
    return;
  }
  updateAccepted = false;
  if (waitingWorker && waitingWorker.state === "installed") {
    reloadOnTakeover = true;
    waitingWorker.postMessage("skip-waiting");
  } else {
    location.reload(); // another tab already let the new version take over
  }
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloadOnTakeover) location.reload();
  });
}

$("update-reload")?.addEventListener("click", () => {
  if (updateAccepted) return;
  updateAccepted = true;
  const box = $("update");
  box.querySelector(".offer").hidden = true;
  box.querySelector(".pending").hidden = false;
  box.querySelector("button").disabled = true;
  applyUpdate();
});

// The browser's install offer (Chromium: beforeinstallprompt) becomes our Install button;
// where it never comes (Firefox, Safari, an installed app) the button stays hidden.
let installOffer = null;
window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  installOffer = event;
  $("install").hidden = false;
});
window.addEventListener("appinstalled", () => {
  installOffer = null;
  $("install").hidden = true;
});
$("install")?.addEventListener("click", () => {
  if (!installOffer) return;
  const offer = installOffer;
  installOffer = null;
  $("install").hidden = true;
  offer.prompt().catch(() => { /* the browser withdrew the offer */ });
});

// iOS Safari installs only through Share > Add to Home Screen and fires no install event:
// a one-line hint there, until the player dismisses it or opens the installed app.
const IOS_HINT_DISMISSED = "vinci.ios-install-hint";

function isIosSafari(ua, touchPoints) {
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1);
  return ios && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
}

const standalone = navigator.standalone === true
  || window.matchMedia("(display-mode: standalone)").matches;
if (isIosSafari(navigator.userAgent, navigator.maxTouchPoints) && !standalone
    && vinci.storage.get(IOS_HINT_DISMISSED) === null) {
  $("ios-install").hidden = false;
}
$("ios-install-close")?.addEventListener("click", () => {
  $("ios-install").hidden = true;
  vinci.storage.set(IOS_HINT_DISMISSED, "1");
});
