import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import type { AppEnv } from "../env";
import { clientAddress, requestLog } from "./request-log";

describe("clientAddress", () => {
  it("uses the socket's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", 0)).toBe("198.51.100.1");
  });

  it("takes the entry the one trusted proxy appended, not the ones the client wrote", () => {
    expect(clientAddress("1.1.1.1, 2.2.2.2, 203.0.113.9", "10.0.0.2", 1)).toBe("203.0.113.9");
  });

  it("counts hops from the right behind two proxies", () => {
    // client-written, the client as the CDN saw it, the CDN as the balancer saw it
    expect(clientAddress("1.1.1.1, 203.0.113.9, 198.51.100.7", "10.0.0.2", 2)).toBe("203.0.113.9");
  });

  it("takes the left-most entry when there are fewer entries than proxies", () => {
    expect(clientAddress("203.0.113.9", "10.0.0.2", 2)).toBe("203.0.113.9");
  });

  it("falls back to the socket without the header or with an empty one", () => {
    expect(clientAddress(undefined, "10.0.0.2", 1)).toBe("10.0.0.2");
    expect(clientAddress(" , ", "10.0.0.2", 1)).toBe("10.0.0.2");
  });

  it("ignores blanks and spaces between entries", () => {
    expect(clientAddress("1.1.1.1,,  203.0.113.9 ", "10.0.0.2", 1)).toBe("203.0.113.9");
  });
});

describe("requestLog", () => {
  it("gives the request the address behind the trusted proxy, ignoring spoofed left entries", async () => {
    const app = new Hono<AppEnv>();
    app.use(requestLog(createLogger("silent"), 1));
    app.get("/", (c) => c.text(c.get("ip")));
    const res = await app.request("/", { headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.9" } });
    expect(await res.text()).toBe("203.0.113.9");
  });
});
