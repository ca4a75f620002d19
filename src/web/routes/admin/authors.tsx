import { createColumnHelper } from "@tanstack/react-table";
import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import {
  type AdminAuthor,
  type AdminAuthorDetail,
  type AuthorMergeResult,
  authorEditSchema,
  authorInputSchema,
} from "../../../contracts/admin-authors";
import { imageUrl } from "../../../contracts/images";
import { AdminFormDialog, useAdminForm } from "../../components/admin/admin-form";
import { DataTable } from "../../components/admin/data-table";
import { ImageUpload } from "../../components/admin/image-upload";
import { useMutation } from "../../components/admin/mutation";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { FormMessage, TextAreaField, TextField } from "../../components/ui/field";
import { useFormat, useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { pageTitle } from "../../lib/meta";
import { useMediaBase } from "../../lib/root-data";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/authors";
import { loadAuthors } from "./authors.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Authors") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAuthors(context, request);
}

/** "1 book" / "12 books" in the page's language. */
function useBooks() {
  const { i18n } = useLingui();
  const { number } = useFormat();
  return (n: number) => (n === 1 ? i18n._("1 book") : i18n._("{count} books", { count: number(n) }));
}

/** What the page is doing above the list: adding, editing or merging an author. */
type Open =
  | { kind: "create" }
  | { kind: "edit"; author: AdminAuthorDetail }
  | { kind: "merge"; author: AdminAuthorDetail }
  | null;

/**
 * `/admin/books/authors`: the authors list, with adding and editing in a dialog (an author has five
 * fields, and the list stays where it was behind it) and merging a duplicate into another author.
 */
