// Part `js`: first-load JavaScript of `/` and of a `/book/{id}` (gzip, 100 KB budget each; decision
// 0004), and no admin code on either page.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import routeConfig from "../../src/web/routes";
import { KB, section, table } from "../lib/format";
import { awaitQuiet } from "../lib/quiet";
import type { Report } from "../lib/report";
import { getPage, type Server } from "../lib/server";

const JS_BUDGET_KB = 100;

/** Every /assets/*.js the page loads up front: <script src>, <link rel=modulepreload>, inline imports. */
function firstLoadScripts(html: string): { scripts: Map<string, string>; inlineJs: string } {
  const scripts = new Map<string, string>(); // path -> how it is referenced
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
      .exec(tag)
      ?.slice(1)
      .find(Boolean);
  const add = (src: string | undefined, via: string) => {
    if (!src) return;
    const path = new URL(src, "http://x/").pathname;
    if (path.startsWith("/assets/") && path.endsWith(".js") && !scripts.has(path)) scripts.set(path, via);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\bmodulepreload\b/i.test(attr(tag, "rel") ?? "")) add(attr(tag, "href"), "modulepreload");
  }
  let inlineJs = "";
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(`<script ${m[1]}>`, "src");
    if (src) {
      add(src, "script src");
      continue;
    }
    const body = m[2] ?? "";
    inlineJs += `${body}\n`;
    // React Router's hydration script imports the route modules by URL.
    for (const i of body.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?\(?\s*["']([^"']+)["']/g))
      add(i[1], "inline import");
  }
  return { scripts, inlineJs };
}

type AdminModules = { method: string; files: Map<string, string>; warnings: string[] };

const isAdminSource = (fileFromAppDir: string) =>
  /^routes\/admin\//.test(fileFromAppDir) || fileFromAppDir === "layouts/admin.tsx";

/**
 * Which /assets files are the route modules of the admin (src/web/routes/admin/** and
 * src/web/layouts/admin.tsx)?
 *
 * - If Vite wrote build/client/.vite/manifest.json (build.manifest), it maps each source file to
 *   its chunk directly: exact, used as is.
 * - Otherwise (the default build) React Router's own manifest, build/client/assets/manifest-<v>.js,
 *   maps every route id to its module chunk. Route ids are taken from src/web/routes.ts, the one
 *   place that ties a route file to its id: an explicit `id`, or else the file path without its
 *   extension (React Router's createRouteId). This survives explicit ids and duplicate chunk names
 *   (there are several `book-*.js`, `bundle-*.js`: shop and admin), which matching chunk file
 *   names against admin file names would not. Manifest ids starting with `routes/admin/` are
 *   added too, in case the build is newer than the source read here.
 *
 * This finds admin route chunks on the shop page; admin code pulled into a shared chunk by a shop
 * import would not show at chunk level (the client build has no source maps to look into).
 */
