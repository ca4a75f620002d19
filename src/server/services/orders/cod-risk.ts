/**
 * The cash-on-delivery risk check (decision 68): before a COD order is placed and packed, the
 * phone's delivery history, the shop's own (its parcels to that phone delivered and returned) and
 * the connected lookup's (`ctx.deliveryHistory`), judged by the rule staff set. A phone with no
 * parcel anywhere is never flagged. The lookup is asked outside any transaction, for at most
 * `LOOKUP_TIMEOUT_MS`, and its answer kept for `LOOKUP_CACHE_MS`; a lookup that fails or is late
 * counts as no history from it, so checkout never waits long nor fails for it.
 */
import { and, eq, gt, ne, sql } from "drizzle-orm";
import {
  assessCodRisk,
  type CodRiskAssessment,
  type CodRiskRule,
  type CodRiskRuleView,
  codRiskRuleSchema,
  DEFAULT_COD_RISK_RULE,
  type DeliveryHistory,
} from "../../../contracts/cod-risk";
import type { Db } from "../../db/client";
import { codRiskRules, deliveryHistoryCache, orders, users } from "../../db/schema";
import { requirePermission } from "../access";
import { adminChange, lockForEdit, nextVersion } from "../admin";
import type { Ctx } from "../context";

/** How long checkout waits for the lookup at most. */
export const LOOKUP_TIMEOUT_MS = 1_500;
/** How long a lookup's answer is kept for a phone. */
export const LOOKUP_CACHE_MS = 24 * 3600_000;

const SEE = "Only staff with the orders permission can see the COD risk rule";
const CHANGE = "Only staff with the orders permission can change the COD risk rule";

/** The rule in force: the stored one, or the default before staff set one. */
export async function findCodRiskRule(db: Db): Promise<CodRiskRule & { version: number }> {
  const [row] = await db.select().from(codRiskRules).where(eq(codRiskRules.id, 1)).limit(1);
  if (!row) return { ...DEFAULT_COD_RISK_RULE, version: 1 };
  return {
    enabled: row.enabled,
    minDeliveredPercent: row.minDeliveredPercent,
    maxReturns: row.maxReturns,
    action: row.action,
    version: row.version,
  };
}

async function ruleView(ctx: Ctx, db: Db): Promise<CodRiskRuleView> {
  const [row] = await db
    .select({ r: codRiskRules, by: users.name })
    .from(codRiskRules)
    .leftJoin(users, eq(users.id, codRiskRules.updatedBy))
    .where(eq(codRiskRules.id, 1))
    .limit(1);
  const rule = await findCodRiskRule(db);
  return {
    ...rule,
    updatedAt: row?.r.updatedAt.toISOString() ?? null,
    updatedBy: row?.by ?? null,
    lookup: ctx.deliveryHistory.name,
  };
}

/** `GET /api/admin/cod-risk-rule`: the rule staff set (the default before they set one). */
export async function getCodRiskRule(ctx: Ctx): Promise<CodRiskRuleView> {
  requirePermission(ctx, "orders", SEE, SEE);
  return ruleView(ctx, ctx.db);
}

/**
 * `PUT /api/admin/cod-risk-rule`: staff set the rule, from the `version` they read (a colleague's
 * newer save is a 409 with the rule as it now is). Audited. It applies to orders placed after it.
 */
