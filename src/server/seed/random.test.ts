import { describe, expect, it } from "vitest";
import { slugify } from "../../contracts/catalog-text";
import { createRandom, createSlugger, mapLimit, ordinal, seedFrom } from "./random";

describe("createRandom", () => {
  it("gives the same sequence for the same seed, and another for another seed", () => {
    const draw = (seed: number | string) => {
      const r = createRandom(seed);
      return Array.from({ length: 5 }, () => r.next());
    };
    expect(draw("demo")).toEqual(draw("demo"));
    expect(draw(seedFrom("demo"))).toEqual(draw("demo"));
    expect(draw("demo")).not.toEqual(draw("demo2"));
  });

  it("draws floats in [0, 1) and whole numbers within both bounds", () => {
    const r = createRandom(42);
    const ints = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const f = r.next();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      ints.add(r.int(3, 7));
    }
    expect([...ints].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it("samples distinct items and shuffles without losing any", () => {
    const r = createRandom(7);
    const items = Array.from({ length: 20 }, (_, i) => i);
    const sample = r.sample(items, 8);
    expect(new Set(sample).size).toBe(8);
    expect(r.shuffle(items).sort((a, b) => a - b)).toEqual(items);
    expect(r.sample(items, 50)).toHaveLength(20);
    expect(() => r.pick([])).toThrow();
  });

  it("comes out true about as often as asked", () => {
    const r = createRandom(1);
    let hits = 0;
    for (let i = 0; i < 10_000; i++) if (r.chance(0.3)) hits++;
    expect(hits / 10_000).toBeGreaterThan(0.27);
    expect(hits / 10_000).toBeLessThan(0.33);
  });
});

describe("slugify", () => {
  it("makes lower-case words joined by hyphens", () => {
    expect(slugify("Higher Math Second Paper")).toBe("higher-math-second-paper");
    expect(slugify("  BUET Written Math: Solved Problems! ")).toBe("buet-written-math-solved-problems");
    expect(slugify("Finance, Banking & Insurance")).toBe("finance-banking-and-insurance");
    expect(slugify("Café Crème")).toBe("cafe-creme");
  });

  it("drops Bangla and other letters outside a-z, and caps the length", () => {
    expect(slugify("পদার্থবিজ্ঞান Physics 2025")).toBe("physics-2025");
    expect(slugify("পদার্থবিজ্ঞান")).toBe("");
    const long = slugify("word ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith("-")).toBe(false);
  });

  it("numbers repeats within one slugger", () => {
    const slug = createSlugger(["taken"]);
    expect(slug("Physics First Paper")).toBe("physics-first-paper");
    expect(slug("Physics first paper!")).toBe("physics-first-paper-2");
    expect(slug("Physics First Paper")).toBe("physics-first-paper-3");
    expect(slug("Taken")).toBe("taken-2");
    expect(slug("পদার্থ")).toBe("item");
  });
});

describe("ordinal", () => {
  it("spells English ordinals, teens included", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
  });
});

describe("mapLimit", () => {
  it("keeps input order and never runs more than the limit at once", async () => {
    let running = 0;
    let most = 0;
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n, i) => {
      running++;
      most = Math.max(most, running);
      await new Promise((done) => setTimeout(done, n));
      running--;
      return `${i}:${n}`;
    });
    expect(out).toEqual(["0:5", "1:1", "2:4", "3:2", "4:3"]);
    expect(most).toBe(2);
  });

  it("handles an empty list", async () => {
    expect(await mapLimit([], 3, async () => 1)).toEqual([]);
  });
});
