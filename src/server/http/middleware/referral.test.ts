import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../env";
import { publicCache } from "./public-cache";
import { captureReferral } from "./referral";

/** Pages behind the referral capture and the public copy, in the server's order. */
function appWith({ secure = false } = {}) {
  const app = new Hono<AppEnv>();
  app.use("*", captureReferral({ secure }));
  app.use("*", publicCache({ ttlMs: 30_000, shared: () => true }));
  app.get("*", (c) => {
    c.header("Cache-Control", "private, no-cache");
    return c.html("<p>page</p>");
  });
  return app;
}

const refCookie = (res: Response) => res.headers.getSetCookie().find((l) => l.startsWith("ref="));

describe("referral capture", () => {
  it("keeps ?ref= in an HttpOnly, Lax cookie for 30 days, upper-cased", async () => {
    const res = await appWith().request("/book/12?ref=abcd2345");
    expect(res.status).toBe(200);
    const cookie = refCookie(res);
    expect(cookie).toContain("ref=ABCD2345");
    expect(cookie).toContain("Max-Age=2592000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
    // The page's own caching header is left as it was.
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("marks the cookie Secure in production", async () => {
    expect(refCookie(await appWith({ secure: true }).request("/?ref=ABCD2345"))).toContain("Secure");
  });

  it("ignores a missing or malformed code", async () => {
    const app = appWith();
    expect(refCookie(await app.request("/"))).toBeUndefined();
    expect(refCookie(await app.request("/?ref="))).toBeUndefined();
    expect(refCookie(await app.request("/?ref=%3Cscript%3E"))).toBeUndefined();
    expect(refCookie(await app.request(`/?ref=${"A".repeat(17)}`))).toBeUndefined();
  });

  it("sets the cookie on every visit with a code, never from a shared copy of the page", async () => {
    const app = appWith();
    await app.request("/book/1");
    await app.request("/book/1?ref=FRIEND22");
    const again = await app.request("/book/1?ref=FRIEND22");
    expect(refCookie(again)).toContain("ref=FRIEND22");
    expect(again.headers.get("x-cache")).toBeNull();
  });
});
