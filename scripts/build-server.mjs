// Bundles the Node server (src/server/main.ts) next to React Router's build and copies the
// committed migrations beside it, so `node build/main.js` runs with only node_modules around.
// Also bundles the offline reader's service worker (src/web/sw.ts) into the client files as
// /sw.js: a plain script at the root (a worker's URL must stay the same across deployments, so
// it is not a hashed asset), registered by every page; it carries a revision of the server's
// build, so that a new deployment's worker keeps the offline page anew.
// Last, the hashed scripts and styles are compressed once here (brotli at its best level, and
// gzip), served as they are by the static files (`precompressed`) rather than gzipped anew on
// every request: pdf.js's worker, the largest file, is 1.2 MB, 368 kB gzipped, 302 kB as brotli.
import { createHash } from "node:crypto";
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { SINGLE_FILE_PACKAGES } from "./server-packages.mjs";

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "build/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: SINGLE_FILE_PACKAGES,
  sourcemap: true,
  logLevel: "warning",
});
await build({
  entryPoints: ["src/web/sw.ts"],
  outfile: "build/client/sw.js",
  bundle: true,
  platform: "browser",
  format: "iife",
  target: "es2020",
  minify: true,
  define: {
    "process.env.NODE_ENV": '"production"',
    // The offline page is rendered by the pages' server build (its words from the catalogues).
    __OFFLINE_REVISION__: JSON.stringify(
      createHash("sha256").update(readFileSync("build/server/index.js")).digest("hex").slice(0, 12),
    ),
  },
  logLevel: "warning",
});
// The page-thumbnail drawing thread (plain JavaScript), found beside the server bundle.
cpSync("src/server/services/reading/thumbnail-worker.mjs", "build/thumbnail-worker.mjs");
rmSync("build/migrations", { recursive: true, force: true });
cpSync("src/server/db/migrations", "build/migrations", { recursive: true });
const assets = "build/client/assets";
let compressed = 0;
for (const name of readdirSync(assets)) {
  const file = join(assets, name);
  // Images and fonts are compressed already; files under 1 kB gain nothing worth a second file.
  if (!/\.(m?js|css|json|svg)$/.test(name) || statSync(file).size < 1024) continue;
  const data = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  compressed++;
}
console.log(`precompressed ${compressed} client assets (.br, .gz)`);
console.log("server bundle: build/main.js; service worker: build/client/sw.js");
