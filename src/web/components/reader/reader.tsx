/**
 * The reader, for whatever it opens: an e-book (`/ebook/:id/read`) or a course's PDF chapter
 * (`/content/:id/chapters/:chapterId/read`). A route loads what it opens and hands the reader a
 * `ReaderSource`: the pages the caller may turn through, where each page is fetched, whether the
 * place is saved, where "back" goes and what to offer at the end of a preview. Only the reader's
 * routes import this module, so pdf.js and the gesture code never reach the shop's other pages.
 */
// Icons no first-load page uses: an icon shared with the shop's pages would move into a shared
// chunk and change what every page downloads first (checked with `npm run bench -- --only js`).
import { usePinch } from "@use-gesture/react";
import { ChevronLeft, List, Maximize, MoveHorizontal, TableOfContents, ZoomIn, ZoomOut } from "lucide-react";
import type { PDFPageProxy, RenderTask } from "pdfjs-dist";
import {
  type CSSProperties,
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";
import {
  DEFAULT_PAGE_IMAGE_WIDTH,
  PAGE_IMAGE_WIDTHS,
  type PageImageWidth,
} from "../../../contracts/reader-paths";
import type { EbookOutline, OutlineEntry } from "../../../contracts/reading";
import { useFormat, useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useHydrated } from "../../lib/hydrated";
import { loadReaderPage, PageLoadError, prefetchReaderPages } from "../../lib/reader-pages";
import { useOfflineReader } from "../../offline/register";
import { buttonClass } from "../ui/button";

/**
 * What the reader opens, as the route has loaded it. Its labels and texts (and ReaderTexts') are
 * catalogue messages in English, marked where they are written; the reader shows them in the
 * page's language. `end.text` may say `{count}`, the number of pages.
 */
export type ReaderSource = {
  title: string;
  pageCount: number;
  /** The pages the caller may turn through, ascending (every page, or a preview's). */
  pages: number[];
  /** The page to open on (the saved place, else the first). */
  startPage: number;
  /** The page endpoint of page `n`. */
  pageUrl: (n: number) => string;
  /** Saves the page the reader is on; null when nothing is saved (previews, chapters). */
  saveProgress: ((page: number) => Promise<unknown>) | null;
  back: { to: string; label: string };
  /** Shown small in the bar (e.g. "Free preview"); null for none. */
  badge: string | null;
  /** A preview's end: one step past its last page, a panel offering the rest. Null: the pages are all. */
  end: { title: string; text: string; link: { to: string; label: string } } | null;
  /** Where the outline is asked for; null when there is none to ask for. */
  outlineUrl: string | null;
};

/**
 * The page the reader opens on as a picture drawn on the server, shown from the page's first
 * paint (it is in the server's HTML) until pdf.js has drawn the same page; `width` and `height`
 * are the page's size at scale 1, as pdf.js lays it out.
 */
export type ReaderFirstImage = {
  page: number;
  width: number;
  height: number;
  /** The picture's address at one of PAGE_IMAGE_WIDTHS. */
  src: (width: PageImageWidth) => string;
};

/** Phones open on fit width, larger screens on the whole page. */
type Zoom = { mode: "width" } | { mode: "page" } | { mode: "scale"; scale: number };
const ZOOM_STEP = 1.25;
const MIN_SCALE = 0.25;
const MAX_SCALE = 5;
/** A horizontal move this long (CSS px), mostly sideways, is a swipe. */
const SWIPE_MIN = 50;
const SAVE_DELAY_MS = 1000;

type LoadState =
  | { status: "loading" }
  | { status: "missing" }
  | { status: "failed"; message: string }
  | { status: "ready"; source: ReaderSource };

type PageState =
  | { status: "loading" }
  | { status: "ready"; page: PDFPageProxy; pageNo: number }
  | { status: "failed"; offline: boolean };

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;
const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/** What a route says while it opens its source, and when it cannot. */
export type ReaderTexts = {
  opening: string;
  offline: string;
  failed: string;
  /** Not found (or not the caller's to read): a heading, a line, and where to go. */
  missing: { title: string; text?: string; link: { to: string; label: string } };
  /** Opened, but with no pages to read. */
  empty: { title: string; link: { to: string; label: string } };
};

/**
 * Opens a source (`load`, asked again when `loadKey` changes or on Retry) and shows the reader,
 * or the state it is in: opening, not found, offline or failed with Retry, no pages. A page load
 * hands it the source its server already opened (`initial`, with the first page's picture), so
 * the reader is in the server's HTML; it still asks for its answer itself (the offline worker
 * keeps it, and drops a refunded book when it says "preview"), and shows the fresh one.
 */
export function ReaderLoader({
  load,
  loadKey,
  back,
  texts,
  documentTitle,
  initial = null,
  firstImage = null,
}: {
  /** Null when the address itself names nothing (a malformed id). */
  load: (() => Promise<ReaderSource>) | null;
  loadKey: string;
  back: { to: string; label: string };
  texts: ReaderTexts;
  documentTitle: (source: ReaderSource) => string;
  /** The source as the page's own load opened it; null on a navigation within the shop. */
  initial?: ReaderSource | null;
  /** The first page's picture, with `initial`. */
  firstImage?: ReaderFirstImage | null;
}) {
  const [state, setState] = useState<LoadState>(() =>
    initial ? { status: "ready", source: initial } : { status: "loading" },
  );
  const [attempt, setAttempt] = useState(0);
  const { i18n } = useLingui();
  // Both readers (e-books and course chapters) keep what a signed-in reader opened for offline use.
  useOfflineReader();
  const loader = useRef(load);
  loader.current = load;
  /** The source the page came with, by its key; forgotten once another is opened. */
  const served = useRef(initial ? loadKey : null);
  if (served.current !== null && served.current !== loadKey) served.current = null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loadKey names the source; attempt asks again on Retry
  useEffect(() => {
    let live = true;
    const open = loader.current;
    if (!open) {
      setState({ status: "missing" });
      return;
    }
    // The page's own source stays on screen while the reader's answer is asked for.
    const fromPage = served.current === loadKey && attempt === 0;
    if (!fromPage) setState({ status: "loading" });
    open().then(
      (source) => live && setState({ status: "ready", source }),
      (e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && (e.statusCode === 404 || e.statusCode === 400))
          setState({ status: "missing" });
        else if (!fromPage)
          setState({
            status: "failed",
            message:
              offline() || (e instanceof ApiError && e.statusCode === 0) ? texts.offline : texts.failed,
          });
      },
    );
    return () => {
      live = false;
    };
  }, [loadKey, attempt]);

  useEffect(() => {
    if (state.status !== "ready") return;
    const shop = document.title.split(" | ").slice(1).join(" | ");
    const title = documentTitle(state.source);
    document.title = shop ? `${title} | ${shop}` : title;
  }, [state, documentTitle]);

  if (state.status === "ready" && state.source.pages.length > 0)
    return <Reader source={state.source} firstImage={served.current === loadKey ? firstImage : null} />;
  const panel = (title: string, link: { to: string; label: string }, text?: string) => (
    <div>
      <h1 className="text-xl font-bold text-slate-900">{i18n._(title)}</h1>
      {text ? <p className="mt-2 text-slate-700">{i18n._(text)}</p> : null}
      <Link to={link.to} className={buttonClass("primary", "mt-6")}>
        {i18n._(link.label)}
      </Link>
    </div>
  );
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <ReaderBar backTo={back.to} backLabel={back.label} title={i18n._("Reader")} />
      <main id="main" className="flex flex-1 items-center justify-center p-6 text-center">
        {state.status === "loading" ? (
          <p role="status" className="text-slate-700">
            {i18n._(texts.opening)}
          </p>
        ) : state.status === "ready" ? (
          panel(texts.empty.title, texts.empty.link)
        ) : state.status === "missing" ? (
          panel(texts.missing.title, texts.missing.link, texts.missing.text)
        ) : (
          <div role="alert">
            <h1 className="text-xl font-bold text-slate-900">{i18n._(state.message)}</h1>
            <button
              type="button"
              className={buttonClass("primary", "mt-6")}
              onClick={() => setAttempt((n) => n + 1)}
            >
              {i18n._("Retry")}
            </button>
          </div>
        )}
      </main>
    </div>
  );
}

