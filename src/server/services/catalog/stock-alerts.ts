/**
 * "Notify me": a signed-in buyer asks to be told when an out-of-stock book or stationery item is
 * back. One alert per user and product. When the product's stock rises above zero (any stock move
 * that adds: a cancelled order, staff receiving stock, a CSV import), every alert for it becomes
 * one SMS in the outbox, in the same transaction, and the alert is deleted: it is sent once.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Locale } from "../../../contracts/locale";
import { productPath } from "../../../contracts/paths";
import {
  STOCK_ALERT_IN_STOCK,
  STOCK_ALERT_NO_PHONE,
  STOCK_ALERT_NO_STOCK,
  type StockAlertState,
  stockAlertSchema,
} from "../../../contracts/stock-alerts";
import { inTransaction } from "../../db/client";
import { products, stockAlerts, users } from "../../db/schema";
import { fittingSms } from "../../integrations/sms/gsm";
import { requireSignedIn } from "../access";
import type { AppDeps, Ctx } from "../context";
import { DomainError } from "../errors";
import { enqueueMessages, nudgeOutbox } from "../platform/outbox";

/**
 * The SMS that an item is back: its title shortened, a word at a time, until the message goes in
 * one SMS (160 GSM characters, or 70 when the title or the language needs Unicode), else in two.
 */
export function stockAlertSms(title: string, url: string, locale: Locale): string {
  const say = (t: string) => (locale === "bn" ? `আবার স্টকে: ${t}। ${url}` : `Back in stock: ${t}. ${url}`);
  const words = title.trim().split(/\s+/);
  // "..." keeps an English text in the GSM alphabet, where "…" would make it Unicode.
  const more = locale === "bn" ? "…" : "...";
  const forms = words.map((_, i) =>
    i === 0 ? title.trim() : `${words.slice(0, words.length - i).join(" ")}${more}`,
  );
  return fittingSms(forms.map(say), 2);
}

const SIGN_IN_FOR_ALERTS = "Please sign in to be told when it is back";
const NO_SUCH_PRODUCT = "No such product";

async function findStocked(ctx: Ctx, productId: number) {
  const [p] = await ctx.db
    .select({ id: products.id, kind: products.kind, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.published, true)))
    .limit(1);
  if (!p) throw new DomainError("not_found", NO_SUCH_PRODUCT);
  if (p.kind !== "book" && p.kind !== "stationary") throw new DomainError("invalid", STOCK_ALERT_NO_STOCK);
  return p;
}

/** Whether the caller is to be told when the product is back. */
export async function getStockAlert(ctx: Ctx, productId: number): Promise<StockAlertState> {
  const me = requireSignedIn(ctx, SIGN_IN_FOR_ALERTS);
  await findStocked(ctx, productId);
  const [row] = await ctx.db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, me.id), eq(stockAlerts.productId, productId)))
    .limit(1);
  return { productId, subscribed: !!row };
}

/** Subscribes the caller; answers whether the alert is new (a second ask keeps the first). */
export async function subscribeStockAlert(
  ctx: Ctx,
  input: unknown,
): Promise<{ state: StockAlertState; created: boolean }> {
  const me = requireSignedIn(ctx, SIGN_IN_FOR_ALERTS);
  const v = stockAlertSchema.parse(input);
  const p = await findStocked(ctx, v.productId);
  if ((p.stock ?? 0) > 0) throw new DomainError("conflict", STOCK_ALERT_IN_STOCK);
  if (!me.phone) throw new DomainError("conflict", STOCK_ALERT_NO_PHONE);
  const inserted = await ctx.db
    .insert(stockAlerts)
    .values({ userId: me.id, productId: p.id, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ id: stockAlerts.id });
  return { state: { productId: p.id, subscribed: true }, created: inserted.length > 0 };
}

/** Unsubscribes the caller (nothing to undo is fine too). */
export async function unsubscribeStockAlert(ctx: Ctx, productId: number): Promise<StockAlertState> {
  const me = requireSignedIn(ctx, SIGN_IN_FOR_ALERTS);
  await ctx.db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.userId, me.id), eq(stockAlerts.productId, productId)));
  return { productId, subscribed: false };
}

/**
 * Every alert of a product now in stock is deleted and becomes one SMS in the outbox, in one
 * transaction, then the outbox is nudged. Run after a change that can raise stock (a cancelled or
 * refunded order, staff receiving stock, a CSV import) and by every server's minute sweep, which
 * catches any other way stock came back. Two runs at once never send one alert twice: the delete
 * locks each alert and the other run finds it gone. Answers how many messages were queued.
 */
export async function sendStockAlerts(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const origin = (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/+$/, "");
  const queued = await inTransaction(deps.db, async (tx) => {
    const taken = await tx
      .delete(stockAlerts)
      .where(
        inArray(
          stockAlerts.productId,
          tx.select({ id: products.id }).from(products).where(sql`${products.stock} > 0`),
        ),
      )
      .returning({ id: stockAlerts.id, userId: stockAlerts.userId, productId: stockAlerts.productId });
    if (taken.length === 0) return 0;
    const [people, items] = await Promise.all([
      tx
        .select({ id: users.id, phone: users.phone, locale: users.locale })
        .from(users)
        .where(
          inArray(
            users.id,
            taken.map((a) => a.userId),
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
            taken.map((a) => a.productId),
          ),
        ),
    ]);
    const messages = taken.flatMap((a) => {
      const person = people.find((u) => u.id === a.userId);
      const item = items.find((p) => p.id === a.productId);
      if (!person?.phone || !item) return [];
      const bangla = person.locale === "bn";
      return [
        {
          key: `stock-alert-${a.id}:sms`,
          channel: "sms" as const,
          to: person.phone,
          body: stockAlertSms(
            bangla ? (item.titleBn ?? item.title) : item.title,
            `${origin}${productPath(item)}`,
            bangla ? "bn" : "en",
          ),
        },
      ];
    });
    await enqueueMessages(tx, messages, now);
    return messages.length;
  });
  if (queued > 0) void nudgeOutbox(deps);
  return queued;
}
