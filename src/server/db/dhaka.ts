import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** How SQL writes a Dhaka day, month or minute. */
export type DhakaFormat = "YYYY-MM-DD" | "YYYY-MM" | "YYYY-MM-DD HH24:MI";

/**
 * An instant as text of its Dhaka day, month or minute: the one way the SQL counts in Asia/Dhaka
 * (times are kept in UTC), naming the same days as `dhakaParts` (contracts/dhaka-time.ts).
 */
export function dhakaText(at: SQLWrapper, format: DhakaFormat): SQL<string> {
  return sql<string>`to_char(${at} at time zone 'Asia/Dhaka', ${sql.raw(`'${format}'`)})`;
}
