import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assessCodRisk, type CodRiskRule, codRiskRuleSchema, DEFAULT_COD_RISK_RULE } from "./cod-risk";

const shop = (delivered: number, returned: number, refused = returned) => ({
  source: "shop",
  delivered,
  returned,
  refused,
});

describe("the COD risk rule", () => {
  it("never flags a phone with no parcels anywhere (a first-time buyer)", () => {
    const strict: CodRiskRule = {
      enabled: true,
      minDeliveredPercent: 100,
      maxReturns: 1,
      action: "pay_online",
    };
    expect(assessCodRisk([], strict).level).toBe("none");
    expect(
      assessCodRisk([shop(0, 0), { source: "steadfast", delivered: 0, returned: 0, refused: 0 }], strict),
    ).toEqual({
      level: "none",
      delivered: 0,
      returned: 0,
      refused: 0,
      deliveredPercent: null,
      sources: ["shop", "steadfast"],
    });
  });

  it("flags under 50% delivered", () => {
    expect(assessCodRisk([shop(1, 1, 0)], { ...DEFAULT_COD_RISK_RULE, maxReturns: 5 }).level).toBe("ok");
    const r = assessCodRisk([shop(2, 3, 0)], { ...DEFAULT_COD_RISK_RULE, maxReturns: 5 });
    expect(r).toMatchObject({ level: "risky", deliveredPercent: 40 });
  });

  it("flags 2 parcels back, whatever was delivered", () => {
    expect(assessCodRisk([shop(20, 1)], DEFAULT_COD_RISK_RULE).level).toBe("ok");
    expect(assessCodRisk([shop(20, 2)], DEFAULT_COD_RISK_RULE)).toMatchObject({
      level: "risky",
      deliveredPercent: 90,
    });
  });

  it("adds the shop's own parcels and a courier's", () => {
    const r = assessCodRisk(
      [shop(1, 0), { source: "steadfast", delivered: 3, returned: 1, refused: 0 }],
      DEFAULT_COD_RISK_RULE,
    );
    expect(r).toEqual({
      level: "ok",
      delivered: 4,
      returned: 1,
      refused: 0,
      deliveredPercent: 80,
      sources: ["shop", "steadfast"],
    });
  });

  it("flags nothing while the rule is off", () => {
    expect(assessCodRisk([shop(0, 9)], { ...DEFAULT_COD_RISK_RULE, enabled: false }).level).toBe("ok");
  });

  it("is risky only with some history, for every history and rule", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            source: fc.constantFrom("shop", "steadfast"),
            delivered: fc.nat(50),
            returned: fc.nat(50),
            refused: fc.nat(50),
          }),
          { maxLength: 3 },
        ),
        fc.record({
          enabled: fc.boolean(),
          minDeliveredPercent: fc.integer({ min: 0, max: 100 }),
          maxReturns: fc.integer({ min: 1, max: 100 }),
          action: fc.constantFrom("call" as const, "pay_online" as const),
        }),
        (histories, rule) => {
          const r = assessCodRisk(histories, rule);
          const parcels = r.delivered + r.returned;
          expect(r.level === "none").toBe(parcels === 0);
          if (r.level === "risky") expect(rule.enabled).toBe(true);
          expect(r.refused).toBeLessThanOrEqual(r.returned);
        },
      ),
    );
  });

  it("takes whole percentages and counts, and refuses the rest with the reason", () => {
    const ok = codRiskRuleSchema.safeParse({ ...DEFAULT_COD_RISK_RULE, version: 1 });
    expect(ok.success).toBe(true);
    for (const bad of [
      { minDeliveredPercent: 101 },
      { minDeliveredPercent: 49.5 },
      { maxReturns: 0 },
      { action: "block" },
      { enabled: "yes" },
    ]) {
      expect(codRiskRuleSchema.safeParse({ ...DEFAULT_COD_RISK_RULE, version: 1, ...bad }).success).toBe(
        false,
      );
    }
  });
});
