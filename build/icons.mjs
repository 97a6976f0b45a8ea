// Render SVG files to PNG with resvg compiled to WebAssembly (npm @resvg/resvg-wasm, pinned
// in build/vendor/package-lock.json). WebAssembly computes the same bytes on every machine,
// so the icons are rebuilt, not committed. Run by build/build_site.py:
//
//   node build/icons.mjs RESVG_PACKAGE_DIR  SVG SIZE OUT.png  [SVG SIZE OUT.png ...]
//
// Each SVG is scaled to SIZE x SIZE pixels. No fonts are loaded: the icons are shapes only.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [resvgDir, ...jobs] = process.argv.slice(2);
if (!resvgDir || jobs.length === 0 || jobs.length % 3 !== 0) {
  console.error("usage: node icons.mjs RESVG_PACKAGE_DIR SVG SIZE OUT.png [...]");
  process.exit(2);
}
const { initWasm, Resvg } = await import(pathToFileURL(join(resvgDir, "index.mjs")).href);
await initWasm(await readFile(join(resvgDir, "index_bg.wasm")));

for (let i = 0; i < jobs.length; i += 3) {
  const [svgPath, size, out] = [jobs[i], Number(jobs[i + 1]), jobs[i + 2]];
  const resvg = new Resvg(await readFile(svgPath, "utf8"), {
    fitTo: { mode: "width", value: size },
    font: { loadSystemFonts: false },
  });
  const image = resvg.render();
  if (image.width !== size || image.height !== size) {
    throw new Error(`${svgPath}: rendered ${image.width}x${image.height}, not a ${size} square`);
  }
  await writeFile(out, image.asPng());
  image.free();
  resvg.free();
}
