/**
 * Parcels that come back (a shipped order becomes `returned`): why, and what staff send to record
 * one (`POST /api/admin/orders/{id}/return`). Money in poisha.
 */
import { z } from "./zod";

/** Why a shipped parcel came back: the buyer refused it at the door, or the courier could not deliver it. */
export const RETURN_REASONS = ["refused", "undeliverable"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_WORDS: Record<ReturnReason, string> = {
  refused: /*i18n*/ "Refused by the buyer",
  undeliverable: /*i18n*/ "Could not be delivered",
};

/** "Refused by the buyer"; a return only the courier reported has no reason of staff's. */
export function describeReturnReason(reason: ReturnReason | null): string {
  return reason ? RETURN_REASON_WORDS[reason] : /*i18n*/ "Reported returned by the courier";
}

/** The most a courier's return charge can be: ৳10,000, far above any courier's rate. */
export const RETURN_CHARGE_MAX = 1_000_000;

/**
 * `POST /api/admin/orders/{id}/return`: a shipped parcel came back, with why and the courier's
 * return charge (poisha; 0 when the courier charges nothing). On an order the courier already
 * reported returned, it records the reason and the charge it lacks.
 */
export const parcelReturnSchema = z.object({
  reason: z.enum(RETURN_REASONS, { error: `reason must be one of ${RETURN_REASONS.join(", ")}` }),
  charge: z
    .number({ error: "The return charge must be a number" })
    .int({ error: "The return charge is in whole poisha" })
    .min(0, { error: "The return charge cannot be negative" })
    .max(RETURN_CHARGE_MAX, { error: "The return charge is at most ৳10,000" })
    .meta({ description: "What the courier charges for bringing it back, poisha (0: nothing)" }),
  note: z
    .string({ error: "note must be text" })
    .trim()
    .max(500, { error: "A note has at most 500 characters" })
    .refine((v) => !/\p{Cs}/u.test(v), { error: "Has a character that cannot be stored" })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ParcelReturnInput = z.input<typeof parcelReturnSchema>;
