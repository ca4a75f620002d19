/**
 * The demo student's order sent in two parcels (decisions 72 and 73), placed in the demo's order
 * history through the services: a book in stock beside a book on pre-order, two parcels chosen at
 * checkout. Parcel 1 is booked, taken by the rider and delivered; the pre-ordered book is released
 * three days before the history ends, filled from stock on its release day (a "sold" row of the
 * stock ledger naming the order), and parcel 2 leaves with its own consignment and is on its way
 * when the history ends. So `/orders`, the order's page, `/tracking/{cn}` and the admin order page
 * show an order of two parcels, each with its own timeline.
 */
import { and, asc, eq, gte, notInArray } from "drizzle-orm";
import { dhakaDay } from "../../contracts/sales";
import type { Db } from "../db/client";
import { bundleItems, products, shipments } from "../db/schema";
import { addToCart } from "../services/cart/cart";
import { placeOrder } from "../services/cart/checkout";
import { fillWaitingLines } from "../services/catalog/preorders";
import type { AppDeps, Ctx } from "../services/context";
import { applyCourierStatus, assignConsignment, setOrderStatus } from "../services/orders/fulfilment";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** The courier of the demo's parcels inside Dhaka, and the prefix of the numbers typed for it. */
const COURIER = { name: "pathao", prefix: "PT" } as const;

/** What the history lends the two-parcel order: its steps at times, the buyer, staff and the clock. */
export type TwoParcelsEnv = {
  db: Db;
  /** The history's services, with its clock. */
  deps: Pick<AppDeps, "db" | "now">;
  /** Schedules a step at a time (nothing after the history's end happens). */
  at: (time: number, run: () => Promise<unknown>) => void;
  buyer: Ctx;
  staff: Ctx;
  /** The history's end. */
  end: number;
  origin: string;
};

/**
 * Picks the two books, the one in stock and the one to pre-order: printed books with copies for
 * the history's other orders to leave alone, in no bundle (a bundle's sale would take the
 * pre-order's copies). Null when the catalogue has no two such books.
 */
export async function pickTwoParcelBooks(db: Db): Promise<{ now: number; later: number } | null> {
  const bundled = db.select({ id: bundleItems.itemId }).from(bundleItems);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.kind, "book"),
        eq(products.published, true),
        gte(products.stock, 20),
        notInArray(products.id, bundled),
      ),
    )
    .orderBy(asc(products.id));
  const later = rows.at(-1);
  const now = rows.at(-2);
  return later && now ? { now: now.id, later: later.id } : null;
}

/**
 * Schedules the order (see the top of this file): the book to pre-order gets its release date
 * now, the order is placed 14 days before the end, and each parcel's steps follow.
 */
export async function planTwoParcelOrder(env: TwoParcelsEnv, books: { now: number; later: number }) {
  const { db, at, buyer, staff, end } = env;
  const placedAt = end - 14 * DAY;
  // Released three days before the end, at midnight in Dhaka (18:00 UTC the day before).
  const release = dhakaDay(new Date(end - 3 * DAY));
  const releasedAt = new Date(`${release}T00:00:00+06:00`).getTime();
  await db.update(products).set({ releaseDate: release }).where(eq(products.id, books.later));

  let orderId = 0;
  let number = "";
  const parcel = async (seq: number) => {
    const [s] = await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId), eq(shipments.seq, seq)));
    if (!s) throw new Error(`the two-parcel demo order has no parcel ${seq}`);
    return s;
  };
  const courierSays = (seq: number, status: "in_transit" | "delivered", words: string) => async () =>
    applyCourierStatus(staff, await parcel(seq), { status, courierStatus: words });

  at(placedAt, async () => {
    for (const id of [books.now, books.later]) {
      await addToCart(buyer, { bookId: id, type: "book", quantity: 1, source: "website" });
    }
    const user = buyer.user;
    if (!user) throw new Error("the two-parcel demo order needs its buyer");
    const placed = await placeOrder(
      buyer,
      {
        name: user.name,
        phone: user.phone,
        district: "Dhaka",
        area: "Mirpur",
        address: "House 12, Road 5, Section 10",
        paymentMethod: "cod",
        waitShipping: "split",
      },
      { origin: env.origin },
    );
    orderId = placed.orderId;
    number = placed.orderNumber;
  });
  // Parcel 1: packed, booked with its number, with the rider, delivered.
  at(placedAt + 5 * HOUR, () => setOrderStatus(staff, orderId, { status: "processing" }));
  at(placedAt + 22 * HOUR, () =>
    assignConsignment(staff, orderId, {
      consignment: `${COURIER.prefix}${number}`,
      courier: COURIER.name,
      shipment: 1,
    }),
  );
  at(placedAt + 28 * HOUR, courierSays(1, "in_transit", "With the rider"));
  at(placedAt + 2 * DAY + 3 * HOUR, courierSays(1, "delivered", "Delivered"));
  // Parcel 2: the book is filled from stock on its release day, as the minute's sweep does, then sent.
  at(releasedAt + 10 * 60_000, () => fillWaitingLines(env.deps));
  at(releasedAt + DAY + 11 * HOUR, () =>
    assignConsignment(staff, orderId, {
      consignment: `${COURIER.prefix}${number}-2`,
      courier: COURIER.name,
      shipment: 2,
    }),
  );
  at(releasedAt + DAY + 17 * HOUR, courierSays(2, "in_transit", "With the rider"));
}
