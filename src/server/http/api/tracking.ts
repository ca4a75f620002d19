import { Hono } from "hono";
import { referralReportSchema, trackingViewSchema } from "../../../contracts/answers/orders";
import { storeCreditViewSchema } from "../../../contracts/store-credit";
import { z } from "../../../contracts/zod";
import { DomainError } from "../../services/errors";
import { getMyReferralReport } from "../../services/money/referrals";
import { getMyStoreCredit } from "../../services/money/store-credit";
import { findTracking } from "../../services/orders/tracking";
import { anyone, type Endpoint, okAnswer, signedIn } from "../endpoint";
import type { AppEnv } from "../env";
import { ok } from "../respond";
import { originOf } from "./orders";

/** The public parcel timeline, and the signed-in user's referral report and store credit. */
export function trackingApi() {
  const api = new Hono<AppEnv>();

  api.get("/tracking/:cn", async (c) => {
    const cn = c.req.param("cn");
    const tracking = await findTracking(c.get("ctx"), cn);
    if (!tracking) throw new DomainError("not_found", `No consignment ${cn}`);
    return ok(c, tracking);
  });

  api.get("/reports/referrals", async (c) => ok(c, await getMyReferralReport(c.get("ctx"), originOf(c))));

  api.get("/store-credit", async (c) => ok(c, await getMyStoreCredit(c.get("ctx"))));

  return api;
}

const cnParams = z.object({
  cn: z.string().meta({ description: "The consignment number, as printed on the parcel" }),
});

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const trackingEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/tracking/{cn}",
    tag: "Tracking",
    summary: "A parcel's public timeline by consignment number",
    access: anyone,
    params: cnParams,
    success: [okAnswer("Where the parcel is", trackingViewSchema)],
    errors: [429],
  },
  {
    method: "get",
    path: "/api/reports/referrals",
    tag: "Tracking",
    summary: "Sales attributed to the caller's referral code",
    access: signedIn,
    success: [okAnswer("The report, money in poisha", referralReportSchema)],
  },
  {
    method: "get",
    path: "/api/store-credit",
    tag: "Tracking",
    summary: "The caller's store credit: balance and history, newest first (decision 71)",
    access: signedIn,
    success: [okAnswer("The balance and entries, money in poisha", storeCreditViewSchema)],
  },
];
