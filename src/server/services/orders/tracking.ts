/**
 * `/tracking/{cn}`: a parcel's timeline for anyone holding its consignment number. It shows no
 * more of the order than its number's last digits, the district and how many items the parcel holds.
 */
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import { describeOrderStatus } from "../../../contracts/order-status";
import { isShipmentStatus, type ShipmentStatus } from "../../../contracts/shipping";
import {
  describeTimelineStatus,
  orderEnding,
  SHIPMENT_EVENT_PREFIX,
  type TrackingView,
} from "../../../contracts/tracking";
import { orderEvents, orders, shipments } from "../../db/schema";
import type { Ctx } from "../context";
import { consumeLimit } from "../platform/rate-limits";
import { courierLabel, followsShipment, syncCourierStatus } from "./fulfilment";
import type { ShipmentRow } from "./shipments";

/** The courier is asked again when its last answer is older than this. */
export const TRACKING_REFRESH_AFTER_MS = 5 * 60 * 1000;
/** How long a page waits for the courier before showing the last known state. */
export const TRACKING_REFRESH_WAIT_MS = 3000;

const OPEN = ["confirmed", "processing", "shipped"] as const;

/** A consignment number as typed or linked; anything that cannot be one finds nothing. */
function normaliseConsignment(raw: string): string | null {
  const cn = raw.trim().toUpperCase();
  return /^[A-Z0-9_-]{1,40}$/.test(cn) ? cn : null;
}

/**
 * Asks the courier about a parcel whose last answer is stale. The check is claimed with a
 * conditional update, so many visitors at once make one call; a failure keeps the last state.
 */
async function refreshIfStale(ctx: Ctx, s: ShipmentRow, orderStatus: string, waitMs: number): Promise<void> {
  if (!followsShipment(ctx, s) || !(OPEN as readonly string[]).includes(orderStatus) || s.state !== "shipped")
    return;
  const now = ctx.now();
  const claimed = await ctx.db
    .update(shipments)
    .set({ checkedAt: now })
    .where(
      and(
        eq(shipments.id, s.id),
        or(
          isNull(shipments.checkedAt),
          lt(shipments.checkedAt, new Date(now.getTime() - TRACKING_REFRESH_AFTER_MS)),
        ),
      ),
    )
    .returning({ id: shipments.id });
  if (claimed.length === 0) return;
  const sync = syncCourierStatus(ctx, s).then(
    () => undefined,
    (err: unknown) => {
      ctx.log.warn({ err, consignment: s.consignment }, "tracking: the courier could not be asked");
    },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  // A slow courier does not hold the page: its answer is saved for the next visit.
  await Promise.race([sync, wait]);
  clearTimeout(timer);
}

/**
 * The parcel with this consignment number, or null. For a connected courier's parcels the
 * courier is asked first when its last answer is a few minutes old (outside any transaction).
 * The timeline is the order's own lines and this parcel's courier news (decision 73).
 */
export async function findTracking(
  ctx: Ctx,
  raw: string,
  opts: { waitMs?: number } = {},
): Promise<TrackingView | null> {
  // Numbers typed by staff may run in sequence: one address cannot walk through them quickly.
  await consumeLimit(ctx, "trackingPerAddress", ctx.ip);
  const cn = normaliseConsignment(raw);
  if (!cn) return null;
  const [found] = await ctx.db
    .select({ s: shipments, status: orders.status })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.consignment, cn))
    .limit(1);
  if (!found) return null;
  await refreshIfStale(ctx, found.s, found.status, opts.waitMs ?? TRACKING_REFRESH_WAIT_MS);

  const [[o], parcels, events] = await Promise.all([
    ctx.db
      .select({ number: orders.number, status: orders.status, district: orders.district })
      .from(orders)
      .where(eq(orders.id, found.s.orderId)),
    ctx.db.select().from(shipments).where(eq(shipments.orderId, found.s.orderId)).orderBy(asc(shipments.seq)),
    ctx.db
      .select({ status: orderEvents.status, at: orderEvents.createdAt, shipmentId: orderEvents.shipmentId })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, found.s.orderId))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  const s = parcels.find((p) => p.id === found.s.id);
  if (!o || !s) return null;

  // The courier's "Delivered" and the order's "Delivered" at one moment read as one line.
  const timeline: TrackingView["events"] = [];
  let shipment: ShipmentStatus | null = null;
  for (const e of events) {
    const news = e.status.startsWith(SHIPMENT_EVENT_PREFIX);
    // Another parcel's courier news is not this parcel's.
    if (news && e.shipmentId !== null && e.shipmentId !== s.id) continue;
    if (news) {
      const st = e.status.slice(SHIPMENT_EVENT_PREFIX.length);
      shipment = isShipmentStatus(st) ? st : "unknown";
    }
    const text = describeTimelineStatus(e.status);
    if (text === null || timeline.at(-1)?.text === text) continue;
    timeline.push({ status: e.status, text, at: e.at.toISOString() });
  }
  return {
    consignment: cn,
    courier: courierLabel(s.courier),
    orderEnding: orderEnding(o.number),
    district: o.district,
    items: Object.values(s.lines).reduce((n, q) => n + q, 0),
    status: o.status,
    statusText: describeOrderStatus(o.status),
    shipment,
    events: timeline,
    checkedAt: s.checkedAt?.toISOString() ?? null,
    parcel: parcels.length > 1 ? { seq: s.seq, of: parcels.length } : null,
  };
}
