import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { type FakeRedx, startFakeRedx } from "./fakes/redx-fake";
import { type ConsignmentRequest, CourierError } from "./provider";
import { createRedx, mapRedxStatus } from "./redx";

const log = createLogger("silent");
const TOKEN = "redx-callback-token-0123456789";

function parcel(overrides: Partial<ConsignmentRequest> = {}): ConsignmentRequest {
  return {
    invoice: "PG-3001",
    recipientName: "Nasrin Akter",
    recipientPhone: "01911111111",
    recipientAddress: "Flat 3B, Road 27, Dhanmondi, Dhaka",
    codAmount: 85_050,
    note: null,
    district: "Dhaka",
    area: "Dhanmondi",
    value: 85_050,
    ...overrides,
  };
}

async function courierError(p: Promise<unknown>): Promise<CourierError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(CourierError);
    return e as CourierError;
  }
  throw new Error("expected a CourierError");
}

let fake: FakeRedx;
beforeEach(async () => {
  fake = await startFakeRedx();
});
afterEach(() => fake.close());

const courier = (overrides: Partial<Parameters<typeof createRedx>[0]> = {}) =>
  createRedx(
    { baseUrl: fake.baseUrl, token: fake.token, pickupAreaId: 1, webhookToken: TOKEN, ...overrides },
    log,
  );

describe("redx booking", () => {
  it("books the parcel in the RedX delivery area of the order's district and area", async () => {
    const c = await courier().createConsignment(parcel());
    expect(c).toMatchObject({ status: "in_review" });
    expect(c.trackingCode).toBe(c.consignmentId);
    expect(fake.parcels()[0]).toMatchObject({
      tracking_id: c.trackingCode,
      delivery_area: "Dhanmondi",
      delivery_area_id: 2,
      cash_collection_amount: "850.5",
      parcel_weight: 500,
      value: 850.5,
      tenant_invoice_id: "PG-3001",
    });
  });

  it("matches an area RedX writes with its district, and the old spelling of a district", async () => {
    expect(await courier().areaFor("Dhaka", "Mohammadpur")).toEqual({ id: 1, name: "Mohammadpur(Dhaka)" });
    expect(await courier().areaFor("Chittagong", "Agrabad")).toEqual({ id: 120, name: "Agrabad" });
  });

  it("refuses an area RedX does not list, before booking", async () => {
    const e = await courierError(courier().createConsignment(parcel({ area: "Uttara" })));
    expect(e.code).toBe("invalid_request");
    expect(e.message).toContain('no delivery area "Uttara" in Dhaka');
    expect(fake.parcels()).toHaveLength(0);
    expect(
      (await courierError(courier().createConsignment(parcel({ district: "Bandarban" })))).message,
    ).toContain("no delivery areas in Bandarban");
  });

  it("passes RedX's refusal on with its fields", async () => {
    await courier().createConsignment(parcel());
    const e = await courierError(courier().createConsignment(parcel()));
    expect(e.code).toBe("rejected");
    expect(e.details.fields).toEqual({ tenant_invoice_id: "Duplicate invoice" });
  });

  it("names the token when RedX refuses it", async () => {
    const e = await courierError(courier({ token: "wrong" }).createConsignment(parcel()));
    expect(e.code).toBe("rejected");
    expect(e.message).toContain("REDX_API_TOKEN");
  });

  it("is unreachable when RedX fails, and times out when it is slow", async () => {
    const redx = courier({ timeoutMs: 200 });
    await redx.areaFor("Dhaka", "Dhanmondi");
    fake.failNext(502);
    expect((await courierError(redx.createConsignment(parcel()))).code).toBe("unreachable");
    fake.delayNext(1000);
    expect((await courierError(redx.createConsignment(parcel()))).code).toBe("timeout");
  });
});

describe("redx status and price", () => {
  it("polls the parcel's status in our words", async () => {
    const redx = courier();
    const c = await redx.createConsignment(parcel());
    expect(await redx.fetchStatus({ trackingCode: c.trackingCode })).toMatchObject({
      status: "in_review",
      courierStatus: "pickup-pending",
    });
    fake.setStatus(c.trackingCode, "delivery-in-progress");
    expect((await redx.fetchStatus({ trackingCode: c.trackingCode })).status).toBe("in_transit");
    fake.setStatus(c.trackingCode, "returned");
    expect((await redx.fetchStatus({ trackingCode: c.trackingCode })).status).toBe("returned");
  });

  it("is not_found for a parcel RedX does not know", async () => {
    expect((await courierError(courier().fetchStatus({ trackingCode: "NOPE" }))).code).toBe("not_found");
  });

  it("maps RedX's words", () => {
    expect(mapRedxStatus("ready-for-delivery")).toBe("in_transit");
    expect(mapRedxStatus("agent-hold")).toBe("hold");
    expect(mapRedxStatus("something-new")).toBe("unknown");
  });

  it("prices a parcel with its charge calculator: delivery and the cash-on-delivery charge", async () => {
    const price = await courier().priceFor(parcel({ codAmount: 100_000, weightGrams: 1200 }));
    expect(price).toMatchObject({ delivery: 7500, codFee: 1000, total: 8500 });
  });

  it("needs the pickup area to price", async () => {
    const e = await courierError(courier({ pickupAreaId: undefined }).priceFor(parcel()));
    expect(e.message).toContain("REDX_PICKUP_AREA_ID");
  });
});

describe("redx webhook", () => {
  const body = {
    tracking_number: "21A427TU4BN3R",
    timestamp: "2024-01-01T10:00:00Z",
    status: "delivered",
    message_en: "Delivered",
    invoice_number: "PG-1",
  };

  it("reads a callback carrying the token", () => {
    expect(courier().readWebhook({ headers: {}, query: { token: TOKEN }, body })).toEqual({
      kind: "news",
      news: {
        trackingCode: "21A427TU4BN3R",
        invoice: "PG-1",
        status: "delivered",
        courierStatus: "delivered",
        at: body.timestamp,
      },
    });
  });

  it("refuses a callback without the token, with another, or when none is configured", () => {
    expect(courier().readWebhook({ headers: {}, query: {}, body }).kind).toBe("refused");
    expect(courier().readWebhook({ headers: {}, query: { token: "guess" }, body }).kind).toBe("refused");
    expect(
      courier({ webhookToken: undefined }).readWebhook({ headers: {}, query: { token: TOKEN }, body }).kind,
    ).toBe("refused");
  });

  it("ignores a status it does not know", () => {
    expect(
      courier().readWebhook({ headers: {}, query: { token: TOKEN }, body: { ...body, status: "x" } }).kind,
    ).toBe("ignored");
  });
});
