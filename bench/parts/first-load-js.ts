// Part `js`: first-load JavaScript of `/`, a `/book/{id}` and an `/ebook/{id}`, in English and in
// Bangla (the language cookie), counting the language's message catalogue that the entry loads
// before hydrating (gzip, 125 KB budget each; decision 0004), no admin code on any of them
// (neither an admin route's module nor a file holding the admin building blocks,
// @tanstack/react-table, @dnd-kit or uplot), and no reader code: neither pdf.js (found by its own
// strings in every built file) nor a reader route's module is loaded up front by a shop page.
// What a page loads up front is read by tests/support/first-load-js.ts, which the e2e test that
// holds the budget (tests/e2e/first-load-js.spec.ts) reads it with too.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { LOCALE_COOKIE } from "../../src/contracts/locale";
import routeConfig from "../../src/web/routes";
import { firstLoadFiles, FIRST_LOAD_JS_BUDGET_KB as JS_BUDGET_KB } from "../../tests/support/first-load-js";
import { KB, section, table } from "../lib/format";
import { awaitQuiet } from "../lib/quiet";
import type { Report } from "../lib/report";
import { get, getPage, type Server } from "../lib/server";

type RouteModules = { method: string; files: Map<string, string>; warnings: string[] };

const isAdminSource = (fileFromAppDir: string) =>
  /^routes\/admin\//.test(fileFromAppDir) || fileFromAppDir === "layouts/admin.tsx";
/** The reader's routes (`/ebook/:id/read`, a course chapter's reader): files named `*-read.tsx`/`read.tsx`. */
const isReaderSource = (fileFromAppDir: string) =>
  /^routes\/shop\/(?:.*[/-])?read\.tsx$/.test(fileFromAppDir);

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
function adminRouteModules(clientDir: string, html: string): RouteModules {
  return routeModules(
    clientDir,
    html,
    isAdminSource,
    (id) => id.startsWith("routes/admin/") || id === "layouts/admin",
  );
}

/** The route modules of the reader's routes (see `isReaderSource`). */
function readerRouteModules(clientDir: string, html: string): RouteModules {
  return routeModules(clientDir, html, isReaderSource, (id) => isReaderSource(`${id}.tsx`));
}

/** The chunks of the route modules whose source file `wanted` picks (or, by route id, `wantedId`). */
function routeModules(
  clientDir: string,
  html: string,
  wanted: (fileFromAppDir: string) => boolean,
  wantedId: (id: string) => boolean,
): RouteModules {
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
      if (wanted(src)) files.set(`/${chunk.file}`, `src/web/${src}`);
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
    if ((file !== undefined && wanted(file)) || wantedId(id)) {
      files.set(route.module, file ? `src/web/${file}` : `route ${id}`);
    }
  }
  for (const [id, file] of idToFile) {
    if (!manifest.routes[id])
      warnings.push(`route ${id} (${file}) is in src/web/routes.ts but not in the build`);
  }
  return { method: `React Router ${manifestFile} + route ids from src/web/routes.ts`, files, warnings };
}

/**
 * Strings only admin code has, for the admin code a shop import could pull into a shared chunk
 * (which the route-module check cannot see): the admin building blocks and the admin-only
 * libraries. A string survives minification where names do not.
 */
const ADMIN_MARKERS: { marker: string; what: string }[] = [
  { marker: "Select every row on this page", what: "src/web/components/admin/data-table.tsx" },
  { marker: "Leave without saving?", what: "src/web/components/admin/admin-form.tsx" },
  { marker: "getCoreRowModel", what: "@tanstack/react-table" },
  { marker: "To pick up a draggable item", what: "@dnd-kit" },
  { marker: "u-over", what: "uplot" },
];

/**
 * The chunk that holds a route module's page when the module itself only re-exports it
 * (`import{u as r}from"./users-authority-X.js";export{r as default}`): the bundler moves a page
 * into a shared chunk when another module imports from the same file, and that chunk can then be
 * on a shop page although the route module is not.
 */
function pageChunkOf(clientDir: string, modulePath: string): string | null {
  let text: string;
  try {
    text = readFileSync(join(clientDir, modulePath), "utf8");
  } catch {
    return null;
  }
  const local = /export\{(?:[^}]*,)?\s*([\w$]+) as default\b/.exec(text)?.[1];
  if (!local) return null;
  for (const m of text.matchAll(/import\{([^}]*)\}from"\.\/([^"]+)"/g)) {
    const names = m[1]!.split(",").map((n) =>
      n
        .trim()
        .split(/\s+as\s+/)
        .at(-1),
    );
    if (names.includes(local)) return `/assets/${m[2]}`;
  }
  return null;
}

