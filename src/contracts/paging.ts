import { z } from "./zod";

/** `page` from 1 and `limit` from 1 to 100, as every list endpoint takes them. */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int({ error: "page must be a whole number" })
    .min(1, { error: "page must be 1 or more" })
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int({ error: "limit must be a whole number" })
    .min(1, { error: "limit must be 1 to 100" })
    .max(100, { error: "limit must be 1 to 100" })
    .default(20),
});

/** A database id in a path: a positive whole number that fits a PostgreSQL integer. */
export const idField = z.coerce
  .number({ error: "id must be a number" })
  .int({ error: "id must be a whole number" })
  .positive({ error: "id must be a positive number" })
  .max(2_147_483_647, { error: "id is out of range" });

/** `{id}` in a path. */
export const idParams = z.object({ id: idField });
