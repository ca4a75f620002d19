/** Why a product's stock changed; every change is a row of the stock ledger (`stock_movements`). */
export const STOCK_REASONS = ["received", "damaged", "correction", "sold", "returned"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The reasons staff choose when they change stock by hand; `sold` and `returned` come from orders. */
export const STAFF_STOCK_REASONS = ["received", "damaged", "correction", "returned"] as const;

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  received: "Received",
  damaged: "Damaged",
  correction: "Correction",
  sold: "Sold",
  returned: "Returned",
};

/** Stock at or below this is low: the shop says "Only N left", the dashboard lists the product. */
export const LOW_STOCK = 5;
