import { existsSync } from "node:fs";
import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";

/**
 * The API tests the test command also runs on PGlite, the embedded database `npm start` uses; all
 * of them run on PostgreSQL, and the end-to-end tests run the whole shop on PGlite. These are the
 * ones whose subject is the database itself: the migrations and backfills, the statements sent
 * together and the hand-tuned ones, search (full text, trigrams, Banglish), the seed, and the
 * money and stock paths (cart, checkout, reservations, the ledger, invoice numbers, jobs).
 */
const ON_PGLITE = [
  "email-confirmed-migration",
  "price-rule-migration",
  "referral-backfill",
  "unpublish-undeliverable-migration",
  "send-together",
  "hand-tuned-statements",
  "catalog",
  "catalog-subjects",
  "search-banglish",
  "seed",
  "cart",
  "cart-add-once",
  "checkout",
  "unpaid-orders",
  "ledger-properties",
  "invoice-numbers",
  "jobs",
].map((name) => `tests/api/${name}.test.ts`);
for (const file of ON_PGLITE)
  if (!existsSync(file)) throw new Error(`vitest.config.ts: ${file} is not there`);

/** The API tests' settings, on either database (TEST_DATABASE_URL chooses PostgreSQL). */
const api = {
  globalSetup: ["tests/api/pglite-image.ts"],
  environment: "node" as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Each file makes its own database and app (harness.ts); files in one worker share the loaded
  // modules instead of importing the whole server again (about 1.6 s a file). No API test mocks a
  // module or changes a global.
  pool: "forks" as const,
  isolate: false,
};

export default defineConfig({
  test: {
    projects: [
      {
        // The message catalogues (*.po) compiled when imported, as in the build.
        plugins: [lingui({ failOnCompileError: true })],
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "bench/**/*.test.ts"],
          environment: "node",
        },
      },
      { test: { name: "api", include: ["tests/api/**/*.test.ts"], ...api } },
      { test: { name: "api-pglite", include: ON_PGLITE, ...api } },
      {
        test: {
          // Two built servers (node build/main.js) on a PostgreSQL server: after `npm run build`,
          // under scripts/with-postgres.ts.
          name: "cluster",
          include: ["tests/cluster/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
    ],
  },
});
