import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No import circle anywhere in `src`: a module that imports another that (through others) imports
 * it back is a knot a newcomer cannot read from one end, and the bundler must order by guesswork.
 * Every static `import` and `export … from` counts, `import type` too; `import()` does not (it
 * runs later, by design).
 */

const SRC = dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function resolveRelative(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The modules of `src` that `file` imports statically. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : null;
    if (!specifier?.startsWith(".")) continue;
    const target = resolveRelative(file, specifier);
    if (target) found.push(target);
  }
  return found;
}

/** The circles of a graph: its strongly connected parts of more than one module, or a module importing itself. */
function circlesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

/**
 * The layers, lowest first, and what each may not import (tests excepted: a test may build its
 * fixtures with a higher layer). The seed sits one floor above the services it calls.
 */
const LAYERS: { layer: string; mayNotImport: string[] }[] = [
  { layer: "contracts/", mayNotImport: ["server/", "web/"] },
  { layer: "server/db/", mayNotImport: ["server/services/", "server/seed/", "server/http/", "web/"] },
  {
    layer: "server/integrations/",
    mayNotImport: ["server/services/", "server/seed/", "server/http/", "web/"],
  },
  { layer: "server/services/", mayNotImport: ["server/seed/", "server/http/", "web/"] },
  { layer: "server/seed/", mayNotImport: ["server/http/", "web/"] },
];

describe("imports in src", () => {
  it("finds a circle when there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(circlesOf(graph)).toEqual([["a", "b", "c"]]);
    expect(
      circlesOf(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("run in one direction: no module imports itself back through others", () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(300);
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    const circles = circlesOf(graph).map((c) => c.map((f) => relative(SRC, f)));
    expect(circles).toEqual([]);
  });

  it("run down the layers: no module imports one above its own", () => {
    const files = sourceFiles(SRC).filter((f) => !/\.test\.tsx?$/.test(f));
    const upward = files.flatMap((file) => {
      const from = relative(SRC, file);
      const rule = LAYERS.find((l) => from.startsWith(l.layer));
      if (!rule) return [];
      return importsOf(file)
        .map((target) => relative(SRC, target))
        .filter((to) => rule.mayNotImport.some((above) => to.startsWith(above)))
        .map((to) => `${from} → ${to}`);
    });
    expect(files.some((f) => relative(SRC, f).startsWith("server/seed/"))).toBe(true);
    expect(upward).toEqual([]);
  });
});
