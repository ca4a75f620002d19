/** The gateways' callbacks to the shop: what their addresses carry. */
import { z } from "./zod";

export const PAYMENT_PROVIDERS = ["sandbox", "sslcommerz", "bkash"] as const;

/** `/api/payment/{provider}/{tranx}/…`: the gateway and our transaction id. */
export const paymentCallbackParams = z.object({
  provider: z.enum(PAYMENT_PROVIDERS, { error: "Unknown payment gateway" }),
  tranx: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "Bad transaction id" }),
});

/** Where the buyer's browser comes back to. */
export const PAYMENT_RETURNS = ["success", "fail", "cancel"] as const;

/** What the callback may carry, in the query string or a form or JSON body: the gateway's own fields. */
export const paymentCallbackFields = z.record(z.string(), z.string());
