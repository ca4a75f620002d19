import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A fake courier's answer. */
export function send(res: ServerResponse, httpStatus: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(httpStatus, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

export async function readBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const v = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    return typeof v === "object" && v !== null && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/** Outages and slowness a fake can be told to show. */
export type FakeTrouble = {
  /** The next `count` requests get this HTTP status and an error body. */
  failNext(httpStatus?: number, count?: number): void;
  /** The next `count` requests are answered only after `ms`. */
  delayNext(ms: number, count?: number): void;
};

/** Starts a fake on a free local port; `handle` answers each request that is not a staged failure. */
export async function serveFake(
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>,
): Promise<FakeTrouble & { origin: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  let failures = { httpStatus: 500, count: 0 };
  let delays = { ms: 0, count: 0 };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push(`${req.method} ${url.pathname}`);
    try {
      if (delays.count > 0) {
        delays.count -= 1;
        await new Promise((r) => setTimeout(r, delays.ms));
      }
      if (failures.count > 0) {
        failures.count -= 1;
        return send(res, failures.httpStatus, { message: "Server Error" });
      }
      await handle(req, res, url);
    } catch (e) {
      if (!res.headersSent) send(res, 500, { message: e instanceof Error ? e.message : "Server Error" });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    failNext(httpStatus = 500, count = 1) {
      failures = { httpStatus, count };
    },
    delayNext(ms, count = 1) {
      delays = { ms, count };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
