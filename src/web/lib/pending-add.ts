import type { ProductKind } from "../../contracts/catalog";
import { PRODUCT_KINDS } from "../../contracts/catalog";
import { PENDING_TTL_MS as PENDING_ADD_TTL_MS } from "../../contracts/pending";

/**
 * "Add to cart" tapped while signed out (decision: add after sign-in): the add is kept in this
 * browser and made by the cart as soon as the visitor is signed in, from the sign-in page, the
 * sign-in dialog or a new account. It carries the tap's idempotency key, so making it twice (two
 * tabs) still adds one copy. Kept for half an hour: an add found later is forgotten, not made.
 */
export const PENDING_ADD_KEY = "pending-add";
export { PENDING_ADD_TTL_MS };

export type PendingAdd = {
  id: number;
  kind: ProductKind;
  title: string;
  price?: number;
  salePrice?: number | null;
  source: string;
  addKey: string;
  at: number;
};

/** A fresh idempotency key for one tap (letters, digits and -, as the cart API asks). */
export function newAddKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  return `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

export function storePendingAdd(
  add: Omit<PendingAdd, "at">,
  now = Date.now(),
  storage: Storage = localStorage,
) {
  try {
    storage.setItem(PENDING_ADD_KEY, JSON.stringify({ ...add, at: now }));
  } catch {
    // Storage full or refused (private mode): the visitor adds again after signing in.
  }
}

function isPendingAdd(v: unknown): v is PendingAdd {
  if (!v || typeof v !== "object") return false;
  const p = v as Record<string, unknown>;
  return (
    Number.isInteger(p.id) &&
    (p.id as number) > 0 &&
    typeof p.kind === "string" &&
    (PRODUCT_KINDS as readonly string[]).includes(p.kind) &&
    typeof p.title === "string" &&
    typeof p.source === "string" &&
    typeof p.addKey === "string" &&
    typeof p.at === "number"
  );
}

/** The pending add, removed as it is read; null when there is none, it is malformed or too old. */
export function takePendingAdd(now = Date.now(), storage: Storage = localStorage): PendingAdd | null {
  let raw: string | null = null;
  try {
    raw = storage.getItem(PENDING_ADD_KEY);
    if (raw !== null) storage.removeItem(PENDING_ADD_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isPendingAdd(parsed)) return null;
  if (now - parsed.at > PENDING_ADD_TTL_MS || parsed.at > now + 60_000) return null;
  return parsed;
}
