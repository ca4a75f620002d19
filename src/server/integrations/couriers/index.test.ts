import { describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { createCourier } from "./index";
import { createManualCourier } from "./manual";

const log = createLogger("silent");
const none = { STEADFAST_API_KEY: undefined, STEADFAST_SECRET_KEY: undefined, STEADFAST_BASE_URL: undefined };

describe("createCourier", () => {
  it("is manual by default", () => {
    expect(createCourier({ COURIER_PROVIDER: "manual", ...none }, log).name).toBe("manual");
  });

  it("is Steadfast when COURIER_PROVIDER=steadfast", () => {
    const courier = createCourier(
      { ...none, COURIER_PROVIDER: "steadfast", STEADFAST_API_KEY: "k", STEADFAST_SECRET_KEY: "s" },
      log,
    );
    expect(courier.name).toBe("steadfast");
  });

  it("is the demo courier, Pathao or RedX when named", () => {
    expect(createCourier({ COURIER_PROVIDER: "demo" }, log).name).toBe("demo");
    const pathao = {
      COURIER_PROVIDER: "pathao" as const,
      PATHAO_CLIENT_ID: "id",
      PATHAO_CLIENT_SECRET: "s",
      PATHAO_USERNAME: "u",
      PATHAO_PASSWORD: "p",
      PATHAO_STORE_ID: 1,
    };
    expect(createCourier(pathao, log).name).toBe("pathao");
    expect(createCourier({ COURIER_PROVIDER: "redx", REDX_API_TOKEN: "t" }, log).name).toBe("redx");
  });

  it("refuses Pathao or RedX without their keys", () => {
    expect(() => createCourier({ COURIER_PROVIDER: "pathao", PATHAO_CLIENT_ID: "id" }, log)).toThrow(
      /PATHAO_STORE_ID/,
    );
    expect(() => createCourier({ COURIER_PROVIDER: "redx" }, log)).toThrow(/REDX_API_TOKEN/);
  });

  it("refuses Steadfast without its keys", () => {
    expect(() =>
      createCourier({ ...none, COURIER_PROVIDER: "steadfast", STEADFAST_API_KEY: "k" }, log),
    ).toThrow(/STEADFAST_API_KEY and STEADFAST_SECRET_KEY/);
  });
});

describe("manual courier", () => {
  it("books nothing and knows no status: staff enter both", async () => {
    const courier = createManualCourier();
    const booked = await courier.createConsignment({
      invoice: "PG-1",
      recipientName: "A",
      recipientPhone: "01711111111",
      recipientAddress: "Dhaka",
      codAmount: 0,
    });
    expect(booked).toBeNull();
    expect(await courier.fetchStatus({ consignmentId: "123" })).toBeNull();
  });
});
