/**
 * What the API answers about accounts: the signed-in user, codes sent, the language and consent.
 *
 * Each schema carries an `id` (its name in the OpenAPI document). Dates are ISO 8601 in UTC; money
 * is whole poisha. The types are derived from these (`z.infer`) in the area modules that name them.
 */
import { ROLES } from "../enums";
import { LOCALES } from "../locale";
import { z } from "../zod";

// ---- accounts

export const publicUserSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    phone: z.string().nullable().meta({ description: "Local form 01XXXXXXXXX" }),
    email: z.string().nullable(),
    email_confirmed: z.boolean().meta({
      description:
        "Whether the shop's emailed code (or Google, for an account it made) proved the email this account's; Google sign-in links only to a confirmed one",
    }),
    hsc_batch: z.string().nullable(),
    phone_verified: z.boolean(),
    role: z.enum(ROLES),
    permissions: z
      .array(z.string())
      .meta({ description: "Admin areas a staff member may use; empty for admins, who may use all" }),
    locale: z.enum(LOCALES).meta({ description: "The interface language the user chose (pages and SMS)" }),
  })
  .meta({ id: "User" });

export const codeSentSchema = z
  .object({ phone: z.string().meta({ description: "Where the code went" }) })
  .meta({ id: "CodeSent" });

export const emailCodeSentSchema = z
  .object({
    pendingEmail: z.string().meta({ description: "The new address, used once its code is confirmed" }),
  })
  .meta({ id: "EmailCodeSent" });

export const versionSchema = z
  .object({ version: z.string().meta({ description: "The build id; a change means a new deployment" }) })
  .meta({ id: "Version" });
