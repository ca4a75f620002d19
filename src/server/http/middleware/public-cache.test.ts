import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { publicContentChanged } from "../../services/public-content";
import type { AppEnv } from "../env";
import { jsonAnswer } from "../respond";
import { pageSecurityPolicy } from "./headers";
import { publicCache } from "./public-cache";

/** No database: a change still moves this process's own version on. */
const failingDb = { execute: () => Promise.reject(new Error("no database")) } as unknown as Db;

/** An app whose page counts its renders; `x-user` stands in for a signed-in session. */
function appWith(ttlMs: number) {
  let renders = 0;
  const app = new Hono<AppEnv>();
  app.use("*", publicCache({ ttlMs, shared: (c) => !c.req.header("x-user") }));
  app.get("/page", (c) => {
    renders += 1;
    return c.html(`<p>render ${renders}</p>`);
  });
  app.get("/cookie", (c) => {
    renders += 1;
    c.header("Set-Cookie", "ref=abc");
    return c.text("with a cookie");
  });
  app.get("/search", (c) => {
    renders += 1;
    return jsonAnswer(c, { results: Array.from({ length: 200 }, (_, i) => `book ${i}`) }, 200);
  });
  app.get("/missing", (c) => {
    renders += 1;
    return c.text("no", 404);
  });
  return { app, renders: () => renders };
}

describe("the public answer cache", () => {
  it("keeps a JSON answer once per encoding, each served as the client takes it", async () => {
    const { app, renders } = appWith(30_000);
    const ask = (encoding?: string) =>
      app.request("/search", { headers: encoding ? { "accept-encoding": encoding } : {} });
    const decoded = async (res: Response) => {
      const bytes = Buffer.from(await res.arrayBuffer());
      const enc = res.headers.get("content-encoding");
      const text = (
        enc === "br" ? brotliDecompressSync(bytes) : enc === "gzip" ? gunzipSync(bytes) : bytes
      ).toString();
      return JSON.parse(text) as { results: string[] };
    };
    const answers = [];
    for (const encoding of [
      "gzip, deflate, br, zstd",
      undefined,
      "gzip",
      "gzip, deflate, br, zstd",
      undefined,
    ]) {
      const res = await ask(encoding);
      answers.push({ encoding: res.headers.get("content-encoding"), cache: res.headers.get("x-cache") });
      expect((await decoded(res)).results).toHaveLength(200);
    }
    expect(answers).toEqual([
      { encoding: "br", cache: "MISS" },
      { encoding: null, cache: "MISS" },
      { encoding: "gzip", cache: "MISS" },
      { encoding: "br", cache: "HIT" },
      { encoding: null, cache: "HIT" },
    ]);
    expect(renders()).toBe(3);
  });

  it("renders a page once for many signed-out visitors and marks the copies", async () => {
    const { app, renders } = appWith(30_000);
    const first = await app.request("/page");
    const second = await app.request("/page");
    expect(await second.text()).toBe(await first.text());
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-type")).toMatch(/text\/html/);
    expect(renders()).toBe(1);
  });

  it("renders afresh for a signed-in visitor", async () => {
    const { app, renders } = appWith(30_000);
    await app.request("/page");
    await app.request("/page", { headers: { "x-user": "1" } });
    expect(renders()).toBe(2);
  });

  it("keeps no answer that sets a cookie, fails, carries a referral code or is not a GET", async () => {
    const { app, renders } = appWith(30_000);
    await app.request("/cookie");
    await app.request("/cookie");
    await app.request("/missing");
    await app.request("/missing");
    await app.request("/page?ref=ABC");
    await app.request("/page?ref=ABC");
    expect(renders()).toBe(6);
  });

  it("keeps each query string apart", async () => {
    const { app, renders } = appWith(30_000);
    await app.request("/page?page=1");
    await app.request("/page?page=2");
    expect(renders()).toBe(2);
  });

  it("serves nothing made before the public content changed", async () => {
    const { app, renders } = appWith(30_000);
    await app.request("/page");
    await publicContentChanged({ db: failingDb });
    const after = await app.request("/page");
    expect(await after.text()).toBe("<p>render 2</p>");
    expect(renders()).toBe(2);
  });

  it("is off at a time-to-live of 0", async () => {
    const { app, renders } = appWith(0);
    await app.request("/page");
    const again = await app.request("/page");
    expect(again.headers.get("x-cache")).toBeNull();
    expect(renders()).toBe(2);
  });
});

describe("the public answer cache under a Content-Security-Policy", () => {
  // As in the server: the Node adapter's own Response, whose copies (made when a later
  // middleware adds a header) keep only the headers the Response was made with.
  beforeAll(() => {
    getRequestListener(() => new Response(null));
  });

  it("hands each visitor a kept page with their own nonce, matching their policy", async () => {
    let renders = 0;
    const app = new Hono<AppEnv>();
    app.use("*", async (c, next) => {
      await next();
      c.header("x-request-id", "r1");
    });
    app.use("*", pageSecurityPolicy({ upgradeInsecure: false }));
    app.use("*", publicCache({ ttlMs: 30_000, shared: () => true }));
    app.get("/page", (c) => {
      renders += 1;
      const nonce = c.get("nonce");
      return c.html(
        `<script nonce="${nonce}">window.a=1</script><script nonce="${nonce}">window.b=2</script>`,
      );
    });
    const nonceOf = (res: Response) =>
      /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    const first = await app.request("/page");
    const second = await app.request("/page");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(renders).toBe(1);
    const [n1, n2] = [nonceOf(first), nonceOf(second)];
    expect(n1).toBeTruthy();
    expect(n2).toBeTruthy();
    expect(n2).not.toBe(n1);
    const body = await second.text();
    expect(body).toBe(`<script nonce="${n2}">window.a=1</script><script nonce="${n2}">window.b=2</script>`);
    expect(await first.text()).toContain(`nonce="${n1}"`);
  });

  it("compresses a kept page at once for a client that takes it, with that visitor's nonce", async () => {
    const app = new Hono<AppEnv>();
    app.use("*", pageSecurityPolicy({ upgradeInsecure: false }));
    app.use("*", publicCache({ ttlMs: 30_000, shared: () => true }));
    const filler = "<p>Physics for HSC students</p>".repeat(100);
    app.get("/page", (c) => c.html(`<script nonce="${c.get("nonce")}">window.a=1</script>${filler}`));
    const headers = { "accept-encoding": "gzip, deflate, br, zstd" };
    const answers = [await app.request("/page", { headers }), await app.request("/page", { headers })];
    for (const res of answers) {
      expect(res.headers.get("content-encoding")).toBe("br");
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      const page = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
      expect(page).toBe(`<script nonce="${nonce}">window.a=1</script>${filler}`);
    }
    expect(answers.map((r) => r.headers.get("x-cache"))).toEqual(["MISS", "HIT"]);
    // A client that takes no encoding gets the page as it is.
    const plain = await app.request("/page");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain(filler);
  });
});
