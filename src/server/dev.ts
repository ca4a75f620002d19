import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createVite } from "vite";
import { bootServices } from "./boot";
import { loadConfigOrExit } from "./config";
import { createApp } from "./http/app";
import { pagesHandler } from "./http/pages";
import { httpServerOptions } from "./http/server-options";
import { startJobs } from "./jobs";
import { createLogger } from "./logger";

// Development: the same Hono app, with Vite serving modules and hot updates for the pages.
async function dev() {
  const config = loadConfigOrExit();
  const log = createLogger(config.LOG_LEVEL);
  const vite = await createVite({ server: { middlewareMode: true }, appType: "custom" });
  const { deps, database } = await bootServices(config, log);
  const app = createApp({
    deps,
    database,
    buildVersion: "development",
    publicCache: false,
    devServer: true,
    pages: pagesHandler(
      () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      "development",
    ),
  });
  startJobs(deps, log);
  const listener = getRequestListener(app.fetch);
  createServer(httpServerOptions(config), (req, res) =>
    vite.middlewares(req, res, () => listener(req, res)),
  ).listen(config.PORT, () => {
    log.info(`development server at http://localhost:${config.PORT}`);
  });
}

void dev();
