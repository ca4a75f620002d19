/**
 * A JSON object kept by the shop itself (a cookie's value, an entry of the browser's storage), read
 * back: its fields, or null when it is missing, not JSON or not an object. What the fields must be
 * is the reader's to check.
 */
export function readJsonObject(raw: string | undefined | null): Record<string, unknown> | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}
