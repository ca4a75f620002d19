import type { RouterContextProvider } from "react-router";
import type { ReferralReport } from "../../../contracts/tracking";
import { getMyReferralReport } from "../../../server/services/money/referrals";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** The signed-in user's referral report, the share link on the shop's public origin. */
export function loadReferralReport(context: Readonly<RouterContextProvider>): Promise<ReferralReport> {
  const { ctx, origin } = getApp(context);
  return loadFrom(() => getMyReferralReport(ctx, origin));
}
