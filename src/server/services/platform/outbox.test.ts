import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Database, type Db, openPglite } from "../../db/client";
import { outbox, smsOutbox } from "../../db/schema";
import type { EmailProvider } from "../../integrations/email/provider";
import { createOutboxSms } from "../../integrations/sms/outbox";
import { SmsError, type SmsProvider } from "../../integrations/sms/provider";
import type { Logger } from "../../logger";
import {
  DEFAULT_LEASE_MS,
  type DeliveryDeps,
  deliverDueMessages,
  enqueueMessages,
  MAX_ATTEMPTS,
  REDACTED,
  retryDelayMs,
  sendNow,
} from "./outbox";

let database: Database;
let db: Db;
let current: number;
const now = () => new Date(current);

function fakeLog() {
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return { log, logger: log as unknown as Logger };
}

const noEmail: EmailProvider = { name: "none", send: async () => {} };

function deps(sms: SmsProvider, logger = fakeLog().logger): DeliveryDeps {
  return { db, sms, email: noEmail, log: logger, now };
}

const sms = (key: string, body = "Order 100001 confirmed.") => ({
  key,
  channel: "sms" as const,
  to: "01711111111",
  body,
});

async function rowOf(key: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.key, key));
  return row!;
}

async function providerRows(key: string) {
  return db.select().from(smsOutbox).where(eq(smsOutbox.key, key));
}

beforeAll(async () => {
  database = await openPglite("memory://");
  await database.migrate();
  db = database.db;
}, 60_000);
afterAll(() => database.close());
beforeEach(async () => {
  await db.delete(outbox);
  await db.delete(smsOutbox);
  current = Date.parse("2031-03-01T08:00:00.000Z");
});

