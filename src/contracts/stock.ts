/** Why a product's stock changed; every change is a row of the stock ledger (`stock_movements`). */
export const STOCK_REASONS = ["received", "damaged", "correction", "sold", "returned"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The reasons staff choose when they change stock by hand; `sold` and `returned` come from orders. */
export const STAFF_STOCK_REASONS = ["received", "damaged", "correction", "returned"] as const;

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  received: /*i18n*/ "Received",
  damaged: /*i18n*/ "Damaged",
  correction: /*i18n*/ "Correction",
  sold: /*i18n*/ "Sold",
  returned: /*i18n*/ "Returned",
};

/** The ledger's note on a new product's first stock (an English message: the back office shows it translated). */
export const OPENING_STOCK_NOTE = /*i18n*/ "Opening stock";

/** Stock at or below this is low: the shop says "Only N left", the dashboard lists the product. */
export const LOW_STOCK = 5;
