import { PRODUCT_KINDS, type ProductKind } from "./catalog";

/**
 * "Add to cart" tapped while signed out (decision 36): the add is kept and made as soon as the
 * visitor is signed in. With JavaScript the page keeps it in the browser's storage
 * (web/lib/pending-add.ts); a form posted without JavaScript keeps it in this cookie, and the
 * first page the visitor opens signed in makes it (http/middleware/pending-add.ts). Either way it
 * carries the tap's idempotency key, so making it twice still adds one copy, and it is kept for
 * half an hour: an add found later is forgotten, not made.
 */
export const PENDING_ADD_TTL_MS = 30 * 60 * 1000;
export const PENDING_ADD_COOKIE = "pathagar_pending_add";

export type PendingAddCookie = { id: number; kind: ProductKind; source: string; addKey: string; at: number };

export function encodePendingAdd(add: PendingAddCookie): string {
  return JSON.stringify(add);
}

/** The add a cookie holds; null when malformed or older than half an hour. */
export function decodePendingAdd(raw: string | undefined | null, now: number): PendingAddCookie | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!v || typeof v !== "object") return null;
  const p = v as Record<string, unknown>;
  if (
    !Number.isSafeInteger(p.id) ||
    (p.id as number) <= 0 ||
    typeof p.kind !== "string" ||
    !(PRODUCT_KINDS as readonly string[]).includes(p.kind) ||
    typeof p.source !== "string" ||
    p.source.length > 40 ||
    typeof p.addKey !== "string" ||
    p.addKey.length > 64 ||
    typeof p.at !== "number"
  ) {
    return null;
  }
  if (now - p.at > PENDING_ADD_TTL_MS || p.at > now + 60_000) return null;
  return { id: p.id as number, kind: p.kind as ProductKind, source: p.source, addKey: p.addKey, at: p.at };
}
