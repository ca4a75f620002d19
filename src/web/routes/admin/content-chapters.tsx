import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useRef, useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import {
  type AdminChapter,
  type AdminCourseChapters,
  CHAPTER_TEXT_MAX,
  type ChapterFormValues,
  chapterEditSchema,
} from "../../../contracts/admin-chapters";
import { idField } from "../../../contracts/paging";
import { parseVideoUrl } from "../../../contracts/video";
import { useAdminForm } from "../../components/admin/admin-form";
import { useMutation } from "../../components/admin/mutation";
import { PdfUpload } from "../../components/admin/pdf-upload";
import { PageHeading } from "../../components/page-heading";
import { Button, buttonClass } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { FormMessage, TextAreaField, TextField } from "../../components/ui/field";
import { useFormat, useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/content-chapters";
import { loadCourseChapters } from "./content-chapters.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Chapters") }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idField.safeParse(params.id);
  if (!id.success) throw data("No such course", { status: 404 });
  return loadCourseChapters(context, id.data);
}

const KIND_LABELS: Record<AdminChapter["kind"], string> = {
  video: /*i18n*/ "Video",
  pdf: /*i18n*/ "PDF",
  text: /*i18n*/ "Text",
};

/** What a PDF chapter's file is, in words of the page's language. */
function useFileState() {
  const { i18n } = useLingui();
  const { number } = useFormat();
  return (c: Pick<AdminChapter, "file">): string => {
    if (!c.file) return i18n._("No file yet");
    return c.file.pageCount === 1
      ? i18n._("1 page")
      : i18n._("{count} pages", { count: number(c.file.pageCount) });
  };
}

const SAVE_FAILED = /*i18n*/ "The new order was not saved";
const ORDER_CHANGED = /*i18n*/ "This course was changed meanwhile: its chapters are shown as they are now";

/**
 * The chapters in the order shown, saved at once after every move. Moves are sent one after
 * another, each with the course's version the previous one answered, so quick moves never race
 * each other; a refused move puts back the order the server last confirmed (a 409: the order a
 * colleague saved) and says so.
 */
function useChapterOrder(courseId: number, loaded: AdminCourseChapters) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const [chapters, setChapters] = useState(loaded.chapters);
  const confirmed = useRef(loaded.chapters);
  const version = useRef(loaded.course.version);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);
  const [status, setStatus] = useState("");

  useEffect(() => {
    // The loader read again (after an add, an edit, a delete): the truth, unless moves are still
    // being sent or it was read before the last move was saved (the course's version only grows).
    if (pending.current > 0 || loaded.course.version < version.current) return;
    setChapters(loaded.chapters);
    confirmed.current = loaded.chapters;
    version.current = loaded.course.version;
  }, [loaded]);

  function accept(list: AdminCourseChapters) {
    confirmed.current = list.chapters;
    version.current = list.course.version;
  }

  function move(next: AdminChapter[], announce: string) {
    setChapters(next);
    setStatus(announce);
    pending.current += 1;
    const ids = next.map((c) => c.id);
    queue.current = queue.current.then(async () => {
      try {
        const answer = await api<AdminCourseChapters>(
          "PUT",
          `/api/admin/content/${courseId}/chapters/order`,
          {
            chapterIds: ids,
            version: version.current,
          },
        );
        if (answer.data) accept(answer.data);
        setStatus(i18n._("{announce} Saved.", { announce }));
      } catch (err) {
        const stale = err instanceof ApiError && err.statusCode === 409 && err.data;
        if (stale) accept(err.data as AdminCourseChapters);
        setChapters(confirmed.current);
        const title = i18n._(stale ? ORDER_CHANGED : SAVE_FAILED);
        // The toast says it (and is read out): the status line does not repeat it.
        setStatus("");
        toast({
          variant: "destructive",
          title,
          description: stale ? undefined : err instanceof ApiError ? err.message : undefined,
        });
      } finally {
        pending.current -= 1;
        if (pending.current === 0) void revalidator.revalidate();
      }
    });
  }
  return { chapters, move, status };
}

