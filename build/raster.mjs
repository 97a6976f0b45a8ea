// Render SVG files to PNG with resvg compiled to WebAssembly (npm @resvg/resvg-wasm, pinned
// in build/vendor/package-lock.json). WebAssembly computes the same bytes on every machine,
// so the pictures are rebuilt, not committed. Run by build/build_site.py:
//
//   node build/raster.mjs RESVG_PACKAGE_DIR [--font FONT.ttf ...] SVG WxH OUT.png [...]
//
// Each SVG is scaled to W pixels wide and must come out H pixels high. Text is drawn with the
// fonts given (the pinned DejaVu files; resvg in WebAssembly sees no system font), DejaVu Sans
// for sans-serif and DejaVu Serif for serif; without fonts, text is left out.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [resvgDir, ...rest] = process.argv.slice(2);
const fontFiles = [];
while (rest[0] === "--font") {
  fontFiles.push(rest[1]);
  rest.splice(0, 2);
}
const jobs = rest;
if (!resvgDir || jobs.length === 0 || jobs.length % 3 !== 0) {
  console.error("usage: node raster.mjs RESVG_PACKAGE_DIR [--font FILE ...] SVG WxH OUT.png [...]");
  process.exit(2);
}
const { initWasm, Resvg } = await import(pathToFileURL(join(resvgDir, "index.mjs")).href);
await initWasm(await readFile(join(resvgDir, "index_bg.wasm")));
const fontBuffers = await Promise.all(fontFiles.map((f) => readFile(f)));
const font = fontBuffers.length
  ? { fontBuffers, sansSerifFamily: "DejaVu Sans", serifFamily: "DejaVu Serif",
      defaultFontFamily: "DejaVu Sans" }
  : { loadSystemFonts: false };

for (let i = 0; i < jobs.length; i += 3) {
  const [svgPath, size, out] = [jobs[i], jobs[i + 1], jobs[i + 2]];
  const [width, height] = size.split("x").map(Number);
  const resvg = new Resvg(await readFile(svgPath, "utf8"), {
    fitTo: { mode: "width", value: width },
    font,
  });
  const image = resvg.render();
  if (image.width !== width || image.height !== height) {
    throw new Error(`${svgPath}: rendered ${image.width}x${image.height}, not ${size}`);
  }
  await writeFile(out, image.asPng());
  image.free();
  resvg.free();
}
