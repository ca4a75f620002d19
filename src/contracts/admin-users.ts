/**
 * The users area of the back office: the accounts list's view, and blocking an account.
 */
import { adminListQuery, queryFlag } from "./admin";
import { ROLES } from "./user";
import { z } from "./zod";

export const USER_SORTS = ["name", "createdAt"] as const;

/** `GET /api/admin/users`: search name, phone (any way it is typed) and email; role, blocked, phone verified. */
export const adminUsersQuery = adminListQuery(USER_SORTS, "-createdAt").extend({
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}` }).optional(),
  blocked: queryFlag,
  phoneVerified: queryFlag,
});
export type AdminUsersQuery = z.output<typeof adminUsersQuery>;

/** What a sign-in to a blocked account is told. */
export const ACCOUNT_BLOCKED = "This account is blocked. Contact us if you think this is a mistake.";

/** Why staff block or unblock an account: kept in the audit entry. */
export const blockReasonSchema = z.object({
  reason: z
    .string({ error: /*i18n*/ "Say why" })
    .trim()
    .min(1, { error: /*i18n*/ "Say why" })
    .max(500, { error: "The reason is at most 500 characters" }),
});
export type BlockReasonInput = z.input<typeof blockReasonSchema>;

/**
 * A search as staff type a phone number (`+880 1712-345678`, `01712 345`): the local digits to
 * look for, or null when the search is not a phone number or a part of one.
 */
export function phoneSearchDigits(q: string): string | null {
  if (!/^[+\d\s\-().]+$/.test(q)) return null;
  let digits = q.replace(/[^\d]/g, "");
  if (q.trim().startsWith("+") || digits.startsWith("880")) digits = digits.replace(/^0{0,2}880/, "0");
  else if (digits.startsWith("00880")) digits = digits.slice(4);
  return digits.length >= 3 ? digits : null;
}
