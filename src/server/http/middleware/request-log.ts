import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../logger";
import type { AppEnv } from "../env";

/**
 * The caller's address behind `hops` trusted proxies. Each proxy appends the address it was
 * reached from to X-Forwarded-For, so the entry `hops` places from the right is the one the
 * outermost trusted proxy saw; everything left of it was written by the client and proves nothing.
 * With fewer entries than proxies the left-most one is the farthest address known.
 */
export function clientAddress(forwardedFor: string | undefined, socket: string, hops: number): string {
  if (hops <= 0 || !forwardedFor) return socket;
  const entries = forwardedFor
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  if (entries.length === 0) return socket;
  const chosen = entries[Math.max(0, entries.length - hops)] ?? socket;
  return chosen.slice(0, 64);
}

/** Gives each request an id, a child logger and the caller's address; logs one line when done. */
export function requestLog(log: Logger, trustedProxies: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    c.set("requestId", requestId);
    const child = log.child({ requestId });
    c.set("log", child);
    let socket: string;
    try {
      socket = getConnInfo(c).remote.address ?? "unknown";
    } catch {
      // in-process requests (tests) have no socket
      socket = "local";
    }
    c.set("ip", clientAddress(c.req.header("x-forwarded-for"), socket, trustedProxies));
    const started = performance.now();
    // Set before the handler, an answer made through Hono (`c.json`) carries it from the start;
    // only an answer made as a Response of its own is copied to add it (see headers.ts).
    c.header("x-request-id", requestId);
    await next();
    if (c.res.headers.get("x-request-id") !== requestId) c.header("x-request-id", requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    child.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, "request");
  };
}
