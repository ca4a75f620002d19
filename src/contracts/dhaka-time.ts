/**
 * Times are kept in UTC and shown, and counted in days and months, in Asia/Dhaka (UTC+6 all
 * year). This is the one reading of an instant's Dhaka calendar and clock, from numeric parts (so
 * the server's and the browser's locale data cannot make them differ): the pages' words
 * (web/lib/dates.ts), tracking times, the reports' days and the invoices' years. SQL names the
 * same days and months with `dhakaText` (server/db/dhaka.ts).
 */
const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Dhaka",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
});

export type DhakaParts = { year: number; month: number; day: number; hour: number; minute: number };

/** An instant's date and time in Dhaka, as numbers (month 1–12, hour 0–23). */
export function dhakaParts(at: string | Date): DhakaParts {
  const out: Record<string, number> = {};
  for (const p of parts.formatToParts(typeof at === "string" ? new Date(at) : at)) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  out.hour = (out.hour ?? 0) % 24;
  return out as DhakaParts;
}
