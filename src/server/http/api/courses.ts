import { Hono } from "hono";
import { courseChaptersSchema, courseProgressSchema } from "../../../contracts/answers/reading";
import { chapterDoneInputSchema } from "../../../contracts/courses";
import { idParams } from "../../../contracts/paging";
import { z } from "../../../contracts/zod";
import { getCourseChapters, setChapterDone } from "../../services/reading/courses";
import { anyone, type Endpoint, okAnswer, signedIn } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson } from "../respond";

/** A course's chapters as the caller may open them, and chapters marked done. */
export function coursesApi() {
  const api = new Hono<AppEnv>();
  api.get("/courses/:id/chapters", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getCourseChapters(c.get("ctx"), id));
  });
  api.put("/courses/:id/chapters/:chapterId/done", async (c) => {
    const progress = await setChapterDone(
      c.get("ctx"),
      c.req.param("id"),
      c.req.param("chapterId"),
      await readJson(c),
    );
    return ok(c, progress, "Saved");
  });
  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const coursesEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/courses/{id}/chapters",
    tag: "Courses",
    summary: "A course's chapters as the caller may open them, with what each open one shows",
    description: [
      "Owners (a confirmed order) and staff with the `content` permission open every chapter; anyone else,",
      "signed out included, the free chapters of a published course. Text comes as sanitised HTML, a video as a",
      "youtube-nocookie.com or player.vimeo.com address to frame (or a plain link), a PDF as the reader's address",
      "(never the file). Owners and staff also get the chapters they have marked done. Not found for a course",
      "taken down unless the caller owns it or is staff.",
    ].join(" "),
    access: anyone,
    params: idParams,
    success: [okAnswer("The course as the caller may open it", courseChaptersSchema)],
  },
  {
    method: "put",
    path: "/api/courses/{id}/chapters/{chapterId}/done",
    tag: "Courses",
    summary: "Mark a chapter done or not done (repeating it changes nothing)",
    description: "For a reader who may open every chapter (owner or staff); not found for anyone else.",
    access: signedIn,
    params: z.object({
      id: z.string().meta({ description: "The course's product id" }),
      chapterId: z.string().meta({ description: "The chapter's id" }),
    }),
    body: chapterDoneInputSchema,
    success: [okAnswer("The course's progress after the change", courseProgressSchema)],
    errors: [404],
  },
];
