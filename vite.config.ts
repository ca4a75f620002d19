import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { SINGLE_FILE_PACKAGES } from "./scripts/server-packages.mjs";
import { rewriteCompiledCatalogue } from "./src/web/i18n/english-catalogue";

/**
 * The English catalogues keep only the messages that need compiling (a value, a plural): every
 * other English message is its own id (decision 33). Runs after Lingui's plugin compiled them.
 */
function englishCatalogueNeededOnly(): Plugin {
  return {
    name: "pathagar-english-catalogue",
    enforce: "post",
    transform(code, id) {
      if (!/\/i18n\/locales\/(?:admin\/)?en\.po$/.test(id.split("?")[0] ?? "")) return null;
      return { code: rewriteCompiledCatalogue(code), map: null };
    },
  };
}

/**
 * React Router's production build in the browser's bundle. The package's exports name only its
 * development build (its warnings on); the production build beside it is the same code with them
 * off, which the minifier then drops. The server keeps the package as exported: one copy of React
 * Router on each side.
 */
function reactRouterProductionInBrowser(): Plugin {
  const production = (file: string) =>
    fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
  const files: Record<string, string> = {
    "react-router": production("index.mjs"),
    "react-router/dom": production("dom-export.mjs"),
  };
  return {
    name: "pathagar-react-router-production",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: (source) => files[source] ?? null,
  };
}

/**
 * The server's build imports the packages of SINGLE_FILE_PACKAGES from their one-file builds, as
 * the server bundle does (scripts/server-packages.mjs): one copy of each in the process.
 */
function singleFilePackagesOnServer(): Plugin {
  const files: Record<string, string> = SINGLE_FILE_PACKAGES;
  return {
    name: "pathagar-single-file-packages",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "ssr",
    resolveId: (source) => (files[source] ? { id: files[source], external: true } : null),
  };
}

/**
 * The chunks of the first load (the entry and FIRST_LOAD_CHUNKS) minified once more by terser after
 * esbuild: about 3.4 KB less gzipped, most of it React Router's runtime, for a few seconds of
 * build. The other chunks keep esbuild's (terser on all of them took about a minute).
 */
function terserFirstLoad(): Plugin {
  return {
    name: "pathagar-terser-first-load",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const { minify } = await import("terser");
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk") continue;
          if (chunk.name !== "entry.client" && !FIRST_LOAD_CHUNKS.some((c) => c.name === chunk.name))
            continue;
          const out = await minify(chunk.code, { module: true, compress: { passes: 2 }, sourceMap: false });
          if (out.code) chunk.code = out.code;
        }
      },
    },
  };
}

/**
 * The chunks of the shop's first load, each made of the modules its roots import (with what those
 * import): a page loads a few of them instead of a share of every small chunk two pages have in
 * common, and gzip packs one file tighter than many.
 * - `shell`: what every shop page runs: what the entry imports (not react-dom's client, the entry's
 *   own chunk), the root route, the shop's layout, and what the home page imports (its cards,
 *   its rows of products, its page description, which most pages show too).
 * - `product`: what two or more product pages import beyond the shell (the summary, the facts,
 *   the delivery estimate, the reviews' place); what only one of them imports stays in its chunk.
 * A route's own module stays a chunk of its own (React Router loads it by name), and a root that is
 * a route is only followed.
 */
const FIRST_LOAD_CHUNKS: ReadonlyArray<{ name: string; roots: readonly string[]; shared?: number }> = [
  {
    name: "shell",
    roots: [
      "src/web/entry.client.tsx",
      "src/web/root.tsx",
      "src/web/layouts/default.tsx",
      "src/web/routes/shop/home.tsx",
    ],
  },
  {
    name: "product",
    roots: ["book", "ebook", "bundle", "content", "stationery-item"].map(
      (r) => `src/web/routes/shop/${r}.tsx`,
    ),
    shared: 2,
  },
];
/** Modules left in chunks of their own: the entry, and the pages' route modules. */
const OWN_CHUNK = /\/src\/web\/(?:entry\.client\.tsx|routes\/.*)$/;
/** Left to the entry's chunk: react-dom's client and the scheduler it alone uses. */
const ENTRY_ONLY = /\/node_modules\/(?:react-dom\/(?:client\.js|cjs\/react-dom-client\.)|scheduler\/)/;
/** lucide's index, which names every icon it has: only the icons the shell imports are followed. */
const LUCIDE_INDEX = /\/node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs$/;

/** The icons a module imports from lucide's index: `import { Menu, X as Close } from "lucide-react"`. */
function lucideNames(code: string | null): string[] {
  return [...(code ?? "").matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap((m) =>
    (m[1] ?? "")
      .split(",")
      .map((n) => n.trim().split(/\s+as\s+/)[0] ?? "")
      .filter(Boolean),
  );
}

/** Each icon's file, from lucide's index: `export { default as Menu, … } from './icons/menu.mjs'`. */
function lucideFiles(index: string, code: string | null): Map<string, string> {
  const files = new Map<string, string>();
  for (const m of (code ?? "").matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[\w-]+\.mjs)'/g)) {
    const file = fileURLToPath(new URL(m[2] ?? "", `file://${index}`));
    for (const name of (m[1] ?? "").matchAll(/default as (\w+)/g)) files.set(name[1] ?? "", file);
  }
  return files;
}

