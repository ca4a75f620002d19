/**
 * A phone's delivery record kept by someone outside the shop (a courier across all its merchants),
 * asked before a cash-on-delivery order is packed (decision 68). The shop's own record is read from
 * its orders; this adds what others saw.
 */
export type ExternalDeliveryHistory = { delivered: number; returned: number };

export interface DeliveryHistoryLookup {
  /** `none`, or the service asked (`steadfast`). */
  readonly name: string;
  /**
   * The phone's (local form 01XXXXXXXXX) delivered and returned parcels; null when this lookup
   * has nothing to say. Throws on a failure or when `signal` aborts: the caller counts that as no
   * history.
   */
  lookup(phone: string, signal: AbortSignal): Promise<ExternalDeliveryHistory | null>;
}

/** No lookup connected: only the shop's own orders count. */
export function noDeliveryHistory(): DeliveryHistoryLookup {
  return { name: "none", lookup: async () => null };
}
