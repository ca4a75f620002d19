// Bundles the Node server (src/server/main.ts) next to React Router's build and copies the
// committed migrations beside it, so `node build/main.js` runs with only node_modules around.
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
rmSync("build/migrations", { recursive: true, force: true });
cpSync("src/server/db/migrations", "build/migrations", { recursive: true });
console.log("server bundle: build/main.js");
