/**
 * The HTTP edge: body limits, NUL characters, content types of state-changing calls,
 * Sec-Fetch-Site, Cache-Control of API answers, Connection: close on early answers, and what a
 * failed statement leaves in the log.
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { Writable } from "node:stream";
import { getRequestListener, serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import type { AppEnv } from "../../src/server/http/env";
import {
  BODY_TOO_LARGE,
  MALFORMED_FORM,
  MAX_BODY,
  MAX_CALLBACK_BODY,
  MAX_SANDBOX_BODY,
  NUL_REFUSED,
} from "../../src/server/http/middleware/body";
import { handleError } from "../../src/server/http/middleware/errors";
import { CROSS_SITE_REFUSED, JSON_REQUIRED } from "../../src/server/http/middleware/origin";
import { requestLog } from "../../src/server/http/middleware/request-log";
import { SANDBOX_PATH } from "../../src/server/integrations/payments/sandbox";
import { createLogger } from "../../src/server/logger";
import { checkout } from "./buying";
import { createProduct } from "./factories";
import { createHarness, DEFAULT_PASSWORD, type Harness, type TestUser, uniquePhone } from "./harness";

let h: Harness;
let buyer: TestUser;
let tranx: string;
beforeAll(async () => {
  // As in the server: the Node adapter's own Response, whose copies keep only the headers it
  // was made with (a header set on it directly can be lost on the way out).
  getRequestListener(() => new Response(null));
  h = await createHarness();
  buyer = await h.createUser();
  const product = await createProduct(h.db, { stock: 5 });
  const placed = await checkout(h, buyer, { items: [{ productId: product.id }], paymentMethod: "gateway" });
  tranx = placed.tranx!;
});
afterAll(async () => {
  await h?.close();
});

const CHUNK = 16 * 1024;

/** A body of `total` bytes handed out in chunks on demand, counting what the server pulled. */
function countingBody(total: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(97));
    },
  });
  return { stream, pulled: () => pulled };
}

