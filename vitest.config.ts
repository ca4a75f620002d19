import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";

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
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/api/pglite-image.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file makes its own database and app (harness.ts); files in one worker share the
          // loaded modules instead of importing the whole server again (about 1.6 s a file). No API
          // test mocks a module or changes a global.
          pool: "forks",
          isolate: false,
        },
      },
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
