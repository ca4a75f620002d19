/**
 * Coupons in the back office (decision 23's pattern): the list with each coupon's uses, discount
 * given and revenue, create, edit, disable and delete, and bulk generation of single-rule codes.
 *
 * A coupon's figures count the orders that used it and count as sales (decision 24, sales.ts's
 * `bought` and `lineRevenue`): an order cancelled or refunded drops out. An edit never touches an
 * order already placed: orders keep the totals they were priced at.
 */
import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, not, type SQL, sql } from "drizzle-orm";
import type { AdminPage } from "../../../contracts/admin";
import {
  type AdminCoupon,
  type AdminCouponDetail,
  CODE_ALPHABET,
  COUPON_CODE_TAKEN,
  COUPON_USED,
  type CouponBatch,
  type CouponBatchResult,
  type CouponState,
  couponBatchCsvPath,
  couponBatchInputSchema,
  couponBulkActiveSchema,
  couponEditSchema,
  couponInputSchema,
  couponSummary,
  couponsQuerySchema,
} from "../../../contracts/admin-coupons";
import type { BulkResult } from "../../../contracts/answers/staff-catalog";
import type { ProductKind } from "../../../contracts/catalog";
import { fillMessage, MESSAGE_TEMPLATES as M } from "../../../contracts/message-values";
import { idParams } from "../../../contracts/paging";
import { type Db, inTransaction } from "../../db/client";
import { couponBatches, couponRedemptions, coupons, orderLines, orders, products } from "../../db/schema";
import { requirePermission } from "../access";
import { isUniqueViolation } from "../accounts/users";
import { adminChange, containsPattern, lockForEdit, nextVersion } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { bought, lineRevenue } from "../money/sales";
import { recordAudit } from "../platform/audit";
import { CSV_BOM, csvRows } from "../platform/csv";

const SEE_COUPONS = "You do not have permission to see coupons";
const CHANGE_COUPONS = "You do not have permission to change coupons";
export const NO_SUCH_COUPON = "No such coupon";
export const NO_SUCH_BATCH = "No such batch of codes";

type CouponRow = typeof coupons.$inferSelect;
type Stats = { redemptions: number; orders: number; discountGiven: number; revenue: number };
const NO_STATS: Stats = { redemptions: 0, orders: 0, discountGiven: 0, revenue: 0 };

// ---- state, in SQL for the filter and in code for the answer (the same order of checks)

function stateConditions(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`(${coupons.endsAt} is not null and ${coupons.endsAt} <= ${at})`;
  const usedUp = sql`(${coupons.usageLimit} is not null and ${coupons.usedCount} >= ${coupons.usageLimit})`;
  const notStarted = sql`(${coupons.startsAt} is not null and ${coupons.startsAt} > ${at})`;
  const on = eq(coupons.active, true);
  return {
    disabled: eq(coupons.active, false),
    expired: and(on, expired),
    "used-up": and(on, not(expired), usedUp),
    scheduled: and(on, not(expired), not(usedUp), notStarted),
    active: and(on, not(expired), not(usedUp), not(notStarted)),
  } satisfies Record<CouponState, SQL | undefined>;
}

/** Where a coupon stands at `now`: disabled, expired, used up, scheduled, or active, checked in that order. */
export function couponState(row: CouponRow, now: Date): CouponState {
  if (!row.active) return "disabled";
  if (row.endsAt && row.endsAt <= now) return "expired";
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return "used-up";
  if (row.startsAt && row.startsAt > now) return "scheduled";
  return "active";
}

