/**
 * The audit log: every staff change writes one entry in the change's own transaction
 * (`recordAudit`, called by `adminChange` and by the services that change orders, refunds and
 * accounts), and admins read it (`listAudit`, `auditCsv`).
 *
 * Reading stays fast on a log of millions of rows: a page is the newest entries that match, in
 * the order of an index (`created_at, id`, each filter with an index that starts with it), and the
 * next page goes on from the last entry seen, never skipping rows with an offset nor counting them.
 */
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import {
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  auditDiff,
  auditQuery,
  auditValueText,
} from "../../../contracts/admin-audit";
import { dhakaParts } from "../../../contracts/dhaka-time";
import { addDays, dhakaDayStart } from "../../../contracts/sales";
import type { Db } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { requirePermission } from "../access";
import type { Ctx } from "../context";
import { CSV_BOM, csvRows } from "./csv";

/** Only admins read the log: it shows every area's changes and every staff member's. */
export const SEE_AUDIT = "Only an admin can read the audit log";

/** Writes one audit entry for a staff change; call it inside the change's transaction. */
export async function recordAudit(
  ctx: Pick<Ctx, "user">,
  db: Db,
  entry: { action: string; entity: string; entityId: string | number; before?: unknown; after?: unknown },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: ctx.user?.id ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

type Filter = Omit<AuditQuery, "limit" | "before">;

function filterWhere(v: Filter, before?: number): SQL | undefined {
  const where: SQL[] = [];
  if (v.staff !== undefined) where.push(eq(auditLog.actorId, v.staff));
  if (v.area) where.push(eq(auditLog.entity, v.area));
  if (v.record) where.push(eq(auditLog.entityId, v.record));
  if (v.from) where.push(gte(auditLog.createdAt, dhakaDayStart(v.from)));
  if (v.to) where.push(lt(auditLog.createdAt, dhakaDayStart(addDays(v.to, 1))));
  if (before !== undefined) {
    // The entries after the last one seen, in the index's order (a row comparison the index answers).
    where.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (select b.created_at, b.id from ${auditLog} b where b.id = ${before})`,
    );
  }
  return where.length ? and(...where) : undefined;
}

async function readEntries(db: Db, v: Filter, before: number | undefined, limit: number) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: users.name,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(filterWhere(v, before))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

type EntryRow = Awaited<ReturnType<typeof readEntries>>[number];

function toEntry(r: EntryRow): AuditEntry {
  return {
    id: r.id,
    at: r.createdAt.toISOString(),
    actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? "" },
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    before: r.before ?? null,
    after: r.after ?? null,
  };
}

/**
 * One page of the log, newest first, filtered by staff member, area, record and Dhaka days; `next`
 * is the `before` of the following page (null on the last). Admins only.
 */
export async function listAudit(ctx: Ctx, input: unknown): Promise<AuditPage> {
  requirePermission(ctx, "authority", SEE_AUDIT, SEE_AUDIT);
  const v = auditQuery.parse(input);
  const rows = await readEntries(ctx.db, v, v.before, v.limit + 1);
  const page = rows.slice(0, v.limit);
  return {
    items: page.map(toEntry),
    next: rows.length > v.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/** The staff accounts the filter offers: staff and admins now, and anyone who has an entry in the log. */
export async function auditActors(ctx: Ctx): Promise<{ id: number; name: string }[]> {
  requirePermission(ctx, "authority", SEE_AUDIT, SEE_AUDIT);
  return ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.role, ["staff", "admin"]))
    .orderBy(sql`lower(${users.name})`, users.id)
    .limit(500);
}

const CSV_CHUNK = 1_000;

/** `YYYY-MM-DD HH:mm` in Dhaka. */
function dhakaMinute(at: Date): string {
  const p = dhakaParts(at);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}

/** What changed as one cell: `field: before → after` per changed field, separated by `; `. */
export function changesText(before: unknown, after: unknown): string {
  return auditDiff(before, after)
    .map((c) => `${c.path}: ${auditValueText(c.before)} → ${auditValueText(c.after)}`)
    .join("; ");
}

/** Every entry the filter matches, newest first, as a CSV file read a chunk at a time. Admins only. */
export async function auditCsv(
  ctx: Ctx,
  input: unknown,
): Promise<{ filename: string; pieces: AsyncIterable<string> }> {
  requirePermission(ctx, "authority", SEE_AUDIT, SEE_AUDIT);
  const v = auditQuery.parse(input);
  const db = ctx.db;
  const pieces = (async function* () {
    yield CSV_BOM +
      csvRows([
        ["When (Dhaka)", "Staff", "Staff id", "Action", "Area", "Record", "Changes", "Before", "After"],
      ]);
    let before = v.before;
    for (;;) {
      const rows = await readEntries(db, v, before, CSV_CHUNK);
      if (rows.length === 0) return;
      yield csvRows(
        rows.map((r) => [
          dhakaMinute(r.createdAt),
          r.actorName ?? "",
          r.actorId,
          r.action,
          r.entity,
          r.entityId,
          changesText(r.before, r.after),
          r.before === null ? "" : JSON.stringify(r.before),
          r.after === null ? "" : JSON.stringify(r.after),
        ]),
      );
      if (rows.length < CSV_CHUNK) return;
      before = rows[rows.length - 1]!.id;
    }
  })();
  const today = dhakaMinute(new Date()).slice(0, 10);
  return { filename: `audit-log-${today}.csv`, pieces };
}
