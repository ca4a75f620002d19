import { DrizzleQueryError } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { connectPostgres } from "./client";
import { isDatabaseUnavailable, markFromDatabase } from "./unavailable";

/** An error as `pg` or Node makes one: a message and, for most, a code. */
const err = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
/** The same, as the database connection raised it (marked as it failed to open). */
const dbErr = (message: string, code: string) => markFromDatabase(err(message, code));

describe("a database that cannot be reached", () => {
  it.each([
    ["the server's port closed", dbErr("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a connection reset", dbErr("read ECONNRESET", "ECONNRESET")],
    ["no route to the host", dbErr("connect EHOSTUNREACH 10.0.0.9:5432", "EHOSTUNREACH")],
    ["a host name that does not resolve", dbErr("getaddrinfo ENOTFOUND db.internal", "ENOTFOUND")],
    ["57P01 admin_shutdown", err("terminating connection due to administrator command", "57P01")],
    [
      "57P02 crash_shutdown",
      err("terminating connection because of crash of another server process", "57P02"),
    ],
    ["57P03 cannot_connect_now", err("the database system is starting up", "57P03")],
    ["53300 too_many_connections", err("sorry, too many clients already", "53300")],
    ["08006 connection_failure", err("connection failure", "08006")],
    ["08001 sqlclient_unable_to_establish_sqlconnection", err("could not connect", "08001")],
    ["08P01 protocol_violation", err("protocol violation", "08P01")],
    ["the pool's wait for a connection running out", err("timeout exceeded when trying to connect")],
    ["a connection cut under a query", err("Connection terminated unexpectedly")],
    ["a connection that took too long to open", err("Connection terminated due to connection timeout")],
    [
      "a client whose connection failed",
      err("Client has encountered a connection error and is not queryable"),
    ],
    ["a pool already ended", err("Cannot use a pool after calling end on the pool")],
    ["the embedded database closed", err("PGlite is closed")],
    [
      "Drizzle's failed query wrapping the driver's error",
      new DrizzleQueryError("select 1", [], err("Connection terminated unexpectedly")),
    ],
    [
      "every address of a host refused",
      markFromDatabase(new AggregateError([err("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "")),
    ],
    [
      "a socket's failure under Drizzle's failed query",
      new DrizzleQueryError("select 1", [], err("read ECONNRESET", "ECONNRESET")),
    ],
    ["an error caused by one", new Error("the session lookup failed", { cause: err("x", "57P01") })],
  ])("is recognised: %s", (_what, e) => {
    expect(isDatabaseUnavailable(e)).toBe(true);
  });

  it.each([
    ["a unique violation", err('duplicate key value violates unique constraint "users_phone"', "23505")],
    ["a serialization failure", err("could not serialize access", "40001")],
    ["a statement timeout", err("canceling statement due to statement timeout", "57014")],
    ["a syntax error", err('syntax error at or near "selec"', "42601")],
    [
      "a failed query wrapping a constraint error",
      new DrizzleQueryError("insert", [], err("violates", "23503")),
    ],
    ["a plain error", new Error("something else")],
    ["another socket refused (object storage)", err("connect ECONNREFUSED 127.0.0.1:9000", "ECONNREFUSED")],
    ["a client that went away", err("aborted", "ECONNRESET")],
    ["another service's name unknown", err("getaddrinfo ENOTFOUND s3.example", "ENOTFOUND")],
    ["a string", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("is not confused with another failure: %s", (_what, e) => {
    expect(isDatabaseUnavailable(e)).toBe(false);
  });

  it("recognises what the shop's connection throws for a closed port, and not a bare socket's", async () => {
    // Port 9 (discard) on the loopback: nothing listens there in a test environment.
    const database = connectPostgres("postgres://x:x@127.0.0.1:9/x", 1);
    const bare = new pg.Pool({ host: "127.0.0.1", port: 9, user: "x", database: "x" });
    try {
      const e = await database.ping().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(e).toMatchObject({ code: "ECONNREFUSED" });
      expect(isDatabaseUnavailable(e)).toBe(true);
      // The same refusal from a socket the shop's database layer did not open counts as no outage.
      const other = await bare.query("select 1").then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(other).toMatchObject({ code: "ECONNREFUSED" });
      expect(isDatabaseUnavailable(other)).toBe(false);
    } finally {
      await database.close();
      await bare.end();
    }
  });
});
