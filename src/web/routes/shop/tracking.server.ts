import type { RouterContextProvider } from "react-router";
import type { TrackingView } from "../../../contracts/tracking";
import { findTracking } from "../../../server/services/orders/tracking";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** The parcel with this consignment number as anyone may see it, or null when there is none. */
export function loadTracking(
  context: Readonly<RouterContextProvider>,
  cn: string,
): Promise<TrackingView | null> {
  return loadFrom(() => findTracking(getApp(context).ctx, cn));
}
