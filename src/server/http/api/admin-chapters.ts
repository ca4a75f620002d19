import { Hono } from "hono";
import {
  chapterCreateSchema,
  chapterDeleteSchema,
  chapterEditSchema,
  chapterOrderSchema,
} from "../../../contracts/admin-chapters";
import {
  adminChapterSchema,
  adminCourseChaptersSchema,
  deletedChapterSchema,
} from "../../../contracts/answers/reading";
import { idParams } from "../../../contracts/paging";
import { z } from "../../../contracts/zod";
import {
  createChapter,
  deleteChapter,
  editChapter,
  listCourseChaptersForStaff,
  reorderChapters,
} from "../../services/reading/admin-chapters";
import { createdAnswer, type Endpoint, okAnswer, staff } from "../endpoint";
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

const chapterParams = z.object({
  id: z.string().meta({ description: "The course's product id" }),
  chapterId: z.string().meta({ description: "The chapter's id" }),
});

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminChaptersEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/admin/content/{id}/chapters",
    tag: "Staff",
    summary: "A course's chapters in order, as staff edit them",
    access: staff("content"),
    params: idParams,
    success: [okAnswer("The course (with its version) and its chapters", adminCourseChaptersSchema)],
  },
  {
    method: "post",
    path: "/api/admin/content/{id}/chapters",
    tag: "Staff",
    summary: "Add a chapter at the end of a course",
    description:
      "A video chapter's link must be one the course page can embed (YouTube or Vimeo); a text chapter's Markdown is at most 200,000 characters; a PDF chapter is made without its file. Raises the course's version.",
    access: staff("content"),
    params: idParams,
    body: chapterCreateSchema,
    success: [createdAnswer("The new chapter", adminChapterSchema)],
  },
  {
    method: "put",
    path: "/api/admin/content/{id}/chapters/order",
    tag: "Staff",
    summary: "Put a course's chapters in a new order",
    description:
      "`chapterIds` must be every chapter of the course exactly once (400 otherwise, nothing moved); `version` is the course's version the order was made from: a stale one gets 409 with the chapters as they now are.",
    access: staff("content"),
    params: idParams,
    body: chapterOrderSchema,
    success: [okAnswer("The course and its chapters in the new order", adminCourseChaptersSchema)],
    errors: [409],
    errorData: { 409: adminCourseChaptersSchema },
  },
  {
    method: "patch",
    path: "/api/admin/content/{id}/chapters/{chapterId}",
    tag: "Staff",
    summary: "Edit a chapter: title, kind, body and free preview",
    description:
      "Carries the chapter's `version`: a stale edit gets 409 with the chapter as it now is. A PDF chapter keeps its file while it stays a PDF chapter. A course that is published, or in a published bundle, keeps a chapter it can show: turning its last one into a PDF chapter (which starts without its file) is a 409 saying why.",
    access: staff("content"),
    params: chapterParams,
    body: chapterEditSchema,
    success: [okAnswer("The saved chapter", adminChapterSchema)],
    errors: [409],
    errorData: { 409: adminChapterSchema },
  },
  {
    method: "delete",
    path: "/api/admin/content/{id}/chapters/{chapterId}",
    tag: "Staff",
    summary: "Delete a chapter (readers' done marks on it go with it)",
    description:
      "Carries the chapter's `version`: a stale one gets 409 with the chapter as it now is. The chapters after it move up; the course's version is raised. The last chapter a course can show (text, video, or a PDF chapter with its file) stays while the course is published or in a published bundle: 409 saying why.",
    access: staff("content"),
    params: chapterParams,
    body: chapterDeleteSchema,
    success: [okAnswer("The chapter removed and the course's new version", deletedChapterSchema)],
    errors: [409],
    errorData: { 409: adminChapterSchema },
  },
];