function adminRouteModules(clientDir: string, html: string): AdminModules {
  const warnings: string[] = [];
  const files = new Map<string, string>();
  const viteManifest = join(clientDir, ".vite", "manifest.json");
  if (existsSync(viteManifest)) {
    const m = JSON.parse(readFileSync(viteManifest, "utf8")) as Record<
      string,
      { file: string; src?: string }
    >;
    for (const [key, chunk] of Object.entries(m)) {
      const src = (chunk.src ?? key).replace(/^src\/web\//, "");
      if (isAdminSource(src)) files.set(`/${chunk.file}`, `src/web/${src}`);
    }
    return { method: "build/client/.vite/manifest.json (source file -> chunk)", files, warnings };
  }

  const candidates = readdirSync(join(clientDir, "assets")).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (candidates.length === 0) throw new Error("no manifest-*.js in build/client/assets");
  // Several manifests only if build/ was not emptied between builds: take the one the page names.
  const manifestFile =
    candidates.find((f) => html.includes(f.replace(/^manifest-|\.js$/g, ""))) ??
    candidates.sort(
      (a, b) =>
        statSync(join(clientDir, "assets", b)).mtimeMs - statSync(join(clientDir, "assets", a)).mtimeMs,
    )[0]!;
  if (candidates.length > 1) warnings.push(`several React Router manifests, used ${manifestFile}`);
  const text = readFileSync(join(clientDir, "assets", manifestFile), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  const manifest = JSON.parse(json) as { routes: Record<string, { id: string; module: string }> };

  const idToFile = new Map<string, string>();
  const walk = (entries: readonly { id?: string; file: string; children?: unknown }[], depth: number) => {
    if (depth > 50) return;
    for (const e of entries) {
      idToFile.set(e.id ?? e.file.replace(/\.[a-z0-9]+$/i, ""), e.file);
      if (Array.isArray(e.children)) walk(e.children, depth + 1);
    }
  };
  walk(routeConfig, 0);

  for (const [id, route] of Object.entries(manifest.routes)) {
    const file = idToFile.get(id);
    if (file === undefined && id !== "root")
      warnings.push(`route id ${id} is in the build but not in src/web/routes.ts`);
    if (
      (file !== undefined && isAdminSource(file)) ||
      id.startsWith("routes/admin/") ||
      id === "layouts/admin"
    ) {
      files.set(route.module, file ? `src/web/${file}` : `route ${id}`);
    }
  }
  for (const [id, file] of idToFile) {
    if (!manifest.routes[id])
      warnings.push(`route ${id} (${file}) is in src/web/routes.ts but not in the build`);
  }
  return { method: `React Router ${manifestFile} + route ids from src/web/routes.ts`, files, warnings };
}

export type Bundle = {
  page: string;
  files: { file: string; via: string; bytes: number; gzipBytes: number; admin: string | null }[];
  totalGzipBytes: number;
  totalBytes: number;
  inlineJsGzipBytes: number;
  budgetKB: number;
  withinBudget: boolean;
  adminCheck: {
    method: string;
    adminModulesInBuild: number;
    adminOnPage: string[];
    pass: boolean;
    warnings: string[];
  };
};

function firstLoadJs(clientDir: string, page: string, html: string): Bundle {
  const { scripts, inlineJs } = firstLoadScripts(html);
  if (scripts.size === 0) throw new Error(`no /assets/*.js found in the HTML of ${page}`);
  const admin = adminRouteModules(clientDir, html);
  const files: Bundle["files"] = [];
  for (const [path, via] of scripts) {
    const onDisk = join(clientDir, path);
    if (!existsSync(onDisk)) throw new Error(`${path} is referenced by ${page} but not in build/client`);
    const buf = readFileSync(onDisk);
    files.push({
      file: path,
      via,
      bytes: buf.length,
      gzipBytes: gzipSync(buf, { level: 9 }).length,
      admin: admin.files.get(path) ?? null,
    });
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const totalGzipBytes = files.reduce((s, f) => s + f.gzipBytes, 0);
  const adminOnPage = files.filter((f) => f.admin).map((f) => `${f.file} (${f.admin})`);
  return {
    page,
    files,
    totalGzipBytes,
    totalBytes: files.reduce((s, f) => s + f.bytes, 0),
    inlineJsGzipBytes: inlineJs.trim() ? gzipSync(inlineJs, { level: 9 }).length : 0,
    budgetKB: JS_BUDGET_KB,
    withinBudget: totalGzipBytes <= JS_BUDGET_KB * KB,
    adminCheck: {
      method: admin.method,
      adminModulesInBuild: admin.files.size,
      adminOnPage,
      // With no admin module found at all the check proves nothing: fail rather than pass silently.
      pass: adminOnPage.length === 0 && admin.files.size > 0,
      warnings: admin.warnings,
    },
  };
}

function printBundle(bundle: Bundle) {
  section(`4. First-load JavaScript of ${bundle.page} (gzip -9, 1 KB = 1024 B)`);
  console.log(
    table(
      ["file", "via", "raw KB", "gzip KB", "admin?"],
      [
        ...bundle.files.map((f) => [
          f.file,
          f.via,
          (f.bytes / KB).toFixed(1),
          (f.gzipBytes / KB).toFixed(1),
          f.admin ? `ADMIN: ${f.admin}` : "",
        ]),
        [
          "total",
          `${bundle.files.length} files`,
          (bundle.totalBytes / KB).toFixed(1),
          (bundle.totalGzipBytes / KB).toFixed(1),
          "",
        ],
      ],
    ),
  );
  console.log(
    `inline <script> JS in the HTML (not counted): ${(bundle.inlineJsGzipBytes / KB).toFixed(1)} KB gzipped`,
  );
  console.log(
    `budget ${JS_BUDGET_KB} KB: ${bundle.withinBudget ? "PASS" : "FAIL"} (${(bundle.totalGzipBytes / KB).toFixed(1)} KB)`,
  );
  console.log(
    `no admin code on ${bundle.page}: ${bundle.adminCheck.pass ? "PASS" : "FAIL"} (${bundle.adminCheck.adminModulesInBuild} admin route modules known, via ${bundle.adminCheck.method})`,
  );
  for (const a of bundle.adminCheck.adminOnPage) console.log(`  admin module on ${bundle.page}: ${a}`);
  for (const w of bundle.adminCheck.warnings) console.log(`  warning: ${w}`);
}

/** The first-load JavaScript of `/` and of a book page with a cover, read from a running server. */
export async function measureFirstLoadJs(
  server: Server,
  clientDir: string,
  homeHtml: string,
  bookId: number,
): Promise<Bundle[]> {
  await awaitQuiet("first-load JS");
  return [
    firstLoadJs(clientDir, "/", homeHtml),
    firstLoadJs(clientDir, `/book/${bookId}`, await getPage(server, `/book/${bookId}`)),
  ];
}

export function reportFirstLoadJs(bundles: Bundle[], report: Report) {
  for (const b of bundles) {
    printBundle(b);
    const name = b.page === "/" ? "/" : "/book/{id}";
    report.targets.push({
      target: `first-load JS of ${name} (gzip)`,
      budget: `<= ${JS_BUDGET_KB} KB`,
      measured: `${(b.totalGzipBytes / KB).toFixed(1)} KB`,
      pass: b.withinBudget,
    });
    report.checks[`noAdminCodeOn ${name}`] = b.adminCheck.pass;
  }
  report.results.firstLoadJs = Object.fromEntries(bundles.map((b) => [b.page, b]));
}