function toAdminCoupon(row: CouponRow, stats: Stats, now: Date): AdminCoupon {
  const kinds = row.productKinds as ProductKind[];
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    maxDiscount: row.maxDiscount,
    minOrder: row.minOrder,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perUserLimit: row.perUserLimit,
    productKinds: kinds,
    productIds: row.productIds,
    active: row.active,
    state: couponState(row, now),
    summary: couponSummary({ ...row, productKinds: kinds }),
    note: row.note,
    batchId: row.batchId,
    usedCount: row.usedCount,
    ...stats,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Each coupon's uses not released, and the orders that used it and count as sales: their discount and revenue. */
async function statsOf(db: Db, ids: number[]): Promise<Map<number, Stats>> {
  const out = new Map<number, Stats>();
  if (ids.length === 0) return out;
  const [sales, uses] = await Promise.all([
    db
      .select({
        couponId: orders.couponId,
        orders: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
        discountGiven: sql<number>`coalesce(sum(${orderLines.discount}), 0)`.mapWith(Number),
        revenue: lineRevenue,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(inArray(orders.couponId, ids), bought))
      .groupBy(orders.couponId),
    db
      .select({ couponId: couponRedemptions.couponId, n: count() })
      .from(couponRedemptions)
      .where(and(inArray(couponRedemptions.couponId, ids), isNull(couponRedemptions.releasedAt)))
      .groupBy(couponRedemptions.couponId),
  ]);
  for (const id of ids) out.set(id, { ...NO_STATS });
  for (const s of sales) {
    const st = s.couponId === null ? undefined : out.get(s.couponId);
    if (st) Object.assign(st, { orders: s.orders, discountGiven: s.discountGiven, revenue: s.revenue });
  }
  for (const u of uses) {
    const st = out.get(u.couponId);
    if (st) st.redemptions = u.n;
  }
  return out;
}

const SORT_COLUMNS = {
  code: coupons.code,
  createdAt: coupons.createdAt,
  uses: coupons.usedCount,
  endsAt: coupons.endsAt,
} as const;

/** One page of coupons, searched by code, filtered by state, kind and batch, each with its figures. */
export async function listAdminCoupons(ctx: Ctx, input: unknown): Promise<AdminPage<AdminCoupon>> {
  requirePermission(ctx, "coupons", SEE_COUPONS, SEE_COUPONS);
  const query = couponsQuerySchema.parse(input);
  const now = ctx.now();
  const q = query.q.trim();
  const where = and(
    q ? ilike(coupons.code, containsPattern(q.toUpperCase())) : undefined,
    query.state ? stateConditions(now)[query.state] : undefined,
    query.kind ? eq(coupons.kind, query.kind) : undefined,
    query.batch ? eq(coupons.batchId, query.batch) : undefined,
  );
  const descending = query.sort.startsWith("-");
  const column = SORT_COLUMNS[query.sort.replace(/^-/, "") as keyof typeof SORT_COLUMNS];
  const order =
    column === coupons.endsAt
      ? sql`${coupons.endsAt} ${sql.raw(descending ? "desc" : "asc")} nulls last`
      : descending
        ? desc(column)
        : asc(column);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(order, descending ? desc(coupons.id) : asc(coupons.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ n: count() }).from(coupons).where(where),
  ]);
  const stats = await statsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toAdminCoupon(r, stats.get(r.id) ?? NO_STATS, now)),
    total: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

async function detailOf(db: Db, row: CouponRow, now: Date): Promise<AdminCouponDetail> {
  const [stats, named] = await Promise.all([
    statsOf(db, [row.id]),
    row.productIds.length
      ? db
          .select({ id: products.id, kind: products.kind, title: products.title })
          .from(products)
          .where(inArray(products.id, row.productIds))
      : [],
  ]);
  const byId = new Map(named.map((p) => [p.id, p]));
  return {
    ...toAdminCoupon(row, stats.get(row.id) ?? NO_STATS, now),
    products: row.productIds.flatMap((id) => byId.get(id) ?? []),
  };
}

/** One coupon with every rule, its figures, its products named and the version to edit from. */
export async function getAdminCoupon(ctx: Ctx, id: number): Promise<AdminCouponDetail> {
  requirePermission(ctx, "coupons", SEE_COUPONS, SEE_COUPONS);
  const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  if (!row) throw new DomainError("not_found", NO_SUCH_COUPON);
  return detailOf(ctx.db, row, ctx.now());
}

