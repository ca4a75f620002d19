/**
 * Amounts as the gateways write them: decimal taka in a string ("1250.50", "15"). Converted by
 * string parsing, never through floating point, so what the gateway confirmed is what we record.
 */

const DECIMAL = /^(\d{1,13})(?:\.(\d+))?$/;

/** Integer poisha for a gateway's decimal taka ("1250.50" → 125050); null when it is not an exact amount. */
export function parseTakaAmount(value: unknown): number | null {
  const text =
    typeof value === "string"
      ? value.trim()
      : typeof value === "number" && Number.isFinite(value)
        ? String(value)
        : "";
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const fraction = m[2] ?? "";
  // "10.000" is ten taka; "10.005" is not a whole number of poisha.
  if (fraction.length > 2 && !/^0+$/.test(fraction.slice(2))) return null;
  return Number(m[1]) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
}

/** Poisha as the decimal taka string gateways take: 125050 → "1250.50", 1500 → "15.00". */
export function formatTakaAmount(poisha: number): string {
  if (!Number.isSafeInteger(poisha) || poisha < 0) {
    throw new RangeError(`An amount must be a whole number of poisha, 0 or more (got ${poisha})`);
  }
  return `${Math.floor(poisha / 100)}.${String(poisha % 100).padStart(2, "0")}`;
}
