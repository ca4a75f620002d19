/**
 * The forgotten-cart SMS: a customer who turned it on (off by default, on `/profile`) and left a
 * cart with items for 24 hours gets one SMS about it. Once per cart: `carts.reminded_at` is set in
 * the transaction that writes the SMS to the outbox, and a cart is reminded of again only after an
 * order has been placed since (the cart then filled is a new one). Never from 22:00 to 08:00 in
 * Dhaka: one due then goes out at 08:00. Any order placed since the cart was last changed stops it.
 */
import { eq, sql } from "drizzle-orm";
import {
  CART_LEFT_MS,
  CART_REMINDER_WITHIN_MS,
  cartReminderSchema,
  isQuietHour,
} from "../../../contracts/cart-reminders";
import { formatNumber, type Locale } from "../../../contracts/locale";
import { type Db, inTransaction } from "../../db/client";
import { cartLines, carts, orders, users } from "../../db/schema";
import { fittingSms } from "../../integrations/sms/gsm";
import { requireSignedIn } from "../access";
import type { AppDeps, Ctx } from "../context";
import { enqueueMessages, nudgeOutbox } from "../platform/outbox";

/** Carts reminded of per statement; a backlog (the first 08:00 after a quiet night) takes a few. */
const BATCH = 200;

/** Whether the caller gets the forgotten-cart SMS. */
export async function findCartReminders(ctx: Ctx): Promise<boolean> {
  const me = requireSignedIn(ctx);
  const [row] = await ctx.db.select({ on: users.cartReminders }).from(users).where(eq(users.id, me.id));
  return row?.on ?? false;
}

/** Turns the caller's forgotten-cart SMS on or off. */
export async function setCartReminders(ctx: Ctx, input: unknown): Promise<{ on: boolean }> {
  const me = requireSignedIn(ctx);
  const { on } = cartReminderSchema.parse(input);
  await ctx.db.update(users).set({ cartReminders: on, updatedAt: ctx.now() }).where(eq(users.id, me.id));
  return { on };
}

/** The SMS: how many items wait, and the cart's address; the way to turn it off when it fits. */
export function cartReminderSms(items: number, url: string, locale: Locale): string {
  if (locale === "bn") {
    const n = formatNumber(items, "bn");
    return fittingSms(
      [
        `পাঠাগার: আপনার কার্টে ${n}টি পণ্য অপেক্ষা করছে। ${url} (বন্ধ করতে: প্রোফাইল)`,
        `পাঠাগার: আপনার কার্টে ${n}টি পণ্য অপেক্ষা করছে। ${url}`,
      ],
      2,
    );
  }
  const what = items === 1 ? "1 item" : `${items} items`;
  return fittingSms(
    [
      `Pathagar: you left ${what} in your cart. ${url} (turn these texts off in My profile)`,
      `Pathagar: you left ${what} in your cart. ${url}`,
    ],
    2,
  );
}

/**
 * Sends the forgotten-cart SMS now due (the sweep, once a minute; the clock is `deps.now`). A cart
 * is due when its owner turned the SMS on, has a phone and is not blocked, it holds items, it was
 * last changed 24 hours to 7 days ago, no order was placed since (an order placed for its owner,
 * a phone order too, touches the cart as it locks it: an order at that very time counts), and it
 * was not reminded of since its owner's last order. Nothing is sent in the quiet hours. Marking the cart and writing the SMS
 * are one statement's work in one transaction, so two sweeps at once remind a cart once.
 */
export async function sendCartReminders(
  deps: Pick<AppDeps, "db" | "now" | "config" | "sms" | "email" | "log">,
) {
  const now = deps.now();
  if (isQuietHour(now)) return 0;
  const origin = (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/+$/, "");
  let sent = 0;
  for (;;) {
    const queued = await inTransaction(deps.db, (tx) => remindBatch(tx, now, `${origin}/cart`));
    sent += queued;
    if (queued < BATCH) break;
  }
  if (sent > 0) void nudgeOutbox(deps);
  return sent;
}

async function remindBatch(tx: Db, now: Date, url: string): Promise<number> {
  const leftBefore = new Date(now.getTime() - CART_LEFT_MS);
  const leftAfter = new Date(now.getTime() - CART_REMINDER_WITHIN_MS);
  const marked = (await tx.execute(sql`
    update ${carts} c set reminded_at = ${now}
    from ${users} u
    where c.id in (
        select c2.id from ${carts} c2
        join ${users} u2 on u2.id = c2.user_id
        where u2.cart_reminders and u2.phone is not null and u2.blocked_at is null
          and c2.updated_at <= ${leftBefore} and c2.updated_at > ${leftAfter}
          and exists (select 1 from ${cartLines} l where l.cart_id = c2.id)
          and not exists (select 1 from ${orders} o where o.user_id = c2.user_id and o.created_at >= c2.updated_at)
          and (c2.reminded_at is null
            or exists (select 1 from ${orders} o where o.user_id = c2.user_id and o.created_at >= c2.reminded_at))
        order by c2.id
        limit ${BATCH}
        for update of c2 skip locked)
      and u.id = c.user_id
      -- Checked again on the locked row: a sweep that waited for another's finds it reminded.
      and (c.reminded_at is null
        or exists (select 1 from ${orders} o where o.user_id = c.user_id and o.created_at >= c.reminded_at))
    returning c.id, c.updated_at, u.phone, u.locale,
      (select coalesce(sum(l.quantity), 0)::int from ${cartLines} l where l.cart_id = c.id) as items`)) as unknown as {
    rows: { id: number; updated_at: Date | string; phone: string; locale: string; items: number }[];
  };
  await enqueueMessages(
    tx,
    marked.rows.map((r) => ({
      // One per cart as it was left: the same cart left again after an order has a new time.
      key: `cart-reminder-${r.id}-${new Date(r.updated_at).getTime()}:sms`,
      channel: "sms" as const,
      to: r.phone,
      body: cartReminderSms(Number(r.items), url, r.locale === "bn" ? "bn" : "en"),
    })),
    now,
  );
  return marked.rows.length;
}
