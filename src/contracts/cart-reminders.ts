import { dhakaParts } from "./dhaka-time";
import { z } from "./zod";

/** `PUT /api/cart/reminder` and the profile's form: the forgotten-cart SMS on or off. */
export const cartReminderSchema = z
  .object({
    on: z.boolean({ error: "on must be true or false" }),
  })
  .meta({ id: "CartReminderInput" });

/** The profile's form: its one button sends the setting it turns to, `on=true` or `on=false`. */
export const cartReminderFormSchema = z
  .object({ on: z.enum(["true", "false"], { error: "on must be true or false" }) })
  .transform((v) => ({ on: v.on === "true" }));

export const cartReminderAnswerSchema = z
  .object({ on: z.boolean().meta({ description: "Whether a cart left with items brings one SMS" }) })
  .meta({ id: "CartReminder" });

/** How long a cart must be left, untouched and with items, before its SMS. */
export const CART_LEFT_MS = 24 * 60 * 60_000;
/** A cart left longer than this is not reminded of (turning the SMS on does not text old carts). */
export const CART_REMINDER_WITHIN_MS = 7 * 24 * 60 * 60_000;
/** No reminder is sent from 22:00 to 08:00 in Dhaka; one due then waits until 08:00. */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;

/** True from 22:00 to 07:59 in Dhaka. */
export function isQuietHour(at: Date): boolean {
  const { hour } = dhakaParts(at);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/**
 * When a cart left at `leftAt` gets its SMS: 24 hours later, or, when that falls in the quiet
 * hours, at the next 08:00 in Dhaka (UTC+6 all year).
 */
export function cartReminderDueAt(leftAt: Date): Date {
  const due = new Date(leftAt.getTime() + CART_LEFT_MS);
  if (!isQuietHour(due)) return due;
  const { hour, minute } = dhakaParts(due);
  const hoursToEight = (QUIET_UNTIL_HOUR - hour + 24) % 24;
  const at = new Date(due.getTime() + hoursToEight * 3_600_000 - minute * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}

export const CART_REMINDERS_ON = /*i18n*/ "We will text you once about a cart you leave";
export const CART_REMINDERS_OFF = /*i18n*/ "No more texts about a cart you leave";