function codeTaken(): DomainError {
  return new DomainError("conflict", COUPON_CODE_TAKEN, { code: COUPON_CODE_TAKEN });
}

/** A coupon's products must exist (400 naming the first that does not). */
async function checkProducts(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  const known = new Set(found.map((p) => p.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) {
    const message = fillMessage(M.noSuchProductId, { id: missing });
    throw new DomainError("invalid", message, { productIds: message });
  }
}

/** The code is free (409 on the code field otherwise); a race past this check is caught by the unique index. */
async function checkCodeFree(db: Db, code: string, except?: number): Promise<void> {
  const [other] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(except ? and(eq(coupons.code, code), ne(coupons.id, except)) : eq(coupons.code, code))
    .limit(1);
  if (other) throw codeTaken();
}

/** A unique violation (two staff saving the same code at once) is the same 409 as the check's. */
async function refusingTakenCode<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken();
    throw e;
  }
}

const ruleValues = (v: {
  kind: "percent" | "fixed";
  value: number;
  maxDiscount: number | null;
  minOrder: number | null;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perUserLimit: number | null;
  productKinds: ProductKind[];
  productIds: number[];
  active: boolean;
  note: string | null;
}) => ({
  kind: v.kind,
  value: v.value,
  maxDiscount: v.maxDiscount,
  minOrder: v.minOrder,
  startsAt: v.startsAt ? new Date(v.startsAt) : null,
  endsAt: v.endsAt ? new Date(v.endsAt) : null,
  usageLimit: v.usageLimit,
  perUserLimit: v.perUserLimit,
  productKinds: v.productKinds,
  productIds: v.productIds,
  active: v.active,
  note: v.note,
});

/** `POST /api/admin/coupons`: a new coupon; its code upper-case and unique. */
export function createCoupon(ctx: Ctx, input: unknown): Promise<AdminCouponDetail> {
  return refusingTakenCode(() =>
    adminChange(
      ctx,
      "coupons",
      couponInputSchema,
      input,
      async (tx, v) => {
        await checkCodeFree(tx, v.code);
        await checkProducts(tx, v.productIds);
        const now = ctx.now();
        const [row] = await tx
          .insert(coupons)
          .values({ code: v.code, ...ruleValues(v), createdAt: now, updatedAt: now })
          .returning();
        const detail = await detailOf(tx, row!, now);
        return {
          result: detail,
          audit: { action: "coupon.create", entity: "coupon", entityId: row!.id, after: row },
        };
      },
      { refusal: CHANGE_COUPONS, publicChange: false },
    ),
  );
}

/** `PATCH /api/admin/coupons/{id}`: every rule may change; orders already placed keep their totals. */
export function updateCoupon(ctx: Ctx, id: number, input: unknown): Promise<AdminCouponDetail> {
  const now = ctx.now();
  return refusingTakenCode(() =>
    adminChange(
      ctx,
      "coupons",
      couponEditSchema,
      input,
      async (tx, v) => {
        const before = await lockForEdit(tx, coupons, eq(coupons.id, id), NO_SUCH_COUPON, {
          version: v.version,
          current: (row) => detailOf(tx, row, now),
        });
        await checkCodeFree(tx, v.code, id);
        await checkProducts(tx, v.productIds);
        const [row] = await tx
          .update(coupons)
          .set({ code: v.code, ...ruleValues(v), ...nextVersion(coupons), updatedAt: now })
          .where(eq(coupons.id, id))
          .returning();
        return {
          result: await detailOf(tx, row!, now),
          audit: { action: "coupon.update", entity: "coupon", entityId: id, before, after: row },
        };
      },
      { refusal: CHANGE_COUPONS, publicChange: false },
    ),
  );
}

