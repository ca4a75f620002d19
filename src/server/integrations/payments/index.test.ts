import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createLogger } from "../../logger";
import { createPaymentProvider } from "./index";
import type { PaymentProvider } from "./provider";

const log = createLogger("silent");
const sandbox: PaymentProvider = {
  name: "sandbox",
  start: async () => ({ redirectUrl: "/sandbox-pay", gatewayRef: null }),
  verify: async () => ({ status: "pending", tranx: null, reason: "test", raw: null }),
  refund: async () => ({ status: "failed", gatewayRefundId: null, reason: "test", raw: null }),
  refundStatus: async () => ({ status: "failed", gatewayRefundId: null, reason: "test", raw: null }),
};

describe("createPaymentProvider", () => {
  it("uses the built-in sandbox it is given by default", () => {
    expect(createPaymentProvider(loadConfig({}), log, sandbox)).toBe(sandbox);
  });

  it("builds the SSLCommerz adapter when PAYMENT_PROVIDER is sslcommerz", () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: "sslcommerz",
      SSLCOMMERZ_STORE_ID: "shop01",
      SSLCOMMERZ_STORE_PASSWORD: "shop01@ssl",
    });
    expect(createPaymentProvider(config, log, sandbox).name).toBe("sslcommerz");
  });

  it("builds the bKash adapter when PAYMENT_PROVIDER is bkash", () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: "bkash",
      BKASH_APP_KEY: "k",
      BKASH_APP_SECRET: "s",
      BKASH_USERNAME: "u",
      BKASH_PASSWORD: "p",
    });
    expect(createPaymentProvider(config, log, sandbox).name).toBe("bkash");
  });

  it("points the SSLCommerz adapter at the live gateway only when SSLCOMMERZ_SANDBOX is false", async () => {
    const hosts: string[] = [];
    const spy: typeof fetch = async (url) => {
      hosts.push(new URL(String(url)).host);
      return Response.json({ status: "FAILED", failedreason: "stop here" });
    };
    const original = globalThis.fetch;
    globalThis.fetch = spy;
    try {
      for (const SSLCOMMERZ_SANDBOX of ["true", "false"]) {
        const config = loadConfig({
          PAYMENT_PROVIDER: "sslcommerz",
          SSLCOMMERZ_STORE_ID: "shop01",
          SSLCOMMERZ_STORE_PASSWORD: "shop01@ssl",
          SSLCOMMERZ_SANDBOX,
        });
        await createPaymentProvider(config, log, sandbox)
          .verify({ params: { val_id: "V1" }, gatewayRef: null })
          .catch(() => undefined);
      }
    } finally {
      globalThis.fetch = original;
    }
    expect(hosts).toEqual(["sandbox.sslcommerz.com", "securepay.sslcommerz.com"]);
  });
});
