import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { type FakeSteadfast, startFakeSteadfast } from "./fakes/steadfast-fake";
import { type ConsignmentRequest, CourierError } from "./provider";
import { createSteadfast, mapSteadfastStatus, STEADFAST_STATUSES } from "./steadfast";

const log = createLogger("silent");

function order(overrides: Partial<ConsignmentRequest> = {}): ConsignmentRequest {
  return {
    invoice: "PG-1001",
    recipientName: "Rahim Uddin",
    recipientPhone: "01711111111",
    recipientAddress: "House 17, Road 3/A, Dhanmondi, Dhaka",
    codAmount: 125_050,
    note: "Call before delivery",
    ...overrides,
  };
}

/** The CourierError a promise rejects with; fails the test when it resolves. */
async function courierError(p: Promise<unknown>): Promise<CourierError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(CourierError);
    return e as CourierError;
  }
  throw new Error("expected a CourierError");
}

let fake: FakeSteadfast;
beforeEach(async () => {
  fake = await startFakeSteadfast();
});
afterEach(() => fake.close());

const courier = (overrides: Partial<Parameters<typeof createSteadfast>[0]> = {}) =>
  createSteadfast(
    { baseUrl: fake.baseUrl, apiKey: fake.apiKey, secretKey: fake.secretKey, ...overrides },
    log,
  );

describe("steadfast createConsignment", () => {
  it("books the parcel and answers with its consignment id, tracking code and status", async () => {
    const c = await courier().createConsignment(order());
    expect(c).toMatchObject({ status: "in_review" });
    expect(c.consignmentId).toMatch(/^\d+$/);
    expect(c.trackingCode).toMatch(/^[0-9A-F]{8}$/);
    expect(c.raw).toMatchObject({ status: 200, consignment: { invoice: "PG-1001" } });
  });

  it("sends the cash to collect in taka, with the recipient and the note", async () => {
    await courier().createConsignment(order({ codAmount: 125_050 }));
    expect(fake.consignments()[0]).toMatchObject({
      invoice: "PG-1001",
      recipient_name: "Rahim Uddin",
      recipient_phone: "01711111111",
      recipient_address: "House 17, Road 3/A, Dhanmondi, Dhaka",
      cod_amount: 1250.5,
      note: "Call before delivery",
    });
  });

  it("sends 0 to collect for a prepaid order", async () => {
    await courier().createConsignment(order({ codAmount: 0, note: null }));
    expect(fake.consignments()[0]).toMatchObject({ cod_amount: 0, note: null });
  });

  it("accepts a base URL with a trailing slash", async () => {
    const c = await courier({ baseUrl: `${fake.baseUrl}/` }).createConsignment(order());
    expect(c.status).toBe("in_review");
  });

  it("throws a rejected CourierError naming the field when the invoice was used before", async () => {
    await courier().createConsignment(order());
    const e = await courierError(courier().createConsignment(order()));
    expect(e.code).toBe("rejected");
    expect(e.details.fields).toEqual({ invoice: "The invoice has already been taken." });
    expect(e.message).toContain("POST /create_order");
    expect(e.message).toContain("invoice: The invoice has already been taken.");
    expect(fake.consignments()).toHaveLength(1);
  });

  it("refuses a request outside Steadfast's limits before calling it", async () => {
    const e = await courierError(
      courier().createConsignment(
        order({
          invoice: "PG 1001",
          recipientPhone: "0171111111",
          recipientAddress: "x".repeat(251),
          codAmount: 10.5,
        }),
      ),
    );
    expect(e.code).toBe("invalid_request");
    expect(Object.keys(e.details.fields ?? {}).sort()).toEqual([
      "codAmount",
      "invoice",
      "recipientAddress",
      "recipientPhone",
    ]);
    expect(fake.requests).toEqual([]);
  });

  it("says to check the keys when Steadfast refuses them", async () => {
    const e = await courierError(courier({ secretKey: "wrong" }).createConsignment(order()));
    expect(e.code).toBe("rejected");
    expect(e.details.httpStatus).toBe(401);
    expect(e.message).toContain("STEADFAST_API_KEY and STEADFAST_SECRET_KEY");
    expect(e.message).not.toContain(fake.secretKey);
  });

  it("reports a server error as unreachable, which a retry may cure", async () => {
    fake.failNext(503);
    const e = await courierError(courier().createConsignment(order()));
    expect(e.code).toBe("unreachable");
    expect(e.details.httpStatus).toBe(503);
    expect(e.message).toContain("status 503");
    // The next call goes through.
    await expect(courier().createConsignment(order())).resolves.toMatchObject({ status: "in_review" });
  });
});

