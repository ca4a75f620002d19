import { Hono } from "hono";
import { DomainError } from "../../services/errors";
import { getMyReferralReport } from "../../services/money/referrals";
import { findTracking } from "../../services/orders/tracking";
import type { AppEnv } from "../env";
import { ok } from "../respond";
import { originOf } from "./orders";

/** The public parcel timeline, and the signed-in user's referral report. */
export function trackingApi() {
  const api = new Hono<AppEnv>();

  api.get("/tracking/:cn", async (c) => {
    const cn = c.req.param("cn");
    const tracking = await findTracking(c.get("ctx"), cn);
    if (!tracking) throw new DomainError("not_found", `No consignment ${cn}`);
    return ok(c, tracking);
  });

  api.get("/reports/referrals", async (c) => ok(c, await getMyReferralReport(c.get("ctx"), originOf(c))));

  return api;
}
