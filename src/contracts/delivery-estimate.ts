/**
 * When a parcel arrives, by delivery zone: working days after the order (Friday, the weekly
 * holiday, is not one), counted from today in Dhaka. The days come from configuration
 * (`DELIVERY_DAYS_DHAKA`, `DELIVERY_DAYS_OUTSIDE`), the dates are Dhaka calendar dates.
 */
import type { Availability } from "./availability";
import type { DeliveryZone } from "./districts";

export type DayRange = { min: number; max: number };

/** A range of Dhaka calendar dates, `YYYY-MM-DD`, and how the shop writes it (`25–27 Nov`). */
export type DeliveryEstimate = { from: string; to: string; text: string };

export type DeliveryEstimates = Record<DeliveryZone, DeliveryEstimate>;

const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000; // UTC+6 all year: no daylight saving.
const DAY_MS = 24 * 60 * 60 * 1000;
const FRIDAY = 5;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Reads `2` or `1-3` (days, 0 to 30, the first not above the second); null when it is not that. */
export function parseDayRange(text: string): DayRange | null {
  const m = /^\s*(\d{1,2})\s*(?:-\s*(\d{1,2})\s*)?$/.exec(text);
  if (!m) return null;
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (min > max || max > 30) return null;
  return { min, max };
}

/** Midnight (as a UTC date) of the Dhaka calendar day `now` falls on. */
function dhakaDay(now: Date): Date {
  const shifted = new Date(now.getTime() + DHAKA_OFFSET_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()));
}

function addWorkingDays(day: Date, n: number): Date {
  let d = day;
  let left = n;
  while (left > 0) {
    d = new Date(d.getTime() + DAY_MS);
    if (d.getUTCDay() !== FRIDAY) left--;
  }
  // A parcel is not delivered on a Friday: the day after, then.
  while (d.getUTCDay() === FRIDAY) d = new Date(d.getTime() + DAY_MS);
  return d;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** `25 Nov`, `25–27 Nov`, `29 Nov – 2 Dec`, `30 Dec 2026 – 2 Jan 2027`. */
export function formatDayRange(from: string, to: string): string {
  const [fy, fm, fd] = from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = to.split("-").map(Number) as [number, number, number];
  const month = (m: number) => MONTHS[m - 1];
  if (from === to) return `${fd} ${month(fm)}`;
  if (fy !== ty) return `${fd} ${month(fm)} ${fy} – ${td} ${month(tm)} ${ty}`;
  if (fm !== tm) return `${fd} ${month(fm)} – ${td} ${month(tm)}`;
  return `${fd}–${td} ${month(tm)}`;
}

export function estimateDelivery(now: Date, days: DayRange): DeliveryEstimate {
  const today = dhakaDay(now);
  const from = iso(addWorkingDays(today, days.min));
  const to = iso(addWorkingDays(today, days.max));
  return { from, to, text: formatDayRange(from, to) };
}

export function estimateDeliveries(now: Date, days: Record<DeliveryZone, DayRange>): DeliveryEstimates {
  return { dhaka: estimateDelivery(now, days.dhaka), outside: estimateDelivery(now, days.outside) };
}

/**
 * When a parcel of an item with this availability arrives: a back-order's lead time is added to
 * the zone's days, a pre-order's days are counted from its release date (Dhaka days).
 */
export function estimateFor(now: Date, days: DayRange, a: Availability): DeliveryEstimate {
  if (a.state === "preorder" && a.releaseDate) {
    const release = new Date(`${a.releaseDate}T00:00:00Z`);
    // The release day's midnight in Dhaka is 18:00 the day before in UTC.
    const from = new Date(release.getTime() - DHAKA_OFFSET_MS);
    return estimateDelivery(from > now ? from : now, days);
  }
  if (a.state === "backorder" && a.days) {
    return estimateDelivery(now, { min: days.min + a.days, max: days.max + a.days });
  }
  return estimateDelivery(now, days);
}

export function estimatesFor(
  now: Date,
  days: Record<DeliveryZone, DayRange>,
  a: Availability,
): DeliveryEstimates {
  return { dhaka: estimateFor(now, days.dhaka, a), outside: estimateFor(now, days.outside, a) };
}
