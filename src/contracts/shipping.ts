/**
 * Where a parcel is, in our own words. Every courier adapter maps its statuses onto these, and the
 * tracking page shows them; imported by the web, so it holds no server code.
 */
export const SHIPMENT_STATUSES = [
  "pending",
  "in_review",
  "hold",
  "in_transit",
  "delivered",
  "partial_delivered",
  "cancelled",
  "returned",
  "unknown",
] as const;

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

const SHIPMENT_STATUS_WORDS: Record<ShipmentStatus, string> = {
  pending: /*i18n*/ "Packed, waiting for the courier",
  in_review: /*i18n*/ "Booked with the courier",
  hold: /*i18n*/ "On hold at the courier",
  in_transit: /*i18n*/ "Handed to the courier",
  delivered: /*i18n*/ "Delivered",
  partial_delivered: /*i18n*/ "Partly delivered",
  cancelled: /*i18n*/ "Delivery cancelled",
  returned: /*i18n*/ "Returned to the shop",
  unknown: /*i18n*/ "Waiting for news from the courier",
};

/** The customer-facing words for a shipment status, one line of the tracking timeline. */
export function describeShipmentStatus(status: ShipmentStatus): string {
  return SHIPMENT_STATUS_WORDS[status] ?? SHIPMENT_STATUS_WORDS.unknown;
}

export function isShipmentStatus(value: string): value is ShipmentStatus {
  return (SHIPMENT_STATUSES as readonly string[]).includes(value);
}
