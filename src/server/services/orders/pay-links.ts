/**
 * The payment link of an order taken by phone: `/pay/{number}/{key}`, sent to the buyer by SMS.
 * The key is an HMAC of the order with the session secret, so the link needs no stored token and
 * cannot be guessed from an order number; whoever holds it sees that order and may pay it (the
 * buyer may not have a password yet). Paying goes through `payByLink` in services/money/payments.ts,
 * the buyer's own "pay again".
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { payLinkParams } from "../../../contracts/admin-phone-orders";
import type { OrderView } from "../../../contracts/checkout";
import { orders } from "../../db/schema";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { ORDER_NOT_FOUND } from "./lifecycle";
import { toViews } from "./orders";

type OrderRow = typeof orders.$inferSelect;
type KeyConfig = Pick<Ctx["config"], "sessionSecret">;

/** The link's key for an order: 16 characters of an HMAC over its id and number. */
export function payLinkKey(config: KeyConfig, order: Pick<OrderRow, "id" | "number">): string {
  return createHmac("sha256", config.sessionSecret)
    .update(`pay-link:${order.id}:${order.number}`)
    .digest("base64url")
    .slice(0, 16);
}

/** The path of an order's payment page. */
export function payLinkPath(config: KeyConfig, order: Pick<OrderRow, "id" | "number">): string {
  return `/pay/${order.number}/${payLinkKey(config, order)}`;
}

/** The whole link, at the shop's public address (as the other messages to customers link). */
export function payLinkUrl(
  config: Pick<Ctx["config"], "sessionSecret" | "PUBLIC_URL" | "PORT">,
  order: Pick<OrderRow, "id" | "number">,
): string {
  const origin = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
  return `${origin}${payLinkPath(config, order)}`;
}

/** The phone order a link names; a wrong key, or an order not taken by phone, is not found. */
export async function findOrderByPayLink(ctx: Ctx, params: unknown): Promise<OrderRow> {
  const v = payLinkParams.safeParse(params);
  if (!v.success) throw new DomainError("not_found", ORDER_NOT_FOUND);
  const [o] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.number, v.data.number), isNotNull(orders.takenBy)))
    .limit(1);
  const expected = o ? Buffer.from(payLinkKey(ctx.config, o)) : null;
  const given = Buffer.from(v.data.key);
  if (!o || !expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new DomainError("not_found", ORDER_NOT_FOUND);
  }
  return o;
}

/** The order a payment link names, as its buyer sees it on their orders page. */
export async function getPayLinkOrder(ctx: Ctx, params: unknown): Promise<OrderView> {
  const o = await findOrderByPayLink(ctx, params);
  const [view] = await toViews(ctx.db, [o], ctx.now());
  return view!;
}