export default function ChaptersPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const { course } = loaderData;
  const { chapters, move, status } = useChapterOrder(course.id, loaderData);
  const [editing, setEditing] = useState<AdminChapter | "new" | null>(null);
  const mutation = useMutation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const n = chapters.length;
  const titleOf = (id: UniqueIdentifier) => chapters.find((c) => c.id === id)?.title ?? i18n._("The chapter");
  const positionOf = (id: UniqueIdentifier) => chapters.findIndex((c) => c.id === id) + 1;
  const place = (id: UniqueIdentifier) => ({
    title: titleOf(id),
    position: number(positionOf(id)),
    count: number(n),
  });
  // dnd-kit reports "over" at once on pick-up (over itself): only a change of place is read out.
  const overId = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      overId.current = active.id;
      return i18n._(
        "Picked up {title}, chapter {position} of {count}. Use the arrow keys to move it, Space to drop it, Escape to cancel.",
        place(active.id),
      );
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === overId.current) return undefined;
      overId.current = over.id;
      return i18n._("{title} is over position {position} of {count}.", {
        title: titleOf(active.id),
        position: number(positionOf(over.id)),
        count: number(n),
      });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? i18n._("{title} dropped at position {position} of {count}.", {
            title: titleOf(active.id),
            position: number(positionOf(over.id)),
            count: number(n),
          })
        : i18n._("{title} dropped where it was.", { title: titleOf(active.id) }),
    onDragCancel: ({ active }) =>
      i18n._("Moving cancelled. {title} stays at position {position} of {count}.", place(active.id)),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = positionOf(active.id) - 1;
    const to = positionOf(over.id) - 1;
    move(
      arrayMove(chapters, from, to),
      i18n._("{title} moved to position {position} of {count}.", {
        title: titleOf(active.id),
        position: number(to + 1),
        count: number(n),
      }),
    );
  }

  function step(index: number, by: -1 | 1) {
    const to = index + by;
    if (to < 0 || to >= n) return;
    move(
      arrayMove(chapters, index, to),
      i18n._("{title} moved to position {position} of {count}.", {
        title: chapters[index]!.title,
        position: number(to + 1),
        count: number(n),
      }),
    );
  }

  function remove(c: AdminChapter) {
    void mutation.run({
      method: "DELETE",
      path: `/api/admin/content/${course.id}/chapters/${c.id}`,
      body: { version: c.version },
      confirm: {
        title: i18n._('Delete "{title}"?', { title: c.title }),
        description: i18n._(
          "The chapter leaves the course at once, with every reader's progress on it. This cannot be undone.",
        ),
        confirmLabel: i18n._("Delete chapter"),
        destructive: true,
      },
    });
  }

  return (
    <div className="max-w-3xl">
      <PageHeading title={i18n._("Chapters")}>
        <p>
          {course.title} · {n === 1 ? i18n._("1 chapter") : i18n._("{count} chapters", { count: number(n) })}
          {course.published ? "" : ` · ${i18n._("not published")}`}
        </p>
      </PageHeading>
      <div className="mb-4 flex flex-wrap gap-2">
        <Button onClick={() => setEditing("new")}>{i18n._("Add a chapter")}</Button>
        <Link to={`/admin/content/${course.id}`} className={buttonClass("secondary")}>
          {i18n._("Course details")}
        </Link>
        <Link to={`/content/${course.id}`} className={buttonClass("ghost")}>
          {i18n._("See it in the shop")}
        </Link>
      </div>
      <p id="chapters-help" className="mb-2 text-sm text-slate-600">
        {i18n._(
          "Drag a chapter by its handle, or focus the handle and press Space, the arrow keys and Space again; or use Move up and Move down. Every move is saved at once.",
        )}
      </p>
      <p role="status" className="sr-only">
        {status}
      </p>
      {n === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          {i18n._("No chapters yet. Add the first one.")}
        </p>
      ) : (
        <DndContext
          id="course-chapters"
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable: i18n._(
                "To move a chapter, press Space. Then the up and down arrow keys move it; Space drops it in its new place and Escape cancels.",
              ),
            },
          }}
        >
          <SortableContext items={chapters.map((c) => c.id)} strategy={verticalListSortingStrategy}>
            <ol aria-label={i18n._("Chapters in course order")} className="space-y-2">
              {chapters.map((c, i) => (
                <ChapterRow
                  key={c.id}
                  chapter={c}
                  index={i}
                  count={n}
                  onStep={(by) => step(i, by)}
                  onEdit={() => setEditing(c)}
                  onDelete={() => remove(c)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {editing !== null ? (
        <ChapterDialog
          courseId={course.id}
          chapter={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function ChapterRow({
  chapter: c,
  index,
  count,
  onStep,
  onEdit,
  onDelete,
}: {
  chapter: AdminChapter;
  index: number;
  count: number;
  onStep: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const fileState = useFileState();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: c.id });
  const first = index === 0;
  const last = index === count - 1;
  return (
    <li
      ref={setNodeRef}
      id={`admin-chapter-${c.id}`}
      data-chapter-id={c.id}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        "flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-slate-200 bg-white p-3",
        isDragging && "relative z-10 shadow-lg ring-2 ring-brand-700",
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={i18n._("Move {title}, chapter {position} of {count}", {
          title: c.title,
          position: number(index + 1),
          count: number(count),
        })}
        className="inline-flex h-11 w-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700 active:cursor-grabbing"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <circle cx="7" cy="5" r="1.5" />
          <circle cx="13" cy="5" r="1.5" />
          <circle cx="7" cy="10" r="1.5" />
          <circle cx="13" cy="10" r="1.5" />
          <circle cx="7" cy="15" r="1.5" />
          <circle cx="13" cy="15" r="1.5" />
        </svg>
      </button>
      <div className="min-w-0 flex-1 basis-40">
        <p className="font-medium break-words text-slate-900">
          <span className="text-slate-600">{number(index + 1)}.</span> {c.title}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span className="rounded bg-slate-100 px-2 py-0.5">{i18n._(KIND_LABELS[c.kind])}</span>
          {c.isFree ? (
            <span className="rounded bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900">
              {i18n._("Free preview")}
            </span>
          ) : null}
          {c.kind === "pdf" ? <span>{fileState(c)}</span> : null}
        </p>
      </div>
      <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
        <Button
          variant="secondary"
          className="px-3 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          aria-disabled={first || undefined}
          aria-label={i18n._("Move up: {title}", { title: c.title })}
          onClick={() => onStep(-1)}
        >
          {i18n._("Move up")}
        </Button>
        <Button
          variant="secondary"
          className="px-3 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          aria-disabled={last || undefined}
          aria-label={i18n._("Move down: {title}", { title: c.title })}
          onClick={() => onStep(1)}
        >
          {i18n._("Move down")}
        </Button>
        <Button
          variant="secondary"
          className="px-3"
          aria-label={i18n._("Edit {name}", { name: c.title })}
          onClick={onEdit}
        >
          {i18n._("Edit")}
        </Button>
        <Button
          variant="ghost"
          className="px-3 text-red-800"
          aria-label={i18n._("Delete {name}", { name: c.title })}
          onClick={onDelete}
        >
          {i18n._("Delete")}
        </Button>
      </div>
    </li>
  );
}

/** The form values of a chapter as saved (a 409 carries one). */
function toValues(c: AdminChapter): ChapterFormValues & { version: number } {
  return { kind: c.kind, title: c.title, body: c.body, isFree: c.isFree, version: c.version };
}

const FIELD_NAMES: Record<string, string> = {
  kind: /*i18n*/ "Kind",
  title: /*i18n*/ "Title",
  body: /*i18n*/ "Content",
  isFree: /*i18n*/ "Free preview",
};

/** Adds a chapter (`chapter` null) or edits one, in a dialog. */
function ChapterDialog({
  courseId,
  chapter,
  onClose,
}: {
  courseId: number;
  chapter: AdminChapter | null;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const fileState = useFileState();
  const revalidator = useRevalidator();
  const { form, onSubmit, formError, conflict } = useAdminForm({
    schema: chapterEditSchema,
    defaultValues: (chapter
      ? toValues(chapter)
      : { kind: "text", title: "", body: "", isFree: false, version: 1 }) as never,
    toValues: toValues as never,
    savedMessage: chapter ? i18n._("Chapter saved") : i18n._("Chapter added"),
    save: async (values) => {
      const { version, ...fields } = values as ChapterFormValues & { version: number };
      const answer = chapter
        ? await api<AdminChapter>("PATCH", `/api/admin/content/${courseId}/chapters/${chapter.id}`, {
            ...fields,
            version,
          })
        : await api<AdminChapter>("POST", `/api/admin/content/${courseId}/chapters`, fields);
      await revalidator.revalidate();
      onClose();
      return answer.data;
    },
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const kind = watch("kind" as never) as unknown as ChapterFormValues["kind"];
  const body = (watch("body" as never) as unknown as string | undefined) ?? "";
  const isFree = Boolean(watch("isFree" as never));
  const error = (name: string) => {
    const message = (errors as Record<string, { message?: string } | undefined>)[name]?.message;
    return message ? i18n._(message) : undefined;
  };
  const video = kind === "video" ? parseVideoUrl(body) : null;

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={chapter ? i18n._("Edit chapter") : i18n._("Add a chapter")}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormMessage>{formError}</FormMessage>
        {conflict && conflict.fields.length > 0 ? (
          <div className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <p className="font-medium">{i18n._("What you had typed:")}</p>
            <ul className="list-disc pl-5">
              {conflict.fields.map((f) => (
                <li key={f.name} className="break-words">
                  {f.name in FIELD_NAMES ? i18n._(FIELD_NAMES[f.name]!) : f.name}:{" "}
                  {String(f.mine).slice(0, 200)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-800">{i18n._("Kind")}</legend>
          <div className="flex flex-wrap gap-2">
            {(["video", "text", "pdf"] as const).map((k) => (
              <label
                key={k}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input type="radio" value={k} {...register("kind" as never)} className="h-4 w-4" />
                {i18n._(KIND_LABELS[k])}
              </label>
            ))}
          </div>
          {error("kind") ? <p className="mt-1 text-sm text-red-700">{error("kind")}</p> : null}
        </fieldset>
        <TextField
          label={i18n._("Title")}
          maxLength={200}
          error={error("title")}
          {...register("title" as never)}
        />
        {kind === "video" ? (
          <div>
            <TextField
              label={i18n._("Video link")}
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=…"
              error={error("body")}
              hint={i18n._("A {youtube} or {vimeo} link: the course page plays only those.", {
                youtube: "YouTube",
                vimeo: "Vimeo",
              })}
              {...register("body" as never)}
            />
            <p className="mt-1 text-sm text-slate-700" aria-live="polite">
              {body.trim() === ""
                ? ""
                : video?.provider === "youtube"
                  ? i18n._("Plays from {provider} (embedded from {host})", {
                      provider: "YouTube",
                      host: "youtube-nocookie.com",
                    })
                  : video?.provider === "vimeo"
                    ? i18n._("Plays from {provider} (embedded from {host})", {
                        provider: "Vimeo",
                        host: "player.vimeo.com",
                      })
                    : i18n._("Not a {youtube} or {vimeo} link: the course page cannot play it", {
                        youtube: "YouTube",
                        vimeo: "Vimeo",
                      })}
            </p>
          </div>
        ) : null}
        {kind === "text" ? (
          <TextAreaField
            label={i18n._("Text (Markdown)")}
            rows={10}
            error={error("body")}
            hint={i18n._("Headings, lists, bold, links. {used} of {max} characters.", {
              used: number(body.length),
              max: number(CHAPTER_TEXT_MAX),
            })}
            {...register("body" as never)}
          />
        ) : null}
        {kind === "pdf" ? (
          <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
            <p className="font-medium">
              {i18n._("File: {state}", {
                state: chapter?.kind === "pdf" ? fileState(chapter) : i18n._("No file yet"),
              })}
            </p>
            {chapter?.kind === "pdf" ? (
              <div className="mt-2">
                <PdfUpload
                  url={`/api/admin/content/${courseId}/chapters/${chapter.id}/pdf?version=${chapter.version}`}
                  action={chapter.file ? i18n._("Replace PDF") : i18n._("Upload PDF")}
                  onUploaded={async () => {
                    toast({ title: i18n._("PDF saved") });
                    onClose();
                    await revalidator.revalidate();
                  }}
                />
              </div>
            ) : (
              <p className="mt-1 text-slate-600">
                {i18n._("Save the chapter first; its PDF file is added to it then.")}
              </p>
            )}
          </div>
        ) : null}
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            aria-checked={isFree}
            {...register("isFree" as never)}
            className="h-5 w-5"
          />
          <span>
            <span className="block font-medium text-slate-900">{i18n._("Free preview")}</span>
            <span className="block text-sm text-slate-600">
              {i18n._("Anyone can open it before buying the course.")}
            </span>
          </span>
        </label>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {i18n._("Cancel")}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {chapter ? i18n._("Save chapter") : i18n._("Add chapter")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
