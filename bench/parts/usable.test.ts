import { screenEmulationMetrics, throttling, userAgents } from "lighthouse/core/config/constants.js";
import { describe, expect, it } from "vitest";
import {
  type ActionState,
  actionVerdicts,
  formsWorkAt,
  networkConditions,
  PHONE,
  PROFILES,
  scriptsUpTo,
  summarise,
  type UsableRun,
  worksWithoutJs,
} from "./usable";

const state = (id: string, o: Partial<ActionState> = {}): ActionState => ({
  id,
  optional: false,
  count: 1,
  native: 1,
  disabled: 0,
  problem: null,
  ...o,
});

const run = (o: Partial<UsableRun>): UsableRun => ({
  fcpMs: 1000,
  hydratedMs: 3000,
  readyMs: 900,
  formsMs: 1000,
  formsAt: "first paint",
  frames: 1,
  pending: [],
  js: null,
  error: null,
  ...o,
});

describe("the throttling profiles", () => {
  it("apply Lighthouse's mobile profile as its DevTools throttling does, on its phone", () => {
    const lh = PROFILES.find((p) => p.id === "lighthouse")!;
    const slow4g = throttling.mobileSlow4G;
    expect(lh.requestLatencyMs).toBe(slow4g.requestLatencyMs);
    expect(lh.downloadThroughputKbps).toBeCloseTo(slow4g.downloadThroughputKbps, 6);
    expect(lh.uploadThroughputKbps).toBe(slow4g.uploadThroughputKbps);
    expect(lh.cpuSlowdownMultiplier).toBe(slow4g.cpuSlowdownMultiplier);
    expect(networkConditions(lh)).toEqual({
      offline: false,
      latency: 562.5,
      downloadThroughput: Math.floor((slow4g.downloadThroughputKbps * 1024) / 8),
      uploadThroughput: Math.floor((675 * 1024) / 8),
    });
    const screen = screenEmulationMetrics.mobile;
    expect(PHONE.viewport).toEqual({ width: screen.width, height: screen.height });
    expect(PHONE.deviceScaleFactor).toBe(screen.deviceScaleFactor);
    expect(PHONE.userAgent).toBe(userAgents.mobile);
  });

  it("give the slow line 400 kbit/s each way and 400 ms a request, in bytes a second", () => {
    const slow = PROFILES.find((p) => p.id === "slow")!;
    expect(networkConditions(slow)).toEqual({
      offline: false,
      latency: 400,
      downloadThroughput: 51_200,
      uploadThroughput: 51_200,
    });
    expect(slow.cpuSlowdownMultiplier).toBe(4);
  });
});

describe("when a load's forms work", () => {
  const at = (o: Partial<Parameters<typeof formsWorkAt>[0]>) =>
    formsWorkAt({ fcpMs: 1000, hydratedMs: 4000, readyMs: 950, worksWithoutJs: true, ...o });

  it("is the first paint when every action is a native form in the page by then", () => {
    expect(at({})).toEqual({ ms: 1000, at: "first paint" });
    expect(at({ readyMs: 1000 })).toEqual({ ms: 1000, at: "first paint" });
  });

  it("is the frame they were all there when that came after the first paint, before hydration", () => {
    expect(at({ readyMs: 1300 })).toEqual({ ms: 1300, at: "after first paint" });
  });

  it("is hydration when an action waits for JavaScript, however early the page had them", () => {
    expect(at({ worksWithoutJs: false })).toEqual({ ms: 4000, at: "hydration" });
  });

  it("is hydration when the forms were never all there before it, and never without hydration", () => {
    expect(at({ readyMs: null })).toEqual({ ms: 4000, at: "hydration" });
    expect(at({ readyMs: 4500 })).toEqual({ ms: 4000, at: "hydration" });
    expect(at({ readyMs: null, hydratedMs: null })).toEqual({ ms: null, at: "never" });
  });

  it("is the first paint for native forms even when the page never hydrates", () => {
    expect(at({ hydratedMs: null })).toEqual({ ms: 1000, at: "first paint" });
  });
});

describe("the page's actions", () => {
  it("are native forms when every enabled control works without JavaScript", () => {
    const v = actionVerdicts(
      [state("search", { count: 2, native: 2 }), state("quantity", { disabled: 1 })],
      null,
    );
    expect(v.map((a) => a.verdict)).toEqual(["form", "form"]);
    expect(v[1]!.detail).toBe("native form (1, 1 disabled)");
    expect(worksWithoutJs(v)).toBe(true);
  });

  it("wait for hydration when one control is not a working form, saying why", () => {
    const v = actionVerdicts(
      [state("add to cart", { count: 3, native: 2, problem: "not in a <form>" }), state("search")],
      null,
    );
    expect(v[0]).toEqual({
      id: "add to cart",
      verdict: "hydration",
      detail: "waits for hydration (1 of 3: not in a <form>)",
    });
    expect(worksWithoutJs(v)).toBe(false);
  });

  it("wait for hydration when only JavaScript draws them", () => {
    const none = state("add to cart (cards)", { optional: true, count: 0, native: 0 });
    const v = actionVerdicts([none], [state("add to cart (cards)", { count: 4, native: 0 })]);
    expect(v[0]!.verdict).toBe("hydration");
    expect(worksWithoutJs(v)).toBe(false);
  });

  it("may be absent when optional, but a required one not found counts against the page", () => {
    const optional = actionVerdicts([state("cards", { optional: true, count: 0, native: 0 })], null);
    expect(optional[0]!.verdict).toBe("absent");
    expect(worksWithoutJs(optional)).toBe(true);
    const required = actionVerdicts([state("place order", { count: 0, native: 0 })], []);
    expect(required[0]!.verdict).toBe("missing");
    expect(worksWithoutJs(required)).toBe(false);
  });
});

describe("a page's summary over its runs", () => {
  it("takes medians, and the latest moment the forms worked in any run", () => {
    const s = summarise([
      run({ fcpMs: 900, hydratedMs: 2000, formsMs: 900 }),
      run({ fcpMs: 1100, hydratedMs: 2600, formsMs: 1200, formsAt: "after first paint" }),
      run({ fcpMs: 1000, hydratedMs: 2400, formsMs: 1000 }),
    ]);
    expect(s).toMatchObject({
      fcpMs: 1000,
      hydratedMs: 2400,
      formsMs: 1000,
      formsAt: "after first paint",
      hydratedRuns: 3,
      runs: 3,
    });
  });

  it("counts the runs that never hydrated and leaves them out of the median", () => {
    const s = summarise([
      run({ hydratedMs: null, formsAt: "never", formsMs: null }),
      run({ hydratedMs: 3000 }),
    ]);
    expect(s.hydratedMs).toBe(3000);
    expect(s.hydratedRuns).toBe(1);
    expect(s.formsAt).toBe("never");
  });
});

describe("the app's scripts of a load", () => {
  const js = [
    { startMs: 1200, endMs: 2500, bytes: 51_200 },
    { startMs: 1250, endMs: 2900, bytes: 10_240 },
    { startMs: 4000, endMs: 4500, bytes: 99_999 },
  ];

  it("are those that arrived by hydration: first asked for, last arrived, files, KB sent", () => {
    expect(scriptsUpTo(js, 3000)).toEqual({ startMs: 1200, loadedMs: 2900, files: 2, kb: 60 });
  });

  it("are all of them when the page never hydrated, and none when there were none", () => {
    expect(scriptsUpTo(js, null)?.loadedMs).toBe(4500);
    expect(scriptsUpTo([], 3000)).toBeNull();
  });
});
