import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Logger } from "../../logger";
import { type FakeSslWireless, startFakeSslWireless } from "./fakes/sslwireless-fake";
import { SmsError } from "./provider";
import { createSslWirelessSms, csmsIdFor, msisdnOf } from "./sslwireless";

let fake: FakeSslWireless;
const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), child: () => log };
const logger = log as unknown as Logger;

beforeAll(async () => {
  fake = await startFakeSslWireless();
});
afterAll(() => fake.close());

const gateway = (opts: { timeoutMs?: number; apiToken?: string } = {}) =>
  createSslWirelessSms(
    {
      apiToken: opts.apiToken ?? fake.apiToken,
      sid: fake.sid,
      baseUrl: fake.baseUrl,
      timeoutMs: opts.timeoutMs,
    },
    logger,
  );

async function refusal(p: Promise<unknown>): Promise<SmsError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsError);
  return err as SmsError;
}

describe("the SSL Wireless adapter", () => {
  it("posts the documented JSON body: token, sid, the number as 8801…, the text and a csms_id from the key", async () => {
    await gateway().send("01711111111", "Pathagar: Order 100001 confirmed.", "order-1-confirmed-sms");
    const sent = fake.messages.at(-1)!;
    expect(sent).toMatchObject({
      msisdn: "8801711111111",
      sms: "Pathagar: Order 100001 confirmed.",
      csmsId: csmsIdFor("order-1-confirmed-sms"),
      type: "EN",
    });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({
      api_token: fake.apiToken,
      sid: fake.sid,
      msisdn: "8801711111111",
      sms: "Pathagar: Order 100001 confirmed.",
      csms_id: sent.csmsId,
    });
    expect(sent.csmsId).toMatch(/^[0-9a-f]{20}$/);
  });

  it("sends Bangla as UTF-8 text in the JSON, which the gateway sends as a Unicode SMS", async () => {
    const text = "পাঠাগার: আপনার অর্ডার ১০০০০২ নিশ্চিত হয়েছে। মোট ৳১,২৫০।";
    await gateway().send("01811111111", text, "order-2-confirmed-sms");
    expect(fake.messages.at(-1)).toMatchObject({ sms: text, type: "UNICODE" });
    expect(fake.requests.at(-1)!.contentType).toBe("application/json; charset=utf-8");
    expect(fake.requests.at(-1)!.body).toContain("পাঠাগার");
  });

  it("delivers a key once: a retry of a message the gateway took is its duplicate, counted as sent", async () => {
    const before = fake.messages.length;
    await gateway().send("01911111111", "Order 100003 is on its way.", "order-3-shipped-sms");
    await gateway().send("01911111111", "Order 100003 is on its way.", "order-3-shipped-sms");
    expect(fake.messages.length).toBe(before + 1);
  });

  it("never writes the text to the log", async () => {
    log.info.mockClear();
    await gateway().send("01711111112", "482913 is your Pathagar verification code.", "code-x-sms");
    expect(log.info).toHaveBeenCalled();
    expect(JSON.stringify(log.info.mock.calls)).not.toContain("482913");
  });

  it("throws, to be retried, when the credentials are refused, naming the variables to check", async () => {
    const err = await refusal(gateway({ apiToken: "wrong" }).send("01711111111", "hi", "k-401"));
    expect(err.message).toContain("status_code 4001): Unauthorized");
    expect(err.message).toContain("SSLWIRELESS_API_TOKEN");
    expect(err.permanent).toBe(false);
  });

  it("throws, to be retried, on an outage answered with an HTML page", async () => {
    fake.failNext(502);
    const err = await refusal(gateway().send("01711111111", "hi", "k-502"));
    expect(err.message).toContain("HTTP 502");
    expect(err.permanent).toBe(false);
    // The next try goes through.
    await gateway().send("01711111111", "hi", "k-502");
    expect(fake.messages.at(-1)?.csmsId).toBe(csmsIdFor("k-502"));
  });

  it("gives up at once on a refusal no retry can mend (an invalid number)", async () => {
    fake.refuseNext(4025);
    const err = await refusal(gateway().send("01711111111", "hi", "k-4025"));
    expect(err.message).toContain("4025");
    expect(err.permanent).toBe(true);
    expect((await refusal(gateway().send("12345", "hi", "k-bad"))).permanent).toBe(true);
  });

  it("stops waiting after its timeout", async () => {
    fake.hangNext();
    const started = Date.now();
    const err = await refusal(gateway({ timeoutMs: 300 }).send("01711111111", "hi", "k-hang"));
    expect(err.message).toBe("SSL Wireless did not answer within 300 ms");
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("writes numbers in the gateway's form", () => {
    expect(msisdnOf("01711111111")).toBe("8801711111111");
    expect(msisdnOf("8801711111111")).toBe("8801711111111");
    expect(() => msisdnOf("0171111111")).toThrow(SmsError);
  });
});
