import type { RouterContextProvider } from "react-router";
import type { ReferralReport } from "../../../contracts/tracking";
import { getMyReferralReport } from "../../../server/services/referrals";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** The signed-in user's referral report, the share link on the shop's public origin. */
export function loadReferralReport(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<ReferralReport> {
  const { ctx } = getApp(context);
  const origin = ctx.config.PUBLIC_URL ? new URL(ctx.config.PUBLIC_URL).origin : new URL(request.url).origin;
  return loadFrom(() => getMyReferralReport(ctx, origin));
}
