import { describe, expect, it } from "vitest";
import { type CallCost, cpuBoundPerSecond, PROFILE, peakRates, plan, resultsDayMix } from "./capacity";

const cost = (call: string, serverMs: number, postgresMs: number, replicaSafe = true): CallCost => ({
  call,
  serverMs,
  postgresMs,
  loadGeneratorMs: 1,
  measuredPerSecond: 0,
  connections: 20,
  replicaSafe,
});

describe("the results-day model", () => {
  it("turns visitors and orders into peak rates per call", () => {
    const r = peakRates(3600, 360, { ...PROFILE, peakFactor: 1 });
    // 3600 visitors an hour: one a second. 6 pages each, half signed in, 80% of the rest cached.
    expect(r["product page (rendered)"]).toBeCloseTo(6 * (0.5 + 0.5 * 0.2));
    expect(r["product page (cached copy)"]).toBeCloseTo(6 * 0.5 * 0.8);
    expect(r["search (uncached)"]).toBeCloseTo(2);
    expect(r["checkout (with its add)"]).toBeCloseTo(0.1);
    expect(r["reader page"]).toBeCloseTo(0.1 * 0.3 * 30);
    // The peak factor scales every call.
    expect(peakRates(3600, 360)["cart add"]).toBeCloseTo(2 * 0.1);
  });

  it("sums cores per call, keeps replica-safe reads apart and rounds instances up", () => {
    const rates = { "product page (rendered)": 100, "checkout (with its add)": 10, "reader page": 5 };
    const p = plan(
      [cost("product page (rendered)", 4, 2), cost("checkout (with its add)", 20, 30, false)],
      rates,
    );
    expect(p.missing).toEqual(["reader page"]);
    expect(p.serverCores).toBeCloseTo(0.4 + 0.2);
    expect(p.postgresCores).toBeCloseTo(0.2 + 0.3);
    expect(p.replicaCores).toBeCloseTo(0.2);
    // 0.3 cores left on the primary, at 60%: 0.5.
    expect(p.primaryCores).toBeCloseTo(0.5);
    // Never fewer than two instances (one may restart); more as the cores demand.
    expect(p.instances).toBe(2);
    expect(plan([cost("product page (rendered)", 40, 0)], { "product page (rendered)": 100 }).instances).toBe(
      Math.ceil(4 / (2 * 0.6)),
    );
  });

  it("predicts a CPU-bound call's throughput from its CPU per request", () => {
    // 2 cores, 4 + 4 + 2 ms a request: 200 a second.
    expect(cpuBoundPerSecond({ ...cost("x", 4, 4), loadGeneratorMs: 2 }, 2)).toBeCloseTo(200);
  });

  it("sends every call of the peak at exactly its share, as the requests a browser makes", () => {
    const rates = peakRates();
    const total = Object.values(rates).reduce((a, b) => a + b, 0);
    const mix = resultsDayMix(rates);
    expect(mix.reduce((a, k) => a + k.share, 0)).toBeCloseTo(1, 12);
    for (const [call, rate] of Object.entries(rates)) {
      const share = mix.filter((k) => k.call === call).reduce((a, k) => a + k.share, 0);
      expect(share, call).toBeCloseTo(rate / total, 12);
    }
    // Half of all page views are signed in; the home page is never in the long tail.
    const pages = mix.filter((k) => k.call.startsWith("product page"));
    const signedIn = pages.filter((k) => k.signedIn).reduce((a, k) => a + k.share, 0);
    expect(signedIn / pages.reduce((a, k) => a + k.share, 0)).toBeCloseTo(PROFILE.signedInShare, 12);
    expect(mix.filter((k) => k.what === "home" && k.popular === false)).toEqual([]);
    // Book pages are four of a visitor's six pages, whoever asks.
    const popular = pages.filter((k) => k.popular === true);
    const books = popular.find((k) => k.what === "book")!.share;
    expect(books / popular.reduce((a, k) => a + k.share, 0)).toBeCloseTo(4 / 6, 12);
  });
});
