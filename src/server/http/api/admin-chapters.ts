import { Hono } from "hono";
import {
  createChapter,
  deleteChapter,
  editChapter,
  listCourseChaptersForStaff,
  reorderChapters,
} from "../../services/reading/admin-chapters";
import type { AppEnv } from "../env";
import { ok, readJson, send } from "../respond";

/** A course's chapters as staff run them; the services check the permission before anything else. */
export function adminChaptersApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/content/:id/chapters", async (c) => {
    return ok(c, await listCourseChaptersForStaff(c.get("ctx"), c.req.param("id")));
  });
  api.post("/admin/content/:id/chapters", async (c) => {
    const chapter = await createChapter(c.get("ctx"), c.req.param("id"), await readJson(c));
    return send(c, 201, "Chapter added", chapter);
  });
  api.put("/admin/content/:id/chapters/order", async (c) => {
    const list = await reorderChapters(c.get("ctx"), c.req.param("id"), await readJson(c));
    return ok(c, list, "Order saved");
  });
  api.patch("/admin/content/:id/chapters/:chapterId", async (c) => {
    const ctx = c.get("ctx");
    const chapter = await editChapter(ctx, c.req.param("id"), c.req.param("chapterId"), await readJson(c));
    return ok(c, chapter, "Chapter saved");
  });
  api.delete("/admin/content/:id/chapters/:chapterId", async (c) => {
    const ctx = c.get("ctx");
    const gone = await deleteChapter(ctx, c.req.param("id"), c.req.param("chapterId"), await readJson(c));
    return ok(c, gone, "Chapter deleted");
  });
  return api;
}
