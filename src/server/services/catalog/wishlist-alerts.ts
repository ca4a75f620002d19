/**
 * The wishlist's SMS (issue 31), for customers who opted in on `/wishlist`: one when a saved
 * item is back in stock, one when it is cheaper (`isWishlistDrop`: at least 5% and ৳5 below the
 * price when saved, or below the price last texted). Each event is texted once: the rows that
 * carry it are changed by the same statement that finds them (`awaitingStock` cleared,
 * `alertedPrice` set), in the transaction that writes the outbox rows, so a second run finds
 * nothing to send. Run by every server's minute sweep and after a committed change that can
 * raise stock or move a price (an order given back, staff receiving stock, a product edited, a
 * CSV import: `stockMayBeBack` and `adminChange`).
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Locale } from "../../../contracts/locale";
import { formatTaka } from "../../../contracts/money";
import { productPath } from "../../../contracts/paths";
import { STOCKED_KINDS, WISHLIST_DROP_MIN, WISHLIST_DROP_PERCENT } from "../../../contracts/wishlist";
import { inTransaction } from "../../db/client";
import { products, users, wishlistItems } from "../../db/schema";
import { fittingSms } from "../../integrations/sms/gsm";
import { effectivePriceSql } from "../cart/pricing";
import type { AppDeps } from "../context";
import { enqueueMessages, type NewMessage, nudgeOutbox } from "../platform/outbox";
import { inStockSql } from "./cards";

/** The title whole, then shortened a word at a time ("..." keeps English in the GSM alphabet). */
function titleForms(title: string, locale: Locale): string[] {
  const words = title.trim().split(/\s+/);
  const more = locale === "bn" ? "…" : "...";
  return words.map((_, i) =>
    i === 0 ? title.trim() : `${words.slice(0, words.length - i).join(" ")}${more}`,
  );
}

/** An amount as the SMS writes it: "Tk 1,250" in English (GSM), "৳১,২৫০" in Bangla. */
function taka(poisha: number, locale: Locale): string {
  return locale === "bn" ? formatTaka(poisha, "bn") : formatTaka(poisha).replace("৳", "Tk ");
}

/** The SMS that a saved item is back in stock, with its price now; in one SMS when it can be, else two. */
export function wishlistBackSms(title: string, price: number, url: string, locale: Locale): string {
  const say = (t: string) =>
    locale === "bn"
      ? `আপনার উইশলিস্টের পণ্য আবার স্টকে: ${t}, ${taka(price, locale)}। ${url}`
      : `Back in stock from your wishlist: ${t}, ${taka(price, locale)}. ${url}`;
  return fittingSms(titleForms(title, locale).map(say), 2);
}

/** The SMS that a saved item is cheaper than when it was saved. */
export function wishlistCheaperSms(
  title: string,
  price: number,
  savedPrice: number,
  url: string,
  locale: Locale,
): string {
  const say = (t: string) =>
    locale === "bn"
      ? `আপনার উইশলিস্টের পণ্যের দাম কমেছে: ${t}, এখন ${taka(price, locale)} (আগে ${taka(savedPrice, locale)})। ${url}`
      : `Cheaper now on your wishlist: ${t}, ${taka(price, locale)} (was ${taka(savedPrice, locale)}). ${url}`;
  return fittingSms(titleForms(title, locale).map(say), 2);
}

const price = effectivePriceSql(products);

/** `isWishlistDrop` in SQL: the price now against the price last texted, else the price when saved. */
const dropped: SQL<boolean> = sql`(${price} * 100 <= coalesce(${wishlistItems.alertedPrice}, ${wishlistItems.savedPrice}) * ${100 - WISHLIST_DROP_PERCENT}
  and coalesce(${wishlistItems.alertedPrice}, ${wishlistItems.savedPrice}) - ${price} >= ${WISHLIST_DROP_MIN})`;

/** The owner of the item opted in and has a phone to text. */
const optedIn: SQL<boolean> = sql`exists (select 1 from ${users} u where u.id = ${wishlistItems.userId} and u.wishlist_sms and u.phone is not null)`;

type Event = { id: number; userId: number; productId: number; savedPrice: number; price: number };

