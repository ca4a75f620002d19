import { Hono } from "hono";
import { reviewsQuerySchema } from "../../../contracts/reviews";
import { listReviews, saveReview } from "../../services/reviews";
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
  return api;
}
