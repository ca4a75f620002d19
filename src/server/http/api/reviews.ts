import { Hono } from "hono";
import {
  reviewAnswerSchema,
  reviewPageSchema,
  reviewVisibilitySchema,
} from "../../../contracts/answers/catalog";
import { idParams } from "../../../contracts/paging";
import { reviewModerationSchema, reviewSchema, reviewsQuerySchema } from "../../../contracts/reviews";
import { listReviews, moderateReview, saveReview } from "../../services/catalog/reviews";
import { anyone, createdAnswer, type Endpoint, okAnswer, signedIn, staff } from "../endpoint";
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

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const reviewsEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/reviews",
    tag: "Reviews",
    summary: "A product's visible reviews, newest first",
    access: anyone,
    query: reviewsQuerySchema,
    success: [okAnswer("One page of reviews", reviewPageSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/reviews",
    tag: "Reviews",
    summary: "Review a product (a second review by the same person replaces the first)",
    access: signedIn,
    body: reviewSchema,
    success: [
      createdAnswer("The new review", reviewAnswerSchema),
      okAnswer("The updated review", reviewAnswerSchema),
    ],
    errors: [404, 429],
  },
  {
    method: "patch",
    path: "/api/admin/reviews/{id}",
    tag: "Reviews",
    summary: "Hide a review from the shop, or show it again",
    access: staff("books"),
    params: idParams,
    body: reviewModerationSchema,
    success: [okAnswer("The review's visibility", reviewVisibilitySchema)],
  },
];
