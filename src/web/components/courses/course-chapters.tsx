import { Check, FileText, Lock, PlayCircle, ScrollText } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { ChapterKind } from "../../../contracts/catalog";
import type {
  ChapterContent,
  CourseChapter,
  CourseChapters,
  CourseProgress,
} from "../../../contracts/courses";
import { chapterDoneApiPath } from "../../../contracts/library";
import { useFormat, useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { MarkdownHtml } from "../markdown-html";
import { Button, buttonClass } from "../ui/button";

const KIND: Record<ChapterKind, { label: string; Icon: typeof FileText }> = {
  video: { label: /*i18n*/ "Video", Icon: PlayCircle },
  pdf: { label: /*i18n*/ "PDF", Icon: FileText },
  text: { label: /*i18n*/ "Text", Icon: ScrollText },
};

/** Chapters done (as the reader sees them, saves still on their way included) and the way to change them. */
export type ChapterDone = {
  /** Null for a caller whose chapters are not kept (not an owner or staff). */
  progress: CourseProgress | null;
  isDone: (chapterId: number) => boolean;
  isSaving: (chapterId: number) => boolean;
  toggle: (chapterId: number) => void;
};

/**
 * A course's chapters done, changed at once on a tap and saved behind it: a save that fails puts
 * the chapter back as it was and says so. Counts are worked out from the chapters shown, so the
 * summary and the list always agree.
 */
export function useChapterDone(course: CourseChapters): ChapterDone {
  const [changed, setChanged] = useState<Record<number, boolean>>({});
  const [saving, setSaving] = useState<ReadonlySet<number>>(() => new Set());
  const tracked = course.progress !== null;
  const { i18n } = useLingui();
  const isDone = (id: number) => changed[id] ?? course.chapters.find((c) => c.id === id)?.done ?? false;
  const progress: CourseProgress | null = tracked
    ? {
        doneCount: course.chapters.filter((c) => isDone(c.id)).length,
        total: course.chapters.length,
        resumeChapterId: course.chapters.find((c) => !isDone(c.id))?.id ?? null,
      }
    : null;

  function toggle(chapterId: number) {
    if (!tracked || saving.has(chapterId)) return;
    const next = !isDone(chapterId);
    setChanged((m) => ({ ...m, [chapterId]: next }));
    setSaving((s) => new Set(s).add(chapterId));
    api<CourseProgress>("PUT", chapterDoneApiPath(course.id, chapterId), { done: next })
      .catch((err: unknown) => {
        setChanged((m) => ({ ...m, [chapterId]: !next }));
        toast({
          variant: "destructive",
          title: i18n._("Could not save"),
          description: err instanceof Error ? i18n._(err.message) : i18n._("Please try again."),
        });
      })
      .finally(() =>
        setSaving((s) => {
          const left = new Set(s);
          left.delete(chapterId);
          return left;
        }),
      );
  }

  return { progress, isDone, isSaving: (id) => saving.has(id), toggle };
}

/** A video shown as a light button; the player (a third party) is framed only after a tap. */
function VideoChapter({
  content,
  title,
}: {
  content: Extract<ChapterContent, { kind: "video" }>;
  title: string;
}) {
  const [playing, setPlaying] = useState(false);
  const { i18n } = useLingui();
  if (!content.embedUrl) {
    return content.url ? (
      <a
        href={content.url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
      >
        {i18n._("Watch the video")}
        <span className="sr-only">: {i18n._("{title} (opens in a new tab)", { title })}</span>
      </a>
    ) : (
      <p className="text-slate-700">{i18n._("This video is not available yet.")}</p>
    );
  }
  const src = `${content.embedUrl}${content.embedUrl.includes("?") ? "&" : "?"}autoplay=1`;
  return (
    <div className="aspect-video w-full overflow-hidden rounded-md bg-slate-900">
      {playing ? (
        <iframe
          src={src}
          title={i18n._("{title} (video)", { title })}
          className="h-full w-full"
          loading="lazy"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="flex h-full w-full flex-col items-center justify-center gap-2 text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white"
        >
          <PlayCircle aria-hidden="true" className="h-14 w-14" />
          <span className="text-base font-semibold">
            {i18n._("Play video")}
            <span className="sr-only">
              : <span translate="no">{title}</span>
            </span>
          </span>
          <span className="text-xs text-slate-300">
            {content.provider === "vimeo" ? i18n._("Plays from Vimeo") : i18n._("Plays from YouTube")}
          </span>
        </button>
      )}
    </div>
  );
}

/** What an open chapter shows. */
function ChapterBody({ chapter, content }: { chapter: CourseChapter; content: ChapterContent }) {
  const { i18n } = useLingui();
  if (content.kind === "text") {
    return <MarkdownHtml html={content.html} />;
  }
  if (content.kind === "video") return <VideoChapter content={content} title={chapter.title} />;
  return (
    <div>
      <p className="text-slate-700">{i18n._("Read this chapter's PDF in the reader, page by page.")}</p>
      <Link to={content.readUrl} className={buttonClass("primary", "mt-3")}>
        <FileText aria-hidden="true" className="h-4 w-4" />
        {i18n._("Open in the reader")}
        <span className="sr-only">
          : <span translate="no">{chapter.title}</span>
        </span>
      </Link>
    </div>
  );
}

function DoneToggle({ chapter, done }: { chapter: CourseChapter; done: ChapterDone }) {
  const isDone = done.isDone(chapter.id);
  const { i18n } = useLingui();
  return (
    <Button
      variant={isDone ? "secondary" : "primary"}
      aria-pressed={isDone}
      disabled={done.isSaving(chapter.id)}
      aria-busy={done.isSaving(chapter.id) || undefined}
      onClick={() => done.toggle(chapter.id)}
      className="mt-4"
    >
      {isDone ? (
        <>
          <Check aria-hidden="true" className="h-4 w-4 text-green-800" />
          {i18n._("Done ✓ (undo)")}
        </>
      ) : (
        i18n._("Mark as done")
      )}
      <span className="sr-only">
        : <span translate="no">{chapter.title}</span>
      </span>
    </Button>
  );
}

/**
 * The chapters in order. Each one the caller may open unfolds in place (the one asked for in the
 * address, else the one to resume, starts open); the others say how to get them.
 */
export function CourseChapterList({
  course,
  done,
  openId,
}: {
  course: CourseChapters;
  done: ChapterDone;
  /** The chapter to show open and scroll to. */
  openId: number | null;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const { i18n } = useLingui();
  const { number } = useFormat();
  useEffect(() => {
    if (openId === null) return;
    const el = listRef.current?.querySelector(`#chapter-${openId}`);
    if (el && window.location.search.includes("chapter=")) el.scrollIntoView({ block: "start" });
  }, [openId]);

  return (
    <ol ref={listRef} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {course.chapters.map((c, i) => {
        const { label, Icon } = KIND[c.kind];
        const isDone = done.progress !== null && done.isDone(c.id);
        const heading = (
          <span className="flex min-w-0 flex-1 items-start gap-3">
            <span className="mt-0.5 w-6 shrink-0 text-right font-semibold text-slate-700">
              {number(i + 1)}.
            </span>
            <span className="min-w-0 flex-1">
              <span translate="no" className="block font-semibold break-words text-slate-900">
                {c.title}
              </span>
              <span className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <span className="inline-flex items-center gap-1">
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {i18n._(label)}
                </span>
                {c.isFree && course.access === "preview" ? (
                  <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-900">
                    {i18n._("Free preview")}
                  </span>
                ) : null}
                {isDone ? (
                  <span className="inline-flex items-center gap-1 font-semibold text-green-800">
                    <Check aria-hidden="true" className="h-4 w-4" />
                    {i18n._("Done")}
                  </span>
                ) : null}
              </span>
            </span>
          </span>
        );
        return (
          <li key={c.id} id={`chapter-${c.id}`} className="scroll-mt-4">
            {c.readable && c.content ? (
              <details open={c.id === openId} className="group">
                <summary className="flex min-h-11 cursor-pointer list-none items-start gap-2 p-3 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                  {heading}
                  <span
                    aria-hidden="true"
                    className="mt-0.5 shrink-0 text-sm font-semibold text-brand-800 group-open:hidden"
                  >
                    {i18n._("Open")}
                  </span>
                  <span
                    aria-hidden="true"
                    className="mt-0.5 hidden shrink-0 text-sm font-semibold text-slate-700 group-open:inline"
                  >
                    {i18n._("Close")}
                  </span>
                </summary>
                <div className="px-3 pb-4 sm:pl-12">
                  <ChapterBody chapter={c} content={c.content} />
                  {done.progress !== null ? <DoneToggle chapter={c} done={done} /> : null}
                </div>
              </details>
            ) : (
              <div className="flex items-start gap-2 p-3">
                {heading}
                <span className="mt-0.5 inline-flex shrink-0 items-center gap-1 text-sm text-slate-700">
                  <Lock aria-hidden="true" className="h-4 w-4" />
                  <span className="sr-only">{i18n._("Locked")}</span>
                </span>
              </div>
            )}
            {!c.readable ? (
              <p className="-mt-1 pr-3 pb-3 pl-12 text-sm text-slate-700">
                {i18n._("Buy the course to open this chapter")}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
