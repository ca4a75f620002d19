/**
 * The checkout page's form (HTML first, decision 53), shared by the page and its action: the
 * order's fields as `POST /api/checkout` names them. Besides them the form sends `cartKey` (the
 * cart the page shows, contracts/cart-key.ts), `pricedFor` (the district its delivery is priced
 * for), `saved` (a saved address's id) and `savedShown` (the one filled in when the page was made),
 * and `intent`: `place` (the default), `district` or `saved`.
 * No zod here: the page imports it.
 */
export const CHECKOUT_FIELDS = [
  "name",
  "phone",
  "district",
  "area",
  "address",
  "note",
  "paymentMethod",
  "waitShipping",
  "useStoreCredit",
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

/** The action's answer when it shows the form again without a refusal (a district, a saved address). */
export type CheckoutNotice = { ok: true; notice: string; values: Record<string, string> };
