/**
 * The parcels of an order (decision 73): where each stands, and the words buyers and staff read
 * for it. Imported by the web, so it holds no server code.
 */

/**
 * Where one parcel stands: `waiting` for its pre-ordered books to arrive, `ready` to be booked,
 * `shipped` (with its consignment, or handed over by staff), then `delivered`, or `cancelled`
 * (never sent, or the courier gave up on it) or `returned` to the shop.
 */
export const SHIPMENT_STATES = ["waiting", "ready", "shipped", "delivered", "cancelled", "returned"] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

/** The states in which a parcel still gets a consignment, by a booking or a typed number. */
export const CONSIGNABLE_SHIPMENT_STATES: readonly ShipmentState[] = ["ready", "shipped"];

/** The states in which the courier's news can still move a parcel on. */
export const OPEN_SHIPMENT_STATES: readonly ShipmentState[] = ["ready", "shipped"];

const STATE_WORDS: Record<ShipmentState, string> = {
  waiting: /*i18n*/ "Waiting for its books to arrive",
  ready: /*i18n*/ "Being packed",
  shipped: /*i18n*/ "On its way",
  delivered: /*i18n*/ "Delivered",
  cancelled: /*i18n*/ "Cancelled",
  returned: /*i18n*/ "Returned to the shop",
};

/** The buyer's words for where a parcel stands. */
export function describeShipmentState(state: ShipmentState): string {
  return STATE_WORDS[state];
}

/** "Parcel 2 of 2" in the history and messages; nothing for an order sent as one parcel. */
export function parcelLabel(seq: number, of: number): string | null {
  return of > 1 ? `Parcel ${seq} of ${of}` : null;
}

/**
 * The number a courier is given for the parcel (its "invoice"): the order number for the first
 * parcel, `N-2` for the second, so a courier that refuses a second booking under one number (and
 * Steadfast, whose webhook names the parcel by it) tells the parcels apart.
 */
export function parcelInvoice(orderNumber: string, seq: number): string {
  return seq === 1 ? orderNumber : `${orderNumber}-${seq}`;
}

/** The order number and parcel a courier's invoice names (`parcelInvoice` read back). */
export function readParcelInvoice(invoice: string): { orderNumber: string; seq: number } {
  const m = /^(.+)-(\d{1,3})$/.exec(invoice);
  return m ? { orderNumber: m[1]!, seq: Number(m[2]) } : { orderNumber: invoice, seq: 1 };
}
