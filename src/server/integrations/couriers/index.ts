import type { Config } from "../../config";
import type { Logger } from "../../logger";
import { createManualCourier } from "./manual";
import type { Courier } from "./provider";
import { createSteadfast } from "./steadfast";

export type CourierConfig = Pick<
  Config,
  "COURIER_PROVIDER" | "STEADFAST_API_KEY" | "STEADFAST_SECRET_KEY" | "STEADFAST_BASE_URL"
>;

/** The configured courier: manual unless COURIER_PROVIDER=steadfast. */
export function createCourier(config: CourierConfig, log: Logger): Courier {
  if (config.COURIER_PROVIDER !== "steadfast") return createManualCourier();
  // loadConfig refuses steadfast without both keys; this guards a hand-built config.
  if (!config.STEADFAST_API_KEY || !config.STEADFAST_SECRET_KEY) {
    throw new Error("COURIER_PROVIDER=steadfast needs STEADFAST_API_KEY and STEADFAST_SECRET_KEY");
  }
  return createSteadfast(
    {
      baseUrl: config.STEADFAST_BASE_URL,
      apiKey: config.STEADFAST_API_KEY,
      secretKey: config.STEADFAST_SECRET_KEY,
    },
    log.child({ integration: "courier" }),
  );
}
