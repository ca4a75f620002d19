import { describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { createCourier, createCouriers } from "./index";
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

const pathaoKeys = {
  PATHAO_CLIENT_ID: "id",
  PATHAO_CLIENT_SECRET: "s",
  PATHAO_USERNAME: "u",
  PATHAO_PASSWORD: "p",
  PATHAO_STORE_ID: 1,
};

describe("createCouriers", () => {
  const names = (set: ReturnType<typeof createCouriers>) => set.bookable.map((c) => c.name);

  it("connects every courier with its keys, COURIER_PROVIDER's the default", () => {
    const set = createCouriers(
      {
        COURIER_PROVIDER: "pathao",
        STEADFAST_API_KEY: "k",
        STEADFAST_SECRET_KEY: "s",
        ...pathaoKeys,
        REDX_API_TOKEN: "t",
      },
      log,
    );
    expect(names(set)).toEqual(["steadfast", "pathao", "redx"]);
    expect(set.preferred?.name).toBe("pathao");
    expect(set.get("redx")?.name).toBe("redx");
    expect(set.get("manual")).toBeNull();
    expect(set.get(null)).toBeNull();
  });

  it("keeps an old single-courier configuration as it was", () => {
    const set = createCouriers(
      { ...none, COURIER_PROVIDER: "steadfast", STEADFAST_API_KEY: "k", STEADFAST_SECRET_KEY: "s" },
      log,
    );
    expect(names(set)).toEqual(["steadfast"]);
    expect(set.preferred?.name).toBe("steadfast");
  });

  it("has no default courier when manual, though couriers with keys stay connected", () => {
    expect(createCouriers({ COURIER_PROVIDER: "manual" }, log).bookable).toEqual([]);
    const set = createCouriers({ COURIER_PROVIDER: "manual", REDX_API_TOKEN: "t" }, log);
    expect(names(set)).toEqual(["redx"]);
    expect(set.preferred).toBeNull();
  });

  it("stands the demo courier in under each courier without keys in a demo, the plain one following its old parcels", () => {
    const demo = createCouriers({ COURIER_PROVIDER: "demo" }, log);
    expect(names(demo)).toEqual(["demo-steadfast", "demo-pathao", "demo-redx"]);
    expect(demo.preferred?.name).toBe("demo-steadfast");
    expect(demo.get("demo")?.name).toBe("demo");
    expect(demo.get("steadfast")).toBeNull();
    const mixed = createCouriers({ COURIER_PROVIDER: "demo", ...pathaoKeys }, log);
    expect(names(mixed)).toEqual(["demo-steadfast", "pathao", "demo-redx"]);
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
