import type { Role } from "../../../contracts/user";

/** A role as staff read it (an English message: shown with `i18n._`). */
export const ROLE_WORDS: Record<Role, string> = {
  customer: /*i18n*/ "Customer",
  staff: /*i18n*/ "Staff",
  admin: /*i18n*/ "Admin",
};
