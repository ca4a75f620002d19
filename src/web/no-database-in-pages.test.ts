import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The web layer asks the services and never the database: no route, loader or component imports
 * the query builder, a driver or the database's modules (but `db/unavailable`, which only tells an
 * outage by its error). A query a page needs is a service's function.
 */
const DATABASE = [
  /from "drizzle-orm/,
  /from "pg"/,
  /from "@electric-sql\/pglite/,
  /from "[./]*\/server\/db\/(?!unavailable")/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe("the web layer", () => {
  it("imports nothing that reaches the database", () => {
    const root = process.cwd();
    const reaching = sources(join(root, "src/web"))
      .filter((f) => DATABASE.some((p) => p.test(readFileSync(f, "utf8"))))
      .map((f) => relative(root, f));
    expect(reaching).toEqual([]);
  });

  it("would see such an import", () => {
    const seen = (line: string) => DATABASE.some((p) => p.test(line));
    expect(seen('import { inArray } from "drizzle-orm";')).toBe(true);
    expect(seen('import { products } from "../../../server/db/schema";')).toBe(true);
    expect(seen('import { DATABASE_UNAVAILABLE } from "../../server/db/unavailable";')).toBe(false);
  });
});
