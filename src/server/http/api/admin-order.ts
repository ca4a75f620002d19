import { Hono } from "hono";
import { describeRefundMethod } from "../../../contracts/admin-order";
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
