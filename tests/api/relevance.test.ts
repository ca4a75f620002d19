/**
 * Search's relevance on the demo catalogue: every query of the fixed list (tests/support/
 * relevance.ts) brings back what it must, first. A change to search that loses one fails here.
 * The queries marked `gap` are the ones the shop answers badly today; they are listed, and one
 * that starts to pass says so, so that its mark is taken off.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, ProductCard } from "../../src/contracts/catalog";
import { seedCatalog } from "../../src/server/seed/catalog";
import { misses, RELEVANCE } from "../support/relevance";
import { createHarness, type Harness } from "./harness";

type Results = Page<ProductCard> & { searchedFor?: string };
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await seedCatalog(h.ctx());
});
afterAll(async () => {
  await h?.close();
});

async function search(q: string): Promise<Results> {
  const res = await h.request<Results>("GET", `/api/search?q=${encodeURIComponent(q)}&limit=10`);
  expect(res.status, q).toBe(200);
  return res.body.data as Results;
}

describe("search's relevance on the demo catalogue", () => {
  it("holds at least 60 queries of every kind", () => {
    expect(RELEVANCE.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(RELEVANCE.map((c) => c.kind));
    for (const kind of ["english", "bangla", "banglish", "typo", "author", "isbn"])
      expect(kinds).toContain(kind);
  });

  it.each(RELEVANCE.filter((c) => !c.gap).map((c) => [c.q, c] as const))("“%s”", async (_q, c) => {
    expect(misses(c, await search(c.q))).toEqual([]);
  });

  it("still misses the queries marked as gaps (take the mark off one that passes)", async () => {
    const passing: string[] = [];
    for (const c of RELEVANCE.filter((c) => c.gap)) {
      if (misses(c, await search(c.q)).length === 0) passing.push(c.q);
    }
    expect(passing).toEqual([]);
  });
});