describe("steadfast fetchStatus", () => {
  it("follows the consignment by id, tracking code and invoice", async () => {
    const c = await courier().createConsignment(order());
    fake.setStatus(c.consignmentId, "pending");
    for (const ref of [
      { consignmentId: c.consignmentId },
      { trackingCode: c.trackingCode },
      { invoice: "PG-1001" },
    ]) {
      expect(await courier().fetchStatus(ref)).toEqual({
        status: "in_transit",
        courierStatus: "pending",
        raw: { status: 200, delivery_status: "pending" },
      });
    }
    expect(fake.requests.slice(1)).toEqual([
      `GET /status_by_cid/${c.consignmentId}`,
      `GET /status_by_trackingcode/${c.trackingCode}`,
      "GET /status_by_invoice/PG-1001",
    ]);
  });

  it("prefers the consignment id when given several references", async () => {
    const c = await courier().createConsignment(order());
    await courier().fetchStatus({ consignmentId: c.consignmentId, trackingCode: "NOPE", invoice: "NOPE" });
    expect(fake.requests.at(-1)).toBe(`GET /status_by_cid/${c.consignmentId}`);
  });

  it("keeps Steadfast's own word beside ours", async () => {
    const c = await courier().createConsignment(order());
    fake.setStatus(c.consignmentId, "delivered_approval_pending");
    expect(await courier().fetchStatus({ consignmentId: c.consignmentId })).toMatchObject({
      status: "delivered",
      courierStatus: "delivered_approval_pending",
    });
  });

  it("throws not_found for a consignment Steadfast does not know", async () => {
    const e = await courierError(courier().fetchStatus({ trackingCode: "DEADBEEF" }));
    expect(e.code).toBe("not_found");
    expect(e.message).toContain("GET /status_by_trackingcode/DEADBEEF");
  });

  it("needs at least one reference", async () => {
    const e = await courierError(courier().fetchStatus({ consignmentId: null, trackingCode: null }));
    expect(e.code).toBe("invalid_request");
    expect(fake.requests).toEqual([]);
  });
});

describe("steadfast transport failures", () => {
  it("gives up after timeoutMs with a timeout error", async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    const e = await courierError(courier({ fetch: hanging, timeoutMs: 30 }).fetchStatus({ invoice: "PG-1" }));
    expect(e.code).toBe("timeout");
    expect(e.message).toBe("Steadfast did not answer GET /status_by_invoice/PG-1 within 30 ms");
  });

  it("reports a courier it cannot connect to as unreachable", async () => {
    const baseUrl = fake.baseUrl;
    await fake.close();
    const e = await courierError(courier({ baseUrl }).fetchStatus({ invoice: "PG-1" }));
    expect(e.code).toBe("unreachable");
    expect(e.message).toMatch(/^Steadfast could not be reached for GET \/status_by_invoice\/PG-1: /);
    fake = await startFakeSteadfast();
  });

  it("refuses an answer that is not JSON", async () => {
    const html: typeof fetch = async () => new Response("<html>maintenance</html>", { status: 200 });
    const e = await courierError(courier({ fetch: html }).fetchStatus({ invoice: "PG-1" }));
    expect(e.code).toBe("bad_answer");
    expect(e.message).toContain("maintenance");
  });

  it("refuses a body whose status is not 200 even in an HTTP 200", async () => {
    const odd: typeof fetch = async () =>
      Response.json({ status: 500, message: "Something went wrong" }, { status: 200 });
    const e = await courierError(courier({ fetch: odd }).fetchStatus({ invoice: "PG-1" }));
    expect(e.code).toBe("unreachable");
    expect(e.message).toContain("Something went wrong");
  });

  it("refuses a status answer without delivery_status", async () => {
    const empty: typeof fetch = async () => Response.json({ status: 200 });
    const e = await courierError(courier({ fetch: empty }).fetchStatus({ invoice: "PG-1" }));
    expect(e.code).toBe("bad_answer");
  });

  it("sends both keys and JSON headers", async () => {
    let seen: Headers | undefined;
    const spy: typeof fetch = async (_url, init) => {
      seen = new Headers(init?.headers);
      return Response.json({ status: 200, delivery_status: "hold" });
    };
    await courier({ fetch: spy, apiKey: "k1", secretKey: "s1" }).fetchStatus({ invoice: "PG-1" });
    expect(seen?.get("api-key")).toBe("k1");
    expect(seen?.get("secret-key")).toBe("s1");
    expect(seen?.get("content-type")).toBe("application/json");
  });
});

