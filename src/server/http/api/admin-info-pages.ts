import { Hono } from "hono";
import {
  adminInfoPageListSchema,
  adminInfoPageSchema,
  renderedMarkdownSchema,
} from "../../../contracts/answers/staff";
import { infoPageEditSchema, infoPagePreviewSchema, infoSlugParams } from "../../../contracts/info-pages";
import {
  getInfoPage,
  listInfoPages,
  previewInfoPage,
  updateInfoPage,
} from "../../services/catalog/info-pages";
import { type Endpoint, okAnswer, staff } from "../endpoint";
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

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminInfoPagesEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/admin/info-pages",
    tag: "Staff",
    summary: "The six info pages, with when each was last changed",
    access: staff("content"),
    success: [okAnswer("The pages, without their bodies", adminInfoPageListSchema)],
  },
  {
    method: "post",
    path: "/api/admin/info-pages/preview",
    tag: "Staff",
    summary: "An info page's Markdown as the shop will show it (rendered and sanitised)",
    access: staff("content"),
    body: infoPagePreviewSchema,
    success: [okAnswer("The rendered page body", renderedMarkdownSchema)],
  },
  {
    method: "get",
    path: "/api/admin/info-pages/{slug}",
    tag: "Staff",
    summary: "One info page as staff edit it",
    access: staff("content"),
    params: infoSlugParams,
    success: [okAnswer("The page", adminInfoPageSchema)],
    errors: [404],
  },
  {
    method: "patch",
    path: "/api/admin/info-pages/{slug}",
    tag: "Staff",
    summary: "Save an info page's title and Markdown body; signed-out visitors see it at once",
    description:
      "Send the `version` the edit started from: a stale one is refused with 409 and the page as it now is.",
    access: staff("content"),
    params: infoSlugParams,
    body: infoPageEditSchema,
    success: [okAnswer("The page as saved", adminInfoPageSchema)],
    errors: [404, 409],
    errorData: { 409: adminInfoPageSchema },
  },
];
