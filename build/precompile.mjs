// Run build/precompile.py inside the vendored Pyodide (Node), so the bytecode it writes is
// exactly what the page's Python expects (same magic number, same cache tag).
// Usage: node precompile.mjs <pyodide dir> <precompile.py> (stdlib|wheel|folder) <in> <out> [...]
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, script, ...jobs] = process.argv.slice(2);
if (!pyodideDir || !script || jobs.length === 0 || jobs.length % 3) {
  console.error("usage: node precompile.mjs <pyodide dir> <precompile.py> (stdlib|wheel|folder) <in> <out> ...");
  process.exit(2);
}
const CALLS = {
  stdlib: "compile_stdlib(data, stdlib_zip_path())",
  wheel: "add_bytecode(data)",
  folder: "compile_folder_zip(data)",
};
const indexURL = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL });
try {
  py.runPython(readFileSync(script, "utf8"));
  for (let i = 0; i < jobs.length; i += 3) {
    const [kind, src, dst] = jobs.slice(i, i + 3);
    if (!(kind in CALLS)) throw new Error(`unknown kind ${kind}`);
    py.FS.writeFile("/tmp/in.bin", new Uint8Array(readFileSync(src)));
    py.runPython(
      "from pathlib import Path\n" +
      "data = Path('/tmp/in.bin').read_bytes()\n" +
      `Path('/tmp/out.bin').write_bytes(${CALLS[kind]})`);
    writeFileSync(dst, py.FS.readFile("/tmp/out.bin"));
  }
} catch (err) {
  console.error(String(err.message || err));  // not the whole minified Pyodide source
  process.exit(1);
}
