import { Hono } from "hono";
import {
  getInfoPage,
  listInfoPages,
  previewInfoPage,
  updateInfoPage,
} from "../../services/catalog/info-pages";
import type { AppEnv } from "../env";
import { ok, readJson } from "../respond";

export function adminInfoPagesApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/info-pages", async (c) => ok(c, await listInfoPages(c.get("ctx"))));
  api.post("/admin/info-pages/preview", async (c) => ok(c, previewInfoPage(c.get("ctx"), await readJson(c))));
  api.get("/admin/info-pages/:slug", async (c) =>
    ok(c, await getInfoPage(c.get("ctx"), c.req.param("slug"))),
  );
  api.patch("/admin/info-pages/:slug", async (c) => {
    const page = await updateInfoPage(c.get("ctx"), c.req.param("slug"), await readJson(c));
    return ok(c, page, "Page saved");
  });
  return api;
}
