// Starts Python for the page with Pyodide alone (no PyScript: its own start added a third to
// a bare boot, for nothing the page uses; see docs/performance.md).
//
// Our own Python (vinci_core, main.py and ui/, with bytecode) is one zip, vinci.zip
// (build/build_site.py, PYTHON_ZIP). It is fetched while Pyodide's core loads, written into
// Python's file system before Python starts (fsInit) and put on sys.path (PYTHONPATH), as
// Pyodide does with its standard library: zipimport reads each module as it is imported,
// nothing is unpacked. Installing the same code as wheels (loadPackage) made a cold start
// ~0.1 s slower. Then main.py's steps run: it renders and calls vinci.ready(), or vinci.fail()
// (app.js, a module listed before this one, so window.vinci is there).
//
// pydantic validates only what comes in from outside (a share link, a file, a save, the
// new-game form, an action: vinci_core.turn.schemas), and a first render shows no game, so a first
// visit renders without it and loads it right after (its wheels, listed with their sha256 in
// pyodide-lock.json, and pydantic-core's WebAssembly were about half of a cold start); main.py
// then imports it and the engine (main.import_edges). A start that itself opens a link or
// resumes a saved game loads pydantic with the page and imports it before the first render.
// Until App.edges_ready has run (main.edges_loaded, or main.boot's last steps for such a
// start), main.py keeps any event that needs them and handles it then.
//
// Our Python runs in steps, each a task of its own (runSteps): the browser paints (the
// progress bar moves) and handles input in between. In one go, the first render held the
// page for 0.2 to 0.6 s and pydantic's import for 0.5 to 2.2 s on a loaded machine (issue 29;
// bench/web.py first_visit_long_tasks reads the marks of each step).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const PYTHON_ZIP = "./pyodide/vinci.zip"; // build_site.PYTHON_ZIP, preloaded by index.html
const PYTHON_ZIP_PATH = "/lib/vinci.zip"; // build/precompile.py PYTHON_ZIP_PATH
const EDGES = ["pydantic"]; // and, through the lock, its dependencies
const ENTRY = "main"; // main.py
const LINK = "#g="; // vinci_core.table.store.LINK_KEY: the address holds a game
const LAST_GAME = "vinci.last"; // vinci_core.table.store.SaveStore.LAST: a game to resume

// The modules main.py imports for a first render (build_site.FIRST_RENDER_MODULES and the
// page's own ui/), in groups imported one group per task before main.py itself.
const FIRST_IMPORTS = [["vinci_core"], ["vinci_core.text.i18n"],
  ["vinci_core.table.newgame", "vinci_core.table.store"],
  ["vinci_core.words.reference_labels", "vinci_core.words.guide_labels"],
  ["ui.dom", "ui.panels", "ui.dialogs", "ui.language"],
  ["ui.reference", "ui.guide", "ui.games", "ui.board", "ui.log"],
  ["ui.about", "ui.chart", "ui.editor", "ui.hint", "ui.notices", "ui.relay", "ui.replay",
    "ui.review", "ui.virtual", "ui.watchdog"],
  ["ui.actions", "ui.edges", "ui.errors", "ui.links", "ui.newgame", "ui.phone", "ui.targets"]];

// A new task: the browser paints and handles input in between.
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// Runs a Python generator of main.py a step per task (each `yield` ends a step and names it),
// marking each step for bench/web.py and moving the progress bar.
async function runSteps(steps) {
  try {
    for (;;) {
      await nextTask();
      const step = steps.next();
      if (step.done) return;
      performance.mark(`vinci-step ${step.value}`);
      window.vinci.bootStep();
    }
  } finally {
    steps.destroy();
  }
}

function startNeedsEdges() {
  if (location.hash.startsWith(LINK)) return true;
  try {
    return Boolean(localStorage.getItem(LAST_GAME));
  } catch {
    return false; // storage refused: there is no saved game to resume
  }
}

async function fetchPython() {
  const response = await fetch(PYTHON_ZIP);
  if (!response.ok) throw new Error(`${PYTHON_ZIP}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot() {
  const withEdges = startNeedsEdges();
  const python = fetchPython();
  python.catch(() => {}); // not unhandled: awaited in fsInit, and reported after loadPyodide
  const pyodide = await loadPyodide({
    indexURL: "./pyodide/",
    packages: withEdges ? EDGES : [],
    // No pydantic plugins exist in the page: skip their entry-point scan.
    env: { PYDANTIC_DISABLE_PLUGINS: "__all__", PYTHONPATH: PYTHON_ZIP_PATH },
    fsInit: async (FS) => FS.writeFile(PYTHON_ZIP_PATH, await python),
  });
  // A failed fetch of our zip surfaces here with its own message (in fsInit it could only
  // leave Python without it).
  await python;
  performance.mark("vinci-python-booted"); // Python started, our zip on its path (bench/web.py)
  // Pyodide's boot ran as one long task: the page paints (the progress bar moves) before
  // ours, and our first render's modules are imported a few at a time, each import its own
  // task (bench/web.py first_visit_long_tasks), before main.py's own import and its steps.
  for (const names of FIRST_IMPORTS) {
    await nextTask();
    for (const name of names) {
      try {
        pyodide.pyimport(name).destroy();
      } catch {
        // gone or renamed: main.py imports what it needs itself
      }
    }
    performance.mark(`vinci-imported ${names[0]}`); // which task is which (bench/web.py)
    window.vinci.bootStep();
  }
  await nextTask();
  const main = pyodide.pyimport(ENTRY); // main.py: the page's shell; it starts in the steps below
  performance.mark("vinci-imported main");
  window.vinci.bootStep();
  try {
    if (withEdges) await runSteps(main.import_edges());
    await runSteps(main.boot(withEdges)); // the first render, then vinci.ready()
    if (!withEdges) {
      performance.mark("vinci-edges-requested"); // Pyodide's own work from here (bench/web.py)
      await pyodide.loadPackage(EDGES, { messageCallback: () => {} });
      performance.mark("vinci-edges-loaded");
      await runSteps(main.import_edges());
      await runSteps(main.edges_loaded());
    }
  } finally {
    main.destroy();
  }
}

boot().catch((err) => {
  window.vinci.fail(err && err.stack ? err.stack : String(err));
});
