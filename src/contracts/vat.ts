/**
 * VAT on an invoice when the shop is VAT-registered (Mushak-6.3, decision 64). Prices are
 * VAT-inclusive, as the shop shows them: a line's VAT is the part of what the buyer pays for it
 * (its total less its share of the coupon) that is VAT at its rate, `amount × rate / (100 + rate)`,
 * rounded half up to the poisha per line; the invoice's VAT is the sum of its lines'. Each kind of
 * product has the shop's rate or is exempt (printed books are, in Bangladesh). Delivery is the
 * courier's charge passed on and carries none here.
 */

/** A rate in basis points (15% = 1500), so 7.5% stays exact. */
export type VatRateBp = number;

/** The VAT inside a VAT-inclusive amount of poisha at `rateBp`, rounded half up to the poisha. */
export function vatInside(amount: number, rateBp: VatRateBp): number {
  if (rateBp <= 0 || amount <= 0) return 0;
  const base = 10_000 + rateBp;
  return Math.floor((2 * amount * rateBp + base) / (2 * base));
}

/** A percentage as typed (`15`, `7.5`) in basis points; null when it is not one with at most two decimals. */
export function percentToBp(text: string): VatRateBp | null {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text.trim())) return null;
  const [whole, frac = ""] = text.trim().split(".");
  const bp = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return bp <= 10_000 ? bp : null;
}

/** Basis points as a percentage for people (`1500` → `"15"`, `750` → `"7.5"`). */
export function bpToPercent(bp: VatRateBp): string {
  const whole = Math.floor(bp / 100);
  const frac = String(bp % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}

export type VatSettings = { rateBp: VatRateBp; exemptKinds: readonly string[] };

/** Each line's rate and VAT, and the total, for lines as an invoice holds them. */
export function invoiceVat(
  lines: readonly { kind: string; lineTotal: number; discount: number }[],
  settings: VatSettings,
): { lines: { vatRate: VatRateBp; vat: number }[]; total: number } {
  const out = lines.map((l) => {
    const vatRate = settings.exemptKinds.includes(l.kind) ? 0 : settings.rateBp;
    return { vatRate, vat: vatInside(l.lineTotal - l.discount, vatRate) };
  });
  return { lines: out, total: out.reduce((sum, l) => sum + l.vat, 0) };
}

/**
 * The VAT each credit note of a tax invoice takes back (Mushak-6.7), for the notes' amounts in the
 * order they were issued. A credit note does not say which lines it credits, so it takes back the
 * invoice's VAT in proportion to what it credits: after each note, the VAT taken back so far is
 * `invoice VAT × credited so far / invoice total`, rounded half up, and the note takes the step.
 * Notes that credit the whole invoice take back exactly its VAT, whatever the rounding of each.
 */
export function creditNotesVat(
  invoiceVat: number,
  invoiceTotal: number,
  amounts: readonly number[],
): number[] {
  const vat = BigInt(Math.max(0, invoiceVat));
  const total = BigInt(Math.max(0, invoiceTotal));
  let credited = 0n;
  let taken = 0n;
  return amounts.map((amount) => {
    if (total === 0n) return 0;
    credited += BigInt(Math.max(0, amount));
    if (credited > total) credited = total;
    const upTo = (2n * vat * credited + total) / (2n * total);
    const step = upTo - taken;
    taken = upTo;
    return Number(step);
  });
}
