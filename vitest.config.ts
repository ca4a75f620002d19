import { existsSync } from "node:fs";
import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

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

/**
 * The API test files that take longest (10 to 50 s each on PostgreSQL on two cores), started first
 * so that no worker is left with one of them at the end. Vitest orders by the last run's durations
 * when it has them; a fresh clone has none and would order by file size.
 */
const SLOW_FIRST = [
  "upload-bombs",
  "fuzz",
  "demo-orders",
  "reading",
  "seed",
  "production-log",
  "hand-tuned-statements",
  "admin-order",
  "invoice-numbers",
  "access-matrix",
  "crash",
].map((name) => `/tests/api/${name}.test.ts`);

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((s) => f.moduleId.endsWith(s));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return (await super.sort(files))
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

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
    // A sequencer is the whole run's, not a project's.
    sequence: { sequencer: SlowFirst },
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
