/**
 * Books as a spreadsheet: the columns of `GET /api/admin/books/export.csv`, which are also the
 * columns `POST /api/admin/books/import` reads, so an export can be edited and imported back.
 * Prices are in taka with two decimals (as staff read them), not the API's poisha.
 */
import { z } from "./zod";

/** The columns, in the order the export writes them. */
export const BOOK_CSV_COLUMNS = [
  "id",
  "version",
  "kind",
  "title",
  "titleBn",
  "slug",
  "isbn",
  "authors",
  "publisher",
  "edition",
  "pages",
  "price",
  "salePrice",
  "stock",
  "published",
  "tracks",
  "hscYear",
  "language",
  "description",
] as const;
export type BookCsvColumn = (typeof BOOK_CSV_COLUMNS)[number];

/**
 * What each column takes, shown on the import page in the page's language: a catalogue message,
 * with the values typed into the file (`book`, `yes`, `;`) as placeholders so they stay as typed.
 */
export const BOOK_CSV_HELP: Record<BookCsvColumn, { text: string; values?: Record<string, string> } | null> =
  {
    id: { text: /*i18n*/ "Empty for a new book; the book's id to change an existing one" },
    version: {
      text: /*i18n*/ "From the export: a row for a book changed since then is refused (leave empty to skip the check)",
    },
    kind: {
      text: /*i18n*/ "{book} or {ebook} (empty: {book}); an existing book's kind cannot change",
      values: { book: "book", ebook: "ebook" },
    },
    title: { text: /*i18n*/ "Required" },
    titleBn: { text: /*i18n*/ "The Bangla title" },
    slug: { text: /*i18n*/ "The web address; empty makes one from the title" },
    isbn: {
      text: /*i18n*/ "{isbn10} or {isbn13} (printed books only)",
      values: { isbn10: "ISBN-10", isbn13: "ISBN-13" },
    },
    authors: {
      text: /*i18n*/ "Names separated by {separator} (English or Bangla name, exactly as on the author's page)",
      values: { separator: ";" },
    },
    publisher: null,
    edition: { text: /*i18n*/ "Printed books only" },
    pages: { text: /*i18n*/ "Printed books only" },
    price: {
      text: /*i18n*/ "In taka, e.g. {whole} or {decimal}",
      values: { whole: "250", decimal: "249.50" },
    },
    salePrice: { text: /*i18n*/ "In taka, below the price; empty for none" },
    stock: { text: /*i18n*/ "Units on hand (printed books only); a change is a stock correction" },
    published: { text: /*i18n*/ "{yes} or {no}", values: { yes: "yes", no: "no" } },
    tracks: {
      text: /*i18n*/ "Separated by {separator} ({tracks})",
      values: { separator: ";", tracks: "hsc, cycle, engineering, medical, varsity" },
    },
    hscYear: { text: /*i18n*/ "e.g. {year}", values: { year: "2026" } },
    language: { text: /*i18n*/ "{bn} or {en} (empty: {bn})", values: { bn: "bn", en: "en" } },
    description: null,
  };

/** The most rows one import takes. */
export const MAX_IMPORT_ROWS = 10_000;
/** The largest file one import takes. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** The most rows one export writes. */
export const MAX_EXPORT_ROWS = 100_000;

export const IMPORT_PATH = "/api/admin/books/import";
export const EXPORT_PATH = "/api/admin/books/export.csv";
export const TEMPLATE_PATH = "/api/admin/books/import-template.csv";

export const CSV_REQUIRED = "Send the file as CSV (Content-Type: text/csv)";

/** A file in another encoding (Excel's plain "CSV" is a Windows code page) is refused, not read mangled. */
export const NOT_UTF8 = /*i18n*/ "This file is not UTF-8. Save it as CSV UTF-8 and upload it again.";

export const importQuery = z.object({
  mode: z
    .enum(["preview", "apply"], { error: "mode must be preview or apply" })
    .default("preview")
    .meta({ description: "preview checks every row and changes nothing; apply imports all rows or none" }),
});

export const IMPORT_ACTIONS = ["create", "update", "unchanged"] as const;

export const importRowSchema = z.object({
  line: z.int().meta({ description: "The row's line in the file (the header is line 1)" }),
  action: z.enum(IMPORT_ACTIONS),
  id: z.int().nullable().meta({ description: "The book's id (a new book's once applied)" }),
  title: z.string(),
  errors: z
    .record(z.string(), z.string())
    .meta({ description: "A message per column; empty when the row is fine" }),
});

export const importReportSchema = z
  .object({
    rows: z.array(importRowSchema),
    ok: z.int().meta({ description: "Rows without errors" }),
    failed: z.int().meta({ description: "Rows with errors" }),
    created: z.int(),
    updated: z.int(),
    unchanged: z.int(),
    applied: z.boolean().meta({ description: "Whether the rows were written (apply without errors)" }),
  })
  .meta({ id: "BookImportReport" });
export type BookImportReport = z.infer<typeof importReportSchema>;
export type BookImportRow = z.infer<typeof importRowSchema>;

const BANGLA_DIGITS = "০১২৩৪৫৬৭৮৯";

/** Bangla digits as ASCII ones, so a number typed in Bangla reads the same. */
export function asciiDigits(text: string): string {
  return text.replace(/[০-৯]/g, (d) => String(BANGLA_DIGITS.indexOf(d)));
}

/** Taka as staff type it ("250", "249.50", "1,250", "৳250") in poisha; null when it is not one. */
export function parseTakaCell(text: string): number | null {
  const s = asciiDigits(text)
    .replace(/[৳,\s]/g, "")
    .replace(/^Tk\.?/i, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ""] = s.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** An example row for the template (a new book: no id, no version). */
export const TEMPLATE_ROW: Record<BookCsvColumn, string> = {
  id: "",
  version: "",
  kind: "book",
  title: "Higher Math 1st Paper Model Tests 2027",
  titleBn: "উচ্চতর গণিত ১ম পত্র মডেল টেস্ট ২০২৭",
  slug: "",
  isbn: "978-984-8811-01-6",
  authors: "",
  publisher: "Panjeree Publications",
  edition: "1st edition, 2026",
  pages: "320",
  price: "350.00",
  salePrice: "315.00",
  stock: "40",
  published: "no",
  tracks: "hsc",
  hscYear: "2027",
  language: "bn",
  description: "Board questions with answers, chapter by chapter.",
};
