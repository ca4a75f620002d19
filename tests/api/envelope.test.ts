import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { MAX_JSON_BODY } from "../../src/server/http/app";
import { createHarness, DEFAULT_PASSWORD, type Harness, uniquePhone } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const registration = () => ({
  name: "Origin Test",
  phone: uniquePhone(),
  password: DEFAULT_PASSWORD,
  hsc_batch: "HSC 2025",
});

async function accountExists(phone: string): Promise<boolean> {
  const rows = await h.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return rows.length > 0;
}

describe("the API envelope", () => {
  it("answers malformed JSON with 400 {statusCode, message}", async () => {
    const res = await h.request("POST", "/api/auth/login", { body: '{"cred": "0171' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: "Malformed JSON in the request body" });
  });

  it("answers wrongly typed fields with 400 and a message per field in errors", async () => {
    const res = await h.request("POST", "/api/auth/register", {
      body: { name: 42, phone: 1712345678, password: true, hsc_batch: ["HSC 2025"] },
    });
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(["hsc_batch", "name", "password", "phone"]);
    expect(Object.values(res.body.errors ?? {})).toContain(res.body.message);
  });

  it("answers a JSON array instead of an object with 400", async () => {
    const res = await h.request("POST", "/api/auth/login", { body: "[1, 2]" });
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
  });

  it("answers a body over 1 MB with 413", async () => {
    const body = JSON.stringify({ ...registration(), name: "x".repeat(MAX_JSON_BODY) });
    const res = await h.request("POST", "/api/auth/register", { body });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, message: "The request body is too large" });
  });

  it("answers a body over 1 MB with 413 when Content-Length says so", async () => {
    const body = JSON.stringify({ ...registration(), name: "x".repeat(MAX_JSON_BODY) });
    const res = await h.request("POST", "/api/auth/register", {
      body,
      headers: { "content-length": String(Buffer.byteLength(body)) },
    });
    expect(res.status).toBe(413);
    expect(res.body.statusCode).toBe(413);
  });

  it("reads a body just under 1 MB", async () => {
    const base = JSON.stringify({ ...registration(), name: "" });
    const body = JSON.stringify({ ...registration(), name: "x".repeat(MAX_JSON_BODY - base.length - 100) });
    const res = await h.request("POST", "/api/auth/register", { body });
    // Read and validated (the name is too long), not refused for its size.
    expect(res.status).toBe(400);
    expect(res.body.errors?.name).toBeDefined();
  });

  it.each([
    ["GET", "/api/nope"],
    ["POST", "/api/auth/nope"],
    ["DELETE", "/api/user"],
  ])("answers %s %s with the 404 envelope", async (method, path) => {
    const res = await h.request(method, path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: "No such API endpoint" });
  });

  it.each<[string, string, unknown, number]>([
    ["GET", "/api/version", undefined, 200],
    ["GET", "/api/user", undefined, 401],
    ["POST", "/api/auth/register", registration(), 201],
    ["POST", "/api/auth/register", {}, 400],
    ["POST", "/api/auth/login", { cred: "01712345678", password: "whatever1" }, 401],
    ["POST", "/api/auth/logout", undefined, 200],
    ["POST", "/api/auth/forget", { phone: "01712345678" }, 200],
    ["POST", "/api/auth/reset", { phone: "01712345678", code: "000000", password: "secret1" }, 400],
    ["GET", "/api/admin/users", undefined, 401],
    ["GET", "/api/admin/users?limit=0", undefined, 400],
    ["PUT", "/api/version", undefined, 404],
  ])("answers %s %s with statusCode equal to the HTTP status", async (method, path, body, status) => {
    const res = await h.request(method, path, { body });
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body.statusCode).toBe(res.status);
    expect(typeof res.body.message).toBe("string");
  });

  it("answers GET /api/version with the build version", async () => {
    const res = await h.request("GET", "/api/version");
    expect(res.body).toEqual({ statusCode: 200, message: "OK", data: { version: "test" } });
  });

  it("gives every answer a request id, echoing the caller's", async () => {
    const res = await h.request("GET", "/api/user", { headers: { "x-request-id": "abc-123" } });
    expect(res.headers.get("x-request-id")).toBe("abc-123");
    const other = await h.request("GET", "/api/user");
    expect(other.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("cross-site requests", () => {
  it("refuses a POST with another site's Origin with 403 and creates no account", async () => {
    const body = registration();
    const res = await h.request("POST", "/api/auth/register", {
      body,
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.body.statusCode).toBe(403);
    expect(res.cookie).toBeUndefined();
    expect(await accountExists(body.phone)).toBe(false);
  });

  it("refuses a cross-site POST that carries a session cookie and leaves the profile as it was", async () => {
    const made = await h.createUser({ hsc_batch: "HSC 2025" });
    const res = await h.request("POST", "/api/auth/update", {
      cookie: made.cookie,
      body: { phone: uniquePhone(), hsc_batch: "Others" },
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    const me = await h.request("GET", "/api/user", { cookie: made.cookie });
    expect(me.body.data).toMatchObject({ phone: made.phone, hsc_batch: "HSC 2025" });
  });

  it("refuses a POST without Origin whose Sec-Fetch-Site says cross-site", async () => {
    const body = registration();
    const res = await h.request("POST", "/api/auth/register", {
      body,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(403);
    expect(await accountExists(body.phone)).toBe(false);
  });

  it("refuses an Origin that differs from the server's only by scheme", async () => {
    const res = await h.request("POST", "/api/auth/register", {
      body: registration(),
      headers: { origin: "https://localhost" },
    });
    expect(res.status).toBe(403);
  });

  it("accepts a POST with the server's own Origin", async () => {
    const body = registration();
    const res = await h.request("POST", "/api/auth/register", {
      body,
      headers: { origin: "http://localhost", "sec-fetch-site": "same-origin" },
    });
    expect(res.status).toBe(201);
    expect(await accountExists(body.phone)).toBe(true);
  });

  it("lets a GET through whatever its Origin", async () => {
    const res = await h.request("GET", "/api/version", { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(200);
  });
});

describe("GET /healthz", () => {
  it("answers 200 when the database answers", async () => {
    const res = await h.request("GET", "/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});
