import { z } from "./zod";

/** A checkbox as a form sends it (`on`), or a JSON boolean. */
const choice = z
  .union([z.boolean(), z.enum(["on", "true", "1", "false", "0", ""])], {
    error: "Must be true or false",
  })
  .optional()
  .transform((v) => v === true || v === "on" || v === "true" || v === "1");

/**
 * The consent notice's and page's body: `{"analytics": true, "ads": false}`; a form may say
 * `choice=accept` (both) or `choice=decline` (neither) instead.
 */
export const consentInputSchema = z
  .object({
    choice: z
      .enum(["accept", "decline", "choose"], { error: 'Must be "accept", "decline" or "choose"' })
      .optional(),
    analytics: choice,
    ads: choice,
  })
  .transform(({ choice: c, analytics, ads }) =>
    c === "accept"
      ? { analytics: true, ads: true }
      : c === "decline"
        ? { analytics: false, ads: false }
        : { analytics, ads },
  )
  .meta({ id: "ConsentInput" });

export const consentAnswerSchema = z
  .object({
    analytics: z.boolean().meta({ description: "Analytics and session recordings allowed" }),
    ads: z.boolean().meta({ description: "Ad measurement allowed" }),
  })
  .meta({ id: "Consent" });
