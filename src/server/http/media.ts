import { Hono } from "hono";
import type { FileStorage } from "../integrations/storage/provider";
import { isValidStorageKey } from "../integrations/storage/provider";
import type { AppEnv } from "./env";

/**
 * Only these prefixes are public. E-book PDFs and content files live in the same storage and are
 * served by their own services to owners only, never from here.
 */
const PUBLIC_PREFIXES = ["images/"];

/** `/media/<key>`: public files from storage. Their keys hold a content hash, so they never change. */
export function mediaRoutes(storage: FileStorage) {
  const media = new Hono<AppEnv>();
  media.get("/:path{.+}", async (c) => {
    const key = c.req.param("path");
    c.header("Cache-Control", "no-store");
    if (!isValidStorageKey(key)) return c.text("Invalid file path", 400);
    if (!PUBLIC_PREFIXES.some((p) => key.startsWith(p))) return c.text("Not found", 404);
    const file = await storage.get(key);
    if (!file) return c.text("Not found", 404);
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });
  return media;
}
