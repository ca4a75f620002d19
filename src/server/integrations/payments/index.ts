import type { Config } from "../../config";
import type { Logger } from "../../logger";
import { BKASH_SANDBOX_URL, createBkash } from "./bkash";
import type { PaymentProvider } from "./provider";
import { createSslcommerz, SSLCOMMERZ_LIVE_URL, SSLCOMMERZ_SANDBOX_URL } from "./sslcommerz";

type PaymentConfig = Pick<
  Config,
  | "PAYMENT_PROVIDER"
  | "SSLCOMMERZ_STORE_ID"
  | "SSLCOMMERZ_STORE_PASSWORD"
  | "SSLCOMMERZ_SANDBOX"
  | "BKASH_BASE_URL"
  | "BKASH_APP_KEY"
  | "BKASH_APP_SECRET"
  | "BKASH_USERNAME"
  | "BKASH_PASSWORD"
>;

/**
 * The gateway PAYMENT_PROVIDER names. The built-in sandbox needs our database and pages, so the
 * caller builds it and passes it in; loadConfig has already refused a gateway without credentials.
 */
export function createPaymentProvider(
  config: PaymentConfig,
  log: Logger,
  sandbox: PaymentProvider,
): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case "sandbox":
      return sandbox;
    case "sslcommerz":
      return createSslcommerz(
        {
          storeId: config.SSLCOMMERZ_STORE_ID!,
          storePassword: config.SSLCOMMERZ_STORE_PASSWORD!,
          baseUrl: config.SSLCOMMERZ_SANDBOX ? SSLCOMMERZ_SANDBOX_URL : SSLCOMMERZ_LIVE_URL,
        },
        log,
      );
    case "bkash":
      return createBkash(
        {
          baseUrl: config.BKASH_BASE_URL ?? BKASH_SANDBOX_URL,
          appKey: config.BKASH_APP_KEY!,
          appSecret: config.BKASH_APP_SECRET!,
          username: config.BKASH_USERNAME!,
          password: config.BKASH_PASSWORD!,
        },
        log,
      );
  }
}
