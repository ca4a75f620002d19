/** The account as pages and the API read it: no zod here, so the shell stays light. */
import type { z } from "zod";
import type { publicUserSchema } from "./answers/accounts";
import type { adminUserDetailSchema, adminUserSchema } from "./answers/staff";

import { ROLES, type Role } from "./enums";

export { ROLES, type Role };

/** The user as the API and the pages read them. */
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The profile dialog opens when a signed-in user lacks a phone or an HSC batch. */
export function needsProfileUpdate(user: Pick<PublicUser, "phone" | "hsc_batch"> | null): boolean {
  return user !== null && (!user.phone || !user.hsc_batch);
}

/** An account as the back office reads it. */
export type AdminUser = z.infer<typeof adminUserSchema>;
/** One account's page in the back office. */
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
