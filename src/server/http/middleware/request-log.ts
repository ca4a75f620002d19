import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../logger";
import type { AppEnv } from "../env";

/** Gives each request an id, a child logger and the caller's address; logs one line when done. */
export function requestLog(log: Logger, trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    c.set("requestId", requestId);
    const child = log.child({ requestId });
    c.set("log", child);
    let ip = "unknown";
    const forwarded = trustProxy ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
    if (forwarded) ip = forwarded;
    else {
      try {
        ip = getConnInfo(c).remote.address ?? "unknown";
      } catch {
        // in-process requests (tests) have no socket
        ip = "local";
      }
    }
    c.set("ip", ip);
    const started = performance.now();
    await next();
    c.header("x-request-id", requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    child.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, "request");
  };
}
