import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { balanceAfter, creditToSpend } from "./store-credit";

describe("the store-credit ledger's rule (decision 71)", () => {
  it("never lets a balance go below zero, under any sequence of entries", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50_000, max: 50_000 }), { maxLength: 60 }), (amounts) => {
        let balance = 0;
        let sum = 0;
        for (const amount of amounts) {
          const next = balanceAfter(balance, amount);
          if (next === null) {
            // Refused only when it would go below zero.
            expect(balance + amount).toBeLessThan(0);
            continue;
          }
          expect(next).toBe(balance + amount);
          expect(next).toBeGreaterThanOrEqual(0);
          balance = next;
          sum += amount;
        }
        // The balance is the sum of the entries written.
        expect(balance).toBe(sum);
      }),
    );
  });

  it("spends at most the balance and never more than is due; what is left to pay adds up", () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), (balance, due) => {
        const spent = creditToSpend(balance, due);
        expect(spent).toBeGreaterThanOrEqual(0);
        expect(spent).toBeLessThanOrEqual(balance);
        expect(spent).toBeLessThanOrEqual(due);
        expect(spent === balance || spent === due).toBe(true);
        expect(due - spent + spent).toBe(due);
        expect(balanceAfter(balance, -spent)).toBe(balance - spent);
      }),
    );
  });

  it("refuses what is not whole poisha or starts from a negative balance", () => {
    expect(balanceAfter(100, 0.5)).toBeNull();
    expect(balanceAfter(-1, 10)).toBeNull();
    expect(balanceAfter(100, -101)).toBeNull();
    expect(balanceAfter(100, -100)).toBe(0);
  });
});
