/**
 * A courier's news about a parcel, sent to the shop by its webhook. The call is believed only
 * after the adapter checked its signature or secret (each courier's own way); a refused call
 * changes nothing. The parcel is the one holding the consignment with that courier (or, for a
 * courier that names it by our invoice, `N` or `N-2`, that parcel of order N); the news is
 * recorded as a status check's would be (applyCourierStatus), so a webhook retried or replayed
 * changes nothing the second time.
 */
import { and, eq } from "drizzle-orm";
import type { CourierWebhookAnswer } from "../../../contracts/answers/staff-orders";
import { readParcelInvoice } from "../../../contracts/shipments";
import { orders, shipments } from "../../db/schema";
import type { WebhookCall } from "../../integrations/couriers/provider";
import { unverifiedCaller } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { applyCourierStatus } from "./fulfilment";

export const WEBHOOK_REFUSED = "The webhook's signature or secret is not the shop's: nothing was changed";

/** What the route answers: the envelope's data, and the status and headers the courier expects. */
export type CourierWebhookReply = {
  status: 200 | 202;
  headers: Record<string, string>;
  answer: CourierWebhookAnswer;
};

export async function receiveCourierWebhook(
  ctx: Ctx,
  courier: string,
  call: WebhookCall,
): Promise<CourierWebhookReply> {
  const connected = ctx.couriers.get(courier);
  if (!connected?.readWebhook) {
    throw new DomainError("not_found", `No ${courier} webhook: ${courier} is not connected`);
  }
  const reading = connected.readWebhook(call);
  if (reading.kind === "refused") {
    ctx.log.warn({ courier, reason: reading.reason }, "courier webhook refused");
    throw unverifiedCaller(WEBHOOK_REFUSED);
  }
  const reply = reading.reply ?? { status: 200 as const, headers: {} };
  if (reading.kind !== "news") {
    return { ...reply, answer: { order: null, shipment: null, status: null, changed: false } };
  }
  const { news } = reading;
  const named = readParcelInvoice(news.invoice ?? "");
  const [o] = await ctx.db
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      number: orders.number,
      consignment: shipments.consignment,
      courier: shipments.courier,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(
      and(
        news.trackingCode === null
          ? and(eq(orders.number, named.orderNumber), eq(shipments.seq, named.seq))
          : eq(shipments.consignment, news.trackingCode.toUpperCase()),
        eq(shipments.courier, courier),
      ),
    )
    .limit(1);
  if (!o) {
    // A parcel booked outside the shop: nothing to record, and nothing for the courier to retry.
    ctx.log.info(
      { courier, trackingCode: news.trackingCode, invoice: news.invoice },
      "courier webhook for a parcel no order holds",
    );
    return { ...reply, answer: { order: null, shipment: news.status, status: null, changed: false } };
  }
  const synced = await applyCourierStatus(ctx, o, news);
  return {
    ...reply,
    answer: {
      order: o.number,
      shipment: news.status,
      status: synced?.status ?? null,
      changed: synced?.changed ?? false,
    },
  };
}
