import type { Config } from "../../config";
import type { Logger } from "../../logger";
import { type DeliveryHistoryLookup, noDeliveryHistory } from "./provider";
import { createSteadfastHistory } from "./steadfast";

/** The configured lookup of a phone's delivery record (COD_HISTORY_LOOKUP): none, or Steadfast's. */
export function createDeliveryHistory(
  config: Pick<
    Config,
    "COD_HISTORY_LOOKUP" | "STEADFAST_API_KEY" | "STEADFAST_SECRET_KEY" | "STEADFAST_BASE_URL"
  >,
  log: Logger,
): DeliveryHistoryLookup {
  // loadConfig refuses `steadfast` without its keys; this guards a hand-built config.
  if (config.COD_HISTORY_LOOKUP === "steadfast" && config.STEADFAST_API_KEY && config.STEADFAST_SECRET_KEY) {
    return createSteadfastHistory(
      {
        baseUrl: config.STEADFAST_BASE_URL,
        apiKey: config.STEADFAST_API_KEY,
        secretKey: config.STEADFAST_SECRET_KEY,
      },
      log.child({ integration: "delivery-history" }),
    );
  }
  return noDeliveryHistory();
}
