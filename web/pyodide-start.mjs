// How the page's Python starts: PyScript's interpreter module (web/pyscript.json's
// "interpreter"). It is the site's own Pyodide, started from a memory snapshot of a freshly
// started interpreter when this browser keeps one, else started the usual way.
//
// Why: on a return visit, Pyodide's own start (the interpreter's initialisation and the
// modules it imports, before any code of ours) is the longest task of the page's start,
// about 0.45 s of the main thread; restoring the memory it leaves takes a fraction of that
// (docs/performance.md). Nothing else changes: PyScript still installs our wheel, unpacks the
// page's files and runs boot.py, as on any start.
//
// The snapshot is made by this browser, never shipped: once a page the service worker
// controls (the site kept for offline play) is ready, has loaded pydantic and is idle, this
// same module runs as a module worker, starts a fresh interpreter there, takes its snapshot
// and stores it (packed: its pages of zeros left out) in the "vinci-python-snapshot" cache,
// under Pyodide's version. A new build's service worker deletes that cache with every older
// "vinci-" cache (web/sw.js), and Pyodide refuses a snapshot that another build of it made
// (its build id), so an old snapshot is never restored into a new Pyodide. This
// module reads the snapshot as soon as it runs, while PyScript's own modules load, and
// restores it when PyScript asks for the interpreter. (Restoring it at once instead, before
// PyScript asks, was no faster: docs/performance.md.)
// Pyodide's snapshot options (_makeSnapshot, _loadSnapshot) are its private API: the build
// pins Pyodide, and a snapshot that fails to load is deleted and Python starts the usual way.
//
// <html data-python-snapshot> says what happened (bench/web.py and e2e/test_python_snapshot.py
// read it; in the AI's worker, its global ``pythonSnapshot`` says "used" or "failed"):
// "used" (this start restored a snapshot); without one, "pending" (one will be made once
// the page is idle), "making", "stored", or "none" (none will be: no service worker or Cache
// Storage, or this version's failed); "failed" (it did not load, or could not be made: none
// is made again for this version, and Python started the usual way).
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

const CACHE = "vinci-python-snapshot";
const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
const KEY = new URL(`./pyodide/snapshot-${version}.bin`, import.meta.url).href;
const FAILED = "vinci.python-snapshot-failed"; // localStorage: the version whose one failed
const PAGE = 4096; // bytes: the packed snapshot keeps the pages that are not all zeros
const IDLE_TIMEOUT_MS = 10_000;
const MAKER = "vinci-python-snapshot"; // the name of the worker that makes the snapshot
// The interpreter of the snapshot imported `random` while it started (tempfile does), so it
// holds the generator's state of that moment: every start from the snapshot would draw the
// same new-game seeds. Seed it again from the system's entropy at once.
const AFTER_RESTORE = "import random; random.seed()";

/** The snapshot ``memory`` without its pages of zeros: [byte length, page count, the
 * pages' numbers] as 32-bit words, then those pages (the last one padded with zeros if it
 * is short). About 12 MB of Pyodide's 31 MB. */
export function pack(memory) {
  if (memory.byteLength % 4) throw new Error("a snapshot is a whole number of 32-bit words");
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.byteLength >> 2);
  const perPage = PAGE >> 2;
  const kept = [];
  for (let page = 0; page * perPage < words.length; page++) {
    const end = Math.min(words.length, (page + 1) * perPage);
    for (let i = page * perPage; i < end; i++) {
      if (words[i] !== 0) {
        kept.push(page);
        break;
      }
    }
  }
  const head = 4 * (2 + kept.length);
  const packed = new Uint8Array(head + kept.length * PAGE);
  const header = new Uint32Array(packed.buffer, 0, 2 + kept.length);
  header[0] = memory.byteLength;
  header[1] = kept.length;
  header.set(kept, 2);
  kept.forEach((page, k) => {
    packed.set(memory.subarray(page * PAGE, (page + 1) * PAGE), head + k * PAGE);
  });
  return packed;
}

/** The snapshot that ``pack`` packed, byte for byte. */
export function unpack(packed) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const length = view.getUint32(0, true);
  const count = view.getUint32(4, true);
  if (packed.byteLength !== 4 * (2 + count) + count * PAGE) {
    throw new Error("not a packed snapshot");
  }
  const memory = new Uint8Array(length);
  let at = 4 * (2 + count);
  for (let k = 0; k < count; k++) {
    const start = view.getUint32(4 * (2 + k), true) * PAGE;
    if (start >= length) throw new Error("not a packed snapshot");
    // The last page may be short: a snapshot's length is a multiple of 16 bytes only.
    memory.set(packed.subarray(at, at + Math.min(PAGE, length - start)), start);
    at += PAGE;
  }
  return memory;
}

