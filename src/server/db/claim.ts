/**
 * Claiming rows of a work table (the outbox, background jobs) when several servers share it: one
 * statement locks the due rows with FOR UPDATE SKIP LOCKED (rows another server is claiming at
 * this moment are passed over, never waited for) and marks them with a lease, so the claim holds
 * once the statement ends: until the lease runs out, the rows are not due for anyone else. The
 * caller's `set` moves the lease (its column and meaning are the table's own); `due` must treat a
 * row whose lease ran out as due again, so the work of a server that stopped is taken over.
 */
import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "./client";

type WorkTable = PgTable & { id: AnyPgColumn };

/** The time a lease taken at `now` runs out. */
export const leaseUntil = (now: Date, leaseMs: number) => new Date(now.getTime() + leaseMs);

/**
 * Claims up to `limit` due rows of `table`, first in `orderBy`, and answers them as `set` left
 * them (none: an empty list). Two claims at once never answer the same row.
 */
export async function claimWithLease<T extends WorkTable>(
  db: Db,
  table: T,
  claim: {
    due: SQL | undefined;
    orderBy: (AnyPgColumn | SQL)[];
    limit: number;
    /** What a claim writes: the lease, and whatever marks the row as taken. */
    set: PgUpdateSetSource<T>;
  },
): Promise<T["$inferSelect"][]> {
  // One statement, no transaction around it. `= any(array(…))` runs the subquery exactly once
  // (an `in (…)` could be rescanned by a nested loop), so exactly the rows it locked are updated.
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(claim.due)
    .orderBy(...claim.orderBy)
    .limit(claim.limit)
    .for("update", { skipLocked: true });
  return (await db
    .update(table)
    .set(claim.set)
    .where(sql`${table.id} = any(array(${due}))`)
    .returning()) as T["$inferSelect"][];
}

/**
 * Claims this round of the periodic work `name` for the calling server: true for exactly one of
 * the servers asking within `everyMs` of the last round (whoever asks first), false for the rest.
 * One statement, no lock held afterwards; the database's clock decides, so servers whose clocks
 * differ still agree. A server that stops mid-round leaves the next round to whoever asks then.
 */
export async function claimPeriodicRound(db: Db, name: string, everyMs: number): Promise<boolean> {
  // A little under the interval: timers that fire a few milliseconds early still find it due.
  const gap = `${Math.max(0, Math.floor(everyMs * 0.9))} milliseconds`;
  const res = (await db.execute(sql`
    insert into periodic_runs (name, ran_at) values (${name}, now())
    on conflict (name) do update set ran_at = excluded.ran_at
      where periodic_runs.ran_at <= now() - ${gap}::interval
    returning name`)) as unknown as { rows: unknown[] };
  return res.rows.length === 1;
}
