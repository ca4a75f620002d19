import type { z } from "zod";
import type { invoiceSnapshotSchema, invoiceViewSchema } from "./answers/orders";

/** What an invoice says, frozen when it is issued; later edits to products or orders leave it as it was. */
export type InvoiceSnapshot = z.infer<typeof invoiceSnapshotSchema>;

export type InvoiceView = z.infer<typeof invoiceViewSchema>;
