import { idField } from "./paging";
import { z } from "./zod";

/** `POST /api/stock-alerts`: "Notify me" on an out-of-stock product. */
export const stockAlertSchema = z.object({ productId: idField });

export type StockAlertState = { productId: number; subscribed: boolean };

export const STOCK_ALERT_IN_STOCK = "This item is in stock: add it to your cart instead";
export const STOCK_ALERT_NO_STOCK = "Only printed books and stationery come back in stock";
export const STOCK_ALERT_NO_PHONE = "Add your phone number in your profile to be told by SMS";

/** The SMS: the title shortened so that the message stays one SMS whatever alphabet it needs. */
export function stockAlertSms(title: string, url: string): string {
  const short = title.length > 40 ? `${title.slice(0, 39)}…` : title;
  return `Back in stock: ${short}. ${url}`;
}
