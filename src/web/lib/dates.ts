// Times are stored in UTC and shown in Asia/Dhaka. The words are put together here from numeric
// parts, so the server's and the browser's date libraries (whose month abbreviations and spaces
// differ between versions) render the same text and hydration matches.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Dhaka",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
});

function dhakaParts(at: string | Date) {
  const out: Record<string, number> = {};
  for (const p of parts.formatToParts(new Date(at))) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  return out as { year: number; month: number; day: number; hour: number; minute: number };
}

/** `5 Mar 2026` in Dhaka. */
export function formatDhakaDate(at: string | Date): string {
  const p = dhakaParts(at);
  return `${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** `2:05 pm` in Dhaka. */
export function formatDhakaTime(at: string | Date): string {
  const p = dhakaParts(at);
  const hour = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${hour}:${String(p.minute).padStart(2, "0")} ${p.hour < 12 ? "am" : "pm"}`;
}

/** `5 Mar 2026, 2:05 pm` in Dhaka. */
export function formatDhakaDateTime(at: string | Date): string {
  return `${formatDhakaDate(at)}, ${formatDhakaTime(at)}`;
}
