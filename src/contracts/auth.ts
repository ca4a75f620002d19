import {
  CRED_REQUIRED,
  HSC_BATCH_REQUIRED,
  HSC_BATCHES,
  INVALID_PHONE,
  MIN_6_CHARACTERS,
  MIN_BATCH_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_PHONE_LENGTH,
  PHONE_REQUIRED,
} from "./messages";
import { isBangladeshiMobile, normalisePhone } from "./phone";
import { z } from "./zod";

/** Required, at least 10 characters, and a Bangladeshi mobile; stored as 01XXXXXXXXX. */
export const phoneField = z
  .string({ error: PHONE_REQUIRED })
  .trim()
  .min(1, { error: PHONE_REQUIRED, abort: true })
  .min(MIN_PHONE_LENGTH, { error: INVALID_PHONE, abort: true })
  .refine(isBangladeshiMobile, { error: INVALID_PHONE })
  .transform((v) => normalisePhone(v) ?? v)
  .meta({ description: "A Bangladeshi mobile number: 01XXXXXXXXX, 8801XXXXXXXXX or +8801XXXXXXXXX" });

/** Required, at least 6 characters, one of the listed batches. */
export const hscBatchField = z
  .string({ error: HSC_BATCH_REQUIRED })
  .min(1, { error: HSC_BATCH_REQUIRED, abort: true })
  .min(MIN_BATCH_LENGTH, { error: MIN_6_CHARACTERS, abort: true })
  .refine((v) => (HSC_BATCHES as readonly string[]).includes(v), {
    error: `Choose one of: ${HSC_BATCHES.join(", ")}`,
  })
  .meta({ description: `One of: ${HSC_BATCHES.join(", ")}` });

export const passwordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: MIN_6_CHARACTERS })
  .max(128, { error: /*i18n*/ "Use at most 128 characters" });

/** A person's name, as on sign-up and /edit. */
export const nameField = z.string().trim().min(2).max(100);

export const profileUpdateSchema = z.object({ phone: phoneField, hsc_batch: hscBatchField });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const loginSchema = z.object({
  cred: z.string({ error: CRED_REQUIRED }).trim().min(6, { error: CRED_REQUIRED }).max(254),
  password: z.string().min(MIN_PASSWORD_LENGTH, { error: MIN_6_CHARACTERS }).max(128),
});
export type LoginInput = z.input<typeof loginSchema>;

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.email({ error: /*i18n*/ "Invalid email address" }).optional());

export const registerSchema = z.object({
  name: nameField,
  phone: phoneField,
  email: optionalEmail,
  password: passwordField,
  hsc_batch: hscBatchField,
});
export type RegisterInput = z.input<typeof registerSchema>;

export const OTP_LENGTH = 6;
export const otpCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: /*i18n*/ "Enter the 6-digit code" });

export const verifyPhoneSchema = z.object({ code: otpCodeField });
export const forgetPasswordSchema = z.object({ phone: phoneField });
export const resetPasswordSchema = z.object({
  phone: phoneField,
  code: otpCodeField,
  password: passwordField,
});

/** The caller's own name (/edit). */
export const nameUpdateSchema = z.object({ name: nameField });
export type NameUpdateInput = z.input<typeof nameUpdateSchema>;

/** A new email address for the caller, used only once the code sent to it is entered. */
export const emailChangeSchema = z.object({
  email: z
    .string({ error: /*i18n*/ "Enter an email address" })
    .trim()
    .toLowerCase()
    .min(1, { error: /*i18n*/ "Enter an email address", abort: true })
    .max(254)
    .pipe(z.email({ error: /*i18n*/ "Invalid email address" })),
});
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

/** The code emailed to the new address. */
export const emailConfirmSchema = z.object({ code: otpCodeField });

export const WRONG_CURRENT_PASSWORD = /*i18n*/ "Your current password is not right";

/** A new password, given with the current one (/profile). */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: /*i18n*/ "Enter your current password" })
    .min(1, { error: /*i18n*/ "Enter your current password" })
    .max(128),
  newPassword: passwordField,
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** What the browser posts after Google Identity Services signed the visitor in. */
export const googleSignInSchema = z.object({
  credential: z
    .string({ error: "The Google credential is missing" })
    .min(1, { error: "The Google credential is missing" })
    .max(8192)
    .meta({ description: "The ID token Google Identity Services gave the browser" }),
});
