import { useCallback, useMemo } from "react";
import { coursePath } from "../../../contracts/library";
import {
  chapterPageApiPath,
  chapterPageImageApiPath,
  chapterReaderApiPath,
  parseIdParam,
} from "../../../contracts/reader-paths";
import type { ChapterReader } from "../../../contracts/reading";
import { ReaderLoader, type ReaderSource } from "../../components/reader/reader";
import { api } from "../../lib/api";
import { pageTitle } from "../../lib/meta";
import { readerAnswerPreload, readerPreloads } from "../../lib/reader-pages";
import type { Route } from "./+types/chapter-read";
import { loadChapterOpening } from "./chapter-read.server";

/**
 * On a page load, the chapter as the server opens it when the visitor may read it: its answer
 * and page 1 with its size, so the page is rendered with the reader and that page's picture in
 * it. A chapter the visitor may not read names no page to fetch (it would be refused, and count
 * against the page allowance); the reader then asks for its answer itself and says so.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const courseId = parseIdParam(params.id);
  const chapterId = parseIdParam(params.chapterId);
  const opening =
    courseId === null || chapterId === null ? null : await loadChapterOpening(context, courseId, chapterId);
  return { opening };
}

/** Moving to the reader within the shop asks the server nothing more: the reader fetches as it goes. */
export async function clientLoader() {
  return { opening: null };
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) => {
  const courseId = parseIdParam(params.id);
  const chapterId = parseIdParam(params.chapterId);
  const first = loaderData?.opening?.firstPage;
  return [
    { title: pageTitle(matches, /*i18n*/ "Reader") },
    { name: "robots", content: "noindex" },
    ...(courseId === null || chapterId === null
      ? []
      : [
          readerAnswerPreload(chapterReaderApiPath(courseId, chapterId)),
          ...(first ? [readerAnswerPreload(chapterPageApiPath(courseId, chapterId, first.page))] : []),
        ]),
  ];
};

export const links: Route.LinksFunction = () => readerPreloads();

/** Where "back" goes: the course page, open at this chapter. */
const backTo = (courseId: number, chapterId: number) => `${coursePath(courseId)}?chapter=${chapterId}`;

/**
 * A course's PDF chapter in the reader: every page of it, to the course's owners and staff
 * (stamped) and to anyone for a free chapter (unstamped). Nothing is saved: a course keeps its
 * place by chapter, on the course page.
 */
function chapterSource(info: ChapterReader): ReaderSource {
  return {
    title: info.title,
    pageCount: info.pageCount,
    pages: Array.from({ length: info.pageCount }, (_, i) => i + 1),
    startPage: 1,
    pageUrl: (n) => chapterPageApiPath(info.courseId, info.chapterId, n),
    saveProgress: null,
    back: { to: backTo(info.courseId, info.chapterId), label: /*i18n*/ "Course" },
    badge: info.access === "preview" ? /*i18n*/ "Free chapter" : null,
    end: null,
    outlineUrl: null,
  };
}

export default function ChapterReadPage({ params, loaderData }: Route.ComponentProps) {
  const courseId = parseIdParam(params.id);
  const chapterId = parseIdParam(params.chapterId);
  const load = useCallback(
    async () =>
      chapterSource((await api<ChapterReader>("GET", chapterReaderApiPath(courseId!, chapterId!))).data!),
    [courseId, chapterId],
  );
  const titles = useCallback((s: ReaderSource) => s.title, []);
  const coursePage = courseId === null ? "/content" : coursePath(courseId);
  const { opening } = loaderData;
  const initial = useMemo(() => (opening ? chapterSource(opening.reader) : null), [opening]);
  const first = opening?.firstPage;
  return (
    <ReaderLoader
      load={courseId === null || chapterId === null ? null : load}
      loadKey={`${courseId}/${chapterId}`}
      initial={initial}
      firstImage={
        courseId !== null && chapterId !== null && first
          ? { ...first, src: (w) => chapterPageImageApiPath(courseId, chapterId, first.page, w) }
          : null
      }
      back={{
        to: courseId !== null && chapterId !== null ? backTo(courseId, chapterId) : coursePage,
        label: /*i18n*/ "Course",
      }}
      documentTitle={titles}
      texts={{
        opening: /*i18n*/ "Opening the chapter…",
        offline: /*i18n*/ "You are offline. The reader needs a connection to open this chapter.",
        failed: /*i18n*/ "The chapter could not be opened.",
        // The course page lists its chapters and which are free: saying so leaks nothing.
        missing: {
          title: /*i18n*/ "This chapter is for the course's buyers",
          text: /*i18n*/ "Buy the course to read every chapter, on any phone or computer.",
          link: {
            to: coursePage,
            label: courseId === null ? /*i18n*/ "Browse courses" : /*i18n*/ "Buy the course",
          },
        },
        empty: {
          title: /*i18n*/ "This chapter has no pages to read yet",
          link: { to: coursePage, label: /*i18n*/ "Back to the course" },
        },
      }}
    />
  );
}