function ReaderBar({
  backTo,
  backLabel,
  title,
  children,
}: {
  backTo: string;
  backLabel: string;
  title: string;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-1">
      <Link to={backTo} className={buttonClass("ghost", "shrink-0 px-2")}>
        <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        <span className="sr-only sm:not-sr-only">{i18n._(backLabel)}</span>
      </Link>
      <p translate="no" className="min-w-0 flex-1 truncate font-semibold text-slate-900">
        {title}
      </p>
      {children}
    </header>
  );
}

/** The outline's entries, asked for once per source; none when there is no outline or it fails. */
function useOutline(url: string | null): OutlineEntry[] {
  const [entries, setEntries] = useState<OutlineEntry[]>([]);
  useEffect(() => {
    let live = true;
    setEntries([]);
    if (!url) return;
    api<EbookOutline>("GET", url).then(
      (env) => live && setEntries(env.data?.entries ?? []),
      () => {
        // The outline is a help, not the book: without it the reader works as before.
      },
    );
    return () => {
      live = false;
    };
  }, [url]);
  return entries;
}

function Reader({ source, firstImage }: { source: ReaderSource; firstImage: ReaderFirstImage | null }) {
  const { pages, end } = source;
  const [index, setIndex] = useState(Math.max(0, pages.indexOf(source.startPage)));
  /** In a preview, one step past the last page is the panel offering the rest. */
  const atEnd = index >= pages.length;
  const pageNo = pages[Math.min(index, pages.length - 1)] ?? 1;
  const [zoom, setZoom] = useState<Zoom>({ mode: "width" });
  const [panel, setPanel] = useState<"pages" | "contents" | null>(null);
  const [jumpMessage, setJumpMessage] = useState("");
  const lastIndex = end ? pages.length : pages.length - 1;
  // The first page shows as a picture before the scripts arrive; turning pages needs them, so the
  // buttons wait for them rather than take a tap that does nothing.
  const hydrated = useHydrated();
  const outline = useOutline(source.outlineUrl);
  const { i18n } = useLingui();
  const { number } = useFormat();

  useEffect(() => {
    if (window.matchMedia("(min-width: 768px)").matches) setZoom({ mode: "page" });
  }, []);

  const go = useCallback((to: number) => setIndex(Math.max(0, Math.min(lastIndex, to))), [lastIndex]);
  const next = useCallback(() => setIndex((i) => Math.min(lastIndex, i + 1)), [lastIndex]);
  const prev = useCallback(() => setIndex((i) => Math.max(0, i - 1)), []);

  // Keys: arrows and PageUp/PageDown, except while typing in the jump field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === "ArrowRight" || e.key === "PageDown") {
        e.preventDefault();
        next();
      } else if (e.key === "ArrowLeft" || e.key === "PageUp") {
        e.preventDefault();
        prev();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [next, prev]);

  // Progress: saved a second after the last turn, so a quick run of turns is one request.
  const { saveProgress } = source;
  const saved = useRef(saveProgress ? source.startPage : null);
  useEffect(() => {
    if (!saveProgress || atEnd || saved.current === pageNo) return;
    const timer = window.setTimeout(() => {
      saveProgress(pageNo).then(
        () => {
          saved.current = pageNo;
        },
        () => {
          // Not saved (offline, signed out elsewhere): the next turn tries again.
        },
      );
    }, SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [saveProgress, atEnd, pageNo]);

  // The next two pages are fetched ahead, so turning shows them at once.
  const { pageUrl } = source;
  useEffect(() => {
    if (atEnd) return;
    prefetchReaderPages(pages.slice(index + 1, index + 3).map(pageUrl));
  }, [pageUrl, pages, index, atEnd]);

  const onJump = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = new FormData(e.currentTarget).get("page");
    const n = Number(raw);
    const at = Number.isInteger(n) ? pages.indexOf(n) : -1;
    if (at >= 0) {
      setJumpMessage("");
      go(at);
    } else if (end && Number.isInteger(n) && n >= 1 && n <= source.pageCount) {
      setJumpMessage(i18n._("Page {page} is not in the free preview.", { page: number(n) }));
    } else {
      setJumpMessage(
        pages.length === source.pageCount
          ? i18n._("Choose a page from {first} to {last}.", {
              first: number(1),
              last: number(source.pageCount),
            })
          : i18n._("Choose a page from {pages}.", { pages: pages.map(number).join(", ") }),
      );
    }
  };

  const position = atEnd
    ? i18n._("End of the free preview")
    : i18n._("Page {page} of {pages}", { page: number(pageNo), pages: number(source.pageCount) });
  const badge = source.badge ? i18n._(source.badge) : null;
  // Phones have no room for the header's badge: the footer says it instead.
  const badgeNote = badge && !atEnd ? <span className="sm:hidden">{badge} · </span> : null;
  const toggle = (which: "pages" | "contents") => setPanel((p) => (p === which ? null : which));

  return (
    <div className="flex h-dvh flex-col bg-slate-200">
      <ReaderBar backTo={source.back.to} backLabel={source.back.label} title={source.title}>
        {badge ? (
          <span className="hidden shrink-0 rounded bg-brand-50 px-2 py-1 text-xs font-semibold text-brand-900 sm:inline">
            {badge}
          </span>
        ) : null}
        <ZoomControls zoom={zoom} setZoom={setZoom} />
      </ReaderBar>
      <noscript>
        <p className="border-b border-amber-300 bg-amber-50 px-3 py-2 text-center text-sm text-slate-900">
          {i18n._("Turning pages needs JavaScript. Turn it on in your browser's settings to read on.")}
        </p>
      </noscript>
      <main id="main" className="relative min-h-0 flex-1">
        <h1 translate="no" className="sr-only">
          {source.title}
        </h1>
        {atEnd && end ? (
          <EndPanel end={end} pageCount={source.pageCount} />
        ) : (
          <PageView
            url={pageUrl(pageNo)}
            image={firstImage?.page === pageNo ? firstImage : null}
            pageNo={pageNo}
            zoom={zoom}
            onZoom={setZoom}
            onNext={next}
            onPrev={prev}
          />
        )}
      </main>
      {panel === "pages" ? (
        <nav
          aria-label={i18n._("Pages")}
          className="max-h-40 overflow-y-auto border-t border-slate-200 bg-white p-2"
        >
          <ul className="flex flex-wrap gap-1">
            {pages.map((p, i) => (
              <li key={p}>
                <button
                  type="button"
                  aria-current={i === index ? "page" : undefined}
                  aria-label={i18n._("Page {page}", { page: number(p) })}
                  onClick={() => go(i)}
                  className={cn(
                    "min-h-11 min-w-11 rounded-md border px-2 text-sm font-semibold",
                    i === index
                      ? "border-brand-700 bg-brand-700 text-white"
                      : "border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
                  )}
                >
                  {number(p)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      ) : panel === "contents" ? (
        <nav
          aria-label={i18n._("Contents")}
          className="max-h-56 overflow-y-auto border-t border-slate-200 bg-white p-2"
        >
          <ul className="mx-auto max-w-xl">
            {outline.map((entry, i) => {
              const at = pages.indexOf(entry.page);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: entries may repeat a title and page
                <li key={i} style={{ paddingInlineStart: `${Math.min(entry.depth, 6) * 1}rem` }}>
                  <button
                    type="button"
                    disabled={at < 0}
                    aria-current={at === index ? "page" : undefined}
                    onClick={() => {
                      go(at);
                      setPanel(null);
                    }}
                    className={cn(
                      "flex min-h-11 w-full items-center justify-between gap-3 rounded-md px-2 text-left text-sm text-slate-900 hover:bg-slate-50 disabled:text-slate-500",
                      at === index && "bg-brand-50 font-semibold",
                    )}
                  >
                    <span className="min-w-0 truncate">{entry.title}</span>
                    <span className="shrink-0 text-slate-700">{number(entry.page)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-white px-2 py-1">
        <div className="flex w-full items-center gap-2 sm:mx-auto sm:w-auto sm:min-w-80 sm:flex-1 md:max-w-lg">
          <button
            type="button"
            className={buttonClass("secondary", "px-3")}
            onClick={prev}
            disabled={!hydrated || index === 0}
            aria-label={i18n._("Previous page")}
          >
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <p aria-live="polite" className="min-w-0 flex-1 text-center text-sm font-semibold text-slate-900">
            {badgeNote}
            {position}
          </p>
          <button
            type="button"
            className={buttonClass("secondary", "px-3")}
            onClick={next}
            disabled={!hydrated || index >= lastIndex}
            aria-label={i18n._("Next page")}
          >
            <ChevronLeft aria-hidden="true" className="h-5 w-5 rotate-180" />
          </button>
        </div>
        <div className="flex w-full flex-wrap items-center justify-center gap-2 sm:w-auto">
          <form onSubmit={onJump} className="flex items-center gap-1">
            <label htmlFor="reader-jump" className="text-sm text-slate-700">
              {i18n._("Go to page")}
            </label>
            <input
              id="reader-jump"
              name="page"
              type="number"
              inputMode="numeric"
              min={1}
              max={source.pageCount}
              className="min-h-11 w-20 rounded-md border border-slate-300 px-2"
            />
            <button type="submit" className={buttonClass("secondary", "px-3")}>
              {i18n._("Go")}
            </button>
          </form>
          {source.outlineUrl ? (
            // Its place is kept (hidden) until the outline has come, and when the book has none: the
            // bar does not grow under a page already shown when it arrives (on a phone the row
            // wraps, and a page centred in the view moved up by half a row).
            <button
              type="button"
              className={buttonClass("ghost", outline.length > 0 ? "px-3" : "invisible px-3")}
              aria-expanded={panel === "contents"}
              disabled={outline.length === 0}
              onClick={() => toggle("contents")}
            >
              <TableOfContents aria-hidden="true" className="h-5 w-5" />
              {i18n._("Contents")}
            </button>
          ) : null}
          <button
            type="button"
            className={buttonClass("ghost", "px-3")}
            aria-expanded={panel === "pages"}
            onClick={() => toggle("pages")}
          >
            <List aria-hidden="true" className="h-5 w-5" />
            {i18n._("Pages")}
          </button>
        </div>
        {jumpMessage ? (
          <p role="alert" className="w-full text-center text-sm text-red-800">
            {jumpMessage}
          </p>
        ) : null}
      </footer>
    </div>
  );
}

/** The scale the page is shown at now, reported by PageView on its canvas (or the server's picture). */
function shownScale(): number | null {
  const shown = Number(document.querySelector<HTMLElement>("[data-reader-scale]")?.dataset.readerScale);
  return Number.isFinite(shown) && shown > 0 ? shown : null;
}

function ZoomControls({ zoom, setZoom }: { zoom: Zoom; setZoom: (z: Zoom) => void }) {
  const current = useRef(1);
  // + and − start from the scale on screen, so they step from fit width or fit page smoothly.
  const step = (factor: number) => {
    const base = zoom.mode === "scale" ? zoom.scale : (shownScale() ?? current.current);
    const scale = clampScale(base * factor);
    current.current = scale;
    setZoom({ mode: "scale", scale });
  };
  const { i18n } = useLingui();
  const btn = (active: boolean) => buttonClass(active ? "secondary" : "ghost", "min-w-11 px-2");
  return (
    <fieldset className="flex shrink-0 items-center border-0 p-0">
      <legend className="sr-only">{i18n._("Zoom")}</legend>
      <button
        type="button"
        className={btn(false)}
        onClick={() => step(1 / ZOOM_STEP)}
        aria-label={i18n._("Zoom out")}
      >
        <ZoomOut aria-hidden="true" className="h-5 w-5" />
      </button>
      <button
        type="button"
        className={btn(false)}
        onClick={() => step(ZOOM_STEP)}
        aria-label={i18n._("Zoom in")}
      >
        <ZoomIn aria-hidden="true" className="h-5 w-5" />
      </button>
      <button
        type="button"
        className={btn(zoom.mode === "width")}
        aria-pressed={zoom.mode === "width"}
        onClick={() => setZoom({ mode: "width" })}
        aria-label={i18n._("Fit width")}
      >
        <MoveHorizontal aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        className={btn(zoom.mode === "page")}
        aria-pressed={zoom.mode === "page"}
        onClick={() => setZoom({ mode: "page" })}
        aria-label={i18n._("Fit page")}
      >
        <Maximize aria-hidden="true" className="h-4 w-4" />
      </button>
    </fieldset>
  );
}

/** The page's size on screen at a zoom: its scale, its pixels (at `ratio`) and its CSS size. */
function fitPage(
  base: { width: number; height: number },
  box: { w: number; h: number },
  zoom: Zoom,
  ratio: number,
) {
  const pad = 16;
  const fitW = Math.max(0.1, (box.w - pad) / base.width);
  const fitH = Math.max(0.1, (box.h - pad) / base.height);
  const scale = zoom.mode === "width" ? fitW : zoom.mode === "page" ? Math.min(fitW, fitH) : zoom.scale;
  const pixelWidth = Math.floor(base.width * scale * ratio);
  const pixelHeight = Math.floor(base.height * scale * ratio);
  return {
    scale,
    pixelWidth,
    pixelHeight,
    cssWidth: Math.floor(pixelWidth / ratio),
    cssHeight: Math.floor(pixelHeight / ratio),
  };
}

/** Device pixels per CSS pixel the page is drawn at (at most 3: sharper is not seen, and costs memory). */
const pixelRatio = () => Math.min(window.devicePixelRatio || 1, 3);

/**
 * The picture's `sizes`: fit width on a phone; on a larger screen the whole page, its width set
 * by the height the bars leave (about 7rem), as the reader first shows it.
 */
const imageSizes = (image: ReaderFirstImage) =>
  `(min-width: 768px) calc((100vh - 7rem) * ${(image.width / image.height).toFixed(3)}), calc(100vw - 16px)`;

function PageView({
  url,
  image,
  pageNo,
  zoom,
  onZoom,
  onNext,
  onPrev,
}: {
  url: string;
  /** This page as the server's picture, shown until pdf.js has drawn it; null for none. */
  image: ReaderFirstImage | null;
  pageNo: number;
  zoom: Zoom;
  onZoom: (z: Zoom) => void;
  onNext: () => void;
  onPrev: () => void;
}) {
  const stage = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const picture = useRef<HTMLImageElement>(null);
  /** pdf.js has drawn a page: the server's picture is not needed any more. */
  const [handedOver, setHandedOver] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  const showImage = image !== null && !handedOver && !imageFailed;
  const [box, setBox] = useState<{ w: number; h: number } | null>(null);
  const [state, setState] = useState<PageState>({ status: "loading" });
  /** The page last drawn completely (a cached page is "ready" before it is drawn). */
  const [drawn, setDrawn] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const { i18n } = useLingui();
  const { number } = useFormat();

  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => setBox({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks again on Retry
  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    loadReaderPage(url).then(
      (page) => live && setState({ status: "ready", page, pageNo }),
      (e: unknown) =>
        live &&
        setState({ status: "failed", offline: offline() || (e instanceof PageLoadError && e.offline) }),
    );
    return () => {
      live = false;
    };
  }, [url, attempt]);

  // Draws the page at the zoom's CSS size times the screen's pixel ratio, so text stays sharp.
  useEffect(() => {
    if (state.status !== "ready" || !box || !canvas.current) return;
    const page = state.page;
    const el = canvas.current;
    const ratio = pixelRatio();
    const { scale, pixelWidth, pixelHeight, cssWidth, cssHeight } = fitPage(
      page.getViewport({ scale: 1 }),
      box,
      zoom,
      ratio,
    );
    const viewport = page.getViewport({ scale: scale * ratio });
    el.width = pixelWidth;
    el.height = pixelHeight;
    el.style.width = `${cssWidth}px`;
    el.style.height = `${cssHeight}px`;
    el.style.transform = "";
    el.dataset.readerScale = String(scale);
    let task: RenderTask | null = page.render({ canvas: el, viewport });
    task.promise.then(
      () => {
        task = null;
        setDrawn(state.pageNo);
        // The canvas, drawn while hidden, takes the picture's place in one step.
        setHandedOver(true);
        // What the benchmark measures: the navigation to the first page drawn.
        if (!performance.getEntriesByName("reader:first-page").length) performance.mark("reader:first-page");
      },
      () => {
        task = null; // cancelled by a newer draw
      },
    );
    return () => task?.cancel();
  }, [state, box, zoom]);

  // A picture that did not come (offline, or no picture of this page) is not shown broken: it may
  // have failed before the page's code ran, so its state is read once as well as listened to.
  useEffect(() => {
    const el = picture.current;
    if (el?.complete && el.naturalWidth === 0) setImageFailed(true);
  }, []);
  // A new zoom sizes the picture afresh (see below): the stretch of a pinch goes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared on every new zoom
  useEffect(() => {
    if (picture.current) picture.current.style.transform = "";
  }, [zoom]);

  /** The picture's size once the stage is measured: the canvas's, from the same page size (pdf.js's once it has it). */
  let imageStyle: CSSProperties | undefined;
  /** The scale the picture is shown at, for the zoom buttons to step from (as the canvas's). */
  let imageScale: number | undefined;
  if (image) {
    imageStyle = { "--page-ratio": (image.width / image.height).toFixed(4) } as CSSProperties;
    if (box) {
      const base = state.status === "ready" ? state.page.getViewport({ scale: 1 }) : image;
      const { scale, cssWidth, cssHeight } = fitPage(base, box, zoom, pixelRatio());
      imageStyle = { ...imageStyle, width: `${cssWidth}px`, height: `${cssHeight}px` };
      imageScale = scale;
    }
  }

  // Pinch: the drawn page is stretched with a CSS transform while the fingers move (cheap), then
  // drawn again, sharp, at the new scale when they lift. Two fingers never turn the page.
  const pinching = useRef(false);
  usePinch(
    ({ first, last, movement: [ratio], memo }) => {
      const el = picture.current ?? canvas.current;
      if (!el) return memo;
      const start: number = first || memo === undefined ? (shownScale() ?? 1) : memo;
      if (first) pinching.current = true;
      const target = clampScale(start * ratio);
      if (last) {
        onZoom({ mode: "scale", scale: target });
        // If the scale did not change, no new draw clears the stretch: clear it here.
        if (Math.abs(target - start) < 1e-3) el.style.transform = "";
        window.setTimeout(() => {
          pinching.current = false;
        }, 0);
      } else {
        el.style.transformOrigin = "center center";
        el.style.transform = `scale(${target / start})`;
      }
      return start;
    },
    {
      target: stage,
      // Touch events, so the swipe below and the pinch see the same fingers; passive listeners,
      // as nothing is prevented (the stage lets the browser pan only). A trackpad's pinch stays
      // the browser's.
      pointer: { touch: true },
      pinchOnWheel: false,
    },
  );

  // Tap zones: the left third turns back, the right third forward; a sideways swipe turns too.
  const touch = useRef<{ x: number; y: number; multi: boolean } | null>(null);
  const swiped = useRef(false);
  const onClick = (e: React.MouseEvent<HTMLDivElement>) => {
    if (swiped.current) {
      swiped.current = false;
      return;
    }
    const rect = e.currentTarget.getBoundingClientRect();
    const x = (e.clientX - rect.left) / rect.width;
    if (x < 1 / 3) onPrev();
    else if (x > 2 / 3) onNext();
  };
  const onTouchStart = (e: React.TouchEvent<HTMLDivElement>) => {
    // A new touch is a new gesture: a swipe just before it must not swallow this tap's click.
    swiped.current = false;
    const t = e.touches[0];
    const multi = e.touches.length > 1 || pinching.current;
    // A second finger joining makes the whole gesture a pinch, whichever finger lifts last.
    if (touch.current && e.touches.length > 1) touch.current.multi = true;
    else touch.current = t ? { x: t.clientX, y: t.clientY, multi } : null;
  };
  const onTouchEnd = (e: React.TouchEvent<HTMLDivElement>) => {
    const start = touch.current;
    const t = e.changedTouches[0];
    if (e.touches.length === 0) touch.current = null;
    if (!start || !t || start.multi || pinching.current || e.touches.length > 0) {
      // The click a browser may send after a pinch is not a tap on a zone.
      if (start?.multi || pinching.current) swallowClick();
      return;
    }
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    const el = e.currentTarget;
    // A page zoomed wider than the screen scrolls sideways instead of turning.
    if (el.scrollWidth > el.clientWidth + 1) return;
    if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > 2 * Math.abs(dy)) {
      swallowClick();
      if (dx < 0) onNext();
      else onPrev();
    }
  };
  const swallowClick = () => {
    swiped.current = true;
    window.setTimeout(() => {
      swiped.current = false;
    }, 400);
  };

  return (
    // The stage scrolls (a zoomed page, or a page list open below it), so it takes the keyboard's
    // focus too: arrow keys and Page Down then reach what a mouse or finger can scroll.
    // biome-ignore lint/a11y/useKeyWithClickEvents: tap zones repeat the Previous/Next buttons and the arrow keys
    <section
      ref={stage}
      aria-label={i18n._("Page view")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable
      tabIndex={0}
      className="absolute inset-0 touch-pan-x touch-pan-y overflow-auto [container-type:size] focus-visible:outline-2 focus-visible:outline-brand-700"
      onClick={onClick}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="flex min-h-full min-w-full items-center justify-center p-2">
        {image && showImage ? (
          // Sized by the stage before the page's code runs (fit width on a phone, the whole page
          // on a larger screen, as the canvas will be), then to the canvas's own size.
          <img
            ref={picture}
            src={image.src(DEFAULT_PAGE_IMAGE_WIDTH)}
            srcSet={PAGE_IMAGE_WIDTHS.map((w) => `${image.src(w)} ${w}w`).join(", ")}
            sizes={imageSizes(image)}
            width={Math.round(image.width)}
            height={Math.round(image.height)}
            alt={i18n._("Page {page}", { page: number(pageNo) })}
            fetchPriority="high"
            data-page-image={pageNo}
            data-reader-scale={imageScale}
            onError={() => setImageFailed(true)}
            style={imageStyle}
            className="h-auto w-[calc(100cqw-16px)] max-w-none bg-white shadow md:w-[min(calc(100cqw-16px),calc((100cqh-16px)*var(--page-ratio)))]"
          />
        ) : null}
        <canvas
          ref={canvas}
          role="img"
          aria-label={i18n._("Page {page}", { page: number(pageNo) })}
          data-page={state.status === "ready" ? pageNo : undefined}
          data-drawn={state.status === "ready" && drawn === pageNo ? "true" : undefined}
          className={cn("bg-white shadow", (state.status !== "ready" || showImage) && "hidden")}
        />
      </div>
      {showImage ? null : state.status === "loading" ? (
        <p role="status" className="absolute inset-x-0 top-4 mx-auto w-fit rounded bg-white px-3 py-2 shadow">
          {i18n._("Loading page {page}…", { page: number(pageNo) })}
        </p>
      ) : state.status === "failed" ? (
        <div
          role="alert"
          className="absolute inset-x-4 top-8 mx-auto max-w-sm rounded-lg bg-white p-4 text-center shadow"
        >
          <p className="font-semibold text-slate-900">
            {state.offline
              ? i18n._("You are offline. Page {page} needs a connection.", { page: number(pageNo) })
              : i18n._("Page {page} could not be loaded.", { page: number(pageNo) })}
          </p>
          <button
            type="button"
            className={buttonClass("primary", "mt-4")}
            onClick={(e) => {
              e.stopPropagation();
              setAttempt((n) => n + 1);
            }}
          >
            {i18n._("Retry")}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function EndPanel({ end, pageCount }: { end: NonNullable<ReaderSource["end"]>; pageCount: number }) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  return (
    <div className="flex h-full items-center justify-center p-4">
      <section aria-labelledby="buy-rest" className="max-w-sm rounded-lg bg-white p-6 text-center shadow">
        <h2 id="buy-rest" className="text-xl font-bold text-slate-900">
          {i18n._(end.title)}
        </h2>
        <p className="mt-2 text-slate-700">{i18n._(end.text, { count: number(pageCount) })}</p>
        <Link to={end.link.to} className={buttonClass("primary", "mt-6")}>
          {i18n._(end.link.label)}
        </Link>
      </section>
    </div>
  );
}
