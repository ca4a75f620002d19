/**
 * The pricing playground (`/admin/playground`): staff put products, quantities, a coupon, a
 * district and optionally a customer together and see what that customer would be charged, priced
 * as the cart prices. The whole state is the page's query string, so a link shares it:
 * `?items=12x2,40x1&coupon=EID10&district=Dhaka&user=5`.
 */
import type { playgroundPriceSchema } from "./answers/staff";
import { MAX_LINE_QUANTITY, UNKNOWN_DISTRICT } from "./cart";
import { DEFAULT_DISTRICT, findDistrict } from "./districts";
import { z } from "./zod";

/** Most lines a playground cart holds. */
export const PLAYGROUND_MAX_LINES = 50;

export const ITEMS_SHAPE = "items must look like 12x2,40x1 (a product's id, x, how many)";

export type PlaygroundItem = { productId: number; quantity: number };

/** `12x2,40x1` read as lines; a bare id is one of it. */
export function parsePlaygroundItems(text: string): PlaygroundItem[] | string {
  if (text === "") return [];
  const parts = text.split(",");
  if (parts.length > PLAYGROUND_MAX_LINES) return `At most ${PLAYGROUND_MAX_LINES} products at once`;
  const items: PlaygroundItem[] = [];
  for (const part of parts) {
    const m = /^\s*(\d{1,10})\s*(?:[xX*]\s*(\d{1,4}))?\s*$/.exec(part);
    if (!m) return ITEMS_SHAPE;
    const productId = Number(m[1]);
    const quantity = m[2] === undefined ? 1 : Number(m[2]);
    if (productId < 1 || productId > 2_147_483_647) return `${m[1]} is not a product id`;
    if (quantity < 1 || quantity > MAX_LINE_QUANTITY) {
      return `A quantity is 1 to ${MAX_LINE_QUANTITY} (product ${productId})`;
    }
    if (items.some((i) => i.productId === productId)) return `Product ${productId} is listed twice`;
    items.push({ productId, quantity });
  }
  return items;
}

/** The lines as the query string writes them. */
export function formatPlaygroundItems(items: readonly PlaygroundItem[]): string {
  return items.map((i) => `${i.productId}x${i.quantity}`).join(",");
}

/** `GET /api/admin/playground/price` and the page's URL: empty values mean "none". */
export const playgroundQuery = z.object({
  items: z
    .string({ error: ITEMS_SHAPE })
    .max(1_000, { error: ITEMS_SHAPE })
    .default("")
    .transform((v, ctx) => {
      const items = parsePlaygroundItems(v.trim());
      if (typeof items === "string") {
        ctx.addIssue({ code: "custom", message: items });
        return z.NEVER;
      }
      return items;
    })
    .meta({ description: "The lines: product id x quantity, comma-separated (`12x2,40x1`)" }),
  coupon: z
    .string({ error: "coupon must be text" })
    .trim()
    .max(40, { error: "A coupon code has at most 40 characters" })
    .optional()
    .transform((v) => (v ? v.toUpperCase() : null))
    .meta({ description: "A coupon code (any case)" }),
  district: z
    .string({ error: UNKNOWN_DISTRICT })
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return DEFAULT_DISTRICT;
      const found = findDistrict(v);
      if (!found) {
        ctx.addIssue({ code: "custom", message: UNKNOWN_DISTRICT });
        return z.NEVER;
      }
      return found.name;
    })
    .meta({ description: "The delivery district (official or older spelling); Dhaka when absent" }),
  user: z
    .string({ error: "user must be an account's id" })
    .trim()
    .regex(/^\d{0,10}$/, { error: "user must be an account's id" })
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const id = Number(v);
      if (id < 1 || id > 2_147_483_647) {
        ctx.addIssue({ code: "custom", message: "user must be an account's id" });
        return z.NEVER;
      }
      return id;
    })
    .meta({ description: "The customer priced for (their own coupon uses count); any customer when absent" }),
});
export type PlaygroundQuery = z.output<typeof playgroundQuery>;

export type PlaygroundPrice = z.infer<typeof playgroundPriceSchema>;
