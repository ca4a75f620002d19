/**
 * Staff order handling: the status changes staff may make, the consignment form, and what the
 * staff calls answer. Imported by the admin pages and the server.
 */
import type { orderFulfilmentSchema } from "./answers/staff-orders";
import { courierChoice } from "./couriers";
import { describeOrderStatus, ORDER_STATUSES, type OrderStatus } from "./order-status";
import { z } from "./zod";

/**
 * Where staff may move an order from each status. Placing and paying move the unpaid ones; a
 * cancelled, refunded or returned order is final (a returned one is recorded with its reason and
 * the courier's charge: POST /api/admin/orders/:id/return). Shipping a parcel can also skip "processing" through its
 * consignment (PUT /api/admin/orders/:id/consignment).
 */
export const STAFF_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: [],
  payment_failed: [],
  confirmed: ["processing", "cancelled", "refunded"],
  processing: ["shipped", "cancelled", "refunded"],
  shipped: ["delivered", "returned", "refunded"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
  returned: [],
};

/** Statuses that only an order with something to ship (a printed book, stationery) can take. */
export const SHIPPING_STATUSES: readonly OrderStatus[] = ["processing", "shipped", "delivered"];

/** Statuses in which an order's consignment may be set or changed. */
export const CONSIGNABLE_STATUSES: readonly OrderStatus[] = ["confirmed", "processing", "shipped"];

/** Why staff cannot move an order from `from` to `to`, in words; null when they can. */
export function transitionRefusal(number: string, from: OrderStatus, to: OrderStatus): string | null {
  if (from === to) return `Order ${number} is already ${describeOrderStatus(from).toLowerCase()}`;
  const next = STAFF_TRANSITIONS[from];
  if (next.includes(to)) return null;
  const now = `Order ${number} is ${describeOrderStatus(from).toLowerCase()}`;
  if (next.length === 0) {
    return from === "pending_payment" || from === "payment_failed"
      ? `${now}: staff can change its status once it is paid`
      : `${now}: its status can no longer change`;
  }
  const options = next.map((s) => `"${describeOrderStatus(s)}"`).join(", ");
  return `${now} and cannot become "${describeOrderStatus(to)}"; it can become ${options}`;
}

/** The courier recorded when staff type a consignment number without naming one. */
export const MANUAL_COURIER = "manual";

/**
 * The courier recorded for a parcel staff hand over themselves ("Delivered by hand"): shipped
 * with no consignment number, so there is no tracking link to send.
 */
export const BY_HAND_COURIER = "hand";

/**
 * How the shop writes the couriers it connects to; the demo's, and its stand-ins under each
 * courier's name (decision 67), say "demo" wherever staff or buyers read them.
 */
const COURIER_LABELS: Readonly<Record<string, string>> = {
  steadfast: "Steadfast",
  pathao: "Pathao",
  redx: "RedX",
  demo: "Demo courier",
  "demo-steadfast": "Steadfast (demo)",
  "demo-pathao": "Pathao (demo)",
  "demo-redx": "RedX (demo)",
};

/** Whether parcels booked with this courier go nowhere: the demo courier or one of its stand-ins. */
export function isDemoCourier(courier: string | null): boolean {
  return courier === "demo" || (courier?.startsWith("demo-") ?? false);
}

/** The courier that parcels are booked with when the shop runs as a demo (nothing is sent). */
export const DEMO_COURIER = "demo";

/** "Steadfast" for `steadfast`, "Demo courier" for `demo`; staff's own words for a courier they typed; null for none. */
export function courierLabel(courier: string | null): string | null {
  if (!courier || courier === MANUAL_COURIER || courier === BY_HAND_COURIER) return null;
  return COURIER_LABELS[courier] ?? courier.charAt(0).toUpperCase() + courier.slice(1);
}

/** A consignment number as staff type it; stored upper-cased. */
const consignmentNumber = z
  .string({ error: "Consignment number is required" })
  .trim()
  .min(1, { error: "Consignment number is required", abort: true })
  .min(3, { error: "A consignment number has at least 3 characters", abort: true })
  .max(40, { error: "A consignment number has at most 40 characters" })
  .regex(/^[A-Za-z0-9_-]+$/, { error: "A consignment number has only letters, digits, - and _" })
  .transform((v) => v.toUpperCase());

/** The courier staff name beside a number they typed (lower-cased); "manual" when none. */
const courierName = z
  .string({ error: "courier must be text" })
  .trim()
  .max(40, { error: "A courier name has at most 40 characters" })
  .optional()
  .transform((v) => (v ? v.toLowerCase() : MANUAL_COURIER));

