import type { RouterContextProvider } from "react-router";
import type { ChapterOpening } from "../../../contracts/reading";
import { getChapterOpening } from "../../../server/services/reading/reader-sources";
import { getApp } from "../../lib/app-context.server";

/**
 * A PDF chapter's reader as the page's own load opens it: the reader's answer and page 1 with its
 * size, when the visitor may read the chapter; null otherwise (not found, not theirs, not a PDF
 * chapter), and the reader then asks for its answer itself and says what it finds.
 */
export async function loadChapterOpening(
  context: Readonly<RouterContextProvider>,
  courseId: number,
  chapterId: number,
): Promise<ChapterOpening | null> {
  const { ctx } = getApp(context);
  try {
    return await getChapterOpening(ctx, courseId, chapterId);
  } catch {
    return null;
  }
}
