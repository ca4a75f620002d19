import { Hono } from "hono";
import type { PaymentNoticeAnswer } from "../../contracts/answers/orders";
import { paymentNoticeAnswerSchema } from "../../contracts/answers/orders";
import {
  PAYMENT_RETURNS,
  paymentCallbackParams as params,
  paymentCallbackFields,
} from "../../contracts/payments";
import { z } from "../../contracts/zod";
import { type AppDeps, contextFor } from "../services/context";
import { DomainError } from "../services/errors";
import { settlePayment } from "../services/money/payments";
import { type Endpoint, okAnswer } from "./endpoint";
import type { AppEnv } from "./env";
import { ok } from "./respond";

/** The callback's fields: query string and form body together (gateways use either). */
async function fieldsOf(c: import("hono").Context<AppEnv>): Promise<Record<string, string>> {
  const fields: Record<string, string> = { ...c.req.query() };
  if (c.req.method === "POST") {
    const type = c.req.header("content-type") ?? "";
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const body = await c.req.parseBody();
      for (const [k, v] of Object.entries(body)) if (typeof v === "string") fields[k] = v;
    } else if (type.includes("application/json")) {
      const parsed: unknown = await c.req.json().catch(() => ({}));
      // `null`, a number or a list is valid JSON but no fields.
      const body = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {};
      for (const [k, v] of Object.entries(body))
        if (typeof v === "string" || typeof v === "number") fields[k] = String(v);
    }
  }
  return fields;
}

/**
 * Where gateways come back to: the buyer's browser (success, fail, cancel; a cross-site POST for
 * some gateways, so no session cookie is relied on) and the gateway's own server (ipn). The order
 * is found by our transaction id in the address, and the payment is verified with the gateway.
 */
export function paymentCallbacks(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("ctx", contextFor(deps, { user: null, ip: c.get("ip"), log: c.get("log") }));
    await next();
  });

  app.on(["GET", "POST"], "/:provider/:tranx/:outcome{success|fail|cancel}", async (c) => {
    const p = params.safeParse(c.req.param());
    if (!p.success) return c.redirect("/payment/failed", 303);
    try {
      const result = await settlePayment(c.get("ctx"), { ...p.data, params: await fieldsOf(c) });
      return c.redirect(result.next, 303);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      c.get("log").warn({ err, tranx: p.data.tranx }, "payment return refused");
      return c.redirect("/payment/failed", 303);
    }
  });

  app.post("/:provider/:tranx/ipn", async (c) => {
    const p = params.parse(c.req.param());
    const result = await settlePayment(c.get("ctx"), { ...p, params: await fieldsOf(c) });
    return ok(c, { status: result.status } satisfies PaymentNoticeAnswer, "Received");
  });

  return app;
}

const returnParams = params.extend({ outcome: z.enum(PAYMENT_RETURNS) });

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const paymentCallbacksEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/payment/{provider}/{tranx}/{outcome}",
    tag: "Payment callbacks",
    summary: "The buyer's browser comes back from the gateway",
    description:
      "The payment is asked of the gateway, never taken from these fields. Always a redirect: to the order's success page, or to /payment/failed.",
    access: { who: "gateway" },
    params: returnParams,
    query: z.looseObject({}),
    success: [{ status: 303, description: "On to the shop's success or failure page", redirect: true }],
  },
  {
    method: "post",
    path: "/api/payment/{provider}/{tranx}/{outcome}",
    tag: "Payment callbacks",
    summary: "The buyer's browser comes back from the gateway (a form post)",
    description:
      "The payment is asked of the gateway, never taken from these fields. Always a redirect: to the order's success page, or to /payment/failed.",
    access: { who: "gateway" },
    params: returnParams,
    form: paymentCallbackFields,
    success: [{ status: 303, description: "On to the shop's success or failure page", redirect: true }],
  },
  {
    method: "post",
    path: "/api/payment/{provider}/{tranx}/ipn",
    tag: "Payment callbacks",
    summary: "The gateway's server-to-server notice of a payment",
    description:
      "The payment is asked of the gateway and recorded once; the notice's own words change nothing.",
    access: { who: "gateway" },
    params,
    form: paymentCallbackFields,
    success: [okAnswer("Received; the payment as the gateway confirmed it", paymentNoticeAnswerSchema)],
  },
];
