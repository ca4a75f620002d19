import type { Config } from "../../config";
import type { Logger } from "../../logger";
import { createDemoCourier } from "./demo";
import { createManualCourier } from "./manual";
import { createPathao } from "./pathao";
import type { Courier } from "./provider";
import { createRedx } from "./redx";
import { createSteadfast } from "./steadfast";

export type CourierConfig = Pick<
  Config,
  | "COURIER_PROVIDER"
  | "STEADFAST_API_KEY"
  | "STEADFAST_SECRET_KEY"
  | "STEADFAST_BASE_URL"
  | "PATHAO_CLIENT_ID"
  | "PATHAO_CLIENT_SECRET"
  | "PATHAO_USERNAME"
  | "PATHAO_PASSWORD"
  | "PATHAO_STORE_ID"
  | "PATHAO_BASE_URL"
  | "PATHAO_WEBHOOK_SECRET"
  | "REDX_API_TOKEN"
  | "REDX_BASE_URL"
  | "REDX_PICKUP_STORE_ID"
  | "REDX_PICKUP_AREA_ID"
  | "REDX_WEBHOOK_TOKEN"
>;

/** The configured courier (COURIER_PROVIDER): manual, the demo's own, Steadfast, Pathao or RedX. */
export function createCourier(
  config: Partial<CourierConfig> & Pick<Config, "COURIER_PROVIDER">,
  log: Logger,
): Courier {
  const clog = log.child({ integration: "courier" });
  // loadConfig refuses a courier without its keys; these guard a hand-built config.
  switch (config.COURIER_PROVIDER) {
    case "demo":
      return createDemoCourier();
    case "steadfast": {
      if (!config.STEADFAST_API_KEY || !config.STEADFAST_SECRET_KEY) {
        throw new Error("COURIER_PROVIDER=steadfast needs STEADFAST_API_KEY and STEADFAST_SECRET_KEY");
      }
      return createSteadfast(
        {
          baseUrl: config.STEADFAST_BASE_URL,
          apiKey: config.STEADFAST_API_KEY,
          secretKey: config.STEADFAST_SECRET_KEY,
        },
        clog,
      );
    }
    case "pathao": {
      const { PATHAO_CLIENT_ID, PATHAO_CLIENT_SECRET, PATHAO_USERNAME, PATHAO_PASSWORD, PATHAO_STORE_ID } =
        config;
      if (
        !PATHAO_CLIENT_ID ||
        !PATHAO_CLIENT_SECRET ||
        !PATHAO_USERNAME ||
        !PATHAO_PASSWORD ||
        !PATHAO_STORE_ID
      ) {
        throw new Error(
          "COURIER_PROVIDER=pathao needs PATHAO_CLIENT_ID, PATHAO_CLIENT_SECRET, PATHAO_USERNAME, PATHAO_PASSWORD and PATHAO_STORE_ID",
        );
      }
      return createPathao(
        {
          baseUrl: config.PATHAO_BASE_URL,
          clientId: PATHAO_CLIENT_ID,
          clientSecret: PATHAO_CLIENT_SECRET,
          username: PATHAO_USERNAME,
          password: PATHAO_PASSWORD,
          storeId: PATHAO_STORE_ID,
          webhookSecret: config.PATHAO_WEBHOOK_SECRET,
        },
        clog,
      );
    }
    case "redx": {
      if (!config.REDX_API_TOKEN) throw new Error("COURIER_PROVIDER=redx needs REDX_API_TOKEN");
      return createRedx(
        {
          baseUrl: config.REDX_BASE_URL,
          token: config.REDX_API_TOKEN,
          pickupStoreId: config.REDX_PICKUP_STORE_ID,
          pickupAreaId: config.REDX_PICKUP_AREA_ID,
          webhookToken: config.REDX_WEBHOOK_TOKEN,
        },
        clog,
      );
    }
    default:
      return createManualCourier();
  }
}