/** The built files holding admin code, found by their contents, with what each holds. */
function adminCodeFiles(clientDir: string, routeModules: Map<string, string>): Map<string, string> {
  const dir = join(clientDir, "assets");
  const found = new Map<string, string>();
  for (const [module, source] of routeModules) {
    const chunk = pageChunkOf(clientDir, module);
    if (chunk && chunk !== module) found.set(chunk, `${source} (its page, in a shared chunk)`);
  }
  for (const f of readdirSync(dir)) {
    if (!/\.(?:m?js)$/.test(f)) continue;
    const text = readFileSync(join(dir, f), "utf8");
    const what = ADMIN_MARKERS.filter((m) => text.includes(m.marker)).map((m) => m.what);
    if (what.length)
      found.set(`/assets/${f}`, [found.get(`/assets/${f}`), ...what].filter(Boolean).join(", "));
  }
  return found;
}

/** Strings only pdf.js has: its main module ("fake worker") and its worker (its version's name). */
const PDFJS_MARKERS = ["Setting up fake worker", "pdfjsVersion"];

/** The built files that are pdf.js (its library or its worker), found by their contents. */
function pdfJsFiles(clientDir: string): Set<string> {
  const dir = join(clientDir, "assets");
  const found = new Set<string>();
  for (const f of readdirSync(dir)) {
    if (!/\.(?:m?js)$/.test(f)) continue;
    const text = readFileSync(join(dir, f), "utf8");
    if (PDFJS_MARKERS.some((m) => text.includes(m))) found.add(`/assets/${f}`);
  }
  return found;
}

export type Bundle = {
  page: string;
  files: { file: string; via: string; bytes: number; gzipBytes: number; admin: string | null }[];
  totalGzipBytes: number;
  totalBytes: number;
  inlineJsGzipBytes: number;
  /** The page's messages its HTML carries for hydration (part of the inline JS), gzipped alone. */
  pageMessagesGzipBytes: number | null;
  budgetKB: number;
  withinBudget: boolean;
  adminCheck: {
    method: string;
    adminModulesInBuild: number;
    /** Built files holding admin building blocks or admin-only libraries (ADMIN_MARKERS). */
    adminCodeFilesInBuild: number;
    adminOnPage: string[];
    pass: boolean;
    warnings: string[];
  };
  /** No pdf.js and no reader route module among the page's first-load files. */
  readerCheck: {
    pdfJsFilesInBuild: string[];
    readerModulesInBuild: string[];
    readerOnPage: string[];
    pass: boolean;
  };
};

