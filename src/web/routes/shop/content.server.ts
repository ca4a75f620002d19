import type { RouterContextProvider } from "react-router";
import { getProduct } from "../../../server/services/catalog/catalog";
import { getCourseChapters } from "../../../server/services/reading/courses";
import { getApp, loadFrom } from "../../lib/app-context.server";

/**
 * A course's page: the product and its chapters as the caller may open them (every chapter and
 * the chapters done for an owner or staff, the free ones for anyone else). A signed-out
 * visitor's view is the same for everyone, so the page stays shareable by the public cache. An
 * owner keeps the page of a course taken down after they bought it.
 */
export async function loadCoursePage(context: Readonly<RouterContextProvider>, id: number) {
  const { ctx } = getApp(context);
  const course = await loadFrom(() => getCourseChapters(ctx, id));
  const product = await loadFrom(() =>
    getProduct(ctx, "content", id, { unpublished: course.access !== "preview" }),
  );
  return { product, course };
}
