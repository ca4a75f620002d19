import type { RouterContextProvider } from "react-router";
import { listReviewsForStaff } from "../../../server/services/catalog/reviews";
import { getApp, loadFrom } from "../../lib/app-context.server";

export function loadProductReviews(context: Readonly<RouterContextProvider>, productId: number) {
  return loadFrom(() => listReviewsForStaff(getApp(context).ctx, productId));
}
