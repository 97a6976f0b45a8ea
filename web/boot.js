// Starts Python for the page with Pyodide alone (no PyScript: its own start added a third to
// a bare boot, for nothing the page uses; see README "Speed in the browser").
//
// pyodide-lock.json (written by the build) lists only the site's own wheels with their
// sha256: vinci-page (web/main.py and web/ui/, with bytecode), vinci-core and pydantic with
// its dependencies. loadPyodide fetches them from this origin while Python boots and checks
// each; then main.py runs: it renders and calls vinci.ready(), or vinci.fail() (app.js, a
// module listed before this one, so window.vinci is there).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const PACKAGES = ["vinci-page"]; // and, through the lock, everything it depends on
const ENTRY = "main"; // main.py

async function boot() {
  const pyodide = await loadPyodide({
    indexURL: "./pyodide/",
    packages: PACKAGES,
    // No pydantic plugins exist in the page: skip their entry-point scan.
    env: { PYDANTIC_DISABLE_PLUGINS: "__all__" },
  });
  performance.mark("vinci-python-booted"); // every wheel installed (bench/web.py reads it)
  pyodide.pyimport(ENTRY).destroy(); // main.py boots the page at import
}

boot().catch((err) => {
  window.vinci.fail(err && err.stack ? err.stack : String(err));
});
