import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE, markFromDatabase, RETRY_AFTER_SECONDS } from "../../db/unavailable";
import { createLogger } from "../../logger";
import { DomainError } from "../../services/errors";
import type { AppEnv } from "../env";
import { handleError, toEnvelope } from "./errors";

const refused = () =>
  markFromDatabase(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
const shutDown = () =>
  Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

describe("the error table", () => {
  it.each([
    ["a refused connection", refused()],
    ["a server shutting down", shutDown()],
    ["the pool's wait running out", new Error("timeout exceeded when trying to connect")],
  ])("answers a database out of reach (%s) with 503 and a plain message", (_what, e) => {
    expect(toEnvelope(e)).toEqual({ statusCode: 503, message: DATABASE_UNAVAILABLE });
  });

  it("keeps 500 for any other failure, and a DomainError's own status", () => {
    expect(toEnvelope(new Error("boom"))).toEqual({ statusCode: 500, message: "Internal Server Error" });
    expect(toEnvelope(new DomainError("unavailable", "The gateway did not answer")).statusCode).toBe(503);
  });
});

describe("the error handler", () => {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("log", createLogger("silent"));
    await next();
  });
  app.onError(handleError);
  app.get("/down", () => {
    throw refused();
  });
  app.get("/gateway", () => {
    throw new DomainError("unavailable", "The gateway did not answer");
  });
  app.get("/boom", () => {
    throw new Error("boom");
  });

  it("tells the client when to ask again after a 503", async () => {
    for (const path of ["/down", "/gateway"]) {
      const res = await app.request(path);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    }
    expect(await (await app.request("/down")).json()).toEqual({
      statusCode: 503,
      message: DATABASE_UNAVAILABLE,
    });
  });

  it("says nothing of retrying after a 500", async () => {
    const res = await app.request("/boom");
    expect(res.status).toBe(500);
    expect(res.headers.get("retry-after")).toBeNull();
  });
});
