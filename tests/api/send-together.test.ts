/**
 * `sendTogether` (decision 43): a transaction's statements sent without waiting for each answer
 * run in the order given, as if awaited one by one (on PostgreSQL with TEST_DATABASE_URL they
 * travel pipelined on one connection; on PGlite they run in turn). It refuses what it cannot keep
 * in order: a query already running, and, on PostgreSQL, a handle that is not one connection.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, sendTogether } from "../../src/server/db/client";
import { products } from "../../src/server/db/schema";
import { createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const stockOf = (db: Db, id: number) =>
  db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
const take = (db: Db, id: number, n: number) =>
  db
    .update(products)
    .set({ stock: sql`${products.stock} - ${n}` })
    .where(eq(products.id, id))
    .returning({ stock: products.stock });

describe("statements sent together", () => {
  it("run in the order given: each sees the writes before it, and answers its own", async () => {
    const book = await createProduct(h.db, { stock: 10 });
    const answers = await h.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      return sendTogether(tx, [
        stockOf(tx, book.id),
        take(tx, book.id, 3),
        stockOf(tx, book.id),
        false,
        take(tx, book.id, 4),
        stockOf(tx, book.id),
      ]);
    });
    expect(answers).toEqual([
      [{ stock: 10 }],
      [{ stock: 7 }],
      [{ stock: 7 }],
      undefined,
      [{ stock: 3 }],
      [{ stock: 3 }],
    ]);
    expect(await stockOf(h.db, book.id)).toEqual([{ stock: 3 }]);
  });

  it("roll back with their transaction when one fails, the ones before it included", async () => {
    const book = await createProduct(h.db, { stock: 10 });
    await expect(
      h.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await sendTogether(tx, [take(tx, book.id, 2), tx.execute(sql`select 1 / 0`), take(tx, book.id, 5)]);
      }),
    ).rejects.toThrow();
    expect(await stockOf(h.db, book.id)).toEqual([{ stock: 10 }]);
  });

  it("refuses a query already running, which could not be kept in order", async () => {
    const book = await createProduct(h.db, { stock: 10 });
    await h.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const running = stockOf(tx, book.id).execute();
      expect(() => sendTogether(tx, [running as never])).toThrow(/query builders/);
      await running;
    });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "refuses the pool on PostgreSQL, whose statements would go out on several connections",
    () => {
      expect(() => sendTogether(h.db, [stockOf(h.db, 1)])).toThrow(/transaction/);
    },
  );
});
