import { createElement, useState } from "react";
import { Controller } from "react-hook-form";
import {
  AVAILABILITY_FIELDS,
  COURSE_NEEDS_CHAPTER,
  EBOOK_NEEDS_PDF,
  KIND_FIELDS,
  type ProductArea,
  productCreateSchema,
  productPatchSchema,
} from "../../../contracts/admin-products";
import type { AdminProduct } from "../../../contracts/answers/staff-catalog";
import { type ProductKind, TRACK_INFO, TRACKS } from "../../../contracts/catalog";
import { slugify } from "../../../contracts/catalog-text";
import { translateMessage, useFormat, useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { Button } from "../ui/button";
import { FormMessage, SelectField, TextAreaField, TextField } from "../ui/field";
import { type Conflict, useAdminForm } from "./admin-form";
import { confirmAction } from "./confirm";
import { ImageUpload } from "./image-upload";
import { MoneyField } from "./money-field";
import { type Picked, SearchPicker } from "./search-picker";

const COMMON = [
  "title",
  "titleBn",
  "slug",
  "description",
  "price",
  "salePrice",
  "published",
  "tracks",
  "hscYear",
  "language",
  "image",
] as const;

const FIELD_LABELS: Record<string, string> = {
  title: /*i18n*/ "Title",
  titleBn: /*i18n*/ "Bangla title",
  slug: /*i18n*/ "Address",
  description: /*i18n*/ "Description",
  price: /*i18n*/ "Price",
  salePrice: /*i18n*/ "Sale price",
  published: /*i18n*/ "Published",
  tracks: /*i18n*/ "Tracks",
  hscYear: /*i18n*/ "HSC year",
  language: /*i18n*/ "Language",
  image: /*i18n*/ "Cover",
  authorIds: /*i18n*/ "Authors",
  publisher: /*i18n*/ "Publisher",
  edition: /*i18n*/ "Edition",
  isbn: /*i18n*/ "ISBN",
  pages: /*i18n*/ "Pages",
  bookId: /*i18n*/ "Printed edition",
  items: /*i18n*/ "Items",
  brand: /*i18n*/ "Brand",
  category: /*i18n*/ "Category",
  releaseDate: /*i18n*/ "Release date",
  backorderDays: /*i18n*/ "Back-order lead time",
  outOfPrint: /*i18n*/ "Out of print",
  preorderOnlineOnly: /*i18n*/ "Pre-orders paid online only",
};

const ADD_KIND: Record<ProductKind, string> = {
  book: /*i18n*/ "Add printed book",
  ebook: /*i18n*/ "Add e-book",
  bundle: /*i18n*/ "Add bundle",
  stationary: /*i18n*/ "Add stationery item",
  content: /*i18n*/ "Add course",
};

/** The form's values of a saved product (what a 409 carries, too). */
export function productValues(p: AdminProduct) {
  return {
    title: p.title,
    titleBn: p.titleBn ?? "",
    slug: p.slug,
    description: p.description,
    price: p.price,
    salePrice: p.salePrice,
    published: p.published,
    tracks: p.tracks,
    hscYear: p.hscYear,
    language: p.language,
    image: p.image,
    authorIds: p.authorIds,
    publisher: p.publisher ?? "",
    edition: p.edition ?? "",
    isbn: p.isbn ?? "",
    pages: p.pages,
    bookId: p.bookId,
    items: p.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
    brand: p.brand ?? "",
    category: p.category ?? "",
    releaseDate: p.releaseDate ?? "",
    backorderDays: p.backorderDays,
    outOfPrint: p.outOfPrint,
    preorderOnlineOnly: p.preorderOnlineOnly,
    version: p.version,
  };
}

function emptyValues(kind: ProductKind) {
  return {
    kind,
    title: "",
    titleBn: "",
    slug: "",
    description: "",
    price: Number.NaN,
    salePrice: null,
    published: false,
    tracks: [],
    hscYear: null,
    language: "bn" as const,
    image: null,
    authorIds: [],
    publisher: "",
    edition: "",
    isbn: "",
    pages: null,
    bookId: null,
    items: [],
    brand: "",
    category: "",
    releaseDate: "",
    backorderDays: null,
    outOfPrint: false,
    preorderOnlineOnly: false,
    stock: kind === "book" || kind === "stationary" ? 0 : null,
  };
}

/** Only the fields of the product's kind are sent: the server refuses another kind's. */
function bodyFor(kind: ProductKind, values: Record<string, unknown>, extra: readonly string[]) {
  const availability = Object.entries(AVAILABILITY_FIELDS)
    .filter(([, kinds]) => (kinds as readonly ProductKind[]).includes(kind))
    .map(([f]) => f);
  const keys = [...COMMON, ...KIND_FIELDS[kind], ...availability, ...extra];
  return Object.fromEntries(keys.filter((k) => k in values).map((k) => [k, values[k]]));
}

const numberOrNull = (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v));

