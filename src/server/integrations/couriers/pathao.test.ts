import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { type FakePathao, startFakePathao } from "./fakes/pathao-fake";
import {
  createPathao,
  mapPathaoStatus,
  PATHAO_INTEGRATION_HEADER,
  PATHAO_INTEGRATION_VALUE,
  PATHAO_TOKEN_MARGIN_MS,
} from "./pathao";
import { type ConsignmentRequest, CourierError } from "./provider";

const log = createLogger("silent");
const SECRET = "pathao-webhook-secret-0123456789";

function parcel(overrides: Partial<ConsignmentRequest> = {}): ConsignmentRequest {
  return {
    invoice: "PG-2001",
    recipientName: "Karim Ahmed",
    recipientPhone: "01811111111",
    recipientAddress: "House 5, Road 7, Dhanmondi, Dhaka",
    codAmount: 45_000,
    note: "Call first",
    district: "Dhaka",
    area: "Dhanmondi",
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

let fake: FakePathao;
let clock: number;
beforeEach(async () => {
  fake = await startFakePathao();
  clock = Date.now();
});
afterEach(() => fake.close());

const courier = (overrides: Partial<Parameters<typeof createPathao>[0]> = {}) =>
  createPathao(
    {
      baseUrl: fake.baseUrl,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      username: fake.username,
      password: fake.password,
      storeId: fake.storeId,
      webhookSecret: SECRET,
      now: () => clock,
      ...overrides,
    },
    log,
  );

describe("pathao booking", () => {
  it("books the parcel with the city, zone and area ids of the order's district and area", async () => {
    const c = await courier().createConsignment(parcel());
    expect(c.status).toBe("in_review");
    expect(c.trackingCode).toBe(c.consignmentId);
    expect(fake.orders()[0]).toMatchObject({
      consignment_id: c.consignmentId,
      merchant_order_id: "PG-2001",
      recipient_city: 1,
      recipient_zone: 52,
      recipient_area: 9001,
      amount_to_collect: 450,
      item_weight: 0.5,
      store_id: fake.storeId,
    });
  });

  it("finds a district Pathao spells the old way, and a zone named a little differently", async () => {
    const place = await courier().placeFor("Brahmanbaria", "B Baria sadar");
    expect(place).toEqual({ cityId: 32, zoneId: 710, areaId: null });
    expect(await courier().placeFor("Chattogram", "agrabad")).toMatchObject({ cityId: 2, zoneId: 301 });
    expect(await courier().placeFor("Dhaka", "Mirpur-10")).toMatchObject({ zoneId: 68, areaId: null });
  });

  it("asks for the city list once for many parcels", async () => {
    const pathao = courier();
    await pathao.createConsignment(parcel());
    await pathao.createConsignment(parcel({ invoice: "PG-2002" }));
    expect(fake.requests.filter((r) => r.endsWith("/city-list"))).toHaveLength(1);
  });

  it("refuses an area Pathao does not serve, naming it, before booking anything", async () => {
    const e = await courierError(courier().createConsignment(parcel({ area: "Nowhere Bazar" })));
    expect(e.code).toBe("invalid_request");
    expect(e.message).toContain('no zone "Nowhere Bazar" in Dhaka');
    expect(fake.orders()).toHaveLength(0);
  });

  it("refuses a district outside Pathao's list and an order without one", async () => {
    expect(
      (await courierError(courier().createConsignment(parcel({ district: "Bandarban" })))).message,
    ).toContain("does not list Bandarban");
    expect((await courierError(courier().createConsignment(parcel({ district: undefined })))).code).toBe(
      "invalid_request",
    );
  });

  it("passes Pathao's refusal on with its fields (a second booking of one order)", async () => {
    await courier().createConsignment(parcel());
    const e = await courierError(courier().createConsignment(parcel()));
    expect(e.code).toBe("rejected");
    expect(e.details.fields).toEqual({ merchant_order_id: "The merchant order id has already been taken." });
  });

  it("is unreachable when Pathao fails, and times out when it is slow", async () => {
    const pathao = courier({ timeoutMs: 200 });
    await pathao.placeFor("Dhaka", "Dhanmondi");
    fake.failNext(503);
    expect((await courierError(pathao.createConsignment(parcel()))).code).toBe("unreachable");
    fake.delayNext(1000);
    expect((await courierError(pathao.createConsignment(parcel({ invoice: "PG-2003" })))).code).toBe(
      "timeout",
    );
  });
});

describe("pathao token", () => {
  it("asks for a token once and keeps using it while it is good", async () => {
    const pathao = courier();
    await pathao.createConsignment(parcel());
    await pathao.fetchStatus({ consignmentId: fake.orders()[0]!.consignment_id });
    expect(fake.grants).toEqual(["password"]);
  });

  it("refreshes the token shortly before it expires, with the refresh token", async () => {
    fake.tokenLifetime = 3600;
    const pathao = courier();
    await pathao.placeFor("Dhaka", "Dhanmondi");
    clock += 3600_000 - PATHAO_TOKEN_MARGIN_MS + 1;
    await pathao.createConsignment(parcel());
    expect(fake.grants).toEqual(["password", "refresh_token"]);
  });

  it("asks with the password again when the refresh token is refused", async () => {
    fake.tokenLifetime = 3600;
    const pathao = courier();
    await pathao.placeFor("Dhaka", "Dhanmondi");
    fake.revokeRefreshTokens();
    clock += 3600_000;
    await pathao.createConsignment(parcel());
    expect(fake.grants).toEqual(["password", "refresh_token", "password"]);
  });

  it("gets a new token when Pathao revokes the one held (401), and tries the call once more", async () => {
    const pathao = courier();
    await pathao.placeFor("Dhaka", "Dhanmondi");
    fake.revokeTokens();
    await pathao.createConsignment(parcel());
    expect(fake.grants).toEqual(["password", "password"]);
    expect(fake.orders()).toHaveLength(1);
  });

  it("asks for one token for parallel calls", async () => {
    const pathao = courier();
    await Promise.all([pathao.placeFor("Dhaka", "Dhanmondi"), pathao.placeFor("Chattogram", "Agrabad")]);
    expect(fake.grants).toEqual(["password"]);
  });

  it("says to check the credentials when Pathao refuses them", async () => {
    const e = await courierError(courier({ password: "wrong" }).createConsignment(parcel()));
    expect(e.code).toBe("rejected");
    expect(e.message).toContain("issue-token");
  });
});

describe("pathao status and price", () => {
  it("polls the order's status in our words", async () => {
    const pathao = courier();
    const c = await pathao.createConsignment(parcel());
    fake.setStatus(c.consignmentId, "Delivered");
    expect(await pathao.fetchStatus({ trackingCode: c.trackingCode })).toMatchObject({
      status: "delivered",
      courierStatus: "Delivered",
    });
    fake.setStatus(c.consignmentId, "Pickup_Cancelled");
    expect((await pathao.fetchStatus({ consignmentId: c.consignmentId })).status).toBe("cancelled");
  });

  it("is not_found for a consignment Pathao does not know", async () => {
    expect((await courierError(courier().fetchStatus({ consignmentId: "DL000" }))).code).toBe("not_found");
  });

  it("maps Pathao's words and events", () => {
    expect(mapPathaoStatus("order.in-transit")).toBe("in_transit");
    expect(mapPathaoStatus("Partial_Delivery")).toBe("partial_delivered");
    expect(mapPathaoStatus("order.returned")).toBe("returned");
    expect(mapPathaoStatus("order.paid")).toBe("unknown");
  });

  it("prices a parcel with its plan, adding the cash-on-delivery fee", async () => {
    const price = await courier().priceFor(parcel({ codAmount: 100_000, weightGrams: 1500 }));
    // 60 taka inside Dhaka + 15 for the second kilo; 1% of 1000 taka collected.
    expect(price).toMatchObject({ delivery: 7500, codFee: 1000, total: 8500 });
    expect((await courier().priceFor(parcel({ codAmount: 0 }))).total).toBe(6000);
  });
});

describe("pathao webhook", () => {
  const headers = (signature?: string) => ({ "x-pathao-signature": signature });
  const delivered = {
    consignment_id: "DL1",
    merchant_order_id: "PG-1",
    event: "order.delivered",
    timestamp: "2024-12-27T17:53:23+00:00",
  };

  it("reads an event whose X-PATHAO-Signature is the secret", () => {
    expect(courier().readWebhook({ headers: headers(SECRET), query: {}, body: delivered })).toMatchObject({
      kind: "news",
      news: {
        trackingCode: "DL1",
        invoice: "PG-1",
        status: "delivered",
        courierStatus: "order.delivered",
        at: delivered.timestamp,
      },
    });
  });

  it("refuses a wrong, missing or unconfigured secret", () => {
    expect(courier().readWebhook({ headers: headers(`${SECRET}x`), query: {}, body: delivered }).kind).toBe(
      "refused",
    );
    expect(courier().readWebhook({ headers: headers(), query: {}, body: delivered }).kind).toBe("refused");
    expect(
      courier({ webhookSecret: undefined }).readWebhook({
        headers: headers(SECRET),
        query: {},
        body: delivered,
      }).kind,
    ).toBe("refused");
  });

  it("answers Pathao's set-up check with 202 and its header", () => {
    expect(
      courier().readWebhook({ headers: headers(SECRET), query: {}, body: { event: "webhook_integration" } }),
    ).toEqual({
      kind: "handshake",
      event: "webhook_integration",
      reply: { status: 202, headers: { [PATHAO_INTEGRATION_HEADER]: PATHAO_INTEGRATION_VALUE } },
    });
  });

  it("ignores events that move no parcel", () => {
    const paid = { ...delivered, event: "order.paid", invoice_id: "X" };
    expect(courier().readWebhook({ headers: headers(SECRET), query: {}, body: paid })).toEqual({
      kind: "ignored",
      event: "order.paid",
      reply: { status: 202, headers: { [PATHAO_INTEGRATION_HEADER]: PATHAO_INTEGRATION_VALUE } },
    });
  });
});
