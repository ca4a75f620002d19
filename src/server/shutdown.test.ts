import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { shutDownGracefully } from "./shutdown";

/** A server whose `/slow?ms=` answers after that long; `started` resolves when a request has arrived. */
async function slowServer() {
  let arrived: () => void = () => {};
  const started = new Promise<void>((r) => {
    arrived = r;
  });
  const server = createServer((req, res) => {
    const ms = Number(new URL(req.url ?? "/", "http://x").searchParams.get("ms") ?? 0);
    arrived();
    setTimeout(() => res.end("answered"), ms);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, port: (server.address() as AddressInfo).port, started };
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.on("data", (d) => {
        body += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const parts = (server: Server, graceMs: number) => {
  const calls: string[] = [];
  return {
    calls,
    state: { draining: false },
    p: {
      server,
      graceMs,
      log: createLogger("silent"),
      stopJobs: async () => {
        calls.push("jobs");
      },
      closeDatabase: async () => {
        calls.push("database");
      },
    },
  };
};

describe("a graceful stop", () => {
  it("answers the request in flight, refuses new connections, then stops the jobs and the pool", async () => {
    const { server, port, started } = await slowServer();
    const inFlight = get(port, "/slow?ms=300");
    await started;
    const { p, state, calls } = parts(server, 5_000);
    const stopping = shutDownGracefully({ ...p, state });
    expect(state.draining).toBe(true);
    await expect(get(port, "/")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(await inFlight).toEqual({ status: 200, body: "answered" });
    expect(await stopping).toBe(true);
    expect(calls).toEqual(["jobs", "database"]);
  });

  it("with a delay, says it is not ready but goes on taking connections until the delay is over", async () => {
    const { server, port } = await slowServer();
    const { p, state } = parts(server, 1_000);
    const stopping = shutDownGracefully({ ...p, state, delayMs: 300 });
    expect(state.draining).toBe(true);
    expect(await get(port, "/")).toEqual({ status: 200, body: "answered" });
    await new Promise((r) => setTimeout(r, 400));
    await expect(get(port, "/")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(await stopping).toBe(true);
  });

  it("cuts what is still in flight when the grace runs out, and says so", async () => {
    const { server, port, started } = await slowServer();
    const inFlight = get(port, "/slow?ms=5000");
    await started;
    const { p, state, calls } = parts(server, 200);
    const t0 = Date.now();
    expect(await shutDownGracefully({ ...p, state })).toBe(false);
    expect(Date.now() - t0).toBeLessThan(2_000);
    await expect(inFlight).rejects.toBeTruthy();
    expect(calls).toEqual(["jobs", "database"]);
  });
});
