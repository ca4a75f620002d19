/**
 * The demo shop's order history (decision 51): on the demo's first start, a few hundred orders
 * over the last 60 days by a few dozen customers, made through the shop's own services with a
 * clock that moves through those days. Customers fill their carts and check out (cash on
 * delivery, or online through the sandbox gateway's confirmation path); staff check COD orders by
 * phone, pack them, ship them with a consignment number, mark them delivered, record the
 * couriers' weekly cash, cancel a few, take back a few refused at the door, refund a few (with their credit notes) and pay the refunds
 * owed. Some customers first came through the demo student's share link: their first parcels
 * delivered earn the demo student store credit. So the stock ledger, the sold counts, invoices, credit notes, AP/AR, courier cash, the
 * dashboard and the reports all come from the same rules a real sale goes through, and agree.
 *
 * The SMS and emails these orders would send are written to the outbox as every order's are, and
 * recorded as sent at their event's time although none was sent (the seed's own providers drop
 * them): a fresh demo neither texts its made-up customers nor starts with hundreds of pending messages.
 */
import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { isDigitalKind } from "../../contracts/catalog";
import { DISTRICT_NAMES, isDhakaDistrict } from "../../contracts/districts";
import type { PublicUser } from "../../contracts/user";
import { cartLines, carts, orderLines, orders, outbox, products, refunds, users } from "../db/schema";
import { createSandboxGateway } from "../integrations/payments/sandbox";
import { publicUserColumns, toPublicUser } from "../services/accounts/users";
import { addToCart, applyCoupon } from "../services/cart/cart";
import { placeOrder } from "../services/cart/checkout";
import { type AppDeps, type Ctx, contextFor } from "../services/context";
import { DomainError } from "../services/errors";
import { settlePayment } from "../services/money/payments";
import { markRefundPaid, refundOrder, setCodCheck } from "../services/orders/admin-order";
import { codOutstanding, recordCodRemittance } from "../services/orders/cod-remittances";
import { assignConsignment, recordParcelReturn, setOrderStatus } from "../services/orders/fulfilment";
import { cancelOrder } from "../services/orders/orders";
import { nudgeOutbox } from "../services/platform/outbox";
import { DEMO_CUSTOMER } from "./accounts";
import { pickTwoParcelBooks, planTwoParcelOrder } from "./demo-parcels";
import { AREAS, DHAKA_AREAS, ensureCustomers, SOURCES } from "./orders";
import { createRandom, type Random } from "./random";

/** What the demo's first start adds: orders over the last `days`, by `customers` made for them. */
export const DEMO_HISTORY = { days: 60, orders: 250, customers: 36 } as const;

export type DemoHistoryResult = {
  /** Orders placed. */
  orders: number;
  /** Steps a service refused (an item sold out meanwhile): the order stays as it was. */
  refused: number;
  byStatus: Record<string, number>;
  ms: number;
};

