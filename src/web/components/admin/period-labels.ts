import { periodLabel, periodShortLabel } from "../../../contracts/sales";
import { useFormat } from "../../i18n";

/**
 * A sales period ("2026-03-05" a day, "2026-03" a month) in the page's language: the English
 * labels as they are (`5 Mar 2026`, axis `5 Mar`, month `Mar 2026`, axis `Mar 26`), in Bangla the
 * shop's dates' words (`৫ মার্চ ২০২৬`, `৫ মার্চ`, `মার্চ ২০২৬`, `মার্চ ২৬`).
 */
export function usePeriodLabels() {
  const { locale, date } = useFormat();
  if (locale !== "bn") return { label: periodLabel, short: periodShortLabel };
  // A Dhaka noon of the period's (first) day, written "৫ মার্চ ২০২৬".
  const words = (period: string) =>
    date(`${period.length === 7 ? `${period}-01` : period}T12:00:00+06:00`).split(" ");
  return {
    label: (period: string) => (period.length === 7 ? words(period).slice(1) : words(period)).join(" "),
    short: (period: string) => {
      const [day, month, year] = words(period);
      return period.length === 7 ? `${month} ${year?.slice(2)}` : `${day} ${month}`;
    },
  };
}
