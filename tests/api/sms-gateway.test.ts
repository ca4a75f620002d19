/**
 * Messages through a configured SMS gateway (SSL Wireless, against a local fake): order news and
 * one-time codes reach it from the outbox, once each, and its outages are retried.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { outbox } from "../../src/server/db/schema";
import {
  type FakeSslWireless,
  startFakeSslWireless,
} from "../../src/server/integrations/sms/fakes/sslwireless-fake";
import { createSslWirelessSms, csmsIdFor } from "../../src/server/integrations/sms/sslwireless";
import { MAX_ATTEMPTS, nudgeOutbox, retryDelayMs } from "../../src/server/services/platform/outbox";
import { checkout } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";

let h: Harness;
let fake: FakeSslWireless;

beforeAll(async () => {
  fake = await startFakeSslWireless();
  h = await createHarness({
    sms: (deps) =>
      createSslWirelessSms({ apiToken: fake.apiToken, sid: fake.sid, baseUrl: fake.baseUrl }, deps.log),
  });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

async function messageRow(key: string) {
  const [row] = await h.db.select().from(outbox).where(eq(outbox.key, key));
  return row;
}

const toGateway = (key: string) => fake.messages.filter((m) => m.csmsId === csmsIdFor(key));

describe("an SMS gateway behind the outbox", () => {
  it("sends a cash-on-delivery order's confirmation once, keyed by the order and the event", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }] });
    const key = `order-${placed.orderId}-confirmed-sms`;
    await vi.waitFor(async () => expect((await messageRow(key))?.status).toBe("sent"));
    expect(toGateway(key)).toEqual([
      expect.objectContaining({
        msisdn: `88${buyer.phone}`,
        sms: expect.stringContaining(`Order ${placed.orderNumber} confirmed`),
      }),
    ]);
  });

  it("retries a gateway outage with growing waits until the SMS goes, once", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    fake.failNext(502, 2);
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }] });
    const key = `order-${placed.orderId}-confirmed-sms`;
    await vi.waitFor(async () => expect((await messageRow(key))?.lastError).toContain("HTTP 502"));
    expect(await messageRow(key)).toMatchObject({ status: "pending", attempts: 1 });
    // Not before its wait is over.
    await nudgeOutbox(h.deps);
    expect((await messageRow(key))?.attempts).toBe(1);
    h.clock.advance(retryDelayMs(1));
    await nudgeOutbox(h.deps);
    expect(await messageRow(key)).toMatchObject({ status: "pending", attempts: 2 });
    h.clock.advance(retryDelayMs(2));
    await nudgeOutbox(h.deps);
    expect(await messageRow(key)).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(toGateway(key)).toHaveLength(1);
  });

  it("leaves a message the gateway keeps refusing failed, with the reason, for staff to see", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    fake.refuseNext(4001, MAX_ATTEMPTS);
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }] });
    const key = `order-${placed.orderId}-confirmed-sms`;
    await vi.waitFor(async () => expect((await messageRow(key))?.lastError).toContain("4001"));
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      h.clock.advance(retryDelayMs(attempt - 1));
      await nudgeOutbox(h.deps);
    }
    const row = await messageRow(key);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(row?.lastError).toContain("status_code 4001): Unauthorized");
    expect(toGateway(key)).toEqual([]);
    // The order itself stands.
    const order = await h.request<{ status: string }>("GET", `/api/orders/${placed.orderId}`, {
      cookie: buyer.cookie,
    });
    expect(order.body.data?.status).toBe("confirmed");
  });

  it("sends a one-time code to the gateway before answering, and keeps no copy of its text", async () => {
    const buyer = await h.createUser();
    const before = fake.messages.length;
    const res = await h.request("POST", "/api/auth/verify/send", { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    expect(fake.messages.length).toBe(before + 1);
    const sent = fake.messages.at(-1)!;
    expect(sent.msisdn).toBe(`88${buyer.phone}`);
    const code = /\b(\d{6})\b/.exec(sent.sms)![1]!;
    const rows = await h.db.select().from(outbox).where(eq(outbox.recipient, buyer.phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "sent", secret: true });
    expect(JSON.stringify(rows[0]!.payload)).not.toContain(code);
    const confirmed = await h.request("POST", "/api/auth/verify", { cookie: buyer.cookie, body: { code } });
    expect(confirmed.status).toBe(200);
  });
});
