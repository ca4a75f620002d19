/**
 * The closed lists about orders, their money and what they give to read, shared by several
 * contracts and the answers' schemas (see enums.ts); none is needed by a shop page's first load.
 */

/** How an order is paid: online through the gateway, or cash on delivery. */
export const PAYMENT_METHODS = ["gateway", "cod"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a refund reaches the buyer: a mobile wallet, the bank, back through the card gateway, or cash. */
/** How a refund reaches the buyer; `store_credit` adds it to their store credit at once (decision 71). */
export const REFUND_METHODS = ["bkash", "nagad", "rocket", "bank", "card", "cash", "store_credit"] as const;
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
