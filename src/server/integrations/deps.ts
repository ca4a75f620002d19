import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { AppDeps } from "../services/context";
import { createCourier } from "./couriers";
import { createEmail } from "./email";
import { createPaymentProvider } from "./payments";
import { createSandboxGateway } from "./payments/sandbox";
import { createSms } from "./sms";

/** The outside services as configured: SMS, email, the payment gateway and the courier. */
export function createIntegrations(
  config: Config,
  log: Logger,
  db: Db,
): Pick<AppDeps, "sms" | "email" | "payments" | "sandbox" | "courier"> {
  const sandbox = createSandboxGateway(db, log.child({ integration: "sandbox-gateway" }));
  const payments = createPaymentProvider(config, log.child({ integration: "payments" }), sandbox);
  return {
    sms: createSms(config, log, db),
    email: createEmail(config, log),
    payments,
    sandbox: payments === sandbox ? sandbox : null,
    courier: createCourier(config, log),
  };
}
