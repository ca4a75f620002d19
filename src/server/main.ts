import type { Server } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { bootServices } from "./boot";
import { ConfigError, loadConfigOrExit } from "./config";
import { createApp } from "./http/app";
import { pagesHandler } from "./http/pages";
import { httpServerOptions } from "./http/server-options";
import { startJobs } from "./jobs";
import { createLogger } from "./logger";
import { type DrainState, shutDownGracefully } from "./shutdown";

// build/main.js sits beside build/client (the browser's files) and the migrations.
const here = dirname(fileURLToPath(import.meta.url));

/**
 * Starts the shop with React Router's server build. The built server is one file
 * (scripts/build-server.mjs): that build and the packages both import are bundled into it with
 * this module, which is called with the build, so nothing is resolved file by file at start.
 */
export function main(build: ServerBuild) {
  start(build).catch((err) => {
    // A setting to fix (such as the first admin in production) is said plainly, without a trace.
    if (err instanceof ConfigError) console.error(err.message);
    else console.error("start-up failed:", err);
    process.exit(1);
  });
}

async function start(build: ServerBuild) {
  const started = performance.now();
  const config = loadConfigOrExit();
  const log = createLogger(config.LOG_LEVEL);
  const { deps, database } = await bootServices(config, log);
  const drain: DrainState = { draining: false };
  const app = createApp({
    drain,
    deps,
    database,
    buildVersion: build.assets.version,
    clientDir: join(here, "client"),
    pages: pagesHandler(
      async () => build,
      config.NODE_ENV === "development" ? "production" : config.NODE_ENV,
    ),
  });
  const server = serve(
    {
      fetch: app.fetch,
      port: config.PORT,
      hostname: config.HOST,
      // Headers within 20 s, a whole request within 30 minutes, idle kept-alive connections 65 s.
      serverOptions: httpServerOptions(config),
    },
    () => {
      log.info(
        { port: config.PORT, database: database.kind, startMs: Math.round(performance.now() - started) },
        `${config.SHOP_NAME} is running at http://localhost:${config.PORT}`,
      );
    },
  );
  const stopJobs = startJobs(deps, log);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
    log.info({ signal, graceMs }, "shutting down: answering the requests in flight");
    void shutDownGracefully({
      server: server as Server,
      state: drain,
      graceMs,
      delayMs: config.SHUTDOWN_DELAY_SECONDS * 1000,
      stopJobs,
      closeDatabase: () => database.close(),
      log,
    }).then((clean) => {
      log.info({ clean }, "stopped");
      process.exit(clean ? 0 : 1);
    });
    // Whatever hangs (a pool that will not close), the process ends.
    setTimeout(() => process.exit(1), config.SHUTDOWN_DELAY_SECONDS * 1000 + graceMs + 5_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
