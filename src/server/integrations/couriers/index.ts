import type { Config } from "../../config";
import type { Logger } from "../../logger";
import { createDemoCourier } from "./demo";
import { createManualCourier } from "./manual";
import { createPathao } from "./pathao";
import {
  type Courier,
  type CourierName,
  DEMO_STAND_INS,
  type DemoStandIn,
  REAL_COURIERS,
  type RealCourierName,
} from "./provider";
import { createRedx } from "./redx";
import { createSteadfast } from "./steadfast";

export type CourierConfig = Pick<
  Config,
  | "COURIER_PROVIDER"
  | "STEADFAST_API_KEY"
  | "STEADFAST_SECRET_KEY"
  | "STEADFAST_BASE_URL"
  | "STEADFAST_WEBHOOK_TOKEN"
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

/** One courier by name (COURIER_PROVIDER): manual, the demo's own, Steadfast, Pathao or RedX. */
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
          webhookToken: config.STEADFAST_WEBHOOK_TOKEN,
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

/**
 * The couriers the shop is connected to at once: every courier whose keys are configured, so a
 * parcel is booked with the courier that serves its district. `COURIER_PROVIDER` names the shop's
 * default courier (booked with when a district has none of its own); `demo` connects the demo
 * courier's stand-ins under the names of the couriers without keys (decision 67).
 */
export interface CourierSet {
  /** The shop's default courier, null when none (`manual`, or nothing connected). */
  readonly preferred: Courier | null;
  /** The couriers staff may book with, in a fixed order: Steadfast, Pathao, RedX. */
  readonly bookable: readonly Courier[];
  /** The connected courier of that name, which can follow its parcels; null for any other. */
  get(name: string | null | undefined): Courier | null;
}

/** A set of already-made couriers; the first bookable one is the default unless `preferred` says otherwise. */
export function courierSetOf(couriers: readonly Courier[], preferred?: string | null): CourierSet {
  const byName = new Map<string, Courier>();
  for (const c of couriers) if (c.name !== "manual") byName.set(c.name, c);
  // The plain demo courier follows the parcels it booked before the stand-ins; booking goes to them.
  const standIns = couriers.some((c) => (DEMO_STAND_INS as readonly string[]).includes(c.name));
  const bookable = [...byName.values()].filter((c) => !(standIns && c.name === "demo"));
  const chosen =
    preferred === undefined
      ? (bookable[0] ?? null)
      : preferred === null
        ? null
        : (bookable.find((c) => c.name === preferred) ?? null);
  return {
    preferred: chosen,
    bookable,
    get: (name) => (name ? (byName.get(name) ?? null) : null),
  };
}

/** Whether a courier's keys are all configured. */
export function courierConfigured(config: Partial<CourierConfig>, name: RealCourierName): boolean {
  switch (name) {
    case "steadfast":
      return Boolean(config.STEADFAST_API_KEY && config.STEADFAST_SECRET_KEY);
    case "pathao":
      return Boolean(
        config.PATHAO_CLIENT_ID &&
          config.PATHAO_CLIENT_SECRET &&
          config.PATHAO_USERNAME &&
          config.PATHAO_PASSWORD &&
          config.PATHAO_STORE_ID,
      );
    case "redx":
      return Boolean(config.REDX_API_TOKEN);
  }
}

/**
 * Every courier whose keys are configured, and in a demo (`COURIER_PROVIDER=demo`) the demo's
 * stand-ins for the others. The default is COURIER_PROVIDER's courier (its stand-in for `demo`:
 * the first one connected); none for `manual`.
 */
export function createCouriers(
  config: Partial<CourierConfig> & Pick<Config, "COURIER_PROVIDER">,
  log: Logger,
  now: () => number = Date.now,
): CourierSet {
  const demo = config.COURIER_PROVIDER === "demo";
  const couriers: Courier[] = [];
  for (const name of REAL_COURIERS) {
    if (courierConfigured(config, name)) {
      couriers.push(createCourier({ ...config, COURIER_PROVIDER: name }, log));
    } else if (demo) {
      couriers.push(createDemoCourier(now, `demo-${name}` as DemoStandIn));
    }
  }
  if (demo) couriers.push(createDemoCourier(now));
  const preferred: CourierName | null | undefined =
    config.COURIER_PROVIDER === "manual" ? null : demo ? undefined : config.COURIER_PROVIDER;
  return courierSetOf(couriers, preferred);
}
