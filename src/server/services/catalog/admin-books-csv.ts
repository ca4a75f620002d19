/**
 * Books as a spreadsheet: the export writes the books list's rows (the same query as the admin
 * list, every match) as CSV; the import reads the same columns back, checks every row against
 * the rules of the book form (the product contract's schema, the authors, ISBNs and addresses
 * already taken) and either reports what it would do (preview) or does all of it in one
 * transaction (apply) — a file with one bad row changes nothing.
 *
 * Set-based: a file of 10,000 rows is checked with a handful of queries and written with one
 * statement per table (arrays spread back into rows by `unnest`, as the bulk seed does).
 */
import { parse } from "csv-parse/sync";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  asciiDigits,
  BOOK_CSV_COLUMNS,
  type BookCsvColumn,
  type BookImportReport,
  type BookImportRow,
  importQuery,
  MAX_EXPORT_ROWS,
  MAX_IMPORT_ROWS,
  NOT_UTF8,
  parseTakaCell,
} from "../../../contracts/admin-books-csv";
import {
  EBOOK_NEEDS_PDF,
  productCreateSchema,
  productListQuery,
  SALE_NOT_BELOW,
} from "../../../contracts/admin-products";
import { searchNamesOf, slugify } from "../../../contracts/catalog-text";
import { z } from "../../../contracts/zod";
import type { Db } from "../../db/client";
import { pgArrayLiteral as a } from "../../db/pg-array";
import { authors, bookDetails, ebookDetails, productAuthors, products } from "../../db/schema";
import { requirePermission } from "../access";
import { adminChange } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { CSV_BOM, type CsvCell, csvFile, csvRows, csvTaka, restoreText } from "../platform/csv";
import { kindFieldErrors, listOrder, listWhere, refusal } from "./admin-products";

const AREA = "books" as const;
const BOOK_KINDS = ["book", "ebook"] as const;
type BookKind = (typeof BOOK_KINDS)[number];

/** Refuses a caller without the books permission (401/403). */
export function allowBooksCsv(ctx: Ctx): void {
  requirePermission(ctx, AREA, refusal(AREA));
}

// ---------------------------------------------------------------- export

/** Rows read from the database per statement while the export is written. */
const EXPORT_BATCH = 2000;

type ExportRow = Record<BookCsvColumn, CsvCell>;

async function exportRows(db: Db, ids: number[]): Promise<ExportRow[]> {
  const rows = await db
    .select({
      id: products.id,
      version: products.version,
      kind: products.kind,
      title: products.title,
      titleBn: products.titleBn,
      slug: products.slug,
      isbn: bookDetails.isbn,
      authors: sql<string>`coalesce((select string_agg(a.name, '; ' order by pa.position, a.id) from ${productAuthors} pa join ${authors} a on a.id = pa.author_id where pa.product_id = ${products.id}), '')`,
      publisher: bookDetails.publisher,
      edition: bookDetails.edition,
      pages: bookDetails.pages,
      price: products.price,
      salePrice: products.salePrice,
      stock: products.stock,
      published: products.published,
      tracks: products.tracks,
      hscYear: products.hscYear,
      language: products.language,
      description: products.description,
    })
    .from(products)
    .leftJoin(bookDetails, eq(bookDetails.productId, products.id))
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    // Text goes to the one CSV writer as it is (it neutralises formulas); numbers as numbers.
    return [
      {
        id: r.id,
        version: r.version,
        kind: r.kind,
        title: r.title,
        titleBn: r.titleBn,
        slug: r.slug,
        isbn: r.isbn,
        authors: r.authors,
        publisher: r.kind === "book" ? r.publisher : null,
        edition: r.edition,
        pages: r.pages,
        price: csvTaka(r.price),
        salePrice: csvTaka(r.salePrice),
        stock: r.kind === "book" ? r.stock : null,
        published: r.published ? "yes" : "no",
        tracks: r.tracks.join(";"),
        hscYear: r.hscYear,
        language: r.language,
        description: r.description,
      },
    ];
  });
}

const cellsOf = (row: Record<BookCsvColumn, CsvCell>) => BOOK_CSV_COLUMNS.map((c) => row[c]);