export function firstLoadJs(clientDir: string, page: string, html: string): Bundle {
  const { files: loaded, inlineJs, pageMessages } = firstLoadFiles(clientDir, page, html);
  const admin = adminRouteModules(clientDir, html);
  const readerModules = readerRouteModules(clientDir, html);
  const pdfjs = pdfJsFiles(clientDir);
  const adminCode = adminCodeFiles(clientDir, admin.files);
  const files: Bundle["files"] = loaded.map((f) => ({
    ...f,
    admin: admin.files.get(f.file) ?? adminCode.get(f.file) ?? null,
  }));
  const totalGzipBytes = files.reduce((s, f) => s + f.gzipBytes, 0);
  const adminOnPage = files.filter((f) => f.admin).map((f) => `${f.file} (${f.admin})`);
  const readerOnPage = files
    .filter((f) => pdfjs.has(f.file) || readerModules.files.has(f.file))
    .map((f) => `${f.file} (${pdfjs.has(f.file) ? "pdf.js" : readerModules.files.get(f.file)})`);
  return {
    page,
    files,
    totalGzipBytes,
    totalBytes: files.reduce((s, f) => s + f.bytes, 0),
    inlineJsGzipBytes: inlineJs.trim() ? gzipSync(inlineJs, { level: 9 }).length : 0,
    pageMessagesGzipBytes: pageMessages ? gzipSync(pageMessages, { level: 9 }).length : null,
    budgetKB: JS_BUDGET_KB,
    withinBudget: totalGzipBytes <= JS_BUDGET_KB * KB,
    adminCheck: {
      method: admin.method,
      adminModulesInBuild: admin.files.size,
      adminCodeFilesInBuild: adminCode.size,
      adminOnPage,
      // With no admin module found at all the check proves nothing: fail rather than pass silently.
      pass: adminOnPage.length === 0 && admin.files.size > 0,
      warnings: admin.warnings,
    },
    readerCheck: {
      pdfJsFilesInBuild: [...pdfjs],
      readerModulesInBuild: [...readerModules.files.keys()],
      readerOnPage,
      // Nothing found to look for would prove nothing: fail rather than pass silently.
      pass: readerOnPage.length === 0 && pdfjs.size > 0 && readerModules.files.size > 0,
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
    bundle.pageMessagesGzipBytes === null
      ? "the page's messages: not in the HTML (the entry loads the catalogue before hydrating)"
      : `the page's messages in the HTML (of the inline JS): ${(bundle.pageMessagesGzipBytes / KB).toFixed(1)} KB gzipped; the catalogue loads after hydration`,
  );
  console.log(
    `budget ${JS_BUDGET_KB} KB: ${bundle.withinBudget ? "PASS" : "FAIL"} (${(bundle.totalGzipBytes / KB).toFixed(1)} KB)`,
  );
  console.log(
    `no admin code on ${bundle.page}: ${bundle.adminCheck.pass ? "PASS" : "FAIL"} (${bundle.adminCheck.adminModulesInBuild} admin route modules known, via ${bundle.adminCheck.method}; ${bundle.adminCheck.adminCodeFilesInBuild} files with admin building blocks or admin-only libraries, by their strings)`,
  );
  for (const a of bundle.adminCheck.adminOnPage) console.log(`  admin module on ${bundle.page}: ${a}`);
  const rc = bundle.readerCheck;
  console.log(
    `no pdf.js or reader code on ${bundle.page}: ${rc.pass ? "PASS" : "FAIL"} (pdf.js in the build: ${rc.pdfJsFilesInBuild.join(", ") || "none found"}; reader route modules: ${rc.readerModulesInBuild.join(", ") || "none found"})`,
  );
  for (const a of rc.readerOnPage) console.log(`  reader code on ${bundle.page}: ${a}`);
  for (const w of bundle.adminCheck.warnings) console.log(`  warning: ${w}`);
}

/** An e-book's id, through the API (the embedded database is the server's own). */
async function ebookViaApi(server: Server): Promise<number> {
  const r = await get(`${server.base}/api/ebooks?limit=1`, 10_000);
  const id = (JSON.parse(r.body) as { data?: { items?: { id: number }[] } }).data?.items?.[0]?.id;
  if (r.status !== 200 || id === undefined) throw new Error(`no e-book through /api/ebooks (${r.status})`);
  return id;
}

/**
 * The first-load JavaScript of `/`, of a book page with a cover and of an e-book's page (the
 * shop page next to the reader: its "Read" opens the reader), read from a running server.
 */
export async function measureFirstLoadJs(
  server: Server,
  clientDir: string,
  homeHtml: string,
  bookId: number,
): Promise<Bundle[]> {
  await awaitQuiet("first-load JS");
  const ebookId = await ebookViaApi(server);
  const bn = { cookie: `${LOCALE_COOKIE}=bn` };
  return [
    firstLoadJs(clientDir, "/", homeHtml),
    firstLoadJs(clientDir, "/ (Bangla)", await getPage(server, "/", bn)),
    firstLoadJs(clientDir, `/book/${bookId}`, await getPage(server, `/book/${bookId}`)),
    firstLoadJs(clientDir, `/book/${bookId} (Bangla)`, await getPage(server, `/book/${bookId}`, bn)),
    firstLoadJs(clientDir, `/ebook/${ebookId}`, await getPage(server, `/ebook/${ebookId}`)),
  ];
}

export function reportFirstLoadJs(bundles: Bundle[], report: Report) {
  for (const b of bundles) {
    printBundle(b);
    const name = b.page.replace(/\/\d+/, "/{id}");
    report.targets.push({
      target: `first-load JS of ${name} (gzip)`,
      budget: `<= ${JS_BUDGET_KB} KB`,
      measured: `${(b.totalGzipBytes / KB).toFixed(1)} KB`,
      pass: b.withinBudget,
    });
    report.checks[`noAdminCodeOn ${name}`] = b.adminCheck.pass;
    report.checks[`noReaderCodeOn ${name}`] = b.readerCheck.pass;
  }
  report.results.firstLoadJs = Object.fromEntries(bundles.map((b) => [b.page, b]));
}