/** A raw request straight to the app (no harness defaults: no content type is added). */
async function raw(
  method: string,
  path: string,
  init: { body?: BodyInit; headers?: Record<string, string> },
) {
  const res = await h.app.request(path, {
    method,
    headers: { "x-forwarded-for": "10.200.0.1", ...init.headers },
    body: init.body,
    ...(init.body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("body limits", () => {
  it.each([
    ["the sandbox gateway's page", () => `${SANDBOX_PATH}/${tranx}`, MAX_SANDBOX_BODY],
    ["a payment callback", () => `/api/payment/sandbox/${tranx}/ipn`, MAX_CALLBACK_BODY],
    ["a page", () => "/cart", MAX_BODY],
    ["an API call", () => "/api/auth/login", MAX_BODY],
  ])("refuses a 300 MB body to %s with 413 after reading no more than its limit", async (_, path, limit) => {
    const body = countingBody(300 * 1024 * 1024);
    const res = await raw("POST", path(), { body: body.stream, headers: FORM });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, message: BODY_TOO_LARGE });
    expect(body.pulled()).toBeLessThanOrEqual(limit + 2 * CHUNK);
  });

  it.each([
    ["the sandbox gateway's page", () => `${SANDBOX_PATH}/${tranx}`],
    ["a payment callback", () => `/api/payment/sandbox/${tranx}/success`],
  ])("refuses a body whose Content-Length is over the limit on %s without reading it", async (_, path) => {
    const body = countingBody(300 * 1024 * 1024);
    const res = await raw("POST", path(), {
      body: body.stream,
      headers: { ...FORM, "content-length": String(300 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK);
    expect(res.headers.get("connection")).toBe("close");
  });

  it("still takes the sandbox page's own form and a gateway's notice", async () => {
    const res = await h.request("POST", `/api/payment/sandbox/${tranx}/ipn`, {
      body: new URLSearchParams({ tranx, status: "unknown", filler: "x".repeat(8000) }).toString(),
      headers: FORM,
    });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });
});

describe("NUL characters", () => {
  it.each([
    ["a path segment", "/api/books/1%00"],
    ["a page's path", "/book/1%00"],
    ["the query string", "/api/search?q=rabindranath%00"],
    ["a query name", "/api/search?q%00=a"],
    ["a payment return's query", () => `/api/payment/sandbox/${tranx}/success?status=paid%00`],
  ])("refuses a NUL in %s with 400", async (_, path) => {
    const res = await h.request("GET", typeof path === "function" ? path() : path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: NUL_REFUSED });
  });

  it("refuses a NUL in a JSON text field with 400 and creates nothing", async () => {
    const phone = uniquePhone();
    const res = await h.signUp({ name: "Nu\u0000srat", phone });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(NUL_REFUSED);
    expect(await h.db.select().from(users).where(eq(users.phone, phone))).toEqual([]);
  });

  it("refuses a NUL anywhere in the JSON: nested, in an array, in a key", async () => {
    for (const body of [
      { cred: "01712345678", password: DEFAULT_PASSWORD, extra: { deep: [["x\u0000"]] } },
      { cred: "01712345678", password: DEFAULT_PASSWORD, "pass\u0000word": 1 },
    ]) {
      const res = await h.request("POST", "/api/auth/login", { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(NUL_REFUSED);
    }
  });

  it("does not mistake an escaped backslash before u0000 for a NUL", async () => {
    const res = await h.request("POST", "/api/auth/login", { body: '{"cred":"a\\\\u0000","password":"x"}' });
    expect(res.body.message).not.toBe(NUL_REFUSED);
    expect(res.status).toBeLessThan(500);
  });

  it.each([
    ["a payment callback", () => `/api/payment/sandbox/${tranx}/ipn`],
    ["the sandbox gateway's page", () => `${SANDBOX_PATH}/${tranx}`],
  ])("refuses a NUL in a form field posted to %s", async (_, path) => {
    const res = await h.request("POST", path(), { body: `tranx=${tranx}&outcome=pay%00`, headers: FORM });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(NUL_REFUSED);
  });

  it.each([
    ["a payment callback", () => `/api/payment/sandbox/${tranx}/ipn`],
    ["a payment return", () => `/api/payment/sandbox/${tranx}/success`],
    ["the sandbox gateway's page", () => `${SANDBOX_PATH}/${tranx}`],
  ])("answers a malformed multipart body to %s with 400", async (_, path) => {
    const res = await h.request("POST", path(), {
      body: '--xyz\r\nContent-Disposition: form-data; name="outcome"\r\n\r\npay',
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: MALFORMED_FORM });
  });

  it("answers a multipart body without a boundary with 400", async () => {
    const res = await h.request("POST", `/api/payment/sandbox/${tranx}/ipn`, {
      body: "outcome=pay",
      headers: { "content-type": "multipart/form-data" },
    });
    expect(res.status).toBe(400);
  });
});

describe("state-changing calls carry JSON", () => {
  const login = { cred: "01712345678", password: DEFAULT_PASSWORD };

  it.each([
    ["text/plain", JSON.stringify(login)],
    ["application/x-www-form-urlencoded", new URLSearchParams(login).toString()],
    [
      "multipart/form-data; boundary=xyz",
      '--xyz\r\nContent-Disposition: form-data; name="cred"\r\n\r\n1\r\n--xyz--',
    ],
    ["application/jsonp", JSON.stringify(login)],
  ])("refuses a %s body with 415 and says what to send", async (type, body) => {
    const res = await h.request("POST", "/api/auth/login", { body, headers: { "content-type": type } });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ statusCode: 415, message: JSON_REQUIRED });
  });

  it("refuses a malformed multipart body with 415 too, without reading it", async () => {
    const res = await h.request("POST", "/api/auth/login", {
      body: "--xyz\r\nnot a part",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
    });
    expect(res.status).toBe(415);
    expect(res.headers.get("connection")).toBe("close");
  });

  it("refuses a body without a Content-Type", async () => {
    const res = await raw("POST", "/api/auth/login", { body: JSON.stringify(login) });
    expect(res.status).toBe(415);
  });

  it("refuses a form posted to a state-changing call with a cookie, changing nothing", async () => {
    const res = await h.request("POST", "/api/auth/update", {
      body: "name=Changed&hsc_batch=HSC+2030",
      headers: FORM,
      cookie: buyer.cookie,
    });
    expect(res.status).toBe(415);
    const [row] = await h.db.select().from(users).where(eq(users.id, buyer.user.id));
    expect(row?.name).toBe(buyer.user.name);
  });

  it("takes JSON with a charset parameter", async () => {
    const res = await h.request("POST", "/api/auth/login", {
      body: login,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(res.status).not.toBe(415);
  });

  it("lets a bodyless sign-out through without a Content-Type", async () => {
    const res = await raw("POST", "/api/auth/logout", {});
    expect(res.status).toBe(200);
  });

  it("still takes a gateway's form callback under /api/payment", async () => {
    const res = await h.request("POST", `/api/payment/sandbox/${tranx}/fail`, {
      body: new URLSearchParams({ tranx }).toString(),
      headers: FORM,
    });
    expect(res.status).toBe(303);
  });
});

describe("Sec-Fetch-Site without Origin", () => {
  it.each(["cross-site", "same-site"])("refuses %s with 403", async (site) => {
    const res = await h.request("POST", "/api/auth/logout", { headers: { "sec-fetch-site": site } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, message: CROSS_SITE_REFUSED });
  });

  it.each(["same-origin", "none"])("lets %s through", async (site) => {
    const res = await h.request("POST", "/api/auth/logout", { headers: { "sec-fetch-site": site } });
    expect(res.status).toBe(200);
  });
});

describe("Cache-Control of API answers", () => {
  it.each([
    ["the session", "/api/user"],
    ["the cart", "/api/cart/info"],
    ["the orders", "/api/orders"],
    ["an unknown endpoint", "/api/nope"],
  ])("answers %s with no-store", async (_, path) => {
    const res = await h.request("GET", path, { cookie: buyer.cookie });
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers a sign-in (which sets the session cookie) with no-store", async () => {
    const res = await h.signIn(buyer.phone, DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers an early refusal with no-store too", async () => {
    const res = await h.request("POST", "/api/auth/login", {
      body: "x",
      headers: { "content-type": "text/plain" },
    });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("the sandbox gateway's page", () => {
  it("carries a policy allowing its inline styles and its own form only", async () => {
    const res = await h.request("GET", `${SANDBOX_PATH}/${tranx}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
  });
});

describe("Connection: close on answers sent before the body was read", () => {
  it.each([
    ["415", { "content-type": "text/plain" }],
    ["403", { "content-type": "text/plain", origin: "https://evil.example" }],
  ])("says close on a %s to an unread body", async (status, headers) => {
    const res = await raw("POST", "/api/auth/login", { body: '{"cred":"x"}', headers });
    expect(String(res.status)).toBe(status);
    expect(res.headers.get("connection")).toBe("close");
  });

  it("keeps the connection on an answer to a body that was read", async () => {
    const res = await h.request("POST", "/api/auth/login", { body: { cred: "x", password: "y" } });
    expect(res.status).toBe(400);
    expect(res.headers.get("connection")).toBeNull();
  });

  describe("over a real socket", () => {
    let server: http.Server;
    let port: number;
    let connections = 0;
    beforeAll(async () => {
      server = serve({ fetch: h.app.fetch, port: 0, hostname: "127.0.0.1" }) as http.Server;
      server.on("connection", () => {
        connections += 1;
      });
      if (!server.listening) await once(server, "listening");
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    /** One answer read off a raw socket: status, headers, body. */
    function readAnswer(socket: net.Socket): Promise<{ status: number; headers: Record<string, string> }> {
      return new Promise((resolve, reject) => {
        let data = "";
        const onData = (chunk: Buffer) => {
          data += chunk.toString("latin1");
          const end = data.indexOf("\r\n\r\n");
          if (end < 0) return;
          const [statusLine, ...lines] = data.slice(0, end).split("\r\n");
          const headers = Object.fromEntries(
            lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
          );
          const length = Number(headers["content-length"] ?? 0);
          if (data.length < end + 4 + length) return;
          socket.off("data", onData);
          socket.off("close", onClose);
          resolve({ status: Number(statusLine?.split(" ")[1]), headers });
        };
        const onClose = () => reject(new Error("other side closed"));
        if (socket.destroyed) return onClose();
        socket.on("data", onData);
        socket.once("close", onClose);
        socket.once("error", () => {});
      });
    }

    function connect(): Promise<net.Socket> {
      return new Promise((resolve) => {
        const socket = net.connect(port, "127.0.0.1", () => resolve(socket));
        socket.on("error", () => {});
      });
    }

    const GET_VERSION = "GET /api/version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

    it("a client that honours the answer's Connection header gets its next request answered", async () => {
      // A 2 MB JSON body declared, the first 256 kB sent: the 413 comes back before the rest.
      const declared = 2 * 1024 * 1024;
      const first = await connect();
      first.write(
        `POST /api/cart HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      first.write(Buffer.alloc(256 * 1024, 97));
      const refused = await readAnswer(first);
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe("close");

      let next: { status: number };
      if (refused.headers.connection === "close") {
        first.destroy();
        const fresh = await connect();
        fresh.write(GET_VERSION);
        next = await readAnswer(fresh);
        fresh.destroy();
      } else {
        // Told keep-alive, a client on a slow line finishes its body, then sends the next request.
        await new Promise((resolve) => setTimeout(resolve, 700));
        first.write(Buffer.alloc(declared - 256 * 1024, 97));
        first.write(GET_VERSION);
        next = await readAnswer(first);
        first.destroy();
      }
      expect(next.status).toBe(200);
    });

    it("a keep-alive agent opens a fresh connection after a 413 and its next request succeeds", async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const send = (method: string, path: string, body?: Buffer) =>
        new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
          const req = http.request(
            {
              host: "127.0.0.1",
              port,
              method,
              path,
              agent,
              headers: body ? { "content-type": "application/json", "content-length": body.length } : {},
            },
            (res) => {
              res.resume();
              res.on("end", () =>
                resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
              );
            },
          );
          // Writing the rest of a refused body may fail once the server closes: the answer is in.
          req.on("error", (err) => (body ? undefined : reject(err)));
          req.end(body);
        });
      try {
        const before = connections;
        const refused = await send("POST", "/api/cart", Buffer.alloc(2 * 1024 * 1024, 97));
        expect(refused).toEqual({ status: 413, connection: "close" });
        const next = await send("GET", "/api/version");
        expect(next.status).toBe(200);
        expect(connections - before).toBe(2);
      } finally {
        agent.destroy();
      }
    });

    it("a client still sending a large chunked body reads its 413 before the connection goes", async () => {
      const answer = await new Promise<string>((resolve) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: `${SANDBOX_PATH}/${tranx}`,
            headers: { "content-type": "application/x-www-form-urlencoded" },
          },
          (res) => resolve(`${res.statusCode} ${res.headers.connection}`),
        );
        req.on("error", (err) => resolve(`error ${(err as NodeJS.ErrnoException).code}`));
        const chunk = Buffer.alloc(64 * 1024, 97);
        let sent = 0;
        const write = () => {
          while (sent < 100 * 1024 * 1024) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once("drain", write);
          }
          req.end();
        };
        write();
      });
      expect(answer).toBe("413 close");
    });

    /** A JSON POST over the socket, sent in pieces; answers status and body. */
    function postJson(path: string, body: Buffer, cookie: string, chunked = false) {
      return new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path,
            headers: {
              "content-type": "application/json",
              cookie,
              ...(chunked ? {} : { "content-length": body.length }),
            },
          },
          (res) => {
            let text = "";
            res.on("data", (c: Buffer) => {
              text += c.toString("utf8");
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on("error", reject);
        // Split inside a multi-byte letter: the body is joined before it is decoded.
        const cut = Math.floor(body.length / 2) + 1;
        req.write(body.subarray(0, cut));
        setTimeout(() => req.end(body.subarray(cut)), 20);
      });
    }

    it("reads a JSON body of a declared length or chunked the same: the call, a NUL refused, bad JSON", async () => {
      const book = await createProduct(h.db, { stock: 5, title: "পদার্থবিজ্ঞান" });
      for (const chunked of [false, true]) {
        const add = await postJson(
          "/api/cart",
          Buffer.from(
            JSON.stringify({
              bookId: book.id,
              source: "book",
              type: "book",
              addKey: `কী-${chunked}`.padEnd(10, "x"),
            }),
          ),
          buyer.cookie,
          chunked,
        );
        // The key is refused for its letters: the handler read the body, Bangla whole.
        expect(add.status, add.body).toBe(400);
        expect(JSON.parse(add.body).errors.addKey).toBeTruthy();
        const good = await postJson(
          "/api/cart",
          Buffer.from(JSON.stringify({ bookId: book.id, source: "book", type: "book" })),
          buyer.cookie,
          chunked,
        );
        expect(good.status, good.body).toBe(201);
        const nul = await postJson(
          "/api/cart",
          Buffer.from('{"bookId":1,"source":"a\\u0000"}'),
          buyer.cookie,
          chunked,
        );
        expect(nul.status).toBe(400);
        expect(JSON.parse(nul.body).message).toBe(NUL_REFUSED);
        const bad = await postJson("/api/cart", Buffer.from('{"bookId":'), buyer.cookie, chunked);
        expect(bad.status).toBe(400);
      }
      const cart = await h.request<{ lines: { productId: number; quantity: number }[] }>(
        "GET",
        "/api/cart/info",
        {
          cookie: buyer.cookie,
        },
      );
      expect(cart.body.data?.lines.find((l) => l.productId === book.id)?.quantity).toBe(2);
    });

    it("keeps the connection alive after an ordinary answer", async () => {
      const socket = await connect();
      socket.write(GET_VERSION);
      const first = await readAnswer(socket);
      expect(first.headers.connection).toBe("keep-alive");
      socket.write(GET_VERSION);
      expect((await readAnswer(socket)).status).toBe(200);
      socket.destroy();
    });
  });
});

describe("the log of a failed statement", () => {
  it("holds the request id and the SQL, but no parameter: no password hash, no phone", async () => {
    const lines: string[] = [];
    const log = createLogger(
      "info",
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$bm90LWEtcmVhbC1oYXNo";
    const phone = uniquePhone();
    const app = new Hono<AppEnv>();
    app.onError(handleError);
    app.use(requestLog(log, 0));
    // A statement PostgreSQL refuses, as one that slipped past validation would be.
    app.post("/fail", async (c) => {
      await h.db.insert(users).values({ name: "Nu\u0000l", phone, passwordHash: hash });
      return c.text("stored");
    });
    const res = await app.request("/fail", { method: "POST" });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ statusCode: 500, message: "Internal Server Error" });
    const text = lines.join("");
    expect(text).toContain("unhandled error");
    expect(text).toContain('insert into \\"users\\"');
    expect(text).not.toContain(hash);
    expect(text).not.toContain("argon2id");
    expect(text).not.toContain(phone);
  });
});