/**
 * The modules a module imports for its own use, in `importedIds`'s order (the order its sources
 * first appear). A source it only re-exports (`export { x } from "./y"`) is left out: whoever
 * imports `x` through it brings `./y` along (the i18n module re-exports the message templates,
 * which only some pages need).
 */
function importsOf(info: Rollup.ModuleInfo): readonly string[] {
  const sources = new Map<string, boolean>();
  for (const node of info.ast?.body ?? []) {
    const imported = node.type === "ImportDeclaration";
    const reexported =
      (node.type === "ExportNamedDeclaration" || node.type === "ExportAllDeclaration") && node.source;
    if (!imported && !reexported) continue;
    const source = String(node.source?.value);
    sources.set(source, (sources.get(source) ?? false) || imported);
  }
  const used = [...sources.values()];
  // A shape not understood (an import resolved twice, no syntax tree): every source is followed.
  if (used.length !== info.importedIds.length) return info.importedIds;
  return info.importedIds.filter((_, i) => used[i]);
}

/**
 * The modules `roots` import statically (so no `import()`ed part; of lucide only the icons they
 * use), from the module graph.
 */
function modulesReached(getModuleInfo: Rollup.GetModuleInfo, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const icons = new Set<string>();
  let lucideIndex: string | undefined;
  const todo = roots.map((f) => fileURLToPath(new URL(f, import.meta.url)));
  const walk = () => {
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      if (seen.has(id) || ENTRY_ONLY.test(id)) continue;
      if (LUCIDE_INDEX.test(id)) {
        lucideIndex = id;
        continue;
      }
      seen.add(id);
      const info = getModuleInfo(id);
      if (info?.importedIds.some((d) => LUCIDE_INDEX.test(d)))
        for (const n of lucideNames(info.code)) icons.add(n);
      if (info) todo.push(...importsOf(info));
    }
  };
  walk();
  if (lucideIndex) {
    const files = lucideFiles(lucideIndex, getModuleInfo(lucideIndex)?.code ?? null);
    for (const name of icons) {
      const file = files.get(name);
      if (file) todo.push(file);
    }
    walk();
  }
  return seen;
}

/** Each first-load module's chunk (FIRST_LOAD_CHUNKS): the first that takes it. */
function firstLoadChunks(getModuleInfo: Rollup.GetModuleInfo): Map<string, string> {
  const chunkOf = new Map<string, string>();
  for (const { name, roots, shared = 1 } of FIRST_LOAD_CHUNKS) {
    const reachedBy = new Map<string, number>();
    for (const root of roots)
      for (const id of modulesReached(getModuleInfo, [root])) reachedBy.set(id, (reachedBy.get(id) ?? 0) + 1);
    for (const [id, count] of reachedBy)
      if (count >= shared && !OWN_CHUNK.test(id) && !chunkOf.has(id)) chunkOf.set(id, name);
  }
  return chunkOf;
}

/** Each admin page in a chunk of its own; the back office's catalogues are `admin-messages-{lang}`. */
function adminChunk(id: string): string | undefined {
  return (
    /\/src\/web\/routes\/admin\/([\w-]+)/.exec(id)?.[1]?.replace(/^/, "admin-") ??
    /\/src\/web\/i18n\/locales\/admin\/(\w+)\.po$/.exec(id)?.[1]?.replace(/^/, "admin-messages-")
  );
}

/**
 * The browser's build only: the first load in a few chunks (FIRST_LOAD_CHUNKS). The server's build
 * keeps Rollup's own chunking (grouping there only made its entry file 0.5 MB, for nothing).
 * Small chunks are not merged: merging put modules of other pages (invoices, an admin picker) into
 * a chunk `/` loads (decision 4).
 */
function firstLoadInFewChunks(): Plugin {
  return {
    name: "pathagar-first-load-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions(options) {
      // Once per build: computed from the module graph on the first module asked about.
      let chunks: Map<string, string> | undefined;
      return {
        ...options,
        manualChunks: (id, { getModuleInfo }) => {
          const own = adminChunk(id);
          if (own) return own;
          chunks ??= firstLoadChunks(getModuleInfo);
          return chunks.get(id);
        },
        onlyExplicitManualChunks: true,
      };
    },
  };
}

export default defineConfig({
  // lingui() compiles the message catalogues (src/web/i18n/locales/*.po) when they are imported.
  plugins: [
    tailwindcss(),
    lingui({ failOnCompileError: true }),
    englishCatalogueNeededOnly(),
    reactRouterProductionInBrowser(),
    singleFilePackagesOnServer(),
    reactRouter(),
    firstLoadInFewChunks(),
    terserFirstLoad(),
  ],
  build: {
    // One CSS file and small route chunks: the shop's first load stays under budget.
    cssCodeSplit: true,
    assetsInlineLimit: 2048,
    // Each admin page in a chunk of its own on both builds; only the page module itself is placed,
    // its dependencies are chunked as usual. The browser's build adds the first load's chunks.
    rollupOptions: { output: { manualChunks: adminChunk } },
  },
});
