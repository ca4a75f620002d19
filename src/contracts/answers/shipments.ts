/**
 * What the API answers about the parcels of an order (decision 73), to its buyer and to staff.
 * Dates are ISO 8601 in UTC.
 */
import { SHIPMENT_STATES } from "../shipments";
import { SHIPMENT_STATUSES } from "../shipping";
import { z } from "../zod";
import { isoTime } from "./shared";

export const shipmentViewSchema = z
  .object({
    seq: z.int().meta({ description: "1, 2, …: the parcel's number within the order" }),
    of: z.int().meta({ description: "How many parcels the order has" }),
    state: z.enum(SHIPMENT_STATES),
    stateText: z.string(),
    courier: z.string().nullable().meta({ description: "The courier's name as the shop keeps it" }),
    courierLabel: z.string().nullable().meta({ description: "The courier as people read it" }),
    byHand: z.boolean().meta({ description: "Staff handed the parcel over themselves (no consignment)" }),
    consignment: z.string().nullable(),
    trackingPath: z.string().nullable().meta({ description: "Where the parcel is followed" }),
    parcel: z
      .enum(SHIPMENT_STATUSES)
      .nullable()
      .meta({ description: "The courier's last word about the parcel, in the shop's words" }),
    parcelText: z.string().nullable(),
    followsCourier: z
      .boolean()
      .meta({ description: "Whether the parcel's courier is connected and can be asked about it" }),
    lines: z.array(z.object({ lineId: z.int(), productId: z.int(), title: z.string(), quantity: z.int() })),
    shippedAt: isoTime().nullable(),
    deliveredAt: isoTime().nullable(),
    checkedAt: isoTime().nullable().meta({ description: "When its courier was last asked about it" }),
  })
  .meta({ id: "Shipment" });

/** One parcel of an order as the buyer's order page and the staff's order page show it. */
export type ShipmentView = z.infer<typeof shipmentViewSchema>;
