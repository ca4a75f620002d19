/**
 * A graceful stop (decision 39), for a rolling restart behind a load balancer: the server takes no
 * new connection, answers what it has already accepted, and only then lets go of the database.
 */
import type { Server } from "node:http";
import type { Logger } from "./logger";

export type DrainState = { draining: boolean };

export type ShutdownParts = {
  server: Server;
  /** Set at once: `/healthz` answers 503 and every answer carries `Connection: close`. */
  state: DrainState;
  /** How long requests in flight are waited for before their connections are cut. */
  graceMs: number;
  /**
   * How long the server goes on taking new connections while `/healthz` already answers 503, so
   * a balancer that checks it stops sending before the listener closes (default 0).
   */
  delayMs?: number;
  /** Stops the periodic work; resolves once a round under way has ended. */
  stopJobs: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  log: Logger;
};

/**
 * Stops the server: after `delayMs` (not ready, still serving), the listening socket is closed (a new connection is refused, so a balancer
 * sends it elsewhere), idle kept-alive connections are closed now and as each one's answer ends,
 * requests in flight are answered for at most `graceMs`, then the jobs stop and the pool closes.
 * Resolves true when everything in flight was answered, false when the grace ran out first.
 */
export async function shutDownGracefully(p: ShutdownParts): Promise<boolean> {
  p.state.draining = true;
  if (p.delayMs) await new Promise((resolve) => setTimeout(resolve, p.delayMs));
  const closed = new Promise<void>((resolve) => p.server.close(() => resolve()));
  p.server.closeIdleConnections();
  // A connection whose answer just ended is idle: closed before it carries another request.
  const sweeper = setInterval(() => p.server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), p.graceMs);
  });
  const jobsStopped = p.stopJobs().catch((err) => p.log.error({ err }, "shutdown: stopping the jobs failed"));
  const outcome = await Promise.race([closed.then(() => "done" as const), graceOver]);
  clearInterval(sweeper);
  if (outcome === "late") {
    p.log.warn({ graceMs: p.graceMs }, "shutdown: requests still in flight after the grace period; cut off");
    p.server.closeAllConnections();
  }
  await Promise.race([jobsStopped, graceOver]);
  clearTimeout(timer);
  try {
    await p.closeDatabase();
  } catch (err) {
    p.log.error({ err }, "shutdown: closing the database failed");
  }
  return outcome === "done";
}
