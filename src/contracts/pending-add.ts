import { PRODUCT_KINDS, type ProductKind } from "./catalog";
import { decodePending, idField, type Kept } from "./pending";

/**
 * "Add to cart" tapped while signed out (decision 36): the add is kept and made as soon as the
 * visitor is signed in. With JavaScript the page keeps it in the browser's storage
 * (web/lib/pending-add.ts); a form posted without JavaScript keeps it in this cookie, and the
 * first page the visitor opens signed in makes it (contracts/pending.ts). Either way it carries
 * the tap's idempotency key, so making it twice still adds one copy, and it is kept for half an
 * hour: an add found later is forgotten, not made.
 */
export const PENDING_ADD_COOKIE = "pathagar_pending_add";

export type PendingAddFields = { id: number; kind: ProductKind; source: string; addKey: string };

/** The fields of a kept add, or null when one is not right. */
export function readPendingAdd(p: Record<string, unknown>): PendingAddFields | null {
  const id = idField(p.id);
  if (
    id === null ||
    typeof p.kind !== "string" ||
    !(PRODUCT_KINDS as readonly string[]).includes(p.kind) ||
    typeof p.source !== "string" ||
    p.source.length > 40 ||
    typeof p.addKey !== "string" ||
    p.addKey.length > 64
  ) {
    return null;
  }
  return { id, kind: p.kind as ProductKind, source: p.source, addKey: p.addKey };
}

/** The add a cookie holds; null when malformed or older than half an hour. */
export function decodePendingAdd(raw: string | undefined | null, now: number): Kept<PendingAddFields> | null {
  return decodePending(raw, now, readPendingAdd);
}