/** The file's name for today: books-YYYY-MM-DD.csv. */
export function exportFileName(now: Date): string {
  return `books-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The books the admin list shows for `input` (its search, filters and sort; every page, up to
 * MAX_EXPORT_ROWS), as CSV text in pieces: UTF-8 with a byte-order mark (so a spreadsheet reads
 * Bangla right), the header first. The ids are read first, then the rows in batches, so a large
 * export never holds every row in memory.
 */
export async function exportBooksCsv(ctx: Ctx, input: unknown): Promise<AsyncIterable<string>> {
  requirePermission(ctx, AREA, refusal(AREA));
  const q = productListQuery.parse(input);
  const ids = (
    await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(listWhere(AREA, q))
      .orderBy(...listOrder(q))
      .limit(MAX_EXPORT_ROWS)
  ).map((r) => r.id);
  const db = ctx.db;
  return (async function* () {
    yield CSV_BOM + csvRows([BOOK_CSV_COLUMNS]);
    for (let i = 0; i < ids.length; i += EXPORT_BATCH) {
      const rows = await exportRows(db, ids.slice(i, i + EXPORT_BATCH));
      yield csvRows(rows.map(cellsOf));
    }
  })();
}

/** The import's header and one example row. */
export function importTemplateCsv(ctx: Ctx, example: Record<BookCsvColumn, string>): string {
  requirePermission(ctx, AREA, refusal(AREA));
  return csvFile(BOOK_CSV_COLUMNS, [cellsOf(example)]);
}

// ---------------------------------------------------------------- import: reading the file

type Cells = Partial<Record<BookCsvColumn, string>>;
/** A row of the file: its line, its cells by column, and whether it has cells beyond the header's. */
type FileRow = { line: number; cells: Cells; extra: boolean };

function refuse(message: string): never {
  throw new DomainError("invalid", message, { file: message });
}

/**
 * The file's bytes as text, only when they are UTF-8 (a byte-order mark is fine): a Latin-1 or
 * Windows-1252 file's é or ñ would otherwise be read as replacement characters and imported
 * mangled, so it is refused (400) with how to save it.
 */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    refuse(NOT_UTF8);
  }
}

/** The file's rows by column; a file that cannot be read as a whole is refused (400). */
export function readImportFile(text: string): { columns: Set<BookCsvColumn>; rows: FileRow[] } {
  if (text.includes("\u0000")) refuse("The file contains NUL characters: is it a CSV file?");
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // A row may be at most this long: a runaway quote should not swallow the file silently.
      max_record_size: 200_000,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    refuse(`The file is not valid CSV${line ? ` (near line ${line})` : ""}: check its quotes`);
  }
  const [head, ...body] = records;
  if (!head) refuse("The file is empty: it needs a header row and at least one book");
  const known = new Map(BOOK_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const header = head.record.map((h) => {
    const name = h.trim();
    const column = known.get(name.toLowerCase());
    if (!column) {
      refuse(
        name === ""
          ? "A column has no name in the header row"
          : `Unknown column "${name.slice(0, 40)}": the columns are ${BOOK_CSV_COLUMNS.join(", ")}`,
      );
    }
    return column;
  });
  const columns = new Set(header);
  if (columns.size !== header.length) refuse("A column is named twice in the header row");
  if (body.length === 0) refuse("The file has a header but no books");
  if (body.length > MAX_IMPORT_ROWS) {
    refuse(
      `The file has ${body.length.toLocaleString("en")} rows; at most ${MAX_IMPORT_ROWS.toLocaleString("en")} at once: split it`,
    );
  }
  const rows = body.map(({ record, info }) => {
    const cells: Cells = {};
    header.forEach((column, i) => {
      cells[column] = restoreText((record[i] ?? "").trim());
    });
    const extra = record.slice(header.length).some((c) => c.trim() !== "");
    return { line: info.lines, cells, extra };
  });
  return { columns, rows };
}

// ---------------------------------------------------------------- import: checking the rows

type AuthorRef = { id: number; name: string; nameBn: string | null };

/** What a row will write: every field of a book, merged with the current one on an update. */
type BookValues = {
  kind: BookKind;
  title: string;
  titleBn: string | null;
  slug: string;
  description: string;
  price: number;
  salePrice: number | null;
  stock: number | null;
  published: boolean;
  tracks: string[];
  hscYear: number | null;
  language: string;
  authorIds: number[];
  publisher: string | null;
  edition: string | null;
  isbn: string | null;
  pages: number | null;
};

/** A book as saved; `hasPdf`: an e-book whose PDF is uploaded (it may be published). */
type Current = BookValues & { id: number; version: number; hasPdf: boolean };

type PlannedRow = BookImportRow & { values?: BookValues; current?: Current };

/** Field names of the contract, as the file names its columns. */
const COLUMN_OF: Record<string, BookCsvColumn> = { authorIds: "authors" };

const YES = new Set(["yes", "y", "true", "1", "হ্যাঁ"]);
const NO = new Set(["no", "n", "false", "0", "না", ""]);

function intCell(text: string): number | null | "bad" {
  if (text === "") return null;
  const s = asciiDigits(text).replace(/,/g, "");
  return /^\d{1,9}$/.test(s) ? Number(s) : "bad";
}

async function loadCurrent(db: Db, ids: number[], lock: boolean): Promise<Map<number, Current>> {
  if (ids.length === 0) return new Map();
  const sorted = [...ids].sort((x, y) => x - y);
  const base = db
    .select()
    .from(products)
    .where(and(inArray(products.id, sorted), inArray(products.kind, [...BOOK_KINDS])))
    .orderBy(products.id);
  const rows = lock ? await base.for("update") : await base;
  const found = rows.map((r) => r.id);
  const details = found.length
    ? await db.select().from(bookDetails).where(inArray(bookDetails.productId, found))
    : [];
  const links = found.length
    ? await db
        .select()
        .from(productAuthors)
        .where(inArray(productAuthors.productId, found))
        .orderBy(productAuthors.productId, productAuthors.position, productAuthors.authorId)
    : [];
  const withPdf = found.length
    ? await db
        .select({ id: ebookDetails.productId })
        .from(ebookDetails)
        .where(and(inArray(ebookDetails.productId, found), sql`${ebookDetails.pdfKey} is not null`))
    : [];
  const hasPdf = new Set(withPdf.map((e) => e.id));
  const detailOf = new Map(details.map((d) => [d.productId, d]));
  const authorsOf = new Map<number, number[]>();
  for (const l of links) authorsOf.set(l.productId, [...(authorsOf.get(l.productId) ?? []), l.authorId]);
  return new Map(
    rows.map((r) => {
      const d = detailOf.get(r.id);
      return [
        r.id,
        {
          id: r.id,
          version: r.version,
          hasPdf: hasPdf.has(r.id),
          kind: r.kind as BookKind,
          title: r.title,
          titleBn: r.titleBn,
          slug: r.slug,
          description: r.description,
          price: r.price,
          salePrice: r.salePrice,
          stock: r.stock,
          published: r.published,
          tracks: r.tracks,
          hscYear: r.hscYear,
          language: r.language,
          authorIds: authorsOf.get(r.id) ?? [],
          publisher: d?.publisher ?? null,
          edition: d?.edition ?? null,
          isbn: d?.isbn ?? null,
          pages: d?.pages ?? null,
        },
      ];
    }),
  );
}

/** Authors by exact name and by exact Bangla name; a name two authors share is ambiguous. */
function authorIndex(all: AuthorRef[]) {
  const byName = new Map<string, number[]>();
  for (const au of all) {
    for (const name of new Set([au.name.trim(), au.nameBn?.trim()].filter((n): n is string => !!n))) {
      byName.set(name, [...(byName.get(name) ?? []), au.id]);
    }
  }
  return (cell: string): { ids: number[] } | { error: string } => {
    const names = cell
      .split(";")
      .map((n) => n.trim())
      .filter(Boolean);
    const ids: number[] = [];
    for (const name of names) {
      const found = byName.get(name);
      if (!found) return { error: `Unknown author "${name.slice(0, 60)}": add the author first` };
      if (found.length > 1)
        return {
          error: `Two authors are called "${name.slice(0, 60)}": set this book's authors on its page`,
        };
      if (!ids.includes(found[0]!)) ids.push(found[0]!);
    }
    return { ids };
  };
}