export type DemoHistoryOptions = {
  /** The end of the history (now by default). */
  now?: Date;
  orders?: number;
  days?: number;
  customers?: number;
  seed?: string;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A printed item is ordered only while this many more are left on the shelf. */
const SHELF_RESERVE = 8;
const COURIERS = { dhaka: "pathao", country: "sundarban" } as const;

type ShelfItem = { id: number; kind: string; stock: number | null };
type Customer = { user: PublicUser; district: string; area: string; address: string };
type Step = { at: number; seq: number; run: () => Promise<unknown> };

/** Sends nothing: the history's messages are not for real phones. */
const silentSms = { name: "demo-history", send: async () => {} };
const silentEmail = { name: "demo-history", send: async () => {} };

/**
 * Places the demo's order history (DEMO_HISTORY) through the services, oldest first, with the
 * clock at each step's time. Only into a shop without orders; answers what it made.
 */
export async function seedDemoOrders(
  deps: AppDeps,
  opts: DemoHistoryOptions = {},
): Promise<DemoHistoryResult> {
  const started = performance.now();
  const { db } = deps;
  // Invented customers, paid through its own sandbox gateway: never on a production server.
  if (deps.config.production) return { orders: 0, refused: 0, byStatus: {}, ms: 0 };
  const [any] = await db.select({ id: orders.id }).from(orders).limit(1);
  if (any) return { orders: 0, refused: 0, byStatus: {}, ms: 0 };
  const end = (opts.now ?? deps.now()).getTime();
  const days = opts.days ?? DEMO_HISTORY.days;
  const n = opts.orders ?? DEMO_HISTORY.orders;
  const start = end - days * DAY;
  const r = createRandom(opts.seed ?? "pathagar-demo-orders-v1");

  let clock = start;
  // The history's own sandbox gateway (whatever gateway the shop has), quiet in the log.
  const sandbox = createSandboxGateway(
    db,
    deps.log.child({ integration: "demo-history" }, { level: "warn" }),
  );
  const seedDeps: AppDeps = {
    ...deps,
    sms: silentSms,
    email: silentEmail,
    payments: sandbox,
    sandbox,
    now: () => new Date(clock),
  };
  const as = (user: PublicUser): Ctx => contextFor(seedDeps, { user, ip: "demo-history" });
  const origin = deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`;
  const [lastMessage] = await db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)` }).from(outbox);

  const [adminRow] = await db
    .select(publicUserColumns)
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(users.id)
    .limit(1);
  if (!adminRow) throw new Error("the demo history needs the admin account: create the accounts first");
  const staff = as(toPublicUser(adminRow));

  const customers = await demoCustomers(db, r, opts.customers ?? DEMO_HISTORY.customers, new Date(start));
  const [demoStudent] = await db
    .select({ ...publicUserColumns, referralCode: users.referralCode })
    .from(users)
    .where(eq(users.phone, DEMO_CUSTOMER.phone))
    .limit(1);
  const sharer = demoStudent?.referralCode ?? null;
  const orderedBefore = new Set<number>();
  const shelf = await db
    .select({ id: products.id, kind: products.kind, stock: products.stock })
    .from(products)
    .where(and(eq(products.published, true), gt(products.price, 0)))
    .orderBy(products.id);
  // A few things sell a lot, most a little: each kind's shelf in a seeded order, drawn near its front.
  const ofKind = (kinds: string[]) => r.shuffle(shelf.filter((p) => kinds.includes(p.kind)));
  // The demo student's order in two parcels has two books of its own: no other order takes them.
  const twoParcels = demoStudent ? await pickTwoParcelBooks(db) : null;
  const kept = new Set(twoParcels ? [twoParcels.now, twoParcels.later] : []);
  const printed = ofKind(["book", "stationary"]).filter((p) => !kept.has(p.id));
  const bundles = ofKind(["bundle"]);
  const digital = ofKind(["ebook", "content"]);
  const left = new Map(shelf.map((p) => [p.id, p.stock]));
  const owned = new Set<string>();
  const popular = <T>(items: T[]): T => items[Math.floor(items.length * r.next() ** 2.2)]!;

  // The steps, in time order; a step may add later ones. Those after the end never happen: the
  // last days' orders are still being packed, shipped or delivered.
  const queue: Step[] = [];
  let seq = 0;
  const at = (time: number, run: () => Promise<unknown>) => {
    if (time > end) return;
    const step = { at: time, seq: seq++, run };
    let i = queue.length;
    while (i > 0 && (queue[i - 1]!.at > time || (queue[i - 1]!.at === time && queue[i - 1]!.seq > step.seq)))
      i--;
    queue.splice(i, 0, step);
  };
  let refused = 0;
  let placedCount = 0;

  /**
   * One order: what the customer puts in the cart, how they pay, and what staff do with it.
   * `unpaid`: an e-book whose buyer is still on the payment page when the history ends.
   */
  const order = async (c: Customer, unpaid = false) => {
    const buyer = as(c.user);
    const roll = unpaid ? 0 : r.next();
    const wantsDigital = roll < 0.22 || roll > 0.92;
    const wantsPrinted = roll >= 0.22;
    const lines: { item: ShelfItem; quantity: number }[] = [];
    if (wantsPrinted) {
      const count = r.chance(0.55) ? 1 : r.chance(0.7) ? 2 : 3;
      for (let i = 0; i < count; i++) {
        const item = r.chance(0.1) && bundles.length > 0 ? popular(bundles) : popular(printed);
        const quantity = item.kind === "stationary" ? r.int(1, 3) : r.chance(0.88) ? 1 : 2;
        const stock = left.get(item.id);
        if (lines.some((l) => l.item.id === item.id)) continue;
        if (stock !== null && stock !== undefined && stock < quantity + SHELF_RESERVE) continue;
        lines.push({ item, quantity });
      }
    }
    if (wantsDigital) {
      const mine = (item: ShelfItem) => owned.has(`${c.user.id}:${item.id}`);
      const item = unpaid ? digital.find((d) => !mine(d)) : popular(digital);
      if (item && !mine(item)) lines.push({ item, quantity: 1 });
    }
    if (lines.length === 0) return;
    const source = r.chance(0.55) ? "website" : r.pick(SOURCES);
    // Every fourth customer first came through the demo student's share link (its `ref` code),
    // so the demo student's store credit (decision 71) grows as those first parcels are delivered.
    const referralCode = sharer && !orderedBefore.has(c.user.id) && c.user.id % 4 === 0 ? sharer : undefined;
    orderedBefore.add(c.user.id);
    try {
      for (const l of lines) {
        await addToCart(
          buyer,
          { bookId: l.item.id, type: l.item.kind, quantity: l.quantity, source },
          { referralCode },
        );
      }
      const physical = lines.some((l) => !isDigitalKind(l.item.kind));
      const code = r.chance(0.12) ? r.pick(["WELCOME10", "BOOKS50", "PEN15"]) : null;
      if (code) await applyCoupon(buyer, { code }).catch(ignoreRefusal);
      const cod = physical && !lines.some((l) => isDigitalKind(l.item.kind)) && r.chance(0.62);
      const placed = await placeOrder(
        buyer,
        {
          name: c.user.name,
          phone: c.user.phone,
          ...(physical ? { district: c.district, area: c.area, address: c.address } : {}),
          paymentMethod: cod ? "cod" : "gateway",
        },
        { origin },
      );
      placedCount++;
      for (const l of lines) {
        const stock = left.get(l.item.id);
        if (stock !== null && stock !== undefined) left.set(l.item.id, stock - l.quantity);
        if (isDigitalKind(l.item.kind)) owned.add(`${c.user.id}:${l.item.id}`);
      }
      if (cod) {
        afterConfirmed(placed.orderId, c, { cod: true, physical });
        return;
      }
      // The buyer pays on the sandbox's page (or not), and the shop believes the gateway only.
      if (unpaid) return;
      const fails = r.chance(0.06);
      at(clock + r.int(1, 4) * MINUTE, async () => {
        await sandbox.decide(placed.tranx, fails ? "fail" : "pay");
        await settlePayment(buyer, { provider: sandbox.name, tranx: placed.tranx, params: {} });
        if (!fails) afterConfirmed(placed.orderId, c, { cod: false, physical });
      });
    } catch (err) {
      ignoreRefusal(err);
      refused++;
      deps.log.debug({ reason: (err as Error).message }, "demo history: an order was refused");
      // A refused checkout leaves the cart as it was: emptied for the customer's next order.
      await db
        .delete(cartLines)
        .where(
          eq(cartLines.cartId, sql`(select ${carts.id} from ${carts} where ${carts.userId} = ${c.user.id})`),
        );
    }
  };

  /** What happens to a confirmed order: a digital one is in the library already; a parcel goes out. */
  const afterConfirmed = (id: number, c: Customer, o: { cod: boolean; physical: boolean }) => {
    const buyer = as(c.user);
    const fate = r.next();
    if (!o.physical) return;
    const t0 = clock;
    if (fate < 0.03) {
      // The buyer changes their mind before it is packed.
      at(t0 + r.int(20, 180) * MINUTE, async () => {
        await cancelOrder(buyer, id);
        if (!o.cod) payOwedLater(id);
      });
      return;
    }
    let t = t0;
    // Staff ring a third of the cash-on-delivery buyers before packing; one in twenty-five cannot be reached.
    if (o.cod && fate < 0.35) {
      t += r.int(30, 240) * MINUTE;
      const unreachable = fate < 0.07;
      at(t, () => setCodCheck(staff, id, { result: unreachable ? "unreachable" : "confirmed" }));
      if (unreachable) {
        at(t + r.int(20, 30) * HOUR, () =>
          setOrderStatus(staff, id, { status: "cancelled", note: "The buyer could not be reached" }),
        );
        return;
      }
    }
    // Half the parcels are marked packed first; the others go out as their consignment is typed.
    if (r.chance(0.5)) {
      t += r.int(3, 20) * HOUR;
      at(t, () => setOrderStatus(staff, id, { status: "processing" }));
      t += r.int(6, 30) * HOUR;
    } else t += r.int(8, 30) * HOUR;
    const dhaka = isDhakaDistrict(c.district);
    const courier = dhaka ? COURIERS.dhaka : COURIERS.country;
    at(t, async () => {
      const [row] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, id));
      const consignment = `${dhaka ? "PT" : "SB"}${row!.number}`;
      await assignConsignment(staff, id, { consignment, courier });
    });
    t += (dhaka ? r.int(18, 40) : r.int(40, 96)) * HOUR;
    const after = r.next();
    if (o.cod && fate >= 0.35 && fate < 0.39) {
      // Refused at the door: the courier brings the parcel back and charges for the trip.
      at(t + DAY, () =>
        recordParcelReturn(staff, id, {
          reason: "refused",
          charge: (dhaka ? 50 : 100) * 100,
          note: "The buyer would not take the parcel",
        }),
      );
      return;
    }
    at(t, () => setOrderStatus(staff, id, { status: "delivered" }));
    if (!o.cod && after < 0.05) {
      // Returned: the whole payment back, the order refunded (its credit note with it).
      at(t + r.int(1, 5) * DAY, async () => {
        const [row] = await db.select({ total: orders.total }).from(orders).where(eq(orders.id, id));
        await refundOrder(staff, id, {
          amount: row!.total,
          method: "bkash",
          reason: "Returned: the wrong edition was ordered",
          reference: `BK${id}R`,
          paid: true,
        });
      });
    } else if (o.cod && after < 0.03) {
      // One book arrived damaged: its price back, owed, then paid (a credit note for part of the invoice).
      at(t + r.int(1, 4) * DAY, async () => {
        const [line] = await db
          .select({ amount: sql<number>`${orderLines.lineTotal} - ${orderLines.discount}` })
          .from(orderLines)
          .where(eq(orderLines.orderId, id))
          .orderBy(orderLines.id)
          .limit(1);
        const amount = Number(line?.amount ?? 0);
        if (amount <= 0) return;
        await refundOrder(staff, id, { amount, method: "bkash", reason: "A book arrived damaged" });
        payOwedLater(id);
      });
    }
  };

  /** Staff send a refund owed on the order a day or three later. */
  const payOwedLater = (id: number) => {
    at(clock + r.int(20, 72) * HOUR, async () => {
      const owed = await db
        .select({ id: refunds.id, version: refunds.version })
        .from(refunds)
        .where(and(eq(refunds.orderId, id), eq(refunds.status, "owed")));
      for (const f of owed) {
        await markRefundPaid(staff, f.id, { status: "paid", reference: `BK${f.id}`, version: f.version });
      }
    });
  };

  // The orders: more of them lately (a shop that grows), by customers who come back.
  const times = Array.from(
    { length: n },
    () => end - (end - start) * (1 - Math.sqrt(r.next())) - 5 * MINUTE,
  ).sort((a, b) => a - b);
  for (const time of times) {
    const c = r.pick(customers);
    at(Math.max(start, time), () => order(c));
  }
  const late = r.pick(customers);
  at(end - 12 * MINUTE, () => order(late, true));
  if (demoStudent && twoParcels) {
    await planTwoParcelOrder(
      { db, deps: seedDeps, at, buyer: as(toPublicUser(demoStudent)), staff, end, origin },
      twoParcels,
    );
  }
  // The couriers pay the cash they collected each Thursday, for parcels delivered three days before or earlier.
  for (let t = start + 3 * DAY; t <= end; t += 7 * DAY) {
    at(t, async () => {
      const cash = await codOutstanding(staff);
      for (const c of cash.couriers) {
        const due = c.orders
          .filter((o) => new Date(o.deliveredAt).getTime() < clock - 3 * DAY)
          .map((o) => o.id);
        if (due.length === 0) continue;
        await recordCodRemittance(staff, {
          courier: c.courier,
          orderIds: due,
          reference: `${c.courier.toUpperCase()}-${new Date(clock).toISOString().slice(0, 10)}`,
          note: "Weekly payment",
        });
      }
    });
  }

  while (queue.length > 0) {
    const step = queue.shift()!;
    clock = Math.max(clock, step.at);
    try {
      await step.run();
    } catch (err) {
      ignoreRefusal(err);
      refused++;
      deps.log.debug({ reason: (err as Error).message }, "demo history: a step was refused");
    }
  }

  // The messages: delivered to nobody, recorded as sent when their event happened.
  await nudgeOutbox(seedDeps);
  await db
    .update(outbox)
    .set({
      status: "sent",
      sentAt: sql`${outbox.createdAt}`,
      dueAt: sql`${outbox.createdAt}`,
      lastError: null,
    })
    .where(gt(outbox.id, Number(lastMessage?.id ?? 0)));

  const statuses = await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
  const result: DemoHistoryResult = {
    orders: placedCount,
    refused,
    byStatus: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
    ms: Math.round(performance.now() - started),
  };
  deps.log.info(result, "seeded the demo's order history");
  return result;
}

/** A service's refusal (an item sold out, a coupon that does not apply) is part of shopping; anything else is a fault. */
function ignoreRefusal(err: unknown): void {
  if (!(err instanceof DomainError)) throw err;
}

/** The history's customers, each with the address they order to. */
async function demoCustomers(db: AppDeps["db"], r: Random, n: number, before: Date): Promise<Customer[]> {
  const made = await ensureCustomers(db, n, r, before);
  const rows = await db
    .select(publicUserColumns)
    .from(users)
    .where(sql`${users.id} in ${made.map((c) => c.id)}`)
    .orderBy(desc(users.id));
  return rows.map((u) => {
    const district = r.chance(0.4) ? "Dhaka" : r.pick(DISTRICT_NAMES);
    return {
      user: toPublicUser(u),
      district,
      area: isDhakaDistrict(district) ? r.pick(DHAKA_AREAS) : r.pick(AREAS),
      address: `House ${r.int(1, 120)}, Road ${r.int(1, 30)}`,
    };
  });
}
