// Starts Python for the page with Pyodide alone (no PyScript: its own start added a third to
// a bare boot, for nothing the page uses; see README "Speed in the browser").
//
// pyodide-lock.json (written by the build) lists only the site's own wheels with their
// sha256: vinci-page (web/main.py and web/ui/, with bytecode), vinci-core (what a first render
// imports of vinci_core), vinci-core-engine (the rest of it), and pydantic with its
// dependencies. loadPyodide fetches vinci-page and vinci-core from this origin while
// Python boots and checks each; then main.py runs: it renders and calls vinci.ready(), or
// vinci.fail() (app.js, a module listed before this one, so window.vinci is there).
//
// pydantic validates only what comes in from outside (a share link, a file, a save, the
// new-game form, an action: vinci_core.schemas), and a first render shows no game, so a first
// visit renders without pydantic and without the engine (vinci-core-engine: the rest of
// vinci_core) and loads both right after (pydantic's wheels and pydantic-core's WebAssembly
// were about half of a cold start, unpacking the engine's files ~0.1 s). A start that itself
// opens a link or resumes a saved game loads them with the page. Until main.edges_loaded()
// runs, main.py keeps any event that needs them and handles it then.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const PACKAGES = ["vinci-page"]; // and, through the lock, vinci-core
const EDGES = ["vinci-core-engine"]; // and, through the lock, pydantic and its dependencies
const ENTRY = "main"; // main.py
const LINK = "#g="; // vinci_core.store.LINK_KEY: the address holds a game
const LAST_GAME = "vinci.last"; // vinci_core.store.SaveStore.LAST: a game to resume

function startNeedsEdges() {
  if (location.hash.startsWith(LINK)) return true;
  try {
    return Boolean(localStorage.getItem(LAST_GAME));
  } catch {
    return false; // storage refused: there is no saved game to resume
  }
}

async function boot() {
  const withEdges = startNeedsEdges();
  const pyodide = await loadPyodide({
    indexURL: "./pyodide/",
    packages: withEdges ? [...PACKAGES, ...EDGES] : PACKAGES,
    // No pydantic plugins exist in the page: skip their entry-point scan.
    env: { PYDANTIC_DISABLE_PLUGINS: "__all__" },
  });
  performance.mark("vinci-python-booted"); // the page's wheels installed (bench/web.py)
  const main = pyodide.pyimport(ENTRY); // main.py boots the page at import
  try {
    if (!withEdges) {
      await pyodide.loadPackage(EDGES, { messageCallback: () => {} });
      performance.mark("vinci-edges-loaded");
    }
    main.edges_loaded();
  } finally {
    main.destroy();
  }
}

boot().catch((err) => {
  window.vinci.fail(err && err.stack ? err.stack : String(err));
});
