import { Hono } from "hono";
import { idParams } from "../../../contracts/paging";
import {
  createAuthor,
  deleteAuthor,
  getAdminAuthor,
  listAdminAuthors,
  mergeAuthor,
  updateAuthor,
} from "../../services/catalog/admin-authors";
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
