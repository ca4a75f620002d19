import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Libraries only the back office uses stay in its chunks: they may be imported by admin routes
 * and admin components only, so no shop page loads them.
 */
const ADMIN_ONLY = ["@dnd-kit/"];
const ADMIN_DIRS = ["src/web/routes/admin/", "src/web/components/admin/"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe("admin-only libraries", () => {
  it("are imported by admin routes and admin components only", () => {
    const root = process.cwd();
    const outside = ["src/web", "src/contracts"]
      .flatMap((d) => sources(join(root, d)))
      .map((f) => relative(root, f))
      .filter((f) => !ADMIN_DIRS.some((d) => f.startsWith(d)))
      .filter((f) => {
        const text = readFileSync(join(root, f), "utf8");
        return ADMIN_ONLY.some((lib) => text.includes(`from "${lib}`));
      });
    expect(outside).toEqual([]);
  });

  it("finds an admin import when there is one (the check looks where it should)", () => {
    const text = readFileSync(join(process.cwd(), "src/web/routes/admin/content-chapters.tsx"), "utf8");
    expect(text).toContain('from "@dnd-kit/core"');
  });
});
