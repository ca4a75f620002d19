import { idField } from "./paging";
import { z } from "./zod";

/** `POST /api/stock-alerts`: "Notify me" on an out-of-stock product. */
export const stockAlertSchema = z.object({ productId: idField });

export type StockAlertState = { productId: number; subscribed: boolean };

export const STOCK_ALERT_IN_STOCK = /*i18n*/ "This item is in stock: add it to your cart instead";
export const STOCK_ALERT_NO_STOCK = /*i18n*/ "Only printed books and stationery come back in stock";
export const STOCK_ALERT_NO_PHONE = /*i18n*/ "Add your phone number in your profile to be told by SMS";
