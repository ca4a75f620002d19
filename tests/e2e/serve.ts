/**
 * Starts the end-to-end server (`node build/main.js`) with the three couriers connected: the
 * stand-ins for Steadfast's, Pathao's and RedX's APIs (src/server/integrations/couriers/fakes/)
 * listen on free local ports, and the server is told their addresses and keys, so staff can book
 * parcels from the back office as they would with the real couriers (Steadfast the shop's
 * default). Run by playwright.config.ts's webServer command after prepare.ts; the server's exit
 * ends the stand-ins too.
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { startFakePathao } from "../../src/server/integrations/couriers/fakes/pathao-fake";
import { startFakeRedx } from "../../src/server/integrations/couriers/fakes/redx-fake";
import { startFakeSteadfast } from "../../src/server/integrations/couriers/fakes/steadfast-fake";

async function main() {
  const [courier, pathao, redx] = await Promise.all([
    startFakeSteadfast(),
    startFakePathao(),
    startFakeRedx(),
  ]);
  const server = spawn(process.execPath, ["build/main.js"], {
    stdio: ["inherit", "pipe", "pipe"],
    env: {
      ...process.env,
      COURIER_PROVIDER: "steadfast",
      STEADFAST_BASE_URL: courier.baseUrl,
      STEADFAST_API_KEY: courier.apiKey,
      STEADFAST_SECRET_KEY: courier.secretKey,
      PATHAO_BASE_URL: pathao.baseUrl,
      PATHAO_CLIENT_ID: pathao.clientId,
      PATHAO_CLIENT_SECRET: pathao.clientSecret,
      PATHAO_USERNAME: pathao.username,
      PATHAO_PASSWORD: pathao.password,
      PATHAO_STORE_ID: String(pathao.storeId),
      REDX_BASE_URL: redx.baseUrl,
      REDX_API_TOKEN: redx.token,
      REDX_PICKUP_AREA_ID: "1",
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
    void Promise.all([courier.close(), pathao.close(), redx.close()]).finally(() =>
      process.exit(code ?? (signal ? 1 : 0)),
    );
  });
}

main().catch((err) => {
  console.error("e2e serve failed:", err);
  process.exit(1);
});
