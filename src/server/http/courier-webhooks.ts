import { Hono } from "hono";
import { courierWebhookAnswerSchema } from "../../contracts/answers/staff-orders";
import { z } from "../../contracts/zod";
import { type AppDeps, contextFor } from "../services/context";
import { DomainError } from "../services/errors";
import { receiveCourierWebhook } from "../services/orders/courier-webhooks";
import type { Endpoint } from "./endpoint";
import type { AppEnv } from "./env";
import { send } from "./respond";

/** The couriers whose webhooks the shop reads. */
export const WEBHOOK_COURIERS = ["steadfast", "pathao", "redx"] as const;

const params = z.object({
  courier: z.enum(WEBHOOK_COURIERS, { error: "courier must be steadfast, pathao or redx" }),
});

/**
 * Where couriers post their news of a parcel, server to server: no session and no Origin, so it
 * is mounted before the API's Origin check; the adapter checks the call's signature or secret.
 */
export function courierWebhooks(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post("/:courier/webhook", async (c) => {
    const ctx = contextFor(deps, { user: null, ip: c.get("ip"), log: c.get("log") });
    const p = params.parse(c.req.param());
    const body: unknown = await c.req.json().catch(() => {
      throw new DomainError("invalid", "The webhook's body must be a JSON object");
    });
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw new DomainError("invalid", "The webhook's body must be a JSON object");
    }
    const headers: Record<string, string | undefined> = {};
    c.req.raw.headers.forEach((v, k) => {
      headers[k.toLowerCase()] = v;
    });
    const reply = await receiveCourierWebhook(ctx, p.courier, { headers, query: c.req.query(), body });
    for (const [k, v] of Object.entries(reply.headers)) c.header(k, v);
    return send(c, reply.status, "Received", reply.answer);
  });
  return app;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const courierWebhooksEndpoints: Endpoint[] = [
  {
    method: "post",
    path: "/api/couriers/{courier}/webhook",
    tag: "Courier webhooks",
    summary: "A courier's news of a parcel",
    description:
      "Steadfast sends the auth token set beside the callback address in its panel as Authorization: Bearer (STEADFAST_WEBHOOK_TOKEN) and names the parcel by the order number; Pathao signs with X-PATHAO-Signature (the webhook secret set in its panel, PATHAO_WEBHOOK_SECRET) and is answered 202 with the header its set-up check asks for; RedX's callback address carries ?token= (REDX_WEBHOOK_TOKEN). A wrong signature or token is refused with 401 and changes nothing; the same news twice changes nothing the second time. 404 when that courier is not connected.",
    access: { who: "gateway" },
    params,
    body: z.looseObject({}),
    success: [
      { status: 200, description: "Received", data: courierWebhookAnswerSchema },
      { status: 202, description: "Received (Pathao)", data: courierWebhookAnswerSchema },
    ],
    errors: [401, 404],
  },
];
