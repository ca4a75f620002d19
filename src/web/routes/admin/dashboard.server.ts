import type { RouterContextProvider } from "react-router";
import { dashboard } from "../../../server/services/money/sales";
import { getApp, loadFrom } from "../../lib/app-context.server";

export function loadDashboard(context: Readonly<RouterContextProvider>) {
  return loadFrom(() => dashboard(getApp(context).ctx));
}
