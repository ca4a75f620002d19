import type { RouterContextProvider } from "react-router";
import type { StoreCreditView } from "../../../contracts/store-credit";
import { getMyStoreCredit } from "../../../server/services/money/store-credit";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** The signed-in customer's store credit: balance and history (decision 71). */
export function loadMyStoreCredit(context: Readonly<RouterContextProvider>): Promise<StoreCreditView> {
  const { ctx } = getApp(context);
  return loadFrom(() => getMyStoreCredit(ctx));
}
