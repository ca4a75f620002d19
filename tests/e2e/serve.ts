/**
 * Starts the end-to-end server (`node build/main.js`) with a courier connected: the stand-in for
 * Steadfast's API (src/server/integrations/couriers/fakes/steadfast-fake.ts) listens on a free
 * local port, and the server is told its address and keys, so staff can book parcels from the
 * back office as they would with the real courier. Run by playwright.config.ts's webServer command
 * after prepare.ts; the server's exit ends the stand-in too.
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { startFakeSteadfast } from "../../src/server/integrations/couriers/fakes/steadfast-fake";

async function main() {
  const courier = await startFakeSteadfast();
  const server = spawn(process.execPath, ["build/main.js"], {
    stdio: ["inherit", "pipe", "pipe"],
    env: {
      ...process.env,
      COURIER_PROVIDER: "steadfast",
      STEADFAST_BASE_URL: courier.baseUrl,
      STEADFAST_API_KEY: courier.apiKey,
      STEADFAST_SECRET_KEY: courier.secretKey,
    },
  });
  // What the server writes goes where it went, and into DATA_DIR/server.log for the specs that
  // read it (tests/e2e/server-log.ts).
  const log = createWriteStream(join(process.env.DATA_DIR ?? ".", "server.log"));
  server.stdout?.pipe(process.stdout);
  server.stderr?.pipe(process.stderr);
  server.stdout?.pipe(log, { end: false });
  server.stderr?.pipe(log, { end: false });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => server.kill(signal));
  }
  server.on("exit", (code, signal) => {
    void courier.close().finally(() => process.exit(code ?? (signal ? 1 : 0)));
  });
}

main().catch((err) => {
  console.error("e2e serve failed:", err);
  process.exit(1);
});
