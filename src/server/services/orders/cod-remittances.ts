/**
 * Cash on delivery the couriers owe the shop (decision 29): the delivered COD orders no remittance
 * covers yet, by courier, and staff recording a courier's payment of some of them. An order
 * without a courier is counted under "manual" (staff delivered it themselves).
 *
 * A remittance locks its orders (in id order) before checking them, so two submissions of the
 * same orders cannot both pass: the second waits for the first and then finds them remitted
 * (tests/api/cod-remittance-race.test.ts forces that race on PostgreSQL).
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AdminPage } from "../../../contracts/admin";
import {
  type CodOutstanding,
  type CodRemittanceRow,
  codRemittanceSchema,
  codRemittancesQuery,
} from "../../../contracts/admin-invoices";
import { MANUAL_COURIER } from "../../../contracts/fulfilment";
import { fillMessage, MESSAGE_TEMPLATES as M } from "../../../contracts/message-values";
import { codRemittances, orders, users } from "../../db/schema";
import { requirePermission } from "../access";
import { adminChange, containsPattern } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";

const SEE = "You do not have permission to see couriers' cash";
const RECORD = "You do not have permission to record couriers' payments";

const courierOf = sql<string>`coalesce(${orders.courier}, ${MANUAL_COURIER})`;

/** The cash still with couriers: delivered COD orders without a remittance, by courier, oldest first. */
export async function codOutstanding(ctx: Ctx): Promise<CodOutstanding> {
  requirePermission(ctx, "invoices", SEE, SEE);
  const rows = await ctx.db
    .select({
      id: orders.id,
      number: orders.number,
      buyerName: orders.name,
      consignment: orders.consignment,
      deliveredAt: orders.deliveredAt,
      total: orders.total,
      courier: courierOf,
    })
    .from(orders)
    .where(
      and(eq(orders.paymentMethod, "cod"), isNotNull(orders.deliveredAt), isNull(orders.codRemittanceId)),
    )
    .orderBy(asc(orders.deliveredAt), asc(orders.id));
  const byCourier = new Map<string, CodOutstanding["couriers"][number]>();
  for (const r of rows) {
    const c = byCourier.get(r.courier) ?? { courier: r.courier, count: 0, total: 0, orders: [] };
    c.count += 1;
    c.total += r.total;
    c.orders.push({
      id: r.id,
      number: r.number,
      buyerName: r.buyerName,
      consignment: r.consignment,
      deliveredAt: r.deliveredAt!.toISOString(),
      total: r.total,
    });
    byCourier.set(r.courier, c);
  }
  const couriers = [...byCourier.values()].sort((a, b) => a.courier.localeCompare(b.courier));
  return { couriers, total: couriers.reduce((s, c) => s + c.total, 0) };
}

function whenText(at: Date): string {
  return at.toISOString();
}

/**
 * Records a courier's payment of the cash of `orderIds`: its amount is the sum of their totals.
 * Refused with 409 naming the order when one is not a delivered cash-on-delivery order of that
 * courier, or is already remitted; with 400 when the time received is in the future or before an
 * order's delivery. One transaction, the orders locked.
 */
