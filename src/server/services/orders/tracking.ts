/**
 * `/tracking/{cn}`: a parcel's timeline for anyone holding its consignment number. It shows no
 * more of the order than its number's last digits, the district and how many items it holds.
 */
import { and, asc, eq, isNull, lt, or, sum } from "drizzle-orm";
import { describeOrderStatus } from "../../../contracts/order-status";
import { isShipmentStatus, type ShipmentStatus } from "../../../contracts/shipping";
import {
  describeTimelineStatus,
  orderEnding,
  SHIPMENT_EVENT_PREFIX,
  type TrackingView,
} from "../../../contracts/tracking";
import { orderEvents, orderLines, orders } from "../../db/schema";
import type { Ctx } from "../context";
import { consumeLimit } from "../platform/rate-limits";
import { courierLabel, followsCourier, syncCourierStatus } from "./fulfilment";

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
async function refreshIfStale(ctx: Ctx, o: typeof orders.$inferSelect, waitMs: number): Promise<void> {
  if (!followsCourier(ctx, o) || !(OPEN as readonly string[]).includes(o.status)) return;
  const now = ctx.now();
  const claimed = await ctx.db
    .update(orders)
    .set({ courierCheckedAt: now })
    .where(
      and(
        eq(orders.id, o.id),
        or(
          isNull(orders.courierCheckedAt),
          lt(orders.courierCheckedAt, new Date(now.getTime() - TRACKING_REFRESH_AFTER_MS)),
        ),
      ),
    )
    .returning({ id: orders.id });
  if (claimed.length === 0) return;
  const sync = syncCourierStatus(ctx, o).then(
    () => undefined,
    (err: unknown) => {
      ctx.log.warn({ err, consignment: o.consignment }, "tracking: the courier could not be asked");
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
 * The parcel with this consignment number, or null. For the connected courier's parcels the
 * courier is asked first when its last answer is a few minutes old (outside any transaction).
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
  const [found] = await ctx.db.select().from(orders).where(eq(orders.consignment, cn)).limit(1);
  if (!found) return null;
  await refreshIfStale(ctx, found, opts.waitMs ?? TRACKING_REFRESH_WAIT_MS);

  const [[o], [items], events] = await Promise.all([
    ctx.db
      .select({
        number: orders.number,
        status: orders.status,
        district: orders.district,
        courier: orders.courier,
        checkedAt: orders.courierCheckedAt,
      })
      .from(orders)
      .where(eq(orders.id, found.id)),
    ctx.db
      .select({ n: sum(orderLines.quantity).mapWith(Number) })
      .from(orderLines)
      .where(eq(orderLines.orderId, found.id)),
    ctx.db
      .select({ status: orderEvents.status, at: orderEvents.createdAt })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, found.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  if (!o) return null;

  // The courier's "Delivered" and the order's "Delivered" at one moment read as one line.
  const timeline: TrackingView["events"] = [];
  let shipment: ShipmentStatus | null = null;
  for (const e of events) {
    if (e.status.startsWith(SHIPMENT_EVENT_PREFIX)) {
      const s = e.status.slice(SHIPMENT_EVENT_PREFIX.length);
      shipment = isShipmentStatus(s) ? s : "unknown";
    }
    const text = describeTimelineStatus(e.status);
    if (text === null || timeline.at(-1)?.text === text) continue;
    timeline.push({ status: e.status, text, at: e.at.toISOString() });
  }
  return {
    consignment: cn,
    courier: courierLabel(o.courier),
    orderEnding: orderEnding(o.number),
    district: o.district,
    items: items?.n ?? 0,
    status: o.status,
    statusText: describeOrderStatus(o.status),
    shipment,
    events: timeline,
    checkedAt: o.checkedAt?.toISOString() ?? null,
  };
}
