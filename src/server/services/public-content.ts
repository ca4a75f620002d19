/**
 * The version of what every visitor sees (decision 39). Each server keeps copies of public answers
 * keyed by it; a change made through any server moves it, so every server stops serving copies
 * made before the change:
 *
 * - in this process at once (a counter of its own), and
 * - on every server sharing the database within `CONTENT_VERSION_READ_MS` plus a query, through
 *   the `public_content_version` sequence, moved after the change commits and read by each server
 *   at most once per `CONTENT_VERSION_READ_MS`.
 *
 * It is moved after the commit, never inside the transaction: a sequence is not transactional, and
 * a server reading the new version before the change is visible would keep the old page under it.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Logger } from "../logger";

/** How long a server goes on with the version it last read from the database. */
export const CONTENT_VERSION_READ_MS = 250;

let local = 0;

/** Per database handle (a server's pool): what was last read, and this server's own changes. */
type Shared = { value: string; readAt: number; reading: Promise<string> | null; local: number };
const shared = new WeakMap<Db, Shared>();

function entryOf(db: Db): Shared {
  let entry = shared.get(db);
  if (!entry) {
    entry = { value: "0", readAt: Number.NEGATIVE_INFINITY, reading: null, local: 0 };
    shared.set(db, entry);
  }
  return entry;
}

/**
 * Marks that something every visitor sees has changed (a product, its price or stock, a review,
 * an info page), after its transaction committed: copies of public answers made before it are no
 * longer served, here at once and on every other server within about a quarter of a second.
 * Never throws: when the database cannot be told, the other servers' copies run out with their
 * time to live (`PAGE_CACHE_SECONDS`), and a warning is logged.
 */
export async function publicContentChanged(ctx: { db: Db; log?: Logger }): Promise<void> {
  local += 1;
  entryOf(ctx.db).local += 1;
  try {
    await ctx.db.execute(sql`select nextval('public_content_version')`);
    entryOf(ctx.db).readAt = Number.NEGATIVE_INFINITY;
  } catch (err) {
    ctx.log?.warn(
      { err },
      "public content: the shared version was not moved on; other servers catch up later",
    );
  }
}

/** This process's own count of changes (the version of a cache given no database). */
export function localContentVersion(): number {
  return local;
}

async function readShared(db: Db): Promise<string> {
  const res = (await db.execute(
    sql`select (case when is_called then last_value else 0 end)::text as v from public_content_version`,
  )) as unknown as { rows: { v: string }[] };
  return res.rows[0]?.v ?? "0";
}

/**
 * The current version of the public content, part of every cached answer's key: read before the
 * answer is made, so an answer is never kept under a version newer than what it shows. Reads the
 * database at most once per `CONTENT_VERSION_READ_MS` (concurrent requests share one read); when
 * the read fails the last known version is used.
 */
export async function publicContentVersion(db: Db, nowMs = Date.now()): Promise<string> {
  const e = entryOf(db);
  if (nowMs - e.readAt >= CONTENT_VERSION_READ_MS) {
    e.reading ??= readShared(db)
      .then((v) => {
        e.value = v;
        e.readAt = nowMs;
        return v;
      })
      .catch(() => e.value)
      .finally(() => {
        e.reading = null;
      });
    await e.reading;
  }
  return `${e.value}.${e.local}`;
}
