import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { CONTENT_VERSION_READ_MS, publicContentChanged, publicContentVersion } from "./public-content";

/** A database holding the shared sequence, counting the statements sent to it. */
function fakeDb(start = 0) {
  let value = start;
  let reads = 0;
  const db = {
    execute: async (q: { queryChunks?: unknown[] }) => {
      const text = JSON.stringify(q.queryChunks ?? q);
      if (text.includes("nextval")) value += 1;
      else reads += 1;
      return { rows: [{ v: String(value) }] };
    },
  } as unknown as Db;
  return { db, reads: () => reads, bumpElsewhere: () => (value += 1) };
}

describe("the shared public content version", () => {
  it("reads the database at most once per quarter second, one read for concurrent requests", async () => {
    const f = fakeDb(7);
    const t = 1_000_000;
    const [a, b] = await Promise.all([publicContentVersion(f.db, t), publicContentVersion(f.db, t)]);
    expect(a).toBe(b);
    expect(a.startsWith("7.")).toBe(true);
    await publicContentVersion(f.db, t + CONTENT_VERSION_READ_MS - 1);
    expect(f.reads()).toBe(1);
  });

  it("sees a change made through another server once its quarter second is over", async () => {
    const f = fakeDb(3);
    const t = 2_000_000;
    const before = await publicContentVersion(f.db, t);
    f.bumpElsewhere();
    expect(await publicContentVersion(f.db, t + 10)).toBe(before);
    const after = await publicContentVersion(f.db, t + CONTENT_VERSION_READ_MS);
    expect(after).not.toBe(before);
    expect(after.startsWith("4.")).toBe(true);
  });

  it("moves on at once on the server that made the change, and tells the database", async () => {
    const f = fakeDb(0);
    const t = 3_000_000;
    const before = await publicContentVersion(f.db, t);
    await publicContentChanged({ db: f.db });
    const after = await publicContentVersion(f.db, t + 1);
    expect(after).not.toBe(before);
    expect(after.startsWith("1.")).toBe(true);
  });

  it("keeps serving the last known version when the database does not answer", async () => {
    const f = fakeDb(5);
    const t = 4_000_000;
    const before = await publicContentVersion(f.db, t);
    (f.db as unknown as { execute: () => Promise<never> }).execute = () => Promise.reject(new Error("down"));
    expect(await publicContentVersion(f.db, t + CONTENT_VERSION_READ_MS)).toBe(before);
    await expect(publicContentChanged({ db: f.db })).resolves.toBeUndefined();
  });
});