describe("the outbox", () => {
  it("never sends a message whose transaction rolled back", async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueMessages(tx as unknown as Db, [sms("rolled-back")], now());
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");
    const provider = createOutboxSms(db, fakeLog().logger, { production: false });
    expect(await deliverDueMessages(deps(provider))).toMatchObject({ claimed: 0 });
    expect(await db.select().from(outbox)).toEqual([]);
  });

  it("delivers a due message once, passing its key to the provider, and marks it sent", async () => {
    await enqueueMessages(db, [sms("order-1-confirmed-sms")], now());
    const sent: [string, string, string][] = [];
    const provider: SmsProvider = { name: "test", send: async (...a) => void sent.push(a) };
    expect(await deliverDueMessages(deps(provider))).toEqual({ claimed: 1, sent: 1, retrying: 0, failed: 0 });
    expect(await deliverDueMessages(deps(provider))).toMatchObject({ claimed: 0 });
    expect(sent).toEqual([["01711111111", "Order 100001 confirmed.", "order-1-confirmed-sms"]]);
    expect(await rowOf("order-1-confirmed-sms")).toMatchObject({
      status: "sent",
      attempts: 1,
      lastError: null,
    });
  });

  it("writes the same key once: the same news queued twice is one message", async () => {
    await enqueueMessages(db, [sms("order-2-placed-sms")], now());
    await enqueueMessages(db, [sms("order-2-placed-sms", "another text")], now());
    expect(await db.select().from(outbox)).toHaveLength(1);
  });

  it("retries a failed send with growing waits, then gives up with the reason, logged", async () => {
    await enqueueMessages(db, [sms("order-3-shipped-sms")], now());
    const provider: SmsProvider = {
      name: "down",
      send: async () => {
        throw new Error("SSL Wireless did not answer within 10000 ms");
      },
    };
    const { log, logger } = fakeLog();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueMessages(deps(provider, logger))).toMatchObject({ claimed: 1 });
      const row = await rowOf("order-3-shipped-sms");
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe("SSL Wireless did not answer within 10000 ms");
      if (attempt < MAX_ATTEMPTS) {
        expect(row.status).toBe("pending");
        expect(row.dueAt.getTime() - current).toBe(retryDelayMs(attempt));
        // Not due again before its wait is over.
        current += retryDelayMs(attempt) - 1;
        expect(await deliverDueMessages(deps(provider, logger))).toMatchObject({ claimed: 0 });
        current += 1;
      } else {
        expect(row.status).toBe("failed");
      }
    }
    expect(log.warn).toHaveBeenCalledTimes(MAX_ATTEMPTS - 1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({
        outbox: expect.objectContaining({ key: "order-3-shipped-sms", attempt: MAX_ATTEMPTS }),
        reason: "SSL Wireless did not answer within 10000 ms",
      }),
      "outbox: message not delivered, given up",
    );
    current += 86_400_000;
    expect(await deliverDueMessages(deps(provider, logger))).toMatchObject({ claimed: 0 });
    // Waits grow and stay bounded: 10 s, 30 s, 90 s, … never more than an hour.
    expect([1, 2, 3].map(retryDelayMs)).toEqual([10_000, 30_000, 90_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  it("gives up at once on a refusal no retry can mend", async () => {
    await enqueueMessages(db, [sms("order-5-confirmed-sms")], now());
    const provider: SmsProvider = {
      name: "gateway",
      send: async () => {
        throw new SmsError("SSL Wireless", "SSL Wireless refused the SMS: Invalid Cell No.", {
          permanent: true,
        });
      },
    };
    expect(await deliverDueMessages(deps(provider))).toMatchObject({ claimed: 1, failed: 1 });
    expect(await rowOf("order-5-confirmed-sms")).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "SSL Wireless refused the SMS: Invalid Cell No.",
    });
  });

  it("sends again, once, what a server claimed and then died with, after its lease", async () => {
    await enqueueMessages(db, [sms("order-4-confirmed-sms")], now());
    const builtIn = createOutboxSms(db, fakeLog().logger, { production: false });
    // The first server hands the message to the provider and dies before marking it sent.
    const dying: SmsProvider = {
      name: "outbox",
      send: async (...a) => {
        await builtIn.send(...a);
        await new Promise(() => {});
      },
    };
    void deliverDueMessages(deps(dying));
    await vi.waitFor(async () => expect(await providerRows("order-4-confirmed-sms")).toHaveLength(1));
    // Another server: nothing is due while the lease runs, then the message is claimed again.
    expect(await deliverDueMessages(deps(builtIn))).toMatchObject({ claimed: 0 });
    current += DEFAULT_LEASE_MS;
    expect(await deliverDueMessages(deps(builtIn))).toMatchObject({ claimed: 1, sent: 1 });
    expect(await providerRows("order-4-confirmed-sms")).toHaveLength(1);
    expect(await rowOf("order-4-confirmed-sms")).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("sends each message once when rounds run at the same time", async () => {
    await enqueueMessages(
      db,
      Array.from({ length: 60 }, (_, i) => sms(`order-${100 + i}-placed-sms`)),
      now(),
    );
    const counts = new Map<string, number>();
    const provider: SmsProvider = {
      name: "test",
      send: async (_p, _b, key) => void counts.set(key, (counts.get(key) ?? 0) + 1),
    };
    const rounds = await Promise.all(
      [1, 2, 3, 4].map(() => deliverDueMessages(deps(provider), { limit: 20 })),
    );
    expect(rounds.reduce((n, r) => n + r.claimed, 0)).toBe(60);
    expect(counts.size).toBe(60);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it("delivers a one-time code before returning and keeps no copy of its text once sent", async () => {
    const builtIn = createOutboxSms(db, fakeLog().logger, { production: false });
    await sendNow(deps(builtIn), { ...sms("code-abc-sms", "123456 is your code."), secret: true });
    expect((await providerRows("code-abc-sms"))[0]?.body).toBe("123456 is your code.");
    expect(await rowOf("code-abc-sms")).toMatchObject({ status: "sent", payload: { body: REDACTED } });
  });

  it("keeps a one-time code that could not be sent for the retries, without throwing", async () => {
    const provider: SmsProvider = {
      name: "down",
      send: async () => {
        throw new Error("gateway down");
      },
    };
    await sendNow(deps(provider), { ...sms("code-def-sms", "654321 is your code."), secret: true });
    expect(await rowOf("code-def-sms")).toMatchObject({
      status: "pending",
      lastError: "gateway down",
      payload: { body: "654321 is your code." },
    });
  });
});

describe("the built-in SMS provider", () => {
  it("writes a key once", async () => {
    const provider = createOutboxSms(db, fakeLog().logger, { production: false });
    await provider.send("01711111111", "hello", "k-1");
    await provider.send("01711111111", "hello", "k-1");
    expect(await providerRows("k-1")).toHaveLength(1);
  });

  it("logs the text outside production (the demo's codes), never in production", async () => {
    const dev = fakeLog();
    await createOutboxSms(db, dev.logger, { production: false }).send(
      "01711111111",
      "123456 is your code",
      "k-2",
    );
    expect(JSON.stringify(dev.log.info.mock.calls)).toContain("123456");
    const prod = fakeLog();
    await createOutboxSms(db, prod.logger, { production: true }).send(
      "01711111111",
      "654321 is your code",
      "k-3",
    );
    expect(prod.log.info).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(prod.log.info.mock.calls)).not.toContain("654321");
    expect((await providerRows("k-3"))[0]?.body).toBe("654321 is your code");
  });
});
