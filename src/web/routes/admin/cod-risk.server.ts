import type { RouterContextProvider } from "react-router";
import { getCodRiskRule } from "../../../server/services/orders/cod-risk";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** The COD risk rule: the same service as `GET /api/admin/cod-risk-rule`. */
export function loadCodRiskRule(context: Readonly<RouterContextProvider>) {
  return loadFrom(() => getCodRiskRule(getApp(context).ctx));
}