/** `DELETE /api/admin/coupons/{id}`: only a coupon never used on any order (409: disable it instead). */
export function deleteCoupon(ctx: Ctx, id: number): Promise<{ id: number }> {
  return adminChange(
    ctx,
    "coupons",
    idParams,
    { id },
    async (tx) => {
      // The row lock waits for a checkout counting a use of it, which then finds it gone.
      const before = await lockForEdit(tx, coupons, eq(coupons.id, id), NO_SUCH_COUPON);
      const [[used], [ordered]] = await Promise.all([
        tx.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, id)),
        tx.select({ n: count() }).from(orders).where(eq(orders.couponId, id)),
      ]);
      if ((used?.n ?? 0) > 0 || (ordered?.n ?? 0) > 0 || before.usedCount > 0) {
        throw new DomainError("conflict", COUPON_USED);
      }
      await tx.delete(coupons).where(eq(coupons.id, id));
      return { result: { id }, audit: { action: "coupon.delete", entity: "coupon", entityId: id, before } };
    },
    { refusal: CHANGE_COUPONS, publicChange: false },
  );
}

/** `POST /api/admin/coupons/active`: switch coupons on or off, a result per id. */
export function setCouponsActive(ctx: Ctx, input: unknown): Promise<BulkResult> {
  return adminChange(
    ctx,
    "coupons",
    couponBulkActiveSchema,
    input,
    async (tx, v) => {
      const found = await tx
        .select()
        .from(coupons)
        .where(inArray(coupons.id, v.ids))
        .orderBy(asc(coupons.id))
        .for("update");
      const byId = new Map(found.map((r) => [r.id, r]));
      const change = found.filter((r) => r.active !== v.active).map((r) => r.id);
      const now = ctx.now();
      const after = change.length
        ? await tx
            .update(coupons)
            .set({ active: v.active, ...nextVersion(coupons), updatedAt: now })
            .where(inArray(coupons.id, change))
            .returning()
        : [];
      const word = v.active ? "enabled" : "disabled";
      return {
        result: {
          results: v.ids.map((id) => {
            const row = byId.get(id);
            if (!row) return { id, ok: false, message: NO_SUCH_COUPON };
            return {
              id,
              ok: true,
              message: row.active === v.active ? `${row.code} was already ${word}` : `${row.code} ${word}`,
            };
          }),
        },
        audit: after.map((row) => ({
          action: v.active ? "coupon.enable" : "coupon.disable",
          entity: "coupon",
          entityId: row.id,
          before: { active: !v.active },
          after: { active: row.active },
        })),
      };
    },
    { refusal: CHANGE_COUPONS, publicChange: false },
  );
}

// ---- bulk codes

