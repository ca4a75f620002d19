// Bundles the Node server (src/server/main.ts) with React Router's server build into one file,
// build/main.js, and copies the committed migrations beside it, so `node build/main.js` runs with
// only node_modules around (for the few packages left out of the bundle: SERVER_EXTERNAL).
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
import { SERVER_EXTERNAL, SINGLE_FILE_PACKAGES } from "./server-packages.mjs";

/** Each package of SINGLE_FILE_PACKAGES imported by its name is read from its one-file build. */
const singleFilePackages = {
  name: "single-file-packages",
  setup(b) {
    for (const [name, file] of Object.entries(SINGLE_FILE_PACKAGES))
      b.onResolve({ filter: new RegExp(`^${name}$`) }, (args) =>
        b.resolve(file, { kind: args.kind, resolveDir: args.resolveDir }),
      );
  },
};

// One file (decision 70): React Router's server build (build/server, just written by
// `react-router build`) and the server, with the packages both import, so that a start compiles
// one file instead of resolving and reading some 2,700 files of node_modules one by one.
await build({
  stdin: {
    contents:
      'import * as build from "./build/server/index.js";\nimport { main } from "./src/server/main.ts";\nmain(build);\n',
    resolveDir: process.cwd(),
    sourcefile: "server-entry.js",
    loader: "js",
  },
  outfile: "build/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: SERVER_EXTERNAL,
  // CommonJS packages bundled into an ES module still call require() for Node's own modules.
  banner: {
    js: 'import { createRequire as __pathagarRequire } from "node:module";\nconst require = __pathagarRequire(import.meta.url);',
  },
  plugins: [singleFilePackages],
  // The libraries' production code (React's server renderer without its development checks, about
  // five times less CPU a page), however the server is started: the shop's own settings read
  // NODE_ENV from the environment as a whole (config.ts), which this does not touch.
  define: { "process.env.NODE_ENV": '"production"' },
  sourcemap: true,
  logLevel: "warning",
  // The server build's bare imports of packages that declare no side effects (Rollup's hoisting).
  logOverride: { "ignored-bare-import": "silent" },
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
// React Router's server build now lives in build/main.js.
rmSync("build/server", { recursive: true, force: true });
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