function sameValues(x: BookValues, y: BookValues): boolean {
  return (Object.keys(x) as (keyof BookValues)[]).every((k) => JSON.stringify(x[k]) === JSON.stringify(y[k]));
}

/**
 * Every row checked: its cells read, merged with the book it changes (the columns the file
 * leaves out keep their values), run through the product contract's schema and the rules the
 * form's service applies (kind fields, authors, ISBN and address taken), each error kept under
 * its column. With `lock`, the books changed are locked until the transaction ends.
 */
async function planImport(db: Db, file: ReturnType<typeof readImportFile>, lock: boolean) {
  const { columns, rows } = file;
  const has = (c: BookCsvColumn) => columns.has(c);
  const ids = new Set<number>();
  for (const r of rows) {
    const id = intCell(r.cells.id ?? "");
    if (typeof id === "number") ids.add(id);
  }
  const current = await loadCurrent(db, [...ids], lock);
  const allAuthors: AuthorRef[] = has("authors")
    ? await db.select({ id: authors.id, name: authors.name, nameBn: authors.nameBn }).from(authors)
    : [];
  const resolveAuthors = authorIndex(allAuthors);
  const authorById = new Map(allAuthors.map((au) => [au.id, au]));

  const seenIds = new Map<number, number>();
  const planned: PlannedRow[] = rows.map(({ line, cells, extra }) => {
    const errors: Record<string, string> = {};
    const cell = (c: BookCsvColumn) => cells[c] ?? "";
    const title = cell("title");
    if (extra) errors.file = "This row has more cells than the header has columns";

    // Which book, if any
    let cur: Current | undefined;
    const idCell = intCell(cell("id"));
    if (idCell === "bad" || idCell === 0)
      errors.id = "An id is a whole number: leave it empty for a new book";
    else if (idCell !== null) {
      cur = current.get(idCell);
      if (!cur) errors.id = `No book or e-book has id ${idCell}`;
      else if (seenIds.has(idCell)) errors.id = `The same book is on line ${seenIds.get(idCell)} too`;
      else seenIds.set(idCell, line);
    }
    if (errors.id) return { line, action: "update", id: null, title: title.slice(0, 300), errors };
    if (cur && has("version") && cell("version") !== "") {
      const v = intCell(cell("version"));
      if (v !== cur.version) {
        errors.version = `This book was changed after the file was exported (now version ${cur.version}): export again and redo this row`;
      }
    }

    // Cells read into values; a column the file leaves out keeps the book's value (or the default).
    const base: BookValues = cur ?? {
      kind: "book",
      title: "",
      titleBn: null,
      slug: "",
      description: "",
      price: Number.NaN,
      salePrice: null,
      stock: null,
      published: false,
      tracks: [],
      hscYear: null,
      language: "bn",
      authorIds: [],
      publisher: null,
      edition: null,
      isbn: null,
      pages: null,
    };
    const input: Record<string, unknown> = { ...base };
    if (!cur && !has("price")) delete input.price;
    if (has("kind")) {
      const k = cell("kind").toLowerCase() || base.kind;
      if (!(BOOK_KINDS as readonly string[]).includes(k)) errors.kind = "The kind is book or ebook";
      else if (cur && k !== cur.kind)
        errors.kind = `This is ${cur.kind === "book" ? "a printed book" : "an e-book"}: its kind cannot change`;
      else input.kind = k;
    }
    const kind = (input.kind as BookKind) ?? "book";
    if (has("title")) input.title = title;
    for (const c of ["titleBn", "publisher", "edition", "slug", "isbn"] as const) {
      if (has(c)) input[c] = cell(c);
    }
    if (cur && has("slug") && cell("slug") === "") input.slug = cur.slug;
    if (has("description")) input.description = cell("description");
    if (has("language")) input.language = cell("language").toLowerCase() || "bn";
    if (has("price")) {
      const p = cell("price") === "" ? undefined : parseTakaCell(cell("price"));
      if (p === null) errors.price = "Write the price in taka, e.g. 250 or 249.50";
      else if (p === undefined) delete input.price;
      else input.price = p;
    }
    if (has("salePrice")) {
      const p = cell("salePrice") === "" ? null : parseTakaCell(cell("salePrice"));
      if (p === null && cell("salePrice") !== "")
        errors.salePrice = "Write the sale price in taka, or leave it empty";
      else input.salePrice = p;
    }
    for (const c of ["pages", "hscYear", "stock"] as const) {
      if (!has(c)) continue;
      const n = intCell(cell(c));
      if (n === "bad") errors[c] = "A whole number";
      else input[c] = n;
    }
    if (has("published")) {
      const p = cell("published").toLowerCase();
      if (YES.has(p)) input.published = true;
      else if (NO.has(p)) input.published = false;
      else errors.published = "yes or no";
    }
    if (has("tracks")) {
      input.tracks = cell("tracks")
        .split(";")
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean);
    }
    if (has("authors")) {
      const found = resolveAuthors(cell("authors"));
      if ("error" in found) errors.authors = found.error;
      else input.authorIds = found.ids;
    }
    // A new book's stock: printed books only, 0 when left empty.
    if (kind === "book" && input.stock === null) input.stock = cur ? (cur.stock ?? 0) : 0;

    // The sale price against the price, also when another field fails the schema below.
    if (
      typeof input.price === "number" &&
      typeof input.salePrice === "number" &&
      input.salePrice >= input.price
    ) {
      errors.salePrice ??= SALE_NOT_BELOW;
    }
    const parsed = productCreateSchema.safeParse({ ...input, kind, image: null, bookId: null, items: [] });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "file");
        const column = COLUMN_OF[field] ?? field;
        errors[column] ??= issue.message;
      }
    }
    let values: BookValues | undefined;
    if (parsed.success) {
      const v = parsed.data;
      for (const [field, message] of Object.entries(kindFieldErrors(kind, v))) {
        errors[COLUMN_OF[field] ?? field] ??= message.replace(/^A ebook/, "An e-book");
      }
      if (kind === "ebook" && v.stock !== null) errors.stock ??= "An e-book has no stock";
      // Published once its PDF is uploaded (on its page): nothing sells that cannot be delivered.
      if (kind === "ebook" && v.published && !cur?.published && !cur?.hasPdf)
        errors.published ??= EBOOK_NEEDS_PDF;
      values = {
        kind,
        title: v.title,
        titleBn: v.titleBn,
        slug: v.slug,
        description: v.description,
        price: v.price,
        salePrice: v.salePrice,
        stock: kind === "book" ? (v.stock ?? 0) : null,
        published: v.published,
        tracks: v.tracks,
        hscYear: v.hscYear,
        language: v.language,
        authorIds: v.authorIds,
        publisher: v.publisher,
        edition: v.edition,
        isbn: v.isbn,
        pages: v.pages,
      };
    }
    const action = !cur ? "create" : values && sameValues(values, cur) ? "unchanged" : "update";
    return {
      line,
      action,
      id: cur?.id ?? null,
      title: (values?.title ?? title).slice(0, 300),
      errors,
      values,
      current: cur,
    };
  });

  // Across the file and against the database: ISBNs and addresses belong to one book each.
  const good = planned.filter((p) => p.values);
  const isbnLine = new Map<string, number>();
  for (const p of good) {
    const isbn = p.values!.isbn;
    if (!isbn || p.action === "unchanged") continue;
    const first = isbnLine.get(isbn);
    if (first !== undefined) p.errors.isbn ??= `The same ISBN is on line ${first}`;
    else isbnLine.set(isbn, p.line);
  }
  // Every ISBN in the file, also unchanged ones: another row may claim one of them.
  for (const p of good)
    if (p.values!.isbn && !isbnLine.has(p.values!.isbn)) isbnLine.set(p.values!.isbn, p.line);
  if (isbnLine.size > 0) {
    const holders = (await db.execute(sql`
      select d.product_id as id, d.isbn from ${bookDetails} d
      join unnest(${a([...isbnLine.keys()])}::text[]) as u(isbn) on u.isbn = d.isbn`)) as unknown as {
      rows: { id: number; isbn: string }[];
    };
    const heldBy = new Map<string, number[]>();
    for (const h of holders.rows) heldBy.set(h.isbn, [...(heldBy.get(h.isbn) ?? []), Number(h.id)]);
    for (const p of good) {
      const isbn = p.values!.isbn;
      if (!isbn || p.action === "unchanged") continue;
      const other = (heldBy.get(isbn) ?? []).find((id) => id !== p.id);
      if (other !== undefined) p.errors.isbn ??= `Another book (id ${other}) has this ISBN`;
    }
  }

  // Addresses: one asked for must be free within its kind; an empty one is made from the title.
  const slugKey = (kind: string, slug: string) => `${kind}:${slug}`;
  const asked = new Map<string, number>();
  for (const p of good) {
    const v = p.values!;
    if (!v.slug || (p.current && v.slug === p.current.slug)) continue;
    const key = slugKey(v.kind, v.slug);
    const first = asked.get(key);
    if (first !== undefined) p.errors.slug ??= `The same address is on line ${first}`;
    else asked.set(key, p.line);
  }
  const wanted = good.filter((p) => !p.values!.slug);
  const bases = new Map<PlannedRow, string>();
  for (const p of wanted) bases.set(p, slugify(p.values!.title) || `${p.values!.kind}-${p.line}`);
  const probes = [
    ...new Set([...[...asked.keys()].map((k) => k.slice(k.indexOf(":") + 1)), ...bases.values()]),
  ];
  const taken = new Map<string, number>();
  if (probes.length > 0) {
    const found = (await db.execute(sql`
      select p.id, p.kind, p.slug from ${products} p
        join unnest(${a(probes)}::text[]) as u(s) on p.slug = u.s
        where p.kind in ('book', 'ebook')
      union
      select p.id, p.kind, p.slug from ${products} p
        join unnest(${a(probes)}::text[]) as u(s) on regexp_replace(p.slug, '-[0-9]+$', '') = u.s
        where p.kind in ('book', 'ebook')`)) as unknown as {
      rows: { id: number; kind: string; slug: string }[];
    };
    for (const r of found.rows) taken.set(slugKey(r.kind, r.slug), Number(r.id));
  }
  for (const p of good) {
    const v = p.values!;
    if (!v.slug || (p.current && v.slug === p.current.slug)) continue;
    const holder = taken.get(slugKey(v.kind, v.slug));
    if (holder !== undefined && holder !== p.id)
      p.errors.slug ??= `Another ${v.kind === "book" ? "book" : "e-book"} (id ${holder}) has this address`;
  }
  const claimed = new Set([...taken.keys(), ...asked.keys()]);
  for (const p of wanted) {
    const v = p.values!;
    const base = bases.get(p)!;
    let slug = base;
    for (let n = 2; claimed.has(slugKey(v.kind, slug)); n++) slug = `${base}-${n}`;
    claimed.add(slugKey(v.kind, slug));
    v.slug = slug;
  }

  return { planned, authorById };
}

