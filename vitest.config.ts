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
          // PGlite is one backend per process: files run in separate workers, each on its own database.
          pool: "forks",
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
