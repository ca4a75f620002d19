/**
 * The closed lists that several contracts and the answers' schemas share, in a module that
 * imports nothing: the contracts' modules re-export them where they belong, and `answers.ts`
 * reads them here, so that no import circle runs through the contracts.
 */

/** Product kinds as the cart names them (`stationary` is the specification's spelling). */
export const PRODUCT_KINDS = ["book", "ebook", "bundle", "stationary", "content"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Academic tracks a product can be tagged with. */
export const TRACKS = ["hsc", "cycle", "engineering", "medical", "varsity"] as const;
export type Track = (typeof TRACKS)[number];

/** What a course chapter is. */
export const CHAPTER_KINDS = ["video", "pdf", "text"] as const;
export type ChapterKind = (typeof CHAPTER_KINDS)[number];

/** How an order is paid: online through the gateway, or cash on delivery. */
export const PAYMENT_METHODS = ["gateway", "cod"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a refund reaches the buyer: a mobile wallet, the bank, back through the card gateway, or cash. */
export const REFUND_METHODS = ["bkash", "nagad", "rocket", "bank", "card", "cash"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/**
 * Where an order's money stands, from the shop's ledger (decision 29): `refund_owed` while a
 * refund is recorded and not yet sent; `refunded` when refunds were sent and none is owed; `paid`
 * when the money came in (the gateway confirmed it, or the courier took the cash on delivery);
 * `unpaid` otherwise.
 */
export const PAYMENT_STATES = ["unpaid", "paid", "refund_owed", "refunded"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What the caller may read: every page (`owner`, `staff`) or the demo pages only (`preview`). */
export const READ_ACCESS = ["owner", "staff", "preview"] as const;
export type ReadAccess = (typeof READ_ACCESS)[number];

/** Who an account is. */
export const ROLES = ["customer", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];
