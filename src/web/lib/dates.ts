// Times are stored in UTC and shown in Asia/Dhaka. The words are put together here from numeric
// parts, so the server's and the browser's date libraries (whose month abbreviations and spaces
// differ between versions) render the same text and hydration matches.

// Bangla dates are put together the same way, from Bangla month names and Bangla digits.

import { dhakaParts } from "../../contracts/dhaka-time";
import { banglaDigits, DEFAULT_LOCALE, type Locale } from "../../contracts/locale";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const BN_MONTHS = [
  "জানুয়ারি",
  "ফেব্রুয়ারি",
  "মার্চ",
  "এপ্রিল",
  "মে",
  "জুন",
  "জুলাই",
  "আগস্ট",
  "সেপ্টেম্বর",
  "অক্টোবর",
  "নভেম্বর",
  "ডিসেম্বর",
];

/** `5 Mar 2026` in Dhaka; in Bangla `৫ মার্চ ২০২৬`. */
export function formatDhakaDate(at: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  const p = dhakaParts(at);
  if (locale === "bn") return banglaDigits(`${p.day} ${BN_MONTHS[p.month - 1]} ${p.year}`);
  return `${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** `2:05 pm` in Dhaka; in Bangla `অপরাহ্ণ ২:০৫`. */
export function formatDhakaTime(at: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  const p = dhakaParts(at);
  const hour = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const clock = `${hour}:${String(p.minute).padStart(2, "0")}`;
  if (locale === "bn") return `${p.hour < 12 ? "পূর্বাহ্ণ" : "অপরাহ্ণ"} ${banglaDigits(clock)}`;
  return `${clock} ${p.hour < 12 ? "am" : "pm"}`;
}

/** A month, `2031-03`, in Bangla: `মার্চ ২০৩১`. */
export function formatBanglaMonth(month: string): string {
  const [y, m] = month.split("-");
  return banglaDigits(`${BN_MONTHS[Number(m) - 1] ?? m} ${y}`);
}

/** `5 Mar 2026, 2:05 pm` in Dhaka (or in Bangla). */
export function formatDhakaDateTime(at: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  return `${formatDhakaDate(at, locale)}, ${formatDhakaTime(at, locale)}`;
}
