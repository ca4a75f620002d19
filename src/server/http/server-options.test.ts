import type { Server } from "node:http";
import { connect, type Socket } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { httpServerOptions } from "./server-options";

const TEST_ENV = { NODE_ENV: "test", SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long" };

describe("the HTTP server's time limits", () => {
  it("by default: headers within 20 s, a whole request within 30 minutes, kept-alive connections idle 65 s", () => {
    const options = httpServerOptions(loadConfig(TEST_ENV));
    expect(options).toEqual({
      headersTimeout: 20_000,
      // A 100 MB PDF at 1 Mbit/s takes about 14 minutes: 30 leaves room for a slower line.
      requestTimeout: 1_800_000,
      keepAliveTimeout: 65_000,
      connectionsCheckingInterval: 1_000,
    });
  });

  it("are read from the environment, and refused when out of range", () => {
    const config = loadConfig({
      ...TEST_ENV,
      HTTP_HEADERS_TIMEOUT_SECONDS: "5",
      HTTP_REQUEST_TIMEOUT_SECONDS: "3600",
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: "75",
    });
    expect(httpServerOptions(config)).toMatchObject({
      headersTimeout: 5_000,
      requestTimeout: 3_600_000,
      keepAliveTimeout: 75_000,
    });
    expect(() => loadConfig({ ...TEST_ENV, HTTP_HEADERS_TIMEOUT_SECONDS: "0" })).toThrow(
      /HTTP_HEADERS_TIMEOUT_SECONDS/,
    );
    // No "unlimited": a body dripped a byte at a time would hold its connection for ever.
    expect(() => loadConfig({ ...TEST_ENV, HTTP_REQUEST_TIMEOUT_SECONDS: "0" })).toThrow(
      /HTTP_REQUEST_TIMEOUT_SECONDS/,
    );
  });
});

/** What a raw socket saw: everything the server wrote, and when it closed (ms after connecting). */
type Seen = { text: string; closedAfterMs: number | undefined };

function rawSocket(port: number): { socket: Socket; seen: Seen; closed: Promise<void> } {
  const started = Date.now();
  const socket = connect({ host: "127.0.0.1", port });
  const seen: Seen = { text: "", closedAfterMs: undefined };
  socket.on("data", (d) => {
    seen.text += d.toString("latin1");
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => {
    socket.on("close", () => {
      seen.closedAfterMs = Date.now() - started;
      resolve();
    });
  });
  return { socket, seen, closed };
}

/** Writes `text` one byte every `everyMs`, while the socket is open. */
async function drip(socket: Socket, text: string, everyMs: number) {
  for (const ch of text) {
    if (socket.destroyed || !socket.writable) return;
    socket.write(ch);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe("over a raw socket, with short limits", () => {
  let server: ServerType | undefined;
  afterEach(async () => {
    const s = server as Server | undefined;
    server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  });

  /** A server as main.ts starts one, with headers within 1 s and a whole request within 120 s. */
  async function start(): Promise<number> {
    const app = new Hono();
    app.get("/", (c) => c.text("ok"));
    app.post("/", async (c) => c.text(`got ${(await c.req.text()).length}`));
    const options = httpServerOptions({
      HTTP_HEADERS_TIMEOUT_SECONDS: 1,
      HTTP_REQUEST_TIMEOUT_SECONDS: 120,
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: 5,
    });
    return new Promise((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1", serverOptions: options }, (info) =>
        resolve(info.port),
      );
    });
  }

  it("closes a client sending its headers a byte at a time with 408 once the limit has passed", async () => {
    const port = await start();
    const { socket, seen, closed } = rawSocket(port);
    void drip(socket, "GET / HTTP/1.1\r\nHost: shop.test\r\nUser-Agent: slow\r\n\r\n", 250);
    await closed;
    expect(seen.text).toMatch(/^HTTP\/1\.1 408 /);
    // Within the limit plus one round of Node's check (a second), long before the headers ended.
    expect(seen.closedAfterMs).toBeGreaterThanOrEqual(1_000);
    expect(seen.closedAfterMs).toBeLessThan(2_800);
  });

  it("closes a connection that sends nothing at all", async () => {
    const port = await start();
    const { seen, closed } = rawSocket(port);
    await closed;
    expect(seen.closedAfterMs).toBeLessThan(2_800);
  });

  it("gives a body its own, longer time once the headers are in", async () => {
    const port = await start();
    const { socket, seen, closed } = rawSocket(port);
    socket.write("POST / HTTP/1.1\r\nHost: shop.test\r\nContent-Length: 6\r\nConnection: close\r\n\r\n");
    // Six bytes over about 2.4 s: past the headers' limit, well within the request's.
    await drip(socket, "abcdef", 400);
    await closed;
    expect(seen.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(seen.text).toMatch(/got 6$/);
  });

  it("lets a kept-alive connection wait idle past the headers' limit for its next request", async () => {
    const port = await start();
    const { socket, seen, closed } = rawSocket(port);
    socket.write("GET / HTTP/1.1\r\nHost: shop.test\r\n\r\n");
    await new Promise((r) => setTimeout(r, 2_200));
    expect(seen.closedAfterMs).toBeUndefined();
    socket.write("GET / HTTP/1.1\r\nHost: shop.test\r\nConnection: close\r\n\r\n");
    await closed;
    expect(seen.text.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
  });
});
