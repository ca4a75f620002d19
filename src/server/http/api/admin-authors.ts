import { Hono } from "hono";
import {
  authorEditSchema,
  authorInputSchema,
  authorMergeSchema,
  authorsQuerySchema,
} from "../../../contracts/admin-authors";
import {
  adminAuthorDeletedSchema,
  adminAuthorDetailSchema,
  adminAuthorPageSchema,
  authorMergeResultSchema,
} from "../../../contracts/answers/staff-catalog";
import { idParams } from "../../../contracts/paging";
import {
  createAuthor,
  deleteAuthor,
  getAdminAuthor,
  listAdminAuthors,
  mergeAuthor,
  updateAuthor,
} from "../../services/catalog/admin-authors";
import { createdAnswer, type Endpoint, okAnswer, staff } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson, send } from "../respond";

/** `/api/admin/authors`: the authors' back office (permission `authors`). */
export function adminAuthorsApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/authors", async (c) => {
    return ok(c, await listAdminAuthors(c.get("ctx"), c.req.query()));
  });
  api.post("/admin/authors", async (c) => {
    const author = await createAuthor(c.get("ctx"), await readJson(c));
    return send(c, 201, "Author added", author);
  });
  api.get("/admin/authors/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getAdminAuthor(c.get("ctx"), id));
  });
  api.patch("/admin/authors/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await updateAuthor(c.get("ctx"), id, await readJson(c)), "Author saved");
  });
  api.delete("/admin/authors/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await deleteAuthor(c.get("ctx"), id), "Author deleted");
  });
  api.post("/admin/authors/:id/merge", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const result = await mergeAuthor(c.get("ctx"), id, await readJson(c));
    return ok(c, result, `Merged into ${result.into.name}`);
  });
  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminAuthorsEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/admin/authors",
    tag: "Staff",
    summary: "List authors, searching name, Bangla name and slug, with each author's book count",
    access: staff("authors"),
    query: authorsQuerySchema,
    success: [okAnswer("One page of authors", adminAuthorPageSchema)],
  },
  {
    method: "post",
    path: "/api/admin/authors",
    tag: "Staff",
    summary: "Add an author (the slug is made from the name when not given)",
    access: staff("authors"),
    body: authorInputSchema,
    success: [createdAnswer("The new author", adminAuthorDetailSchema)],
  },
  {
    method: "get",
    path: "/api/admin/authors/{id}",
    tag: "Staff",
    summary: "One author with every field and the version to edit from",
    access: staff("authors"),
    params: idParams,
    success: [okAnswer("The author", adminAuthorDetailSchema)],
  },
  {
    method: "patch",
    path: "/api/admin/authors/{id}",
    tag: "Staff",
    summary: "Edit an author; a new name rebuilds their products' search names, a new slug redirects the old",
    access: staff("authors"),
    params: idParams,
    body: authorEditSchema,
    success: [okAnswer("The author as saved", adminAuthorDetailSchema)],
    errorData: { 409: adminAuthorDetailSchema },
  },
  {
    method: "delete",
    path: "/api/admin/authors/{id}",
    tag: "Staff",
    summary: "Delete an author who has no products (merge one who has)",
    access: staff("authors"),
    params: idParams,
    success: [okAnswer("The deleted author's id", adminAuthorDeletedSchema)],
    errors: [409],
  },
  {
    method: "post",
    path: "/api/admin/authors/{id}/merge",
    tag: "Staff",
    summary: "Merge an author into another: their products move, their page redirects, they are deleted",
    access: staff("authors"),
    params: idParams,
    body: authorMergeSchema,
    success: [okAnswer("The kept author and how many products moved", authorMergeResultSchema)],
    errorData: { 409: adminAuthorDetailSchema },
  },
];
