import type { RouterContextProvider } from "react-router";
import { saveReview } from "../../../server/services/catalog/reviews";
import {
  attempt,
  type FormRefusal,
  numberField,
  readForm,
  redirectWithFlash,
  refusedPage,
} from "../../lib/actions.server";
import { getApp } from "../../lib/app-context.server";
import { UNKNOWN_INTENT } from "./cart.server";

// What the page says after a review posted without JavaScript: the API's own messages.
export const REVIEW_POSTED = /*i18n*/ "Thank you for your review";
export const REVIEW_UPDATED = /*i18n*/ "Your review is updated";
export const SIGN_IN_TO_REVIEW = /*i18n*/ "Sign in to write a review";

/**
 * A review refused: the product page again, with the message and the stars and text as sent
 * (components/catalog/reviews-section.tsx reads it as the page's action data).
 */
export type ReviewRefusal = FormRefusal & { form: "review" };

/**
 * The review form posted without JavaScript (HTML first), to the action of the product page it is
 * on (book, e-book, stationery item, bundle, course): the page's own action rather than one shared
 * route, so that a refused review (a rating missing, too many reviews in the hour) is the same
 * page with the reason above the form and the stars and text as typed, not a redirect that would
 * lose them. It saves through the same service as `POST /api/reviews`; done, the page is read
 * again (a redirect, so a reload does not post twice) at its reviews, saying so. A visitor whose
 * session ended meanwhile is sent to sign in and back.
 */
export async function reviewAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const f = await readForm(request);
  const url = new URL(request.url);
  const page = url.pathname + url.search;
  if (f.intent !== "review") {
    return refusedPage({ ok: false, status: 400, message: UNKNOWN_INTENT, errors: {}, values: {} });
  }
  if (!app.ctx.user) {
    return redirectWithFlash(app, `/auth/login?redirect=${encodeURIComponent(page)}`, {
      title: SIGN_IN_TO_REVIEW,
    });
  }
  const r = await attempt(
    () =>
      saveReview(app.ctx, {
        productType: f.productType,
        productId: numberField(f.productId),
        rating: numberField(f.rating),
        text: f.text ?? "",
      }),
    { rating: f.rating ?? "", text: f.text ?? "" },
  );
  if (!r.ok) {
    const refusal: ReviewRefusal = { ...r, form: "review" };
    return refusedPage(refusal);
  }
  return redirectWithFlash(app, `${page}#reviews`, {
    title: r.value.created ? REVIEW_POSTED : REVIEW_UPDATED,
  });
}
