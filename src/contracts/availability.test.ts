import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AvailabilityFacts,
  addDays,
  availabilityOf,
  isOrderable,
  LOW_STOCK,
  lineWaits,
  offersNotifyMe,
} from "./availability";
import { PRODUCT_KINDS } from "./enums";

const TODAY = "2031-03-01";
const book = (more: Partial<AvailabilityFacts> = {}): AvailabilityFacts => ({
  kind: "book",
  stock: 20,
  releaseDate: null,
  backorderDays: null,
  outOfPrint: false,
  ...more,
});

describe("availabilityOf", () => {
  it("says in stock, and how many are left at 5 or fewer", () => {
    expect(availabilityOf(book({ stock: 20 }), TODAY)).toMatchObject({ state: "in_stock", left: null });
    expect(availabilityOf(book({ stock: LOW_STOCK + 1 }), TODAY)).toMatchObject({ left: null });
    expect(availabilityOf(book({ stock: 5 }), TODAY)).toMatchObject({ state: "in_stock", left: 5 });
    expect(availabilityOf(book({ stock: 1 }), TODAY)).toMatchObject({ state: "in_stock", left: 1 });
  });

  it("sells from the publisher with the lead time when stock is out and back-orders are allowed", () => {
    expect(availabilityOf(book({ stock: 0, backorderDays: 7 }), TODAY)).toEqual({
      state: "backorder",
      left: null,
      days: 7,
      releaseDate: null,
    });
    // Units on hand are sold first.
    expect(availabilityOf(book({ stock: 2, backorderDays: 7 }), TODAY)).toMatchObject({
      state: "in_stock",
      left: 2,
    });
  });

  it("is a pre-order while the release date is after today, whatever the stock", () => {
    for (const stock of [0, 3, 50]) {
      expect(availabilityOf(book({ stock, releaseDate: "2031-03-02" }), TODAY)).toEqual({
        state: "preorder",
        left: null,
        days: null,
        releaseDate: "2031-03-02",
      });
    }
    // On the release day it is sold as any other book.
    expect(availabilityOf(book({ stock: 3, releaseDate: TODAY }), TODAY)).toMatchObject({
      state: "in_stock",
    });
    expect(availabilityOf(book({ stock: 0, releaseDate: TODAY }), TODAY)).toMatchObject({
      state: "out_of_stock",
    });
  });

  it("says out of print when staff marked it so, out of stock otherwise", () => {
    expect(availabilityOf(book({ stock: 0 }), TODAY).state).toBe("out_of_stock");
    expect(availabilityOf(book({ stock: 0, outOfPrint: true }), TODAY).state).toBe("out_of_print");
    // Out of print stops back-orders and pre-orders, not the last copies on hand.
    expect(availabilityOf(book({ stock: 0, outOfPrint: true, backorderDays: 5 }), TODAY).state).toBe(
      "out_of_print",
    );
    expect(availabilityOf(book({ stock: 0, outOfPrint: true, releaseDate: "2032-01-01" }), TODAY).state).toBe(
      "out_of_print",
    );
    expect(availabilityOf(book({ stock: 2, outOfPrint: true }), TODAY)).toMatchObject({
      state: "in_stock",
      left: 2,
    });
  });

  it("keeps e-books and courses always available, and a bundle by its items", () => {
    expect(availabilityOf(book({ kind: "ebook", stock: null }), TODAY).state).toBe("in_stock");
    expect(availabilityOf(book({ kind: "content", stock: null, outOfPrint: true }), TODAY).state).toBe(
      "in_stock",
    );
    expect(availabilityOf(book({ kind: "bundle", stock: 0, backorderDays: 3 }), TODAY).state).toBe(
      "out_of_stock",
    );
    expect(availabilityOf(book({ kind: "bundle", stock: 2 }), TODAY)).toMatchObject({
      state: "in_stock",
      left: null,
    });
  });

  it("treats negative stock as none", () => {
    expect(availabilityOf(book({ stock: -3 }), TODAY).state).toBe("out_of_stock");
  });
});

describe("lineWaits", () => {
  it("makes a pre-order wait for its release and a back-order for the publisher", () => {
    expect(lineWaits(book({ stock: 9, releaseDate: "2031-04-10" }), 1, TODAY)).toEqual({
      waits: "preorder",
      expectedOn: "2031-04-10",
    });
    expect(lineWaits(book({ stock: 0, backorderDays: 10 }), 2, TODAY)).toEqual({
      waits: "backorder",
      expectedOn: "2031-03-11",
    });
  });

  it("serves from stock what stock covers, and a short line waits only when back-orders are allowed", () => {
    expect(lineWaits(book({ stock: 3 }), 3, TODAY)).toBeNull();
    expect(lineWaits(book({ stock: 3 }), 4, TODAY)).toBeNull();
    expect(lineWaits(book({ stock: 3, backorderDays: 4 }), 4, TODAY)).toEqual({
      waits: "backorder",
      expectedOn: "2031-03-05",
    });
    expect(lineWaits(book({ stock: 0 }), 1, TODAY)).toBeNull();
  });
});

describe("the rule's invariants", () => {
  const facts = fc.record({
    kind: fc.constantFrom(...PRODUCT_KINDS),
    stock: fc.option(fc.integer({ min: -5, max: 100 }), { nil: null }),
    releaseDate: fc.option(
      fc.integer({ min: -400, max: 400 }).map((n) => addDays(TODAY, n)),
      { nil: null },
    ),
    backorderDays: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
    outOfPrint: fc.boolean(),
  });

  it("orderable and Notify me are exact opposites; only in stock counts what is left, never above 5", () => {
    fc.assert(
      fc.property(facts, (p) => {
        const a = availabilityOf(p, TODAY);
        expect(isOrderable(a)).toBe(!offersNotifyMe(a));
        if (a.left !== null) {
          expect(a.state).toBe("in_stock");
          expect(a.left).toBeGreaterThan(0);
          expect(a.left).toBeLessThanOrEqual(LOW_STOCK);
        }
        expect(a.days !== null).toBe(a.state === "backorder");
        expect(a.releaseDate !== null).toBe(a.state === "preorder");
        if (a.state === "preorder") expect(a.releaseDate! > TODAY).toBe(true);
      }),
    );
  });

  it("a line of an orderable printed book is served now or waits; of one not orderable it never waits", () => {
    fc.assert(
      fc.property(facts, fc.integer({ min: 1, max: 10 }), (p, quantity) => {
        const a = availabilityOf(p, TODAY);
        const w = lineWaits(p, quantity, TODAY);
        if (!isOrderable(a)) expect(w).toBeNull();
        if (a.state === "preorder" || a.state === "backorder") expect(w).not.toBeNull();
        if (a.state === "in_stock" && (p.stock ?? 0) >= quantity) expect(w).toBeNull();
        if (w?.expectedOn) expect(w.expectedOn > TODAY || w.expectedOn === TODAY).toBe(true);
      }),
    );
  });
});