export function recordCodRemittance(ctx: Ctx, input: unknown): Promise<CodRemittanceRow> {
  return adminChange(
    ctx,
    "invoices",
    codRemittanceSchema,
    input,
    async (tx, v) => {
      const now = ctx.now();
      const receivedAt = v.receivedAt ? new Date(v.receivedAt) : now;
      if (receivedAt.getTime() > now.getTime()) {
        throw new DomainError("invalid", "The cash cannot be received in the future", {
          receivedAt: "receivedAt must not be in the future",
        });
      }
      const ids = [...v.orderIds].sort((a, b) => a - b);
      const locked = await tx
        .select()
        .from(orders)
        .where(inArray(orders.id, ids))
        .orderBy(asc(orders.id))
        .for("update");
      const byId = new Map(locked.map((o) => [o.id, o]));
      for (const id of v.orderIds) {
        const o = byId.get(id);
        if (!o) throw new DomainError("not_found", fillMessage(M.noSuchOrderId, { id }));
        if (o.paymentMethod !== "cod") {
          throw new DomainError("conflict", fillMessage(M.orderNotCod, { orderNumber: o.number }));
        }
        if (!o.deliveredAt)
          throw new DomainError("conflict", fillMessage(M.orderNotDelivered, { orderNumber: o.number }));
        if (o.codRemittanceId !== null) {
          throw new DomainError(
            "conflict",
            `Order ${o.number} is already remitted (remittance ${o.codRemittanceId})`,
          );
        }
        if ((o.courier ?? MANUAL_COURIER) !== v.courier) {
          throw new DomainError(
            "conflict",
            `Order ${o.number} went with ${o.courier ?? MANUAL_COURIER}, not ${v.courier}`,
          );
        }
        if (o.deliveredAt.getTime() > receivedAt.getTime()) {
          throw new DomainError(
            "invalid",
            `The cash cannot have been received before order ${o.number} was delivered (${whenText(o.deliveredAt)})`,
            { receivedAt: `receivedAt must be on or after order ${o.number}'s delivery` },
          );
        }
      }
      const amount = locked.reduce((s, o) => s + o.total, 0);
      const [row] = await tx
        .insert(codRemittances)
        .values({
          courier: v.courier,
          reference: v.reference ?? null,
          amount,
          note: v.note ?? null,
          receivedAt,
          createdBy: ctx.user!.id,
          createdAt: now,
        })
        .returning();
      await tx
        .update(orders)
        .set({ codRemittanceId: row!.id, updatedAt: now })
        .where(inArray(orders.id, ids));
      const result: CodRemittanceRow = {
        id: row!.id,
        courier: row!.courier,
        reference: row!.reference,
        amount: row!.amount,
        note: row!.note,
        receivedAt: row!.receivedAt.toISOString(),
        orderCount: locked.length,
        orderNumbers: locked.map((o) => o.number),
        createdBy: ctx.user!.name,
      };
      return {
        result,
        audit: { action: "cod.remit", entity: "cod_remittance", entityId: row!.id, after: result },
      };
    },
    { refusal: RECORD, publicChange: false },
  );
}

/** The remittances recorded, newest received first: search the courier or the reference. */
export async function listCodRemittances(ctx: Ctx, input: unknown): Promise<AdminPage<CodRemittanceRow>> {
  requirePermission(ctx, "invoices", SEE, SEE);
  const v = codRemittancesQuery.parse(input);
  const where: SQL | undefined = v.q
    ? or(
        ilike(codRemittances.courier, containsPattern(v.q)),
        ilike(codRemittances.reference, containsPattern(v.q)),
      )
    : undefined;
  const column = v.sort.replace(/^-/, "") === "amount" ? codRemittances.amount : codRemittances.receivedAt;
  const order = v.sort.startsWith("-")
    ? [desc(column), desc(codRemittances.id)]
    : [asc(column), asc(codRemittances.id)];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        r: codRemittances,
        createdBy: users.name,
        orderNumbers: sql<
          string[]
        >`coalesce((select array_agg(o.number order by o.number) from ${orders} o where o.cod_remittance_id = ${codRemittances.id}), '{}')`,
      })
      .from(codRemittances)
      .leftJoin(users, eq(users.id, codRemittances.createdBy))
      .where(where)
      .orderBy(...order)
      .limit(v.limit)
      .offset((v.page - 1) * v.limit),
    ctx.db.select({ n: count() }).from(codRemittances).where(where),
  ]);
  return {
    items: rows.map(({ r, createdBy, orderNumbers }) => ({
      id: r.id,
      courier: r.courier,
      reference: r.reference,
      amount: r.amount,
      note: r.note,
      receivedAt: r.receivedAt.toISOString(),
      orderCount: orderNumbers.length,
      orderNumbers,
      createdBy,
    })),
    total: total?.n ?? 0,
    page: v.page,
    limit: v.limit,
  };
}
