import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { type CourierSet, createCouriers } from "./couriers";
import { createDeliveryHistory } from "./delivery-history";
import type { DeliveryHistoryLookup } from "./delivery-history/provider";
import { createEmail } from "./email";
import type { EmailProvider } from "./email/provider";
import { createPaymentProvider } from "./payments";
import type { PaymentProvider } from "./payments/provider";
import { createSandboxGateway, type SandboxBooks } from "./payments/sandbox";
import { createSms } from "./sms";
import type { SmsProvider } from "./sms/provider";

/** What the services receive of the outside world (their context's `sms`, `email`, … fields). */
export interface Integrations {
  sms: SmsProvider;
  email: EmailProvider;
  payments: PaymentProvider;
  sandbox: SandboxBooks | null;
  couriers: CourierSet;
  /** Whose record of a phone's parcels the COD risk check adds to the shop's own. */
  deliveryHistory: DeliveryHistoryLookup;
}

/** The outside services as configured: SMS, email, the payment gateway and the couriers. */
export function createIntegrations(config: Config, log: Logger, db: Db): Integrations {
  const sandbox = createSandboxGateway(db, log.child({ integration: "sandbox-gateway" }));
  const payments = createPaymentProvider(config, log.child({ integration: "payments" }), sandbox);
  return {
    sms: createSms(config, log, db),
    email: createEmail(config, log),
    payments,
    sandbox: payments === sandbox ? sandbox : null,
    couriers: createCouriers(config, log),
    deliveryHistory: createDeliveryHistory(config, log),
  };
}