/**
 * Finds the wishlist's news and writes it to the outbox, in one transaction: (1) items seen out
 * of stock are marked as awaiting it; (2) items marked and now in stock are unmarked, texted
 * "back" (an opted-in owner's drop in price is then counted as told); (3) items in stock whose
 * price fell by the threshold, of opted-in owners, are texted "cheaper" and remember that price.
 * Answers how many messages were queued.
 */
export async function sendWishlistAlerts(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const origin = (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/+$/, "");
  const queued = await inTransaction(deps.db, async (tx) => {
    await tx
      .update(wishlistItems)
      .set({ awaitingStock: true })
      .where(
        and(
          eq(wishlistItems.awaitingStock, false),
          inArray(
            wishlistItems.productId,
            tx
              .select({ id: products.id })
              .from(products)
              .where(
                and(inArray(products.kind, [...STOCKED_KINDS]), sql`coalesce(${products.stock}, 0) <= 0`),
              ),
          ),
        ),
      );
    const back: Event[] = await tx
      .update(wishlistItems)
      .set({
        awaitingStock: false,
        alertedPrice: sql`case when ${optedIn} and ${dropped} then ${price} else ${wishlistItems.alertedPrice} end`,
      })
      .from(products)
      .where(
        and(
          eq(products.id, wishlistItems.productId),
          eq(wishlistItems.awaitingStock, true),
          eq(products.published, true),
          sql`coalesce(${products.stock}, 0) > 0`,
        ),
      )
      .returning({
        id: wishlistItems.id,
        userId: wishlistItems.userId,
        productId: wishlistItems.productId,
        savedPrice: wishlistItems.savedPrice,
        price,
      });
    const cheaper: Event[] = await tx
      .update(wishlistItems)
      .set({ alertedPrice: price })
      .from(products)
      .where(
        and(
          eq(products.id, wishlistItems.productId),
          eq(wishlistItems.awaitingStock, false),
          eq(products.published, true),
          inStockSql,
          dropped,
          optedIn,
        ),
      )
      .returning({
        id: wishlistItems.id,
        userId: wishlistItems.userId,
        productId: wishlistItems.productId,
        savedPrice: wishlistItems.savedPrice,
        price,
      });
    if (back.length === 0 && cheaper.length === 0) return 0;
    const all = [...back, ...cheaper];
    const [people, items] = await Promise.all([
      tx
        .select({ id: users.id, phone: users.phone, locale: users.locale })
        .from(users)
        .where(
          and(
            inArray(
              users.id,
              all.map((e) => e.userId),
            ),
            eq(users.wishlistSms, true),
            isNotNull(users.phone),
          ),
        ),
      tx
        .select({
          id: products.id,
          kind: products.kind,
          slug: products.slug,
          title: products.title,
          titleBn: products.titleBn,
        })
        .from(products)
        .where(
          inArray(
            products.id,
            all.map((e) => e.productId),
          ),
        ),
    ]);
    const messageOf = (e: Event, event: "back" | "cheaper"): NewMessage[] => {
      const person = people.find((u) => u.id === e.userId);
      const item = items.find((p) => p.id === e.productId);
      if (!person?.phone || !item) return [];
      const locale: Locale = person.locale === "bn" ? "bn" : "en";
      const title = locale === "bn" ? (item.titleBn ?? item.title) : item.title;
      const url = `${origin}${productPath(item)}`;
      return [
        {
          // The row's flag, cleared in this transaction, makes each event once; the key only names
          // it: a return to stock has no number of its own, a drop is named by its price.
          key:
            event === "back"
              ? `wishlist-${e.id}:back:${randomUUID()}:sms`
              : `wishlist-${e.id}:cheaper:${e.price}:sms`,
          channel: "sms",
          to: person.phone,
          body:
            event === "back"
              ? wishlistBackSms(title, e.price, url, locale)
              : wishlistCheaperSms(title, e.price, e.savedPrice, url, locale),
        },
      ];
    };
    const messages = [
      ...back.flatMap((e) => messageOf(e, "back")),
      ...cheaper.flatMap((e) => messageOf(e, "cheaper")),
    ];
    await enqueueMessages(tx, messages, now);
    return messages.length;
  });
  if (queued > 0) void nudgeOutbox(deps);
  return queued;
}
