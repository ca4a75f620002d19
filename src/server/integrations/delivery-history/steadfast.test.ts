import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { type FakeSteadfast, startFakeSteadfast } from "../couriers/fakes/steadfast-fake";
import { createSteadfastHistory } from "./steadfast";

const log = createLogger("silent");

let fake: FakeSteadfast;
beforeEach(async () => {
  fake = await startFakeSteadfast();
});
afterEach(() => fake.close());

const lookup = (overrides: Partial<Parameters<typeof createSteadfastHistory>[0]> = {}) =>
  createSteadfastHistory(
    { baseUrl: fake.baseUrl, apiKey: fake.apiKey, secretKey: fake.secretKey, ...overrides },
    log,
  );

describe("Steadfast's record of a phone", () => {
  it("answers the phone's delivered and returned parcels across Steadfast's merchants", async () => {
    fake.setHistory("01712345678", { delivered: 7, cancelled: 3 });
    const history = await lookup().lookup("01712345678", AbortSignal.timeout(2_000));
    expect(history).toEqual({ delivered: 7, returned: 3 });
    expect(fake.requests).toEqual(["GET /fraud_check/01712345678"]);
  });

  it("answers nothing parcelled for a phone Steadfast has never seen", async () => {
    expect(await lookup().lookup("01812345678", AbortSignal.timeout(2_000))).toEqual({
      delivered: 0,
      returned: 0,
    });
  });

  it("throws when Steadfast fails, refuses the keys, or does not answer in time", async () => {
    fake.failNext(500);
    await expect(lookup().lookup("01712345678", AbortSignal.timeout(2_000))).rejects.toThrow("HTTP 500");
    await expect(
      lookup({ secretKey: "wrong" }).lookup("01712345678", AbortSignal.timeout(2_000)),
    ).rejects.toThrow("HTTP 401");
    fake.delayMs = 500;
    const started = performance.now();
    await expect(lookup().lookup("01712345678", AbortSignal.timeout(100))).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(450);
  });
});
