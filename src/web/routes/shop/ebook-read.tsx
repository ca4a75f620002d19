import { useCallback, useMemo } from "react";
import {
  ebookOutlineApiPath,
  ebookPageApiPath,
  ebookPageImageApiPath,
  ebookProgressApiPath,
  ebookReaderApiPath,
  parseIdParam,
  readablePagesOf,
  startPageOf,
} from "../../../contracts/reader-paths";
import type { EbookReader } from "../../../contracts/reading";
import { ReaderLoader, type ReaderSource } from "../../components/reader/reader";
import { api } from "../../lib/api";
import { pageTitle } from "../../lib/meta";
import { readerAnswerPreload, readerPreloads } from "../../lib/reader-pages";
import type { Route } from "./+types/ebook-read";
import { loadEbookOpening } from "./ebook-read.server";

/**
 * On a page load, the reader as the server opens it: its answer and the page to open on (the
 * saved place, a preview's first page) with that page's size, so the page is rendered with the
 * reader and the page's picture in it, and its head starts fetching the page for pdf.js. Never
 * an error: without it the reader asks for its answer itself and says what it finds.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = parseIdParam(params.id);
  return { opening: id === null ? null : await loadEbookOpening(context, id) };
}

/** Moving to the reader within the shop asks the server nothing more: the reader fetches as it goes. */
export async function clientLoader() {
  return { opening: null };
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) => {
  const id = parseIdParam(params.id);
  const first = loaderData?.opening?.firstPage;
  return [
    { title: pageTitle(matches, /*i18n*/ "Reader") },
    { name: "robots", content: "noindex" },
    ...(id === null ? [] : [readerAnswerPreload(ebookReaderApiPath(id))]),
    ...(id !== null && first ? [readerAnswerPreload(ebookPageApiPath(id, first.page))] : []),
  ];
};

export const links: Route.LinksFunction = () => readerPreloads();

/** An e-book as the reader opens it: every page for owners and staff, the demo pages otherwise. */
function ebookSource(info: EbookReader): ReaderSource {
  const full = info.access !== "preview";
  const owner = info.access === "owner";
  return {
    title: info.title,
    pageCount: info.pageCount,
    pages: readablePagesOf(info),
    startPage: startPageOf(info) ?? 1,
    pageUrl: (n) => ebookPageApiPath(info.id, n),
    saveProgress: full ? (page) => api("PUT", ebookProgressApiPath(info.id), { page }) : null,
    back: owner
      ? { to: "/ebook/library", label: /*i18n*/ "My e-books" }
      : { to: `/ebook/${info.id}`, label: /*i18n*/ "Back" },
    badge: full ? null : /*i18n*/ "Free preview",
    end: full
      ? null
      : {
          title: /*i18n*/ "Buy to read the rest",
          text: /*i18n*/ "That was the free preview. Buy the e-book to read all {count} pages on any phone or computer.",
          link: { to: `/ebook/${info.id}`, label: /*i18n*/ "Buy the e-book" },
        },
    outlineUrl: ebookOutlineApiPath(info.id),
  };
}

export default function EbookReadPage({ params, loaderData }: Route.ComponentProps) {
  const id = parseIdParam(params.id);
  const load = useCallback(
    async () => ebookSource((await api<EbookReader>("GET", ebookReaderApiPath(id!))).data!),
    [id],
  );
  const title = useCallback((s: ReaderSource) => s.title, []);
  const { opening } = loaderData;
  const initial = useMemo(() => (opening ? ebookSource(opening.reader) : null), [opening]);
  const first = opening?.firstPage;
  return (
    <ReaderLoader
      load={id === null ? null : load}
      loadKey={String(id)}
      initial={initial}
      firstImage={
        id !== null && first ? { ...first, src: (w) => ebookPageImageApiPath(id, first.page, w) } : null
      }
      back={{ to: id === null ? "/ebook" : `/ebook/${id}`, label: /*i18n*/ "Back" }}
      documentTitle={title}
      texts={{
        opening: /*i18n*/ "Opening the e-book…",
        offline: /*i18n*/ "You are offline. The reader needs a connection to open this e-book.",
        failed: /*i18n*/ "The e-book could not be opened.",
        missing: {
          title: /*i18n*/ "This e-book does not exist",
          link: { to: "/ebook", label: /*i18n*/ "Browse e-books" },
        },
        empty: {
          title: /*i18n*/ "This e-book has no pages to read yet",
          link: { to: `/ebook/${id}`, label: /*i18n*/ "Back to the e-book" },
        },
      }}
    />
  );
}
