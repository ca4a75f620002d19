/**
 * The shop's API as a server process of its own, without the pages, for tests that must kill a
 * real server (crash.test.ts): the configuration from the environment, the services booted as
 * main.ts boots them, and the background jobs running.
 *
 *   node --import tsx tests/api/api-server.ts [--outbox-lease-ms=2000]
 */
import { serve } from "@hono/node-server";
import { bootServices } from "../../src/server/boot";
import { loadConfigOrExit } from "../../src/server/config";
import { createApp } from "../../src/server/http/app";
import { startJobs } from "../../src/server/jobs";
import { createLogger } from "../../src/server/logger";

const lease = process.argv.map((a) => /^--outbox-lease-ms=(\d+)$/.exec(a)?.[1]).find(Boolean);
const config = loadConfigOrExit();
const log = createLogger(config.LOG_LEVEL);
const { deps, database } = await bootServices(config, log);
const app = createApp({ deps, database, buildVersion: "test" });
serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => {
  console.log(`api server listening on ${config.HOST}:${config.PORT}`);
});
startJobs(deps, log, { outboxLeaseMs: lease ? Number(lease) : undefined, outboxIntervalMs: 500 });
