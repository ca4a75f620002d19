/**
 * Store credit (decision 71): what a customer holds to spend at checkout, kept as a ledger of
 * entries per customer. Amounts are whole poisha; an entry's amount is signed (earned or given
 * back: more; spent: less), and the balance after each entry is never negative.
 */
import { isoTime, poisha } from "./answers/shared";
import { z } from "./zod";

/**
 * Why an entry was written: a referral reward (the referrer's, and the referred friend's own),
 * credit spent on an order, credit an order gave back when it was cancelled or came back, a refund
 * paid to store credit, and a staff adjustment with its reason.
 */
export const STORE_CREDIT_KINDS = [
  "referral",
  "referral_friend",
  "spent",
  "given_back",
  "refund",
  "adjustment",
] as const;
export type StoreCreditKind = (typeof STORE_CREDIT_KINDS)[number];

export const STORE_CREDIT_KIND_WORDS: Record<StoreCreditKind, string> = {
  referral: /*i18n*/ "Earned: a friend you shared with received their first order",
  referral_friend: /*i18n*/ "Welcome credit: your first order was delivered",
  spent: /*i18n*/ "Spent on an order",
  given_back: /*i18n*/ "Given back: the order was cancelled or returned",
  refund: /*i18n*/ "Refund paid as store credit",
  adjustment: /*i18n*/ "Adjusted by the shop",
};

export const NOT_ENOUGH_CREDIT = /*i18n*/ "You do not have that much store credit";

/** The most one staff adjustment may add or take: ৳100,000. */
export const MAX_ADJUSTMENT = 10_000_000;

/** `POST /api/admin/users/{id}/store-credit`: a staff adjustment, more (positive) or less (negative), with why. */
export const storeCreditAdjustmentSchema = z.object({
  amount: z
    .int({ error: "amount must be a whole number of poisha" })
    .refine((v) => v !== 0, { error: "amount must not be 0" })
    .refine((v) => Math.abs(v) <= MAX_ADJUSTMENT, {
      error: `amount must be at most ${MAX_ADJUSTMENT} poisha either way`,
    }),
  reason: z
    .string({ error: "reason is required" })
    .trim()
    .min(3, { error: "reason must have at least 3 characters" })
    .max(300, { error: "reason must have at most 300 characters" }),
});
export type StoreCreditAdjustment = z.infer<typeof storeCreditAdjustmentSchema>;

export const storeCreditEntrySchema = z
  .object({
    id: z.int(),
    kind: z.enum(STORE_CREDIT_KINDS),
    text: z.string().meta({ description: "The kind in words" }),
    amount: poisha("Earned or given back (positive), spent or taken (negative)"),
    balance: poisha("The balance after this entry"),
    orderId: z.int().nullable(),
    orderNumber: z.string().nullable(),
    note: z.string().nullable(),
    at: isoTime(),
  })
  .meta({ id: "StoreCreditEntry" });

export const storeCreditViewSchema = z
  .object({
    balance: poisha("What the customer holds now"),
    entries: z.array(storeCreditEntrySchema).meta({ description: "Newest first, at most 100" }),
  })
  .meta({ id: "StoreCredit" });
export type StoreCreditView = z.infer<typeof storeCreditViewSchema>;