/** What the kind-specific part of the form draws; bundles and stationery add theirs here. */
export type KindSection = (props: { form: ReturnType<typeof useProductForm>["form"] }) => React.ReactNode;

function useProductForm(
  area: ProductArea,
  kind: ProductKind,
  product: AdminProduct | undefined,
  onSaved: (p: AdminProduct) => void,
) {
  const { i18n } = useLingui();
  const editing = product !== undefined;
  return useAdminForm({
    schema: (editing ? productPatchSchema : productCreateSchema) as typeof productCreateSchema,
    defaultValues: (editing ? productValues(product) : emptyValues(kind)) as never,
    toValues: (p: AdminProduct) => productValues(p) as never,
    savedMessage: editing ? i18n._("Saved") : i18n._("Added"),
    save: async (values) => {
      const v = values as unknown as Record<string, unknown>;
      const send = (anyway: boolean) => {
        const confirmed = anyway ? { publishAnyway: true } : {};
        return editing
          ? api<AdminProduct>("PATCH", `/api/admin/${area}/${product.id}`, {
              ...bodyFor(kind, v, ["version"]),
              ...confirmed,
            })
          : api<AdminProduct>("POST", `/api/admin/${area}`, {
              ...bodyFor(kind, v, ["kind", "stock"]),
              ...confirmed,
            });
      };
      let answer: Awaited<ReturnType<typeof send>>;
      try {
        answer = await send(false);
      } catch (err) {
        // A bundle dearer than its items is published only when staff say so.
        if (!(err instanceof ApiError && err.errors?.publishAnyway)) throw err;
        const anyway = await confirmAction({
          title: i18n._("Publish anyway?"),
          description: i18n._(
            "This bundle costs more than its items bought one by one: buying it saves the buyer nothing. Publish it all the same?",
          ),
          confirmLabel: i18n._("Publish anyway"),
        });
        if (!anyway) throw err;
        answer = await send(true);
      }
      onSaved(answer.data!);
      return answer.data;
    },
  });
}

/**
 * Adds or edits a product of any kind: the fields every product has, then its kind's own. The
 * price is typed in taka and sent in poisha; authors and a printed edition are picked by search.
 */
