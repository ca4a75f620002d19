// Bundles the Node server (src/server/main.ts) next to React Router's build and copies the
// committed migrations beside it, so `node build/main.js` runs with only node_modules around.
// Also bundles the offline reader's service worker (src/web/sw.ts) into the client files as
// /sw.js: a plain script at the root (a worker's URL must stay the same across deployments, so
// it is not a hashed asset), registered only by the reader's pages.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "build/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
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
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
rmSync("build/migrations", { recursive: true, force: true });
cpSync("src/server/db/migrations", "build/migrations", { recursive: true });
console.log("server bundle: build/main.js; service worker: build/client/sw.js");
