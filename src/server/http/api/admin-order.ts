import { Hono } from "hono";
import {
  codCheckSchema,
  describeRefundMethod,
  orderAddressSchema,
  orderNoteSchema,
  refundPaidSchema,
  refundSchema,
} from "../../../contracts/admin-order";
import {
  adminOrderSchema,
  orderNoteAnswerSchema,
  refundAnswerSchema,
} from "../../../contracts/answers/staff-orders";
import { formatTaka } from "../../../contracts/money";
import { idParams } from "../../../contracts/paging";
import {
  addOrderNote,
  editOrderAddress,
  getAdminOrder,
  markRefundPaid,
  refundOrder,
  setCodCheck,
} from "../../services/orders/admin-order";
import { createdAnswer, type Endpoint, okAnswer, staff } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson, send } from "../respond";

/** One order in the back office: its page's data, address, notes, phone check and refunds. */
export function adminOrderApi() {
  const api = new Hono<AppEnv>();

  api.get("/admin/orders/:id{[0-9]+}", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getAdminOrder(c.get("ctx"), id));
  });

  api.patch("/admin/orders/:id{[0-9]+}", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const order = await editOrderAddress(c.get("ctx"), id, await readJson(c));
    return ok(c, order, `Order ${order.number}: address saved (the delivery charge is unchanged)`);
  });

  api.post("/admin/orders/:id/notes", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return send(c, 201, "Note added", await addOrderNote(c.get("ctx"), id, await readJson(c)));
  });

  api.post("/admin/orders/:id/cod-check", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const order = await setCodCheck(c.get("ctx"), id, await readJson(c));
    const said = order.codCheck?.state === "confirmed" ? "phone confirmed" : "buyer unreachable";
    return ok(c, order, `Order ${order.number}: ${said}`);
  });

  api.post("/admin/orders/:id/refunds", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const refund = await refundOrder(c.get("ctx"), id, await readJson(c));
    const cn = refund.creditNote ? `, credit note ${refund.creditNote.number}` : "";
    const how = refund.status === "paid" ? `paid by ${describeRefundMethod(refund.method)}` : "owed";
    return send(c, 201, `Refund of ${formatTaka(refund.amount)} ${how}${cn}`, refund);
  });

  api.patch("/admin/refunds/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const refund = await markRefundPaid(c.get("ctx"), id, await readJson(c));
    return ok(c, refund, `Refund of ${formatTaka(refund.amount)} marked paid`);
  });

  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminOrderEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/admin/orders/{id}",
    tag: "Staff",
    summary: "One order as its page shows it: lines, buyer, address, payments, history, notes, money",
    description: [
      "The invoice with its credit notes, the refunds, and the order's ledger figures (decision 29):",
      "its buyer balance is invoiced − credited − collected online − COD collected + refunds paid,",
      "and the refunds owed always equal its negative balance. `next` lists the statuses staff may",
      "move it to.",
    ].join(" "),
    access: staff("orders"),
    params: idParams,
    success: [okAnswer("The order", adminOrderSchema)],
    errors: [404],
  },
  {
    method: "patch",
    path: "/api/admin/orders/{id}",
    tag: "Staff",
    summary: "Correct the delivery address of an order whose parcel has not left",
    description: [
      "Send the `version` the edit started from: a stale one is refused with 409 and the order as it",
      "now is. Refused (409) once the order is shipped, delivered, cancelled or refunded. The",
      "delivery charge is not priced again: the order keeps what the buyer was charged.",
    ].join(" "),
    access: staff("orders"),
    params: idParams,
    body: orderAddressSchema,
    success: [okAnswer("The order as saved", adminOrderSchema)],
    errors: [404, 409],
    errorData: { 409: adminOrderSchema },
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/notes",
    tag: "Staff",
    summary: "Add an internal note to an order (never shown to the buyer)",
    access: staff("orders"),
    params: idParams,
    body: orderNoteSchema,
    success: [createdAnswer("The note", orderNoteAnswerSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/cod-check",
    tag: "Staff",
    summary: "Record the phone check of a cash-on-delivery order: the buyer confirmed, or was unreachable",
    description:
      "Only a cash-on-delivery order that is confirmed (not yet packed); 409 otherwise. It may be made again. Packing an unchecked order is allowed: the page warns.",
    access: staff("orders"),
    params: idParams,
    body: codCheckSchema,
    success: [okAnswer("The order", adminOrderSchema)],
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/refunds",
    tag: "Staff",
    summary: "Refund money of an order (paid now, or recorded as owed)",
    description: [
      "At most the money the shop has for the order (collected online + COD collected − refunds",
      "already recorded); 409 with the reason otherwise (an order whose cash was never taken is",
      "cancelled, not refunded). The invoice is reduced by a credit note (CN-YYYY-NNNNNN, gap-free)",
      "of min(amount, what is still uncredited). Refunding all that is left makes the order refunded.",
      "A repeat of the same request after success is refused by the same rule.",
    ].join(" "),
    access: staff("orders"),
    params: idParams,
    body: refundSchema,
    success: [createdAnswer("The refund, with its credit note", refundAnswerSchema)],
    errors: [404, 409],
  },
  {
    method: "patch",
    path: "/api/admin/refunds/{id}",
    tag: "Staff",
    summary: "Mark an owed refund paid, with its reference; the buyer gets an SMS",
    description:
      "Send the refund's `version`: a stale one (or a second tap) is refused with 409 and the refund as it now is.",
    access: staff("orders"),
    params: idParams,
    body: refundPaidSchema,
    success: [okAnswer("The refund, paid", refundAnswerSchema)],
    errors: [404, 409],
    errorData: { 409: refundAnswerSchema },
  },
];