export async function updateCodRiskRule(ctx: Ctx, input: unknown): Promise<CodRiskRuleView> {
  await adminChange(
    ctx,
    "orders",
    codRiskRuleSchema,
    input,
    async (tx, v) => {
      const now = ctx.now();
      // The first save makes the row from the default, at version 1, then edits it as any other.
      await tx
        .insert(codRiskRules)
        .values({ id: 1, ...DEFAULT_COD_RISK_RULE, version: 1, updatedAt: now })
        .onConflictDoNothing();
      const before = await lockForEdit(tx, codRiskRules, eq(codRiskRules.id, 1), "No COD risk rule", {
        version: v.version,
        current: () => ruleView(ctx, tx),
      });
      const { version: _v, ...rule } = v;
      await tx
        .update(codRiskRules)
        .set({ ...rule, updatedAt: now, updatedBy: ctx.user!.id, ...nextVersion(codRiskRules) })
        .where(eq(codRiskRules.id, 1));
      const was = {
        enabled: before.enabled,
        minDeliveredPercent: before.minDeliveredPercent,
        maxReturns: before.maxReturns,
        action: before.action,
      };
      return {
        result: null,
        audit: { action: "cod_risk.rule", entity: "cod_risk_rule", entityId: 1, before: was, after: rule },
      };
    },
    { refusal: CHANGE, publicChange: false },
  );
  return ruleView(ctx, ctx.db);
}

/**
 * The shop's own parcels to a phone (its other orders than `exceptOrderId`): delivered (the
 * courier handed it over, whatever happened after), and returned, refused among them.
 */
export async function shopHistory(db: Db, phone: string, exceptOrderId?: number): Promise<DeliveryHistory> {
  const [row] = await db
    .select({
      delivered: sql<number>`count(*) filter (where ${orders.deliveredAt} is not null)`.mapWith(Number),
      returned: sql<number>`count(*) filter (where ${orders.status} = 'returned')`.mapWith(Number),
      refused: sql<number>`count(*) filter (where ${orders.returnReason} = 'refused')`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.phone, phone),
        eq(orders.physical, true),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    );
  return {
    source: "shop",
    delivered: row?.delivered ?? 0,
    returned: row?.returned ?? 0,
    refused: row?.refused ?? 0,
  };
}

/**
 * The connected lookup's record of a phone: kept for a day; asked for at most LOOKUP_TIMEOUT_MS
 * otherwise. Null when none is connected, or when it fails or is late (no history from it).
 */
export async function externalHistory(ctx: Ctx, phone: string): Promise<DeliveryHistory | null> {
  const source = ctx.deliveryHistory.name;
  if (source === "none") return null;
  const now = ctx.now();
  const [kept] = await ctx.db
    .select()
    .from(deliveryHistoryCache)
    .where(
      and(
        eq(deliveryHistoryCache.phone, phone),
        eq(deliveryHistoryCache.source, source),
        gt(deliveryHistoryCache.fetchedAt, new Date(now.getTime() - LOOKUP_CACHE_MS)),
      ),
    )
    .limit(1);
  if (kept) return { source, delivered: kept.delivered, returned: kept.returned, refused: 0 };
  let answer: Awaited<ReturnType<Ctx["deliveryHistory"]["lookup"]>>;
  try {
    answer = await ctx.deliveryHistory.lookup(phone, AbortSignal.timeout(LOOKUP_TIMEOUT_MS));
  } catch (err) {
    ctx.log.warn({ err, lookup: source }, "delivery history lookup failed: counted as no history");
    return null;
  }
  if (!answer) return null;
  const values = { phone, source, delivered: answer.delivered, returned: answer.returned, fetchedAt: now };
  await ctx.db
    .insert(deliveryHistoryCache)
    .values(values)
    .onConflictDoUpdate({
      target: [deliveryHistoryCache.phone, deliveryHistoryCache.source],
      set: { delivered: answer.delivered, returned: answer.returned, fetchedAt: now },
    });
  return { source, delivered: answer.delivered, returned: answer.returned, refused: 0 };
}

/** The phone's histories judged by the rule in force, with the action the rule takes. */
export async function assessPhone(
  ctx: Ctx,
  phone: string,
  exceptOrderId?: number,
): Promise<CodRiskAssessment & { action: CodRiskRule["action"] }> {
  const [rule, own, theirs] = await Promise.all([
    findCodRiskRule(ctx.db),
    shopHistory(ctx.db, phone, exceptOrderId),
    externalHistory(ctx, phone),
  ]);
  const assessment = assessCodRisk(theirs ? [own, theirs] : [own], rule);
  return { ...assessment, action: rule.action };
}
