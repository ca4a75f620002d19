import { ADMIN_AREAS } from "./permissions";
import { ROLES } from "./user";
import { z } from "./zod";

/** What an admin sets on an account at /admin/users/authority. */
export const authoritySchema = z.object({
  role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(", ")}` }),
  permissions: z
    .array(z.enum(ADMIN_AREAS, { error: `each permission must be one of: ${ADMIN_AREAS.join(", ")}` }))
    .max(ADMIN_AREAS.length)
    .default([]),
});
export type AuthorityInput = z.input<typeof authoritySchema>;