function reportOf(planned: PlannedRow[], applied: boolean): BookImportReport {
  const rows = planned.map(({ line, action, id, title, errors }) => ({ line, action, id, title, errors }));
  const failed = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  const count = (action: string) =>
    rows.filter((r) => r.action === action && Object.keys(r.errors).length === 0).length;
  return {
    rows,
    ok: rows.length - failed,
    failed,
    created: count("create"),
    updated: count("update"),
    unchanged: count("unchanged"),
    applied,
  };
}

// ---------------------------------------------------------------- import: writing

function searchNames(v: BookValues, authorById: Map<number, AuthorRef>, publisher: string | null) {
  return searchNamesOf({
    title: v.title,
    titleBn: v.titleBn,
    authors: v.authorIds.map((id) => authorById.get(id)).filter((x) => x !== undefined),
    publisher,
  });
}

async function writeImport(
  tx: Db,
  ctx: Ctx,
  planned: PlannedRow[],
  authorById: Map<number, AuthorRef>,
): Promise<void> {
  const now = ctx.now().toISOString();
  const actor = ctx.user?.id ?? null;
  // Authors not named in the file were not loaded: read the ones the written rows keep.
  const missing = [
    ...new Set(planned.flatMap((p) => (p.action === "unchanged" ? [] : (p.values?.authorIds ?? [])))),
  ].filter((id) => !authorById.has(id));
  if (missing.length > 0) {
    for (const au of await tx
      .select({ id: authors.id, name: authors.name, nameBn: authors.nameBn })
      .from(authors)
      .where(inArray(authors.id, missing))) {
      authorById.set(au.id, au);
    }
  }
  const creates = planned.filter((p) => p.action === "create");
  const updates = planned.filter((p) => p.action === "update");
  const col = <K extends keyof BookValues>(rows: PlannedRow[], k: K) =>
    rows.map((p) => p.values![k] as never);

  const createdIds: number[] = [];
  if (creates.length > 0) {
    const inserted = (await tx.execute(sql`
      insert into ${products} (kind, slug, title, title_bn, description, price, sale_price, stock, tracks,
        hsc_year, language, published, search_names, created_at, updated_at)
      select u.kind::product_kind, u.slug, u.title, u.title_bn, u.description, u.price, u.sale_price, u.stock,
        case when u.tracks = '' then '{}'::text[] else string_to_array(u.tracks, ',') end,
        u.hsc_year, u.language, u.published, u.search_names, ${now}::timestamptz, ${now}::timestamptz
      from unnest(${a(col(creates, "kind"))}::text[], ${a(col(creates, "slug"))}::text[],
        ${a(col(creates, "title"))}::text[], ${a(col(creates, "titleBn"))}::text[],
        ${a(col(creates, "description"))}::text[], ${a(col(creates, "price"))}::int[],
        ${a(col(creates, "salePrice"))}::int[], ${a(col(creates, "stock"))}::int[],
        ${a(creates.map((p) => p.values!.tracks.join(",")))}::text[], ${a(col(creates, "hscYear"))}::int2[],
        ${a(col(creates, "language"))}::text[], ${a(col(creates, "published"))}::bool[],
        ${a(creates.map((p) => searchNames(p.values!, authorById, p.values!.publisher)))}::text[])
        with ordinality as u(kind, slug, title, title_bn, description, price, sale_price, stock, tracks,
          hsc_year, language, published, search_names, n)
      order by u.n
      returning id, kind, slug`)) as unknown as { rows: { id: number; kind: string; slug: string }[] };
    const idOf = new Map(inserted.rows.map((r) => [`${r.kind}:${r.slug}`, Number(r.id)]));
    for (const p of creates) {
      p.id = idOf.get(`${p.values!.kind}:${p.values!.slug}`)!;
      createdIds.push(p.id);
    }
  }
  const written = [...creates, ...updates];

  if (updates.length > 0) {
    await tx.execute(sql`
      update ${products} p set slug = u.slug, title = u.title, title_bn = u.title_bn,
        description = u.description, price = u.price, sale_price = u.sale_price, stock = u.stock,
        tracks = case when u.tracks = '' then '{}'::text[] else string_to_array(u.tracks, ',') end,
        hsc_year = u.hsc_year, language = u.language, published = u.published,
        search_names = u.search_names, updated_at = ${now}::timestamptz, version = p.version + 1
      from unnest(${a(updates.map((p) => p.id!))}::int[], ${a(col(updates, "slug"))}::text[],
        ${a(col(updates, "title"))}::text[], ${a(col(updates, "titleBn"))}::text[],
        ${a(col(updates, "description"))}::text[], ${a(col(updates, "price"))}::int[],
        ${a(col(updates, "salePrice"))}::int[], ${a(col(updates, "stock"))}::int[],
        ${a(updates.map((p) => p.values!.tracks.join(",")))}::text[], ${a(col(updates, "hscYear"))}::int2[],
        ${a(col(updates, "language"))}::text[], ${a(col(updates, "published"))}::bool[],
        ${a(updates.map((p) => searchNames(p.values!, authorById, p.values!.publisher)))}::text[])
        as u(id, slug, title, title_bn, description, price, sale_price, stock, tracks, hsc_year, language,
          published, search_names)
      where p.id = u.id`);
  }

  // Printed books' details (new and changed), e-books' own row (new ones).
  const books = written.filter((p) => p.values!.kind === "book");
  if (books.length > 0) {
    await tx.execute(sql`
      insert into ${bookDetails} (product_id, publisher, edition, isbn, pages)
      select * from unnest(${a(books.map((p) => p.id!))}::int[], ${a(col(books, "publisher"))}::text[],
        ${a(col(books, "edition"))}::text[], ${a(col(books, "isbn"))}::text[], ${a(col(books, "pages"))}::int[])
      on conflict (product_id) do update set publisher = excluded.publisher, edition = excluded.edition,
        isbn = excluded.isbn, pages = excluded.pages`);
  }
  const ebooks = creates.filter((p) => p.values!.kind === "ebook");
  if (ebooks.length > 0) {
    await tx.execute(sql`
      insert into ebook_details (product_id) select * from unnest(${a(ebooks.map((p) => p.id!))}::int[])`);
  }

  // Authors: replaced where they changed.
  const relinked = written.filter(
    (p) => !p.current || JSON.stringify(p.current.authorIds) !== JSON.stringify(p.values!.authorIds),
  );
  const unlink = relinked.filter((p) => p.current).map((p) => p.id!);
  if (unlink.length > 0) {
    await tx.execute(sql`delete from ${productAuthors} where product_id = any(${a(unlink)}::int[])`);
  }
  const links = relinked.flatMap((p) =>
    p.values!.authorIds.map((authorId, position) => ({ productId: p.id!, authorId, position })),
  );
  if (links.length > 0) {
    await tx.execute(sql`
      insert into ${productAuthors} (product_id, author_id, position)
      select * from unnest(${a(links.map((l) => l.productId))}::int[], ${a(links.map((l) => l.authorId))}::int[],
        ${a(links.map((l) => l.position))}::int2[])`);
  }

  // The stock ledger: a new book's stock is received, a changed one corrected.
  const moves = [
    ...creates
      .filter((p) => p.values!.kind === "book")
      .map((p) => ({
        id: p.id!,
        change: p.values!.stock ?? 0,
        after: p.values!.stock ?? 0,
        reason: "received",
      })),
    ...updates
      .filter((p) => p.values!.kind === "book" && p.values!.stock !== p.current!.stock)
      .map((p) => ({
        id: p.id!,
        change: (p.values!.stock ?? 0) - (p.current!.stock ?? 0),
        after: p.values!.stock ?? 0,
        reason: "correction",
      })),
  ];
  if (moves.length > 0) {
    await tx.execute(sql`
      insert into stock_movements (product_id, change, stock_after, reason, note, actor_id, created_at)
      select u.id, u.change, u.after, u.reason::stock_reason, 'CSV import', ${actor}::int, ${now}::timestamptz
      from unnest(${a(moves.map((m) => m.id))}::int[], ${a(moves.map((m) => m.change))}::int[],
        ${a(moves.map((m) => m.after))}::int[], ${a(moves.map((m) => m.reason))}::text[])
        as u(id, change, after, reason)`);
  }
}