describe("mapSteadfastStatus", () => {
  it.each([
    ["in_review", "in_review"],
    ["pending", "in_transit"],
    ["hold", "hold"],
    ["delivered_approval_pending", "delivered"],
    ["delivered", "delivered"],
    ["partial_delivered_approval_pending", "partial_delivered"],
    ["partial_delivered", "partial_delivered"],
    ["cancelled_approval_pending", "cancelled"],
    ["cancelled", "cancelled"],
    ["unknown_approval_pending", "unknown"],
    ["unknown", "unknown"],
  ])("maps %s to %s", (word, ours) => {
    expect(mapSteadfastStatus(word)).toBe(ours);
  });

  it("covers every documented status in the table", () => {
    expect(Object.keys(STEADFAST_STATUSES)).toHaveLength(11);
  });

  it.each(["returned_somewhere", "", "constructor", "toString"])(
    "maps an unexpected word %j to unknown",
    (word) => {
      expect(mapSteadfastStatus(word)).toBe("unknown");
    },
  );
});

describe("steadfast readWebhook", () => {
  const TOKEN = "steadfast-webhook-token-for-tests";
  const call = (body: unknown, authorization?: string) => ({
    headers: { authorization },
    query: {},
    body,
  });
  const news = {
    notification_type: "delivery_status",
    consignment_id: 1424107,
    invoice: "PG-1001",
    cod_amount: 1250.5,
    status: "Delivered",
    delivery_charge: 60,
    tracking_message: "Delivered",
    updated_at: "2026-11-29 12:45:30",
  };

  it("reads delivery_status news by the order number when the bearer token is the shop's", () => {
    const reading = courier({ webhookToken: TOKEN }).readWebhook(call(news, `Bearer ${TOKEN}`));
    expect(reading).toEqual({
      kind: "news",
      news: {
        trackingCode: null,
        invoice: "PG-1001",
        status: "delivered",
        courierStatus: "delivered",
        at: "2026-11-29 12:45:30",
      },
    });
    const partial = courier({ webhookToken: TOKEN }).readWebhook(
      call({ ...news, status: "partial_delivered" }, `bearer ${TOKEN}`),
    );
    expect(partial).toMatchObject({ kind: "news", news: { status: "partial_delivered" } });
  });

  it("refuses a wrong, missing or unconfigured token", () => {
    for (const auth of [undefined, TOKEN, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, "Bearer"]) {
      expect(courier({ webhookToken: TOKEN }).readWebhook(call(news, auth)).kind).toBe("refused");
    }
    expect(courier().readWebhook(call(news, `Bearer ${TOKEN}`))).toMatchObject({
      kind: "refused",
      reason: "STEADFAST_WEBHOOK_TOKEN is not set",
    });
  });

  it("only acknowledges tracking updates, unknown words and calls without our order number", () => {
    const c = courier({ webhookToken: TOKEN });
    const auth = `Bearer ${TOKEN}`;
    expect(c.readWebhook(call({ notification_type: "tracking_update", invoice: "PG-1001" }, auth))).toEqual({
      kind: "ignored",
      event: "tracking_update",
    });
    expect(c.readWebhook(call({ ...news, status: "teleported" }, auth)).kind).toBe("ignored");
    expect(c.readWebhook(call({ ...news, invoice: "" }, auth)).kind).toBe("ignored");
    expect(c.readWebhook(call([], auth)).kind).toBe("ignored");
  });
});
