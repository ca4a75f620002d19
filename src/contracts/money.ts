/** Poisha (integer) to taka as the API shows it: a number with at most two decimals. */
export function toTaka(poisha: number): number {
  return Math.round(poisha) / 100;
}

/** Taka (from a query or form) to integer poisha. */
export function toPoisha(taka: number): number {
  return Math.round(taka * 100);
}

const whole = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `৳1,250` (or `৳1,250.50` when there are poisha), from poisha. */
export function formatTaka(poisha: number): string {
  return `৳${poisha % 100 === 0 ? whole.format(poisha / 100) : exact.format(poisha / 100)}`;
}
