// Icons no first-load page uses: an icon shared with the shop's pages would move into a shared
// chunk and change what every page downloads first (checked with `npm run bench -- --only js`).
import { ChevronLeft, List, Maximize, MoveHorizontal, ZoomIn, ZoomOut } from "lucide-react";
import type { PDFPageProxy, RenderTask } from "pdfjs-dist";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { idField } from "../../../contracts/paging";
import {
  ebookProgressApiPath,
  ebookReaderApiPath,
  type EbookReader as ReaderInfo,
} from "../../../contracts/reading";
import { buttonClass } from "../../components/ui/button";
import { ApiError, api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { pageTitle } from "../../lib/meta";
import { loadReaderPage, PageLoadError, prefetchReaderPages } from "../../lib/reader-pages";
import type { Route } from "./+types/ebook-read";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Reader") },
  { name: "robots", content: "noindex" },
];

/** Phones open on fit width, larger screens on the whole page. */
type Zoom = { mode: "width" } | { mode: "page" } | { mode: "scale"; scale: number };
const ZOOM_STEP = 1.25;
const MIN_SCALE = 0.25;
const MAX_SCALE = 5;
/** A horizontal move this long (CSS px), mostly sideways, is a swipe. */
const SWIPE_MIN = 50;
const SAVE_DELAY_MS = 1000;

type InfoState =
  | { status: "loading" }
  | { status: "missing" }
  | { status: "failed"; message: string }
  | { status: "ready"; info: ReaderInfo };

type PageState =
  | { status: "loading" }
  | { status: "ready"; page: PDFPageProxy; pageNo: number }
  | { status: "failed"; offline: boolean };

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

