/**
 * A form a signed-out visitor posted (before or without JavaScript), kept for after sign-in:
 * "Add to cart" (decision 36), "Notify me", "Save for later" (decision 69). The form is checked by
 * its endpoint's schema, kept in a cookie of its own for half an hour (`keepForAfterSignIn` in
 * web/lib/pending.server.ts) and the visitor sent to sign in and back; the first page they open
 * signed in makes it through its area's own service, once (http/middleware/pending.ts). Each kind
 * keeps what its service needs and the time it was kept. No zod here: the browser's pending add
 * (web/lib/pending-add.ts, with JavaScript) takes its half hour from here.
 */
import { readJsonObject } from "./json-object";

export const PENDING_TTL_MS = 30 * 60 * 1000;

/** A kept request: its fields and when it was kept (ms since 1970). */
export type Kept<T> = T & { at: number };

export function encodePending<T extends object>(kept: Kept<T>): string {
  return JSON.stringify(kept);
}

/**
 * The request a cookie holds, its fields read by `read` (null when
 * they are not right); null when it is not JSON, older than half an hour, or kept in the future.
 */
export function decodePending<T extends object>(
  raw: string | undefined | null,
  now: number,
  read: (fields: Record<string, unknown>) => T | null,
): Kept<T> | null {
  const p = readJsonObject(raw);
  if (!p || typeof p.at !== "number" || now - p.at > PENDING_TTL_MS || p.at > now + 60_000) return null;
  const fields = read(p);
  return fields === null ? null : { ...fields, at: p.at };
}

/** A product's id as kept: a positive whole number, else null. */
export function idField(v: unknown): number | null {
  return Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : null;
}

/** A request that names one product (Notify me, Save for later): `{ id, at }`. */
export function decodePendingProduct(
  raw: string | undefined | null,
  now: number,
): Kept<{ id: number }> | null {
  return decodePending(raw, now, (p) => {
    const id = idField(p.id);
    return id === null ? null : { id };
  });
}
