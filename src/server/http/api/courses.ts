import { Hono } from "hono";
import { idParams } from "../../../contracts/paging";
import { getCourseChapters, setChapterDone } from "../../services/reading/courses";
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
