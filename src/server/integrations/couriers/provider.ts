import type { ShipmentStatus } from "../../../contracts/shipping";

export type { ShipmentStatus } from "../../../contracts/shipping";

export type ConsignmentRequest = {
  /** Our order number; the courier refuses a second consignment with the same one. */
  invoice: string;
  recipientName: string;
  /** Local form 01XXXXXXXXX. */
  recipientPhone: string;
  recipientAddress: string;
  /** Poisha the courier collects on delivery; 0 when the order is prepaid. */
  codAmount: number;
  note?: string | null;
};

export type Consignment = {
  consignmentId: string;
  trackingCode: string;
  status: ShipmentStatus;
  /** The courier's answer as it came, for the shipment's record. */
  raw: unknown;
};

export type CourierStatus = {
  status: ShipmentStatus;
  /** The courier's own word, e.g. Steadfast's `delivered_approval_pending`. */
  courierStatus: string;
  raw: unknown;
};

export type ConsignmentRef = {
  consignmentId?: string | null;
  trackingCode?: string | null;
  invoice?: string;
};

/** Books parcels with a delivery company and asks it where they are. */
export interface Courier {
  readonly name: "manual" | "steadfast";
  /** manual: returns null (staff enter a consignment number themselves). */
  createConsignment(req: ConsignmentRequest): Promise<Consignment | null>;
  /** manual: returns null (status is what staff set). */
  fetchStatus(ref: ConsignmentRef): Promise<CourierStatus | null>;
}

/**
 * Why a courier call failed. `timeout` and `unreachable` may succeed on a retry; after a `timeout`
 * of createConsignment the courier may have booked the parcel anyway, so a retry with the same
 * invoice can come back `rejected` as a duplicate.
 */
export type CourierErrorCode =
  | "invalid_request"
  | "rejected"
  | "not_found"
  | "timeout"
  | "unreachable"
  | "bad_answer";

export class CourierError extends Error {
  constructor(
    readonly courier: string,
    readonly code: CourierErrorCode,
    message: string,
    readonly details: { httpStatus?: number; fields?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "CourierError";
  }
}
