import { Hono } from "hono";
import type { RefundView } from "../../../contracts/admin-order";
import {
  codCheckSchema,
  describeRefundMethod,
  orderAddressSchema,
  orderNoteSchema,
  refundPaidSchema,
  refundRetrySchema,
  refundSchema,
} from "../../../contracts/admin-order";
import {
  adminOrderSchema,
  orderNoteAnswerSchema,
  refundAnswerSchema,
} from "../../../contracts/answers/staff-orders";
import { codRiskRuleAnswerSchema, codRiskRuleSchema } from "../../../contracts/cod-risk";
import { formatTaka } from "../../../contracts/money";
import { idParams } from "../../../contracts/paging";
import {
  addOrderNote,
  editOrderAddress,
  getAdminOrder,
  markRefundPaid,
  refundOrder,
  retryRefund,
  setCodCheck,
} from "../../services/orders/admin-order";
import { getCodRiskRule, updateCodRiskRule } from "../../services/orders/cod-risk";
import { createdAnswer, type Endpoint, okAnswer, staff } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson, send } from "../respond";

/** What became of a refund, in a sentence's end: "paid by bKash", "pending at bkash", … */
export function refundOutcome(r: RefundView): string {
  switch (r.status) {
    case "paid":
      return r.gateway ? `refunded by ${r.gateway}` : `paid by ${describeRefundMethod(r.method)}`;
    case "pending":
      return `sent to ${r.gateway}: waiting for its answer`;
    case "failed":
      return `refused by ${r.gateway}: ${r.gatewayReason ?? "no reason given"}`;
    default:
      return "owed";
  }
}

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

  api.get("/admin/cod-risk-rule", async (c) => ok(c, await getCodRiskRule(c.get("ctx"))));

  api.put("/admin/cod-risk-rule", async (c) =>
    ok(c, await updateCodRiskRule(c.get("ctx"), await readJson(c)), "COD risk rule saved"),
  );

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
    return send(c, 201, `Refund of ${formatTaka(refund.amount)} ${refundOutcome(refund)}${cn}`, refund);
  });

  api.post("/admin/refunds/:id/retry", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const refund = await retryRefund(c.get("ctx"), id, await readJson(c));
    return ok(c, refund, `Refund of ${formatTaka(refund.amount)} ${refundOutcome(refund)}`);
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
    method: "get",
    path: "/api/admin/cod-risk-rule",
    tag: "Staff",
    summary: "The COD risk rule: when a cash-on-delivery order's phone is risky, and what then",
    access: staff("orders"),
    success: [okAnswer("The rule (the default before staff set one)", codRiskRuleAnswerSchema)],
  },
  {
    method: "put",
    path: "/api/admin/cod-risk-rule",
    tag: "Staff",
    summary: "Set the COD risk rule (with the version read; a colleague's newer save is a 409)",
    access: staff("orders"),
    body: codRiskRuleSchema,
    success: [okAnswer("The rule as saved", codRiskRuleAnswerSchema)],
    errors: [409],
    errorData: { 409: codRiskRuleAnswerSchema },
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
    summary: "Refund money of an order (through the gateway, paid now, or recorded as owed)",
    description: [
      "With `gateway: true` the money goes back through the gateway the order was paid at",
      "(SSLCommerz, bKash): the refund is `pending` until the gateway says it is refunded (then its",
      "credit note is issued) or `failed` (with the gateway's reason; retry or pay it by hand).",
      "Refunds still pending count against what may be refunded.",
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
    summary: "Mark an owed (or gateway-refused) refund paid, with its reference; the buyer gets an SMS",
    description:
      "Send the refund's `version`: a stale one (or a second tap) is refused with 409 and the refund as it now is.",
    access: staff("orders"),
    params: idParams,
    body: refundPaidSchema,
    success: [okAnswer("The refund, paid", refundAnswerSchema)],
    errors: [404, 409],
    errorData: { 409: refundAnswerSchema },
  },
  {
    method: "post",
    path: "/api/admin/refunds/{id}/retry",
    tag: "Staff",
    summary: "Send a refund the gateway refused to the gateway again",
    description: [
      "Only a `failed` refund through the gateway, and only within what may still be refunded; 409",
      "otherwise. Send its `version`: a stale one (or a second tap) is refused with 409 and the",
      "refund as it now is. Answers the refund with the gateway's new word (pending, paid or failed).",
    ].join(" "),
    access: staff("orders"),
    params: idParams,
    body: refundRetrySchema,
    success: [okAnswer("The refund, sent again", refundAnswerSchema)],
    errors: [404, 409],
    errorData: { 409: refundAnswerSchema },
  },
];
