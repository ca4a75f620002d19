import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { describe, expect, it } from "vitest";
import { COMPRESS_FROM_BYTES, chooseEncoding, ok } from "./respond";

/** An app as the shop's: the streamed `compress()` outside, envelopes from `ok`. */
function app() {
  const a = new Hono();
  a.use(compress({ threshold: COMPRESS_FROM_BYTES }));
  a.get("/small", (c) => ok(c, { n: 1 }));
  a.get("/large", (c) => ok(c, { names: Array.from({ length: 100 }, (_, i) => `নাম ${i}`) }));
  return a;
}

const ask = (path: string, encoding?: string) =>
  app().request(path, { headers: encoding ? { "accept-encoding": encoding } : {} });

async function textOf(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const enc = res.headers.get("content-encoding");
  return (enc === "br" ? brotliDecompressSync(bytes) : enc === "gzip" ? gunzipSync(bytes) : bytes).toString();
}

describe("JSON answers", () => {
  it("go as they are below the threshold, with their length, whatever the client takes", async () => {
    const res = await ask("/small", "gzip, deflate, br, zstd");
    expect(res.headers.get("content-encoding")).toBeNull();
    const text = await res.text();
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toEqual({ statusCode: 200, message: "OK", data: { n: 1 } });
  });

  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    [undefined, null],
  ])("above it, for Accept-Encoding %s, come as %s and read the same", async (accept, encoding) => {
    const plain = await textOf(await ask("/large"));
    expect(Buffer.byteLength(plain)).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const res = await ask("/large", accept);
    expect(res.headers.get("content-encoding")).toBe(encoding);
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await textOf(res)).toBe(plain);
  });
});

describe("chooseEncoding", () => {
  it("takes brotli, else gzip, by the client's weights; * counts for both", () => {
    expect(chooseEncoding("gzip, br")).toBe("br");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.8, br;q=0.9")).toBe("br");
    expect(chooseEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBeUndefined();
    expect(chooseEncoding("")).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
