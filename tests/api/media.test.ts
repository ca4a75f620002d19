import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, imageUrl } from "../../src/contracts/images";
import { storeImage } from "../../src/server/services/catalog/images";
import { createHarness, type Harness } from "./harness";

let h: Harness;
let key: string;

beforeAll(async () => {
  h = await createHarness();
  const jpeg = await sharp({ create: { width: 900, height: 1350, channels: 3, background: "#1d4ed8" } })
    .jpeg()
    .toBuffer();
  ({ key } = await storeImage(h.ctx(), jpeg));
  await h.storage.put(
    "ebooks/secret.pdf",
    new TextEncoder().encode("%PDF-1.7 not for everyone"),
    "application/pdf",
  );
});
afterAll(() => h.close());

describe("GET /media/*", () => {
  it("serves each width of a stored image as WebP, cached for a year", async () => {
    for (const width of IMAGE_WIDTHS) {
      const res = await h.app.request(imageUrl("/media", key, width));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      // A CDN's copy of a picture is shown by the shop's pages from another origin.
      expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, width * 1.5]);
    }
  });

  it("answers 404 for an image that is not there, and does not let it be cached", async () => {
    const res = await h.request("GET", imageUrl("/media", "0123456789abcdef01234567", 320));
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("leaves every other answer same-origin, with the other secure headers", async () => {
    for (const path of ["/healthz", "/media/ebooks/secret.pdf", "/api/version"]) {
      const res = await h.app.request(path);
      expect(res.headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), path).toBe("SAMEORIGIN");
    }
  });

  it("answers 404 for files that are not public, such as e-book PDFs", async () => {
    expect(await h.storage.has("ebooks/secret.pdf")).toBe(true);
    const res = await h.request("GET", "/media/ebooks/secret.pdf");
    expect(res.status).toBe(404);
    expect(res.text).not.toContain("PDF");
  });

  it.each([
    "/media/images/..%2F..%2Fetc%2Fpasswd",
    "/media/images/%2e%2e/ebooks/secret.pdf",
    "/media/images/..%5Cebooks%5Csecret.pdf",
    "/media/..%2Febooks/secret.pdf",
  ])("refuses a path that climbs out: %s", async (path) => {
    const res = await h.request("GET", path);
    expect([400, 404]).toContain(res.status);
    expect(res.text).not.toContain("PDF");
  });
});
