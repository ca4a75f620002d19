/**
 * How every staff change is made (decision 23), in one place:
 *
 *   permission → zod → one transaction (lock, version check, write, audit) → public pages move on
 *
 * `adminChange` runs the steps in that order; `lockForEdit` reads the record to change under a
 * row lock and refuses a stale edit with 409 and the record as it now is, so two staff editing
 * the same thing never silently overwrite each other.
 */
import { type Column, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { STALE_EDIT } from "../../contracts/admin";
import type { AdminAccess } from "../../contracts/permissions";
import type { z } from "../../contracts/zod";
import { type Db, inTransaction } from "../db/client";
import { requirePermission } from "./access";
import { sendWishlistAlerts } from "./catalog/wishlist-alerts";
import type { Ctx } from "./context";
import { DomainError } from "./errors";
import { recordAudit } from "./platform/audit";
import { publicContentChanged } from "./public-content";

export type AuditEntry = {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
};

export type ChangeOptions = {
  /** The 403 message for staff without the area. */
  refusal: string;
  /** Whether signed-out visitors see what changes (products, authors, info pages): default true. */
  publicChange?: boolean;
};

/**
 * Checks the caller holds `area`, parses `input` with `schema` (400 with field errors, nothing
 * done), runs `change` in one transaction and writes its audit entries in it; after the commit,
 * cached public pages are dropped when the change is public. Returns what `change` returned.
 */
export async function adminChange<S extends z.ZodType, T>(
  ctx: Ctx,
  area: AdminAccess,
  schema: S,
  input: unknown,
  change: (tx: Db, value: z.output<S>) => Promise<{ result: T; audit: AuditEntry | AuditEntry[] }>,
  options: ChangeOptions,
): Promise<T> {
  requirePermission(ctx, area, options.refusal);
  const value = schema.parse(input) as z.output<S>;
  const result = await inTransaction(ctx.db, async (tx) => {
    const done = await change(tx, value);
    for (const entry of Array.isArray(done.audit) ? done.audit : [done.audit]) {
      await recordAudit(ctx, tx, entry);
    }
    return done.result;
  });
  if (options.publicChange !== false) {
    await publicContentChanged(ctx);
    // A price or stock staff changed (an edit, a sale price, a CSV import): saved items' texts.
    sendWishlistAlerts(ctx).catch((err) => ctx.log.error({ err }, "sending wishlist alerts failed"));
  }
  return result;
}

/** The 409 of a stale edit, carrying the record as it now is. */
export function staleEdit(current: unknown): DomainError {
  return new DomainError("conflict", STALE_EDIT, undefined, current);
}

/**
 * The row `where` picks, locked until the transaction ends (404 with `missing` when there is
 * none). With `version`, an edit that started from another version is refused with 409 and
 * `current(row)` as the answer's data.
 */
export async function lockForEdit<T extends PgTable>(
  tx: Db,
  table: T,
  where: SQL,
  missing: string,
  check?: { version: number; current: (row: T["$inferSelect"]) => Promise<unknown> | unknown },
): Promise<T["$inferSelect"]> {
  const [row] = (await tx
    .select()
    .from(table as PgTable)
    .where(where)
    .for("update")) as T["$inferSelect"][];
  if (!row) throw new DomainError("not_found", missing);
  if (check && (row as { version: number }).version !== check.version) {
    throw staleEdit(await check.current(row));
  }
  return row;
}

/** `version = version + 1`, for the `set` of an edit. */
export function nextVersion(table: { version: Column }): { version: SQL } {
  return { version: sql`${table.version} + 1` };
}

/** An ILIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
