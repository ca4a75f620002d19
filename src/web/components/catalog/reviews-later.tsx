import { lazyOnClient } from "../../lib/lazy-on-client";

/**
 * A product's reviews (reviews-section.tsx) as its page shows them: written by the server with
 * the page, and hydrated once their own code has come, after the rest of the page. They sit
 * below the product and their form posts without scripts (decision 53), so a product page's
 * first scripts need not carry them (decision 4).
 */
export const ReviewsSection = lazyOnClient(() => import("./reviews-section").then((m) => m.ReviewsSection));
