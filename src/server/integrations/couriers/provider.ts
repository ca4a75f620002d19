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
  /** The order's district (one of the 64, official spelling): Pathao and RedX book by their own area ids for it. */
  district?: string;
  /** The order's area (thana or neighbourhood) inside the district, matched against the courier's zones. */
  area?: string;
  /** The parcel's weight in grams; couriers price by it. Default 500. */
  weightGrams?: number;
  /** What the parcel is worth in poisha (RedX wants it declared for compensation). */
  value?: number;
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

/** What a courier charges for a parcel, in poisha. */
export type ParcelPrice = {
  /** Everything the courier takes for the parcel: delivery and the cash-on-delivery fee. */
  total: number;
  delivery: number;
  codFee: number;
  raw: unknown;
};

/** A webhook call as it came in: the raw headers (lower-case names), the query and the parsed body. */
export type WebhookCall = {
  headers: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  body: unknown;
};

/** The courier's news about one parcel, as read from a webhook. */
export type ParcelNews = {
  /**
   * The number the order keeps as its consignment (the courier's tracking code); null when the
   * courier names the parcel by our order number only (Steadfast).
   */
  trackingCode: string | null;
  /** Our order number when the courier repeats it. */
  invoice: string | null;
  status: ShipmentStatus;
  courierStatus: string;
  /** When the courier says it happened (ISO), or null. */
  at: string | null;
};

/**
 * What a webhook call turned out to be: `refused` (its signature or secret is wrong: nothing may
 * change), `handshake` (the courier checking the address; answer with `status` and `headers`),
 * `ignored` (an event that moves no parcel, e.g. a payment invoice) or `news`.
 */
export type WebhookReading =
  | { kind: "refused"; reason: string }
  | { kind: "handshake"; event: string; reply: WebhookReply }
  | { kind: "ignored"; event: string; reply?: WebhookReply }
  | { kind: "news"; news: ParcelNews; reply?: WebhookReply };

/** The HTTP status and headers a courier wants its webhook answered with (else 200). */
export type WebhookReply = { status: 200 | 202; headers: Record<string, string> };

/** The couriers the shop books with (their own systems, each behind its adapter). */
export const REAL_COURIERS = ["steadfast", "pathao", "redx"] as const;
export type RealCourierName = (typeof REAL_COURIERS)[number];

/**
 * The demo courier's stand-ins, one under each real courier's name (decision 67): a demo shop's
 * clerk tries booking with each, and nothing is sent anywhere. Staff and buyers see "Steadfast
 * (demo)", never "Steadfast".
 */
export const DEMO_STAND_INS = ["demo-steadfast", "demo-pathao", "demo-redx"] as const;
export type DemoStandIn = (typeof DEMO_STAND_INS)[number];

export const COURIER_NAMES = ["manual", ...REAL_COURIERS, "demo", ...DEMO_STAND_INS] as const;
export type CourierName = (typeof COURIER_NAMES)[number];

/** Books parcels with a delivery company and asks it where they are. */
export interface Courier {
  readonly name: CourierName;
  /** manual: returns null (staff enter a consignment number themselves). */
  createConsignment(req: ConsignmentRequest): Promise<Consignment | null>;
  /** manual: returns null (status is what staff set). */
  fetchStatus(ref: ConsignmentRef): Promise<CourierStatus | null>;
  /** What the courier would charge for this parcel (couriers with a price API only). */
  priceFor?(req: ConsignmentRequest): Promise<ParcelPrice>;
  /** Checks a webhook call's signature or secret and reads it (couriers that send webhooks only). */
  readWebhook?(call: WebhookCall): WebhookReading;
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