/** What changed on each updated book, field by field: the import's audit entry keeps it. */
function changesOf(updates: PlannedRow[]) {
  return Object.fromEntries(
    updates.map((p) => {
      const before = p.current!;
      const after = p.values!;
      const fields = (Object.keys(after) as (keyof BookValues)[]).filter(
        (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
      );
      return [p.id!, Object.fromEntries(fields.map((k) => [k, [before[k], after[k]]]))];
    }),
  );
}

const importText = z.string();

/**
 * Checks a CSV file of books (preview) or imports it (apply): all rows in one transaction, or
 * none — any row with an error refuses the whole file with 400 and the report of every row.
 */
export async function importBooksCsv(ctx: Ctx, bytes: Uint8Array, query: unknown): Promise<BookImportReport> {
  requirePermission(ctx, AREA, refusal(AREA));
  const { mode } = importQuery.parse(query);
  const text = utf8Text(bytes);
  const file = readImportFile(text);
  if (mode === "preview") {
    const { planned } = await planImport(ctx.db, file, false);
    return reportOf(planned, false);
  }
  return adminChange(
    ctx,
    AREA,
    importText,
    text,
    async (tx) => {
      const { planned, authorById } = await planImport(tx, file, true);
      const report = reportOf(planned, false);
      if (report.failed > 0) {
        throw new DomainError(
          "invalid",
          `${report.failed} of ${planned.length} rows have errors: nothing was imported. Fix them and try again.`,
          undefined,
          report,
        );
      }
      await writeImport(tx, ctx, planned, authorById);
      const done = reportOf(planned, true);
      const updates = planned.filter((p) => p.action === "update");
      return {
        result: done,
        audit: {
          action: "product.import",
          entity: "product",
          entityId: "csv",
          after: {
            rows: planned.length,
            created: done.created,
            updated: done.updated,
            unchanged: done.unchanged,
            createdIds: planned.filter((p) => p.action === "create").map((p) => p.id),
            updatedIds: updates.map((p) => p.id),
            changes: changesOf(updates),
          },
        },
      };
    },
    { refusal: refusal(AREA) },
  );
}