function failed() {
  try {
    return localStorage.getItem(FAILED) === version;
  } catch {
    return true; // storage refused: nothing would remember a failure, so make none
  }
}

function noteFailure() {
  try {
    localStorage.setItem(FAILED, version);
  } catch {
    // storage refused: failed() already says so
  }
  caches.delete(CACHE).catch(() => {});
}

function say(state) {
  if (inPage) document.documentElement.dataset.pythonSnapshot = state;
  else globalThis.pythonSnapshot = state; // the AI's worker's (e2e/test_python_snapshot.py)
}

async function readSnapshot() {
  try {
    const hit = await caches.match(KEY, { cacheName: CACHE }); // (opening would make one)
    return hit ? unpack(new Uint8Array(await hit.arrayBuffer())) : null;
  } catch {
    return null; // Cache Storage refused: start as usual
  }
}

/** PyScript calls this with its options: Pyodide from the site's own folder, restored from
 * the stored snapshot if there is one (then seeded anew), else started as usual. */
export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const snapshot = await stored;
  if (snapshot) {
    try {
      const pyodide = await startPyodide({ ...settings, _loadSnapshot: snapshot });
      pyodide.runPython(AFTER_RESTORE);
      say("used");
      return pyodide;
    } catch (error) {
      console.warn("Python's snapshot did not load; Python starts without it.", error);
      say("failed");
      noteFailure();
    }
  }
  return startPyodide(settings);
}

/** Without a snapshot: make one later if this browser can keep it. */
function planSnapshot() {
  const can = "serviceWorker" in navigator && "caches" in window && !failed();
  say(can ? "pending" : "none");
  if (can) makeLater();
}

/** Make a snapshot in a worker once the page is ready, has loaded pydantic
 * (<html data-edges>), is controlled by the service worker, and is idle. */
function makeLater() {
  const root = document.documentElement;
  const whenTrue = (test, subscribe) => new Promise((resolve) => {
    if (test()) return resolve();
    const stop = subscribe(() => {
      if (test()) {
        stop();
        resolve();
      }
    });
  });
  const edgesLoaded = whenTrue(() => root.dataset.edges === "1", (check) => {
    const observer = new MutationObserver(check);
    observer.observe(root, { attributes: true, attributeFilter: ["data-edges"] });
    return () => observer.disconnect();
  });
  const controlled = whenTrue(() => navigator.serviceWorker.controller !== null, (check) => {
    navigator.serviceWorker.addEventListener("controllerchange", check);
    return () => navigator.serviceWorker.removeEventListener("controllerchange", check);
  });
  Promise.all([edgesLoaded, controlled]).then(() => {
    const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 1000));
    idle(makeInWorker, { timeout: IDLE_TIMEOUT_MS });
  });
}

function makeInWorker() {
  say("making");
  const worker = new Worker(import.meta.url, { type: "module", name: MAKER });
  const done = (made) => {
    worker.terminate();
    if (!made) noteFailure();
    say(made ? "stored" : "failed");
  };
  worker.onmessage = (event) => done(event.data === "stored");
  worker.onerror = () => done(false);
}

/** In the worker: a fresh interpreter, its snapshot packed and stored. */
async function makeSnapshot() {
  const pyodide = await startPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
  const packed = pack(pyodide.makeMemorySnapshot());
  await (await caches.open(CACHE)).put(KEY, new Response(packed));
}

// Where this module runs: the page; the worker that makes the snapshot (named MAKER: not a
// query of its URL, which the service worker's cached answer drops); or the AI's PyScript
// worker, which PyScript starts with this same interpreter module, and which restores the
// snapshot too (it never makes one).
const inPage = typeof document !== "undefined";
const making = !inPage && globalThis.name === MAKER;
// Read at once, while PyScript's own modules load: PyScript asks for the interpreter later.
const stored = making ? null : readSnapshot();
if (making) {
  makeSnapshot().then(() => postMessage("stored"), (error) => {
    console.warn("Python's snapshot could not be made.", error);
    postMessage("failed");
  });
} else if (inPage) {
  stored.then((snapshot) => {
    if (!snapshot) planSnapshot();
  });
}