export function ProductForm({
  area,
  kind,
  product,
  onSaved,
  kindSection,
}: {
  area: ProductArea;
  kind: ProductKind;
  product?: AdminProduct;
  onSaved: (p: AdminProduct) => void;
  /** The kind's own fields when they are not the book's (bundle items, stationery details). */
  kindSection?: KindSection;
}) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const { form, onSubmit, formError, conflict } = useProductForm(area, kind, product, onSaved);
  const {
    register,
    control,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const err = (name: string) => {
    const message = (errors as Record<string, { message?: string } | undefined>)[name]?.message;
    return message ? translateMessage(i18n, message) : undefined;
  };
  const own = KIND_FIELDS[kind];
  const [authorNames, setAuthorNames] = useState(
    () => new Map((product?.authors ?? []).map((a) => [a.id, a.nameBn ? `${a.name} (${a.nameBn})` : a.name])),
  );
  const [bookName, setBookName] = useState<Picked | null>(null);
  const title = watch("title") as string;
  const image = watch("image") as string | null;
  const authorIds = (watch("authorIds") ?? []) as number[];
  const bookId = watch("bookId") as number | null;
  // Nothing sells that cannot be delivered: an e-book waits for its PDF, a course for a chapter.
  const publishBlock = product
    ? product.published
      ? null
      : product.publishRefusal
    : kind === "ebook"
      ? EBOOK_NEEDS_PDF
      : kind === "content"
        ? COURSE_NEEDS_CHAPTER
        : null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <ConflictNote conflict={conflict} />
      <FormMessage>{formError}</FormMessage>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
          <TextField label={i18n._("Title")} error={err("title")} {...register("title")} />
          <TextField
            label={i18n._("Bangla title")}
            lang="bn"
            error={err("titleBn")}
            {...register("titleBn")}
          />
          <TextField
            label={i18n._("Address in the shop")}
            hint={i18n._("Lower-case letters, digits and hyphens; empty makes one from the title: {slug}", {
              slug: slugify(title ?? "") || "…",
            })}
            error={err("slug")}
            {...register("slug")}
          />
          <TextAreaField
            label={i18n._("Description")}
            rows={6}
            error={err("description")}
            {...register("description")}
          />
          {own.includes("authorIds") ? (
            <SearchPicker<{ id: number; name: string; nameBn: string | null; bookCount?: number }>
              label={i18n._("Authors")}
              hint={i18n._("In the order they are credited")}
              error={err("authorIds")}
              picked={authorIds.map((id) => ({
                id,
                label: authorNames.get(id) ?? i18n._("Author #{id}", { id }),
              }))}
              search={(q) => `/api/admin/authors?${new URLSearchParams({ q, limit: "10" })}`}
              toPicked={(a) => ({
                id: a.id,
                label: a.nameBn ? `${a.name} (${a.nameBn})` : a.name,
                detail:
                  a.bookCount === undefined
                    ? undefined
                    : i18n._("{count} books", { count: number(a.bookCount) }),
              })}
              onChange={(picked) => {
                setAuthorNames((m) => new Map([...m, ...picked.map((p) => [p.id, p.label] as const)]));
                setValue("authorIds", picked.map((p) => p.id) as never, { shouldDirty: true });
              }}
              create={{
                label: (name) => i18n._("Add “{name}” as a new author", { name }),
                run: async (name) => {
                  const made = await api<{ id: number; name: string }>("POST", "/api/admin/authors", {
                    name,
                  });
                  return { id: made.data!.id, label: made.data!.name };
                },
              }}
            />
          ) : null}
          {own.includes("publisher") ? (
            <TextField label={i18n._("Publisher")} error={err("publisher")} {...register("publisher")} />
          ) : null}
          {own.includes("isbn") ? (
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                label={i18n._("ISBN")}
                inputMode="numeric"
                error={err("isbn")}
                {...register("isbn")}
              />
              <TextField label={i18n._("Edition")} error={err("edition")} {...register("edition")} />
              <TextField
                label={i18n._("Pages")}
                inputMode="numeric"
                error={err("pages")}
                {...register("pages", { setValueAs: numberOrNull })}
              />
            </div>
          ) : null}
          {own.includes("bookId") ? (
            <SearchPicker<{ id: number; title: string; isbn: string | null }>
              label={i18n._("Printed edition")}
              hint={i18n._("The printed book this e-book is the digital edition of, if any")}
              error={err("bookId")}
              multiple={false}
              picked={
                bookId
                  ? [
                      bookName?.id === bookId
                        ? bookName
                        : { id: bookId, label: i18n._("Book #{id}", { id: bookId }) },
                    ]
                  : []
              }
              search={(q) => `/api/admin/books?${new URLSearchParams({ q, kind: "book", limit: "10" })}`}
              toPicked={(b) => ({ id: b.id, label: b.title, detail: b.isbn ?? undefined })}
              onChange={(picked) => {
                setBookName(picked[0] ?? null);
                setValue("bookId", (picked[0]?.id ?? null) as never, { shouldDirty: true });
              }}
            />
          ) : null}
          {kindSection ? createElement(kindSection, { form }) : null}
        </div>

        <div className="space-y-4">
          <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                className="h-5 w-5"
                disabled={publishBlock !== null}
                aria-invalid={err("published") ? true : undefined}
                {...register("published")}
              />
              <span>
                <span className="font-medium">{i18n._("Published")}</span>
                <span className="block text-sm text-slate-600" data-testid="publish-hint">
                  {publishBlock
                    ? translateMessage(i18n, publishBlock)
                    : i18n._("Shown in the shop and its search")}
                </span>
              </span>
            </label>
            {err("published") ? (
              <p role="alert" className="text-sm text-red-700">
                {err("published")}
              </p>
            ) : null}
            <MoneyField control={control} name="price" label={i18n._("Price (৳)")} />
            <MoneyField
              control={control}
              name="salePrice"
              label={i18n._("Sale price (৳)")}
              hint={i18n._("Empty when not on sale")}
            />
            {!product && (kind === "book" || kind === "stationary") ? (
              <TextField
                label={i18n._("Units on hand")}
                inputMode="numeric"
                hint={i18n._("Later changes go through the stock ledger")}
                error={err("stock")}
                {...register("stock", { setValueAs: numberOrNull })}
              />
            ) : null}
          </div>
          {kind === "book" || kind === "stationary" ? (
            <AvailabilityFields kind={kind} form={form} product={product} err={err} />
          ) : null}
          <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
            <ImageUpload
              label={kind === "stationary" ? i18n._("Picture") : i18n._("Cover")}
              crop={kind === "stationary" ? "square" : "cover"}
              value={image}
              error={err("image")}
              onChange={(key) => setValue("image", key as never, { shouldDirty: true })}
            />
            <Controller
              control={control}
              name="tracks"
              render={({ field }) => (
                <fieldset>
                  <legend className="mb-1 text-sm font-medium text-slate-800">{i18n._("Tracks")}</legend>
                  <div className="grid grid-cols-2 gap-1">
                    {TRACKS.map((t) => {
                      const list = (field.value ?? []) as string[];
                      return (
                        <label key={t} className="flex min-h-11 items-center gap-2">
                          <input
                            type="checkbox"
                            className="h-5 w-5"
                            checked={list.includes(t)}
                            onChange={(e) =>
                              field.onChange(e.target.checked ? [...list, t] : list.filter((x) => x !== t))
                            }
                          />
                          {i18n._(TRACK_INFO[t].name)}
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
              )}
            />
            <TextField
              label={i18n._("HSC year")}
              inputMode="numeric"
              error={err("hscYear")}
              {...register("hscYear", { setValueAs: numberOrNull })}
            />
            <SelectField
              label={i18n._("Language")}
              options={["bn", "en"]}
              optionLabel={(v) => (v === "bn" ? i18n._("Bangla") : i18n._("English"))}
              error={err("language")}
              {...register("language")}
            />
          </div>
        </div>
      </div>
      <div className="sticky bottom-0 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-slate-50 py-3">
        <Button type="submit" loading={isSubmitting}>
          {product ? i18n._("Save changes") : i18n._(ADD_KIND[kind])}
        </Button>
      </div>
    </form>
  );
}

/** After a stale save: the colleague's values are in the form; what this person typed is listed. */
export function ConflictNote({ conflict }: { conflict: Conflict | null }) {
  const { i18n } = useLingui();
  const { taka } = useFormat();
  if (!conflict || conflict.fields.length === 0) return null;
  const shown = (name: string, value: unknown): string => {
    if ((name === "price" || name === "salePrice") && typeof value === "number") return taka(value);
    if (value === null || value === "") return i18n._("(empty)");
    return typeof value === "string" ? value : JSON.stringify(value);
  };
  return (
    <div
      role="note"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <p className="font-medium">{i18n._("What you had typed, to enter again if it should stand:")}</p>
      <ul className="mt-1 list-disc pl-5">
        {conflict.fields.map((f) => (
          <li key={f.name}>
            {f.name in FIELD_LABELS ? i18n._(FIELD_LABELS[f.name]!) : f.name}: {shown(f.name, f.mine)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * When the shop sells it without stock (contracts/availability.ts): a release date (a pre-order
 * until then, paid online only if ticked), back-orders with the publisher's lead time, or out of
 * print; with what waits for stock now.
 */
function AvailabilityFields({
  kind,
  form,
  product,
  err,
}: {
  kind: ProductKind;
  form: ReturnType<typeof useProductForm>["form"];
  product: AdminProduct | undefined;
  err: (name: string) => string | undefined;
}) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const { register } = form;
  return (
    <fieldset
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="availability-fields"
    >
      <legend className="sr-only">{i18n._("Availability")}</legend>
      <p className="font-medium">{i18n._("Availability")}</p>
      {kind === "book" ? (
        <TextField
          type="date"
          label={i18n._("Release date")}
          hint={i18n._("Sold as a pre-order until this day; empty when it is out already")}
          error={err("releaseDate")}
          {...register("releaseDate")}
        />
      ) : null}
      <TextField
        label={i18n._("Back-order lead time (days)")}
        inputMode="numeric"
        hint={i18n._(
          "When stock is out, sold from the publisher, shipping in this many days; empty: no back-orders",
        )}
        error={err("backorderDays")}
        {...register("backorderDays", { setValueAs: numberOrNull })}
      />
      {kind === "book" ? (
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" className="h-5 w-5" {...register("preorderOnlineOnly")} />
          <span>{i18n._("Pre-orders paid online only (no cash on delivery)")}</span>
        </label>
      ) : null}
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" className="h-5 w-5" {...register("outOfPrint")} />
        <span>
          <span className="font-medium">{i18n._("Out of print")}</span>
          <span className="block text-sm text-slate-600">
            {i18n._("No back-orders or pre-orders; what is on hand still sells")}
          </span>
        </span>
      </label>
      {product ? (
        <p className="text-sm text-slate-700" data-testid="waiting-demand">
          {product.waiting.units === 0
            ? i18n._("No pre-orders or back-orders waiting")
            : i18n._("Waiting for stock: {units} copies in {orders} orders", {
                units: number(product.waiting.units),
                orders: number(product.waiting.orders),
              })}
        </p>
      ) : null}
    </fieldset>
  );
}