/** Which parcel of the order (1, 2, …); without it, the first one still to be sent (decision 73). */
const parcelNumber = z
  .int({ error: "shipment is a parcel's number: 1, 2, …" })
  .min(1, { error: "shipment is a parcel's number: 1, 2, …" })
  .max(20, { error: "An order has at most 20 parcels" })
  .optional()
  .meta({
    description: "The parcel's number within the order (1, 2, …); without it, the first still to be sent",
  });

/**
 * `POST /api/admin/orders/:id/courier`: the courier to book with; without one, the district's
 * default courier, else the shop's.
 */
export const bookCourierSchema = z.object({ courier: courierChoice.optional(), shipment: parcelNumber });

/** `PUT /api/admin/orders/:id/consignment`: the number is stored upper-cased. */
export const consignmentSchema = z.object({
  consignment: consignmentNumber,
  courier: courierName,
  shipment: parcelNumber,
});

/**
 * `POST /api/admin/orders/:id/shipments`: staff send some of a parcel's items apart, as a parcel of
 * their own (a book that is late, a parcel too heavy). `parcels` is how many the order had on the
 * page: a double tap, or a colleague's split meanwhile, is refused instead of splitting twice.
 */
export const shipmentSplitSchema = z.object({
  from: z
    .int({ error: "from is a parcel's number: 1, 2, …" })
    .min(1, { error: "from is a parcel's number: 1, 2, …" })
    .max(20, { error: "An order has at most 20 parcels" }),
  parcels: z
    .int({ error: "parcels is how many parcels the order had on the page" })
    .min(1, { error: "parcels is how many parcels the order had on the page" })
    .max(20, { error: "An order has at most 20 parcels" }),
  lines: z
    .array(
      z.object({
        lineId: z
          .int({ error: "lineId is one of the order's lines" })
          .positive({ error: "lineId is one of the order's lines" }),
        quantity: z
          .int({ error: "quantity is a whole number" })
          .min(1, { error: "Move at least one of a line" })
          .max(999, { error: "quantity is at most 999" }),
      }),
      { error: "lines lists the items to send apart" },
    )
    .min(1, { error: "Choose at least one item to send apart" })
    .max(100, { error: "At most 100 lines" }),
});
export type ShipmentSplit = z.input<typeof shipmentSplitSchema>;

/** `POST /api/admin/orders/:id/courier/refresh`: which parcel to ask about (else the first with a number). */
export const courierRefreshSchema = z.object({ shipment: parcelNumber });

/** Why an order cannot be marked shipped as asked. */
export const SHIPPED_NEEDS_CONSIGNMENT =
  "Type the parcel's consignment number to mark it shipped, or choose “Delivered by hand”";
export const CONSIGNMENT_ONLY_WHEN_SHIPPED =
  "A consignment number or “Delivered by hand” goes with Shipped only";
export const CONSIGNMENT_OR_BY_HAND = "Either a consignment number or “Delivered by hand”, not both";

/**
 * `PATCH /api/admin/orders/:id/status`. Shipped needs the parcel's consignment number (saved as
 * the consignment, which sends the buyer the tracking link) or `byHand` (staff hand it over).
 */
export const orderStatusChangeSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(", ")}` }),
    note: z
      .string({ error: "note must be text" })
      .trim()
      .max(500, { error: "A note has at most 500 characters" })
      .optional()
      .transform((v) => (v ? v : undefined)),
    consignment: consignmentNumber.optional().meta({
      description:
        "With Shipped: the parcel's consignment number, saved as PUT …/consignment saves it (the buyer is texted its tracking link)",
    }),
    courier: courierName,
    byHand: z
      .boolean({ error: "byHand is true or false" })
      .optional()
      .meta({ description: "With Shipped: staff hand the parcel over themselves (no consignment number)" }),
  })
  .superRefine((v, c) => {
    const given = v.consignment !== undefined || v.byHand === true;
    if (given && v.status !== "shipped") {
      c.addIssue({ code: "custom", path: ["consignment"], message: CONSIGNMENT_ONLY_WHEN_SHIPPED });
    } else if (v.consignment !== undefined && v.byHand === true) {
      c.addIssue({ code: "custom", path: ["byHand"], message: CONSIGNMENT_OR_BY_HAND });
    }
  });
export type OrderStatusChange = z.input<typeof orderStatusChangeSchema>;
export type ConsignmentInput = z.input<typeof consignmentSchema>;

/** What the staff calls answer: the order's fulfilment state (money in poisha). */
export type OrderFulfilment = z.infer<typeof orderFulfilmentSchema>;