export default function ReaderPage({ params }: Route.ComponentProps) {
  const parsed = idField.safeParse(params.id);
  const id = parsed.success ? parsed.data : null;
  const [state, setState] = useState<InfoState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks again on Retry
  useEffect(() => {
    let live = true;
    if (id === null) {
      setState({ status: "missing" });
      return;
    }
    setState({ status: "loading" });
    api<ReaderInfo>("GET", ebookReaderApiPath(id)).then(
      (env) => live && env.data && setState({ status: "ready", info: env.data }),
      (e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && (e.statusCode === 404 || e.statusCode === 400))
          setState({ status: "missing" });
        else
          setState({
            status: "failed",
            message:
              offline() || (e instanceof ApiError && e.statusCode === 0)
                ? "You are offline. The reader needs a connection to open this e-book."
                : "The e-book could not be opened.",
          });
      },
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  useEffect(() => {
    if (state.status !== "ready") return;
    const shop = document.title.split(" | ").slice(1).join(" | ");
    document.title = shop ? `${state.info.title} | ${shop}` : state.info.title;
  }, [state]);

  if (
    state.status === "ready" &&
    (state.info.access === "preview" ? state.info.demoPages : [state.info.pageCount]).some((n) => n > 0)
  )
    return <Reader info={state.info} />;
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <ReaderBar backTo={id === null ? "/ebook" : `/ebook/${id}`} backLabel="Back" title="Reader" />
      <main id="main" className="flex flex-1 items-center justify-center p-6 text-center">
        {state.status === "loading" ? (
          <p role="status" className="text-slate-700">
            Opening the e-book…
          </p>
        ) : state.status === "ready" ? (
          <div>
            <h1 className="text-xl font-bold text-slate-900">This e-book has no pages to read yet</h1>
            <Link to={`/ebook/${state.info.id}`} className={buttonClass("primary", "mt-6")}>
              Back to the e-book
            </Link>
          </div>
        ) : state.status === "missing" ? (
          <div>
            <h1 className="text-xl font-bold text-slate-900">This e-book does not exist</h1>
            <Link to="/ebook" className={buttonClass("primary", "mt-6")}>
              Browse e-books
            </Link>
          </div>
        ) : (
          <div role="alert">
            <h1 className="text-xl font-bold text-slate-900">{state.message}</h1>
            <button
              type="button"
              className={buttonClass("primary", "mt-6")}
              onClick={() => setAttempt((n) => n + 1)}
            >
              Retry
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
  children?: React.ReactNode;
}) {
  return (
    <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-1">
      <Link to={backTo} className={buttonClass("ghost", "shrink-0 px-2")}>
        <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        <span className="sr-only sm:not-sr-only">{backLabel}</span>
      </Link>
      <p className="min-w-0 flex-1 truncate font-semibold text-slate-900">{title}</p>
      {children}
    </header>
  );
}

function Reader({ info }: { info: ReaderInfo }) {
  const full = info.access !== "preview";
  /** The pages this reader may turn through, in order. */
  const pages = useMemo(
    () => (full ? Array.from({ length: info.pageCount }, (_, i) => i + 1) : info.demoPages),
    [full, info.pageCount, info.demoPages],
  );
  const first =
    full && info.progress && pages.includes(info.progress.page) ? info.progress.page : (pages[0] ?? 1);
  const [index, setIndex] = useState(Math.max(0, pages.indexOf(first)));
  /** In the preview, one step past the last demo page is the "Buy to read the rest" panel. */
  const atEnd = index >= pages.length;
  const pageNo = pages[Math.min(index, pages.length - 1)] ?? 1;
  const [zoom, setZoom] = useState<Zoom>({ mode: "width" });
  const [showList, setShowList] = useState(false);
  const [jumpMessage, setJumpMessage] = useState("");
  const lastIndex = full ? pages.length - 1 : pages.length;

  useEffect(() => {
    if (window.matchMedia("(min-width: 768px)").matches) setZoom({ mode: "page" });
  }, []);

  const go = useCallback(
    (to: number) => setIndex((i) => Math.max(0, Math.min(lastIndex, typeof to === "number" ? to : i))),
    [lastIndex],
  );
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
  const saved = useRef(full ? (info.progress?.page ?? null) : null);
  useEffect(() => {
    if (!full || atEnd || saved.current === pageNo) return;
    const timer = window.setTimeout(() => {
      api("PUT", ebookProgressApiPath(info.id), { page: pageNo }).then(
        () => {
          saved.current = pageNo;
        },
        () => {
          // Not saved (offline, signed out elsewhere): the next turn tries again.
        },
      );
    }, SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [full, atEnd, pageNo, info.id]);

  // The next two pages are fetched ahead, so turning shows them at once.
  useEffect(() => {
    if (atEnd) return;
    prefetchReaderPages(info.id, pages.slice(index + 1, index + 3));
  }, [info.id, pages, index, atEnd]);

  const onJump = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = new FormData(e.currentTarget).get("page");
    const n = Number(raw);
    const at = Number.isInteger(n) ? pages.indexOf(n) : -1;
    if (at >= 0) {
      setJumpMessage("");
      go(at);
    } else if (!full && Number.isInteger(n) && n >= 1 && n <= info.pageCount) {
      setJumpMessage(`Page ${n} is not in the free preview.`);
    } else {
      setJumpMessage(`Choose a page from 1 to ${full ? info.pageCount : pages.join(", ")}.`);
    }
  };

  const backTo = full && info.access === "owner" ? "/ebook/library" : `/ebook/${info.id}`;
  const position = atEnd ? "End of the free preview" : `Page ${pageNo} of ${info.pageCount}`;
  // Phones have no room for the header's "Free preview" badge: the footer says it instead.
  const previewNote = !full && !atEnd ? <span className="sm:hidden">Free preview · </span> : null;

  return (
    <div className="flex h-dvh flex-col bg-slate-200">
      <ReaderBar
        backTo={backTo}
        backLabel={backTo === "/ebook/library" ? "My e-books" : "Back"}
        title={info.title}
      >
        {!full ? (
          <span className="hidden shrink-0 rounded bg-brand-50 px-2 py-1 text-xs font-semibold text-brand-900 sm:inline">
            Free preview
          </span>
        ) : null}
        <ZoomControls zoom={zoom} setZoom={setZoom} />
      </ReaderBar>
      <main id="main" className="relative min-h-0 flex-1">
        <h1 className="sr-only">{info.title}</h1>
        {atEnd ? (
          <BuyPanel id={info.id} pageCount={info.pageCount} />
        ) : (
          <PageView ebookId={info.id} pageNo={pageNo} zoom={zoom} onNext={next} onPrev={prev} />
        )}
      </main>
      {showList ? (
        <nav aria-label="Pages" className="max-h-40 overflow-y-auto border-t border-slate-200 bg-white p-2">
          <ul className="flex flex-wrap gap-1">
            {pages.map((p, i) => (
              <li key={p}>
                <button
                  type="button"
                  aria-current={i === index ? "page" : undefined}
                  aria-label={`Page ${p}`}
                  onClick={() => go(i)}
                  className={cn(
                    "min-h-11 min-w-11 rounded-md border px-2 text-sm font-semibold",
                    i === index
                      ? "border-brand-700 bg-brand-700 text-white"
                      : "border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
                  )}
                >
                  {p}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-white px-2 py-1">
        <div className="flex w-full items-center gap-2 sm:mx-auto sm:w-auto sm:min-w-80 sm:flex-1 md:max-w-lg">
          <button
            type="button"
            className={buttonClass("secondary", "px-3")}
            onClick={prev}
            disabled={index === 0}
            aria-label="Previous page"
          >
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <p aria-live="polite" className="min-w-0 flex-1 text-center text-sm font-semibold text-slate-900">
            {previewNote}
            {position}
          </p>
          <button
            type="button"
            className={buttonClass("secondary", "px-3")}
            onClick={next}
            disabled={index >= lastIndex}
            aria-label="Next page"
          >
            <ChevronLeft aria-hidden="true" className="h-5 w-5 rotate-180" />
          </button>
        </div>
        <div className="flex w-full items-center justify-center gap-2 sm:w-auto">
          <form onSubmit={onJump} className="flex items-center gap-1">
            <label htmlFor="reader-jump" className="text-sm text-slate-700">
              Go to page
            </label>
            <input
              id="reader-jump"
              name="page"
              type="number"
              inputMode="numeric"
              min={1}
              max={info.pageCount}
              className="min-h-11 w-20 rounded-md border border-slate-300 px-2"
            />
            <button type="submit" className={buttonClass("secondary", "px-3")}>
              Go
            </button>
          </form>
          <button
            type="button"
            className={buttonClass("ghost", "px-3")}
            aria-expanded={showList}
            onClick={() => setShowList((v) => !v)}
          >
            <List aria-hidden="true" className="h-5 w-5" />
            Pages
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

function ZoomControls({ zoom, setZoom }: { zoom: Zoom; setZoom: (z: Zoom) => void }) {
  const current = useRef(1);
  // The scale now on screen, reported by PageView through a data attribute, so + and − start there.
  const step = (factor: number) => {
    const shown = Number(
      document.querySelector<HTMLCanvasElement>("[data-reader-scale]")?.dataset.readerScale,
    );
    const base =
      zoom.mode === "scale" ? zoom.scale : Number.isFinite(shown) && shown > 0 ? shown : current.current;
    const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, base * factor));
    current.current = scale;
    setZoom({ mode: "scale", scale });
  };
  const btn = (active: boolean) => buttonClass(active ? "secondary" : "ghost", "min-w-11 px-2");
  return (
    <fieldset className="flex shrink-0 items-center border-0 p-0">
      <legend className="sr-only">Zoom</legend>
      <button type="button" className={btn(false)} onClick={() => step(1 / ZOOM_STEP)} aria-label="Zoom out">
        <ZoomOut aria-hidden="true" className="h-5 w-5" />
      </button>
      <button type="button" className={btn(false)} onClick={() => step(ZOOM_STEP)} aria-label="Zoom in">
        <ZoomIn aria-hidden="true" className="h-5 w-5" />
      </button>
      <button
        type="button"
        className={btn(zoom.mode === "width")}
        aria-pressed={zoom.mode === "width"}
        onClick={() => setZoom({ mode: "width" })}
        aria-label="Fit width"
      >
        <MoveHorizontal aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        className={btn(zoom.mode === "page")}
        aria-pressed={zoom.mode === "page"}
        onClick={() => setZoom({ mode: "page" })}
        aria-label="Fit page"
      >
        <Maximize aria-hidden="true" className="h-4 w-4" />
      </button>
    </fieldset>
  );
}

function PageView({
  ebookId,
  pageNo,
  zoom,
  onNext,
  onPrev,
}: {
  ebookId: number;
  pageNo: number;
  zoom: Zoom;
  onNext: () => void;
  onPrev: () => void;
}) {
  const stage = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [box, setBox] = useState<{ w: number; h: number } | null>(null);
  const [state, setState] = useState<PageState>({ status: "loading" });
  /** The page last drawn completely (a cached page is "ready" before it is drawn). */
  const [drawn, setDrawn] = useState(0);
  const [attempt, setAttempt] = useState(0);

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
    loadReaderPage(ebookId, pageNo).then(
      (page) => live && setState({ status: "ready", page, pageNo }),
      (e: unknown) =>
        live &&
        setState({ status: "failed", offline: offline() || (e instanceof PageLoadError && e.offline) }),
    );
    return () => {
      live = false;
    };
  }, [ebookId, pageNo, attempt]);

  // Draws the page at the zoom's CSS size times the screen's pixel ratio, so text stays sharp.
  useEffect(() => {
    if (state.status !== "ready" || !box || !canvas.current) return;
    const page = state.page;
    const el = canvas.current;
    const base = page.getViewport({ scale: 1 });
    const pad = 16;
    const fitW = Math.max(0.1, (box.w - pad) / base.width);
    const fitH = Math.max(0.1, (box.h - pad) / base.height);
    const scale = zoom.mode === "width" ? fitW : zoom.mode === "page" ? Math.min(fitW, fitH) : zoom.scale;
    const ratio = Math.min(window.devicePixelRatio || 1, 3);
    const viewport = page.getViewport({ scale: scale * ratio });
    el.width = Math.floor(viewport.width);
    el.height = Math.floor(viewport.height);
    el.style.width = `${Math.floor(viewport.width / ratio)}px`;
    el.style.height = `${Math.floor(viewport.height / ratio)}px`;
    el.dataset.readerScale = String(scale);
    let task: RenderTask | null = page.render({ canvas: el, viewport });
    task.promise.then(
      () => {
        task = null;
        setDrawn(state.pageNo);
        if (!performance.getEntriesByName("reader:first-page").length) performance.mark("reader:first-page");
      },
      () => {
        task = null; // cancelled by a newer draw
      },
    );
    return () => task?.cancel();
  }, [state, box, zoom]);

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
    touch.current = t ? { x: t.clientX, y: t.clientY, multi: e.touches.length > 1 } : null;
  };
  const onTouchEnd = (e: React.TouchEvent<HTMLDivElement>) => {
    const start = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!start || !t || start.multi || e.touches.length > 0) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    const el = e.currentTarget;
    // A page zoomed wider than the screen scrolls sideways instead of turning.
    if (el.scrollWidth > el.clientWidth + 1) return;
    if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > 2 * Math.abs(dy)) {
      swiped.current = true;
      window.setTimeout(() => {
        swiped.current = false;
      }, 400);
      if (dx < 0) onNext();
      else onPrev();
    }
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: tap zones repeat the Previous/Next buttons and the arrow keys
    <div
      ref={stage}
      className="absolute inset-0 overflow-auto"
      onClick={onClick}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="flex min-h-full min-w-full items-center justify-center p-2">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`Page ${pageNo}`}
          data-page={state.status === "ready" ? pageNo : undefined}
          data-drawn={state.status === "ready" && drawn === pageNo ? "true" : undefined}
          className={cn("bg-white shadow", state.status !== "ready" && "hidden")}
        />
      </div>
      {state.status === "loading" ? (
        <p role="status" className="absolute inset-x-0 top-4 mx-auto w-fit rounded bg-white px-3 py-2 shadow">
          Loading page {pageNo}…
        </p>
      ) : state.status === "failed" ? (
        <div
          role="alert"
          className="absolute inset-x-4 top-8 mx-auto max-w-sm rounded-lg bg-white p-4 text-center shadow"
        >
          <p className="font-semibold text-slate-900">
            {state.offline
              ? `You are offline. Page ${pageNo} needs a connection.`
              : `Page ${pageNo} could not be loaded.`}
          </p>
          <button
            type="button"
            className={buttonClass("primary", "mt-4")}
            onClick={(e) => {
              e.stopPropagation();
              setAttempt((n) => n + 1);
            }}
          >
            Retry
          </button>
        </div>
      ) : null}
    </div>
  );
}

function BuyPanel({ id, pageCount }: { id: number; pageCount: number }) {
  return (
    <div className="flex h-full items-center justify-center p-4">
      <section aria-labelledby="buy-rest" className="max-w-sm rounded-lg bg-white p-6 text-center shadow">
        <h2 id="buy-rest" className="text-xl font-bold text-slate-900">
          Buy to read the rest
        </h2>
        <p className="mt-2 text-slate-700">
          That was the free preview. Buy the e-book to read all {pageCount} pages on any phone or computer.
        </p>
        <Link to={`/ebook/${id}`} className={buttonClass("primary", "mt-6")}>
          Buy the e-book
        </Link>
      </section>
    </div>
  );
}
