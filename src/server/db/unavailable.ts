import { DrizzleQueryError } from "drizzle-orm";

/**
 * How a database that cannot be reached shows itself, so that every caller answers it alike:
 * 503 with Retry-After and a plain message, never a 500 (decision 49).
 */

/** What a visitor reads while the database cannot be reached (API answers and the error page). */
export const DATABASE_UNAVAILABLE =
  "The shop cannot reach its database just now. Please try again in a minute.";

/** Seconds a client is told to wait (Retry-After) before asking again after a 503. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * The socket's errors when the server is down, restarting, unreachable or its name unknown. Any
 * socket (object storage, Google's keys, a client going away) fails with the same codes, so they
 * count only for an error the database layer raised: one the connection marked as it failed to
 * open (`markFromDatabase`, in db/client.ts), or one under Drizzle's failed query.
 */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "ECONNABORTED",
]);

/**
 * PostgreSQL's SQLSTATEs for "no server to talk to": class 08 (connection exception), the
 * server shutting down (57P01 admin_shutdown, 57P02 crash_shutdown), starting or in recovery
 * (57P03 cannot_connect_now), and out of connection slots (53300 too_many_connections).
 */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/**
 * What `pg` (and PGlite) say without a code: the pool's wait for a connection ran out, a
 * connection was cut, a closed pool or client was used.
 */
const MESSAGES = [
  /^timeout exceeded when trying to connect/i,
  /^Connection terminated/i,
  /^Client has encountered a connection error and is not queryable/i,
  /^Client was closed and is not queryable/i,
  /^Cannot use a pool after calling end on the pool/i,
  /^PGlite is clos(ed|ing)/i,
];

const FROM_DATABASE = Symbol("raised by the database connection");

/** Marks an error as raised by a database connection, so that a socket's code in it counts. */
export function markFromDatabase<E>(e: E): E {
  if (e !== null && typeof e === "object" && Object.isExtensible(e)) {
    Object.defineProperty(e, FROM_DATABASE, { value: true });
  }
  return e;
}

function isUnreachable(e: { code?: unknown; message?: unknown }, fromDatabase: boolean): boolean {
  const code = typeof e.code === "string" ? e.code : undefined;
  if (code !== undefined) {
    if (SQLSTATES.has(code)) return true;
    if (NETWORK_CODES.has(code) && (fromDatabase || FROM_DATABASE in e)) return true;
    // SQLSTATE class 08: connection_exception and its subclasses.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = typeof e.message === "string" ? e.message : "";
  return MESSAGES.some((m) => m.test(message));
}

/**
 * Whether an error means the database cannot be reached (rather than a statement that failed):
 * the error itself, what it wraps (Drizzle's failed query keeps the driver's error as `cause`),
 * or any of an AggregateError's (a host name with several addresses, each refused).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const look = (e: unknown, depth: number, fromDatabase: boolean): boolean => {
    if (e === null || typeof e !== "object" || seen.has(e) || depth > 8) return false;
    seen.add(e);
    const x = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const below = fromDatabase || FROM_DATABASE in x || x instanceof DrizzleQueryError;
    if (isUnreachable(x, below)) return true;
    if (Array.isArray(x.errors) && x.errors.some((inner) => look(inner, depth + 1, below))) return true;
    return look(x.cause, depth + 1, below);
  };
  return look(err, 0, false);
}