/** One random code: the prefix, then `length` characters of CODE_ALPHABET, each from the system's CSPRNG. */
export function randomCode(prefix: string, length: number): string {
  let code = prefix;
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** `n` random codes, none of them in `seen` nor twice (each is added to `seen`). */
export function drawCodes(
  n: number,
  prefix: string,
  length: number,
  seen: Set<string> = new Set(),
): string[] {
  const out: string[] = [];
  while (out.length < n) {
    const code = randomCode(prefix, length);
    if (seen.has(code)) continue;
    seen.add(code);
    out.push(code);
  }
  return out;
}

/** Rounds of drawing again for codes another coupon had; each round leaves ~N·(taken/space) to redraw. */
const MAX_ROUNDS = 10;

type BatchRules = ReturnType<typeof ruleValues> & { batchId: number | null; createdAt: Date };

/**
 * Inserts `quantity` coupons with these rules and codes from `draw(n)` (n fresh codes each call),
 * in one multi-row statement per round; a code another coupon has (or takes at this moment: the insert waits
 * for that transaction) is skipped and drawn again. Call it inside a transaction.
 */
export async function insertCodes(
  tx: Db,
  quantity: number,
  r: BatchRules,
  draw: (n: number) => string[],
): Promise<{ made: string[]; regenerated: number }> {
  let pending = draw(quantity);
  const made: string[] = [];
  let regenerated = 0;
  for (let round = 0; pending.length > 0; round++) {
    if (round === MAX_ROUNDS) {
      throw new DomainError("conflict", "Too many of these codes are taken: use a longer random part", {
        length: "Too many codes of this length are taken: make the random part longer",
      });
    }
    // One statement per round: the codes travel as one parameter, the rules once.
    const rows = (await tx.execute(sql`
      insert into ${coupons} (code, kind, value, max_discount, min_order, starts_at, ends_at, usage_limit,
        per_user_limit, product_kinds, product_ids, active, note, batch_id, created_at, updated_at)
      select c, ${r.kind}::coupon_kind, ${r.value}::int, ${r.maxDiscount}::int, ${r.minOrder}::int,
        ${r.startsAt?.toISOString() ?? null}::timestamptz, ${r.endsAt?.toISOString() ?? null}::timestamptz, ${r.usageLimit}::int, ${r.perUserLimit}::int,
        ${`{${r.productKinds.join(",")}}`}::text[], ${`{${r.productIds.join(",")}}`}::int[],
        ${r.active}::boolean, ${r.note}::text, ${r.batchId}::int, ${r.createdAt.toISOString()}::timestamptz, ${r.createdAt.toISOString()}::timestamptz
      from unnest(string_to_array(${pending.join(",")}, ',')) as c
      on conflict (code) do nothing
      returning code`)) as unknown as { rows: { code: string }[] };
    const inserted = new Set(rows.rows.map((x) => x.code));
    const missing = pending.filter((c) => !inserted.has(c));
    made.push(...pending.filter((c) => inserted.has(c)));
    regenerated += missing.length;
    pending = missing.length > 0 ? draw(missing.length) : [];
  }
  return { made, regenerated };
}

/** Codes written per transaction while a batch is made (decision 52). */
export const BATCH_CHUNK = 500;

/**
 * `POST /api/admin/coupons/bulk`: a batch and `quantity` codes with the same rules. The codes are
 * written BATCH_CHUNK to a transaction, switched off, so other requests get the database between
 * chunks (PGlite has one connection); once all are made, one transaction switches them to the
 * rules' state and writes the audit entry. All or nothing: a batch that fails part way is deleted
 * with its codes, and no code of it could be used meanwhile (decision 52). A code another coupon
 * already has (or takes at the same moment) is drawn again rather than failing the batch.
 */
export async function generateCouponBatch(ctx: Ctx, input: unknown): Promise<CouponBatchResult> {
  requirePermission(ctx, "coupons", CHANGE_COUPONS);
  const v = couponBatchInputSchema.parse(input);
  const now = ctx.now();
  const batch = await inTransaction(ctx.db, async (tx) => {
    await checkProducts(tx, v.productIds);
    const [row] = await tx
      .insert(couponBatches)
      .values({
        prefix: v.prefix,
        length: v.length,
        quantity: v.quantity,
        createdBy: ctx.user?.id ?? null,
        createdAt: now,
      })
      .returning();
    return row!;
  });
  const rules = { ...ruleValues(v), active: false, batchId: batch.id, createdAt: now };
  const seen = new Set<string>();
  const sample: string[] = [];
  let regenerated = 0;
  try {
    for (let done = 0; done < v.quantity; done += BATCH_CHUNK) {
      const n = Math.min(BATCH_CHUNK, v.quantity - done);
      const chunk = await inTransaction(ctx.db, (tx) =>
        insertCodes(tx, n, rules, (k) => drawCodes(k, v.prefix, v.length, seen)),
      );
      sample.push(...chunk.made.slice(0, 5 - sample.length));
      regenerated += chunk.regenerated;
      // Requests that waited for the database (or the event loop) go first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Switched on a chunk at a time too: nobody knows the codes before this request answers.
    for (let switched = v.active ? BATCH_CHUNK : 0; switched === BATCH_CHUNK; ) {
      const chunk = sql`select ${coupons.id} from ${coupons}
        where ${coupons.batchId} = ${batch.id} and not ${coupons.active} limit ${BATCH_CHUNK}`;
      const rows = await ctx.db
        .update(coupons)
        .set({ active: true })
        .where(sql`${coupons.id} = any(array(${chunk}))`)
        .returning({ id: coupons.id });
      switched = rows.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await inTransaction(ctx.db, async (tx) => {
      await recordAudit(ctx, tx, {
        action: "coupon.generate",
        entity: "coupon_batch",
        entityId: batch.id,
        after: { ...batch, rules: ruleValues(v) },
      });
    });
  } catch (err) {
    await inTransaction(ctx.db, async (tx) => {
      await tx.delete(coupons).where(eq(coupons.batchId, batch.id));
      await tx.delete(couponBatches).where(eq(couponBatches.id, batch.id));
    }).catch((cleanup) =>
      // Its codes stay switched off: none can be used. Staff see a batch short of codes.
      ctx.log.error({ err: cleanup, batchId: batch.id }, "coupons: a failed batch could not be removed"),
    );
    throw err;
  }
  return { batch: toBatch(batch, 0), sample, regenerated };
}

function toBatch(row: typeof couponBatches.$inferSelect, used: number): CouponBatch {
  return {
    id: row.id,
    prefix: row.prefix,
    length: row.length,
    quantity: row.quantity,
    createdAt: row.createdAt.toISOString(),
    used,
    csv: couponBatchCsvPath(row.id),
  };
}

/** The latest batches, newest first, each with how many of its codes have been used. */
export async function listCouponBatches(ctx: Ctx, limit = 50): Promise<CouponBatch[]> {
  requirePermission(ctx, "coupons", SEE_COUPONS, SEE_COUPONS);
  const latest = await ctx.db.select().from(couponBatches).orderBy(desc(couponBatches.id)).limit(limit);
  if (latest.length === 0) return [];
  const used = await ctx.db
    .select({ batchId: coupons.batchId, n: count() })
    .from(coupons)
    .where(
      and(
        inArray(
          coupons.batchId,
          latest.map((b) => b.id),
        ),
        gt(coupons.usedCount, 0),
      ),
    )
    .groupBy(coupons.batchId);
  const usedOf = new Map(used.map((u) => [u.batchId, u.n]));
  return latest.map((b) => toBatch(b, usedOf.get(b.id) ?? 0));
}

/** Codes read per query while the CSV streams. */
const CSV_CHUNK = 2_000;

/** A batch's codes as CSV (Code, Uses), read in chunks as it is sent. 404 for no such batch. */
export async function couponBatchCsv(
  ctx: Ctx,
  id: number,
): Promise<{ filename: string; pieces: AsyncIterable<string> }> {
  requirePermission(ctx, "coupons", SEE_COUPONS, SEE_COUPONS);
  const [batch] = await ctx.db.select().from(couponBatches).where(eq(couponBatches.id, id)).limit(1);
  if (!batch) throw new DomainError("not_found", NO_SUCH_BATCH);
  const db = ctx.db;
  const pieces = (async function* () {
    yield CSV_BOM + csvRows([["Code", "Uses"]]);
    let after = 0;
    for (;;) {
      const rows = await db
        .select({ id: coupons.id, code: coupons.code, uses: coupons.usedCount })
        .from(coupons)
        .where(and(eq(coupons.batchId, id), gt(coupons.id, after)))
        .orderBy(asc(coupons.id))
        .limit(CSV_CHUNK);
      if (rows.length === 0) return;
      yield csvRows(rows.map((r) => [r.code, r.uses]));
      after = rows[rows.length - 1]!.id;
    }
  })();
  return { filename: `coupons-batch-${batch.id}${batch.prefix ? `-${batch.prefix}` : ""}.csv`, pieces };
}
