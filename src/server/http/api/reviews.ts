import { Hono } from "hono";
import { idParams } from "../../../contracts/paging";
import { reviewsQuerySchema } from "../../../contracts/reviews";
import { listReviews, moderateReview, saveReview } from "../../services/catalog/reviews";
import type { AppEnv } from "../env";
import { ok, readJson, send } from "../respond";

export function reviewsApi() {
  const api = new Hono<AppEnv>();
  api.get("/reviews", async (c) => {
    const q = reviewsQuerySchema.parse(c.req.query());
    return ok(c, await listReviews(c.get("ctx"), q.product, q.page, q.limit));
  });
  api.post("/reviews", async (c) => {
    const { review, created } = await saveReview(c.get("ctx"), await readJson(c));
    return created
      ? send(c, 201, "Thank you for your review", review)
      : ok(c, review, "Your review is updated");
  });
  api.patch("/admin/reviews/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const hidden = await moderateReview(c.get("ctx"), id, await readJson(c));
    return ok(c, { id, hidden }, hidden ? "Review hidden" : "Review shown");
  });
  return api;
}
