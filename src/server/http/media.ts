import { Hono } from "hono";
import type { FileStorage } from "../integrations/storage/provider";
import { isPublicKey, isValidStorageKey, PUBLIC_CACHE_CONTROL } from "../integrations/storage/provider";
import type { AppEnv } from "./env";

/**
 * `/media/<key>`: public files (`images/` only) from whichever storage is active, local disk or
 * the bucket. E-book PDFs, course files and page thumbnails live in the same storage and are
 * served by their own services through the access checks, never from here. With
 * MEDIA_PUBLIC_URL the pages point at a CDN or the bucket instead; this path keeps answering
 * (links already out, and a CDN that fetches its pictures from the shop).
 */
export function mediaRoutes(storage: FileStorage) {
  const media = new Hono<AppEnv>();
  media.get("/:path{.+}", async (c) => {
    const key = c.req.param("path");
    c.header("Cache-Control", "no-store");
    if (!isValidStorageKey(key)) return c.text("Invalid file path", 400);
    if (!isPublicKey(key)) return c.text("Not found", 404);
    const file = await storage.get(key);
    if (!file) return c.text("Not found", 404);
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": PUBLIC_CACHE_CONTROL,
      // Public pictures may be shown by a page of another origin: a CDN's copy is one.
      "Cross-Origin-Resource-Policy": "cross-origin",
    });
  });
  return media;
}