export default function AuthorsPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const books = useBooks();
  const { page, query, error } = loaderData;
  const [open, setOpen] = useState<Open>(null);
  const mutation = useMutation();

  /** The full record (bio, version) is read when a dialog opens: the list carries only a summary. */
  async function openWith(kind: "edit" | "merge", row: AdminAuthor) {
    try {
      const { data } = await api<AdminAuthorDetail>("GET", `/api/admin/authors/${row.id}`);
      if (data) setOpen({ kind, author: data });
    } catch (err) {
      toast({
        variant: "destructive",
        title: err instanceof ApiError ? err.message : i18n._("Something went wrong. Please try again."),
      });
    }
  }

  /** Asks to confirm, naming both authors and the books that move, then merges. */
  function merge(author: AdminAuthorDetail, into: AdminAuthor) {
    setOpen(null);
    void mutation.run<AuthorMergeResult>({
      method: "POST",
      path: `/api/admin/authors/${author.id}/merge`,
      body: { intoId: into.id, version: author.version },
      confirm: {
        title: i18n._("Merge {from} into {into}?", { from: author.name, into: into.name }),
        description: i18n._(
          author.bookCount === 1
            ? /*i18n*/ "{books} moves from {from} to {into}. {from}'s page will lead to {into}'s, and {from} is removed. This cannot be undone."
            : /*i18n*/ "{books} move from {from} to {into}. {from}'s page will lead to {into}'s, and {from} is removed. This cannot be undone.",
          { books: books(author.bookCount), from: author.name, into: into.name },
        ),
        confirmLabel: i18n._("Merge authors"),
        destructive: true,
      },
    });
  }

  // Rebuilt each render: the row actions read the page's latest state.
  const col = createColumnHelper<AdminAuthor>();
  const columns = [
    col.accessor("name", {
      header: /*i18n*/ "Name",
      meta: { sort: "name", cardTitle: true },
      cell: ({ row }) => (
        <span className="flex items-center gap-3">
          <AuthorPhoto author={row.original} size={40} />
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">{row.original.name}</span>
            {row.original.nameBn ? (
              <span lang="bn" className="block text-slate-700">
                {row.original.nameBn}
              </span>
            ) : null}
          </span>
        </span>
      ),
    }),
    col.accessor("slug", {
      header: /*i18n*/ "Page",
      cell: ({ getValue }) => (
        <a href={`/author/${getValue()}`} className="break-all text-brand-800 underline">
          /author/{getValue()}
        </a>
      ),
    }),
    col.accessor("bookCount", {
      header: /*i18n*/ "Books",
      meta: { sort: "books", numeric: true },
      cell: ({ getValue }) => number(getValue()),
    }),
    col.display({
      id: "actions",
      header: /*i18n*/ "Actions",
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            className="min-h-9 px-3"
            aria-label={i18n._("Edit {name}", { name: row.original.name })}
            onClick={() => openWith("edit", row.original)}
          >
            {i18n._("Edit")}
          </Button>
          <Button
            variant="secondary"
            className="min-h-9 px-3"
            aria-label={i18n._("Merge {name} into another author", { name: row.original.name })}
            onClick={() => openWith("merge", row.original)}
          >
            {i18n._("Merge into…")}
          </Button>
          {row.original.bookCount === 0 ? (
            <Button
              variant="ghost"
              className="min-h-9 px-3 text-red-800"
              aria-label={i18n._("Delete {name}", { name: row.original.name })}
              disabled={mutation.pending}
              onClick={() =>
                mutation.run({
                  method: "DELETE",
                  path: `/api/admin/authors/${row.original.id}`,
                  confirm: {
                    title: i18n._("Delete {name}?", { name: row.original.name }),
                    description: i18n._("The author has no books. Their page will be gone."),
                    confirmLabel: i18n._("Delete author"),
                    destructive: true,
                  },
                })
              }
            >
              {i18n._("Delete")}
            </Button>
          ) : null}
        </span>
      ),
    }),
  ];

  return (
    <div>
      <PageHeading title={i18n._("Authors")}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>{i18n._("Every author of the shop's books, with their page, photo and biography.")}</p>
          <Button onClick={() => setOpen({ kind: "create" })}>{i18n._("New author")}</Button>
        </div>
      </PageHeading>
      <DataTable
        label={i18n._("Authors")}
        columns={columns}
        page={page}
        sort={query?.sort ?? "name"}
        getRowId={(a) => a.id}
        searchLabel={i18n._("Search name, Bangla name or page address")}
        emptyMessage={
          query?.q ? i18n._("No author matches “{query}”.", { query: query.q }) : i18n._("No authors yet.")
        }
        error={error}
      />
      {open?.kind === "create" || open?.kind === "edit" ? (
        <AuthorDialog author={open.kind === "edit" ? open.author : null} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === "merge" ? (
        <MergeDialog
          author={open.author}
          onMerge={(into) => merge(open.author, into)}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}

const PHOTO_SIZES = { 32: "h-8 w-8 text-sm", 40: "h-10 w-10", 64: "h-16 w-16 text-2xl" } as const;

function AuthorPhoto({
  author,
  size,
}: {
  author: Pick<AdminAuthor, "name" | "photo">;
  size: keyof typeof PHOTO_SIZES;
}) {
  const mediaBase = useMediaBase();
  return author.photo ? (
    <img
      src={imageUrl(mediaBase, author.photo, 160)}
      alt=""
      width={size}
      height={size}
      className={`${PHOTO_SIZES[size]} shrink-0 rounded-full bg-slate-100 object-cover`}
    />
  ) : (
    <span
      aria-hidden="true"
      className={`${PHOTO_SIZES[size]} flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white`}
    >
      {author.name.slice(0, 1)}
    </span>
  );
}

const toValues = (a: AdminAuthorDetail) => ({
  name: a.name,
  nameBn: a.nameBn ?? "",
  slug: a.slug,
  bio: a.bio,
  photo: a.photo,
  version: a.version,
});

/** Adding (no author) or editing an author, in a dialog. */
function AuthorDialog({ author, onClose }: { author: AdminAuthorDetail | null; onClose: () => void }) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const editing = author !== null;
  const { form, onSubmit, formError, conflict } = useAdminForm({
    schema: editing ? authorEditSchema : authorInputSchema,
    defaultValues: author ? toValues(author) : { name: "", nameBn: "", slug: "", bio: "", photo: null },
    toValues,
    savedMessage: editing ? i18n._("Author saved") : i18n._("Author added"),
    save: async (values) => {
      const answer = editing
        ? await api<AdminAuthorDetail>("PATCH", `/api/admin/authors/${author.id}`, values)
        : await api<AdminAuthorDetail>("POST", "/api/admin/authors", values);
      await revalidator.revalidate();
      onClose();
      return answer.data;
    },
  });
  const { register, formState, watch, setValue } = form;
  const fieldErrors = formState.errors as Record<string, { message?: string } | undefined>;
  const err = (name: string) => {
    const message = fieldErrors[name]?.message;
    return message ? i18n._(message) : undefined;
  };
  const photo = watch("photo") as string | null | undefined;
  const name = watch("name") as string;

  return (
    <AdminFormDialog
      title={editing ? i18n._("Edit {name}", { name: author.name }) : i18n._("New author")}
      what={i18n._("this author")}
      form={form}
      onSubmit={onSubmit}
      formError={formError}
      conflict={conflict}
      submitLabel={editing ? i18n._("Save author") : i18n._("Add author")}
      onClose={onClose}
    >
      <TextField label={i18n._("Name")} autoComplete="off" error={err("name")} {...register("name")} />
      <TextField
        label={i18n._("Bangla name (optional)")}
        lang="bn"
        autoComplete="off"
        error={err("nameBn")}
        {...register("nameBn")}
      />
      <TextField
        label={i18n._("Page address (optional)")}
        autoComplete="off"
        spellCheck={false}
        hint={
          editing
            ? i18n._(
                "The author's page is {path} followed by this. If you change it, the old address keeps working.",
                { path: "/author/" },
              )
            : i18n._("Left empty, it is made from the name.")
        }
        error={err("slug")}
        {...register("slug")}
      />
      <TextAreaField
        label={i18n._("Biography (optional)")}
        rows={5}
        hint={i18n._(
          "Plain text, shown on the author's page. A blank line starts a new paragraph. At most 5,000 characters.",
        )}
        error={err("bio")}
        {...register("bio")}
      />
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-800">{i18n._("Photo")}</legend>
        <div className="flex flex-wrap items-center gap-3">
          <AuthorPhoto author={{ name: name || "?", photo: photo ?? null }} size={64} />
          <ImageUpload
            label={photo ? i18n._("Replace photo") : i18n._("Upload a photo")}
            value={photo}
            crop="square"
            onChange={(key) => setValue("photo", key, { shouldDirty: true })}
          />
          {photo ? (
            <Button
              variant="secondary"
              className="min-h-9 px-3"
              onClick={() => setValue("photo", null, { shouldDirty: true })}
            >
              {i18n._("Remove photo")}
            </Button>
          ) : (
            <span className="text-sm text-slate-600">{i18n._("No photo")}</span>
          )}
        </div>
        {err("photo") ? <p className="mt-1 text-sm text-red-700">{err("photo")}</p> : null}
      </fieldset>
    </AdminFormDialog>
  );
}

/**
 * "Merge into…": the other authors, searched as the staff member types; choosing one and going on
 * asks to confirm, naming both authors and the number of books that move.
 */
function MergeDialog({
  author,
  onMerge,
  onClose,
}: {
  author: AdminAuthorDetail;
  onMerge: (into: AdminAuthor) => void;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const books = useBooks();
  const searchId = useId();
  const [q, setQ] = useState("");
  const [found, setFound] = useState<AdminAuthor[] | null>(null);
  const [failed, setFailed] = useState("");
  const [chosen, setChosen] = useState<AdminAuthor | null>(null);
  const asked = useRef(0);

  useEffect(() => {
    const ticket = ++asked.current;
    const timer = setTimeout(async () => {
      try {
        const params = new URLSearchParams({ q: q.trim(), limit: "11", sort: "-books" });
        const { data } = await api<{ items: AdminAuthor[] }>("GET", `/api/admin/authors?${params}`);
        if (ticket !== asked.current) return;
        setFound((data?.items ?? []).filter((a) => a.id !== author.id).slice(0, 10));
        setFailed("");
      } catch (err) {
        if (ticket !== asked.current) return;
        setFailed(
          err instanceof ApiError ? err.message : i18n._("The authors could not be read. Try again."),
        );
      }
    }, 250);
    return () => clearTimeout(timer);
  }, [q, author.id, i18n]);

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={i18n._("Merge {name} into…", { name: author.name })}
      description={i18n._("Choose the author to keep. {books} will move to them.", {
        books: books(author.bookCount),
      })}
    >
      <div className="space-y-3">
        <div>
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-800">
            {i18n._("Search authors")}
          </label>
          <input
            id={searchId}
            type="search"
            value={q}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => {
              setQ(e.target.value);
              setChosen(null);
            }}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3"
          />
        </div>
        {failed ? <FormMessage>{failed}</FormMessage> : null}
        <fieldset>
          <legend className="sr-only">{i18n._("Author to keep")}</legend>
          {found === null ? (
            <p className="text-sm text-slate-600">{i18n._("Loading…")}</p>
          ) : found.length === 0 ? (
            <p className="text-sm text-slate-600">{i18n._("No other author matches.")}</p>
          ) : (
            <ul className="max-h-72 space-y-1 overflow-y-auto">
              {found.map((a) => (
                <li key={a.id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50">
                    <input
                      type="radio"
                      name="into"
                      className="h-5 w-5 shrink-0"
                      checked={chosen?.id === a.id}
                      onChange={() => setChosen(a)}
                    />
                    <AuthorPhoto author={a} size={32} />
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium break-words">{a.name}</span>
                      <span className="block text-sm text-slate-600">
                        {a.nameBn ? <span lang="bn">{a.nameBn} · </span> : null}
                        {books(a.bookCount)}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {i18n._("Cancel")}
          </Button>
          <Button variant="destructive" disabled={!chosen} onClick={() => chosen && onMerge(chosen)}>
            {chosen ? i18n._("Merge into {name}", { name: chosen.name }) : i18n._("Merge")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
