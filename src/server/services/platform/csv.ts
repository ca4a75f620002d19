/**
 * The one CSV writer: every CSV file the shop writes (books, sales reports and their jobs, a
 * product's sales, orders by source, the accounts statement, coupon codes) is made of these cells.
 *
 * - **Text** is never run by a spreadsheet (OWASP's CSV injection advice): a text cell that begins
 *   with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe and is quoted, so
 *   Excel, LibreOffice and Google Sheets show it as text. A title `=HYPERLINK(…)` reads as typed.
 * - **Numbers** are written bare and never prefixed: a count is a JavaScript number, an amount a
 *   `CsvNumber` (`csvTaka` for poisha written as taka with two decimals), so a refund's `-250.00`
 *   stays a negative number a spreadsheet adds up. Only these two kinds of cell are written bare.
 * - Cells with a comma, a quote or a line break are quoted (quotes doubled); records end in CRLF;
 *   a file starts with a UTF-8 byte-order mark, so Excel reads Bangla right.
 */

/** A cell a spreadsheet should read as a number (an amount with decimals); made by `csvNumber` or `csvTaka`. */
export class CsvNumber {
  private constructor(readonly text: string) {}
  static of(text: string): CsvNumber {
    if (!/^-?\d+(\.\d+)?$/.test(text))
      throw new Error(`not a number for a CSV cell: ${JSON.stringify(text)}`);
    return new CsvNumber(text);
  }
}

export type CsvCell = string | number | CsvNumber | null | undefined;

/** The UTF-8 byte-order mark a CSV file starts with. */
export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

/** A decimal number as a cell (`"-12.50"`); anything else is a programming error and throws. */
export function csvNumber(text: string): CsvNumber {
  return CsvNumber.of(text);
}

/** Poisha as taka with two decimals (`-25000` → `-250.00`), a number cell; null is an empty cell. */
export function csvTaka(poisha: number | null): CsvNumber | null {
  if (poisha === null) return null;
  // Integer arithmetic, so no amount is ever a floating point's rounding away.
  const abs = Math.abs(poisha);
  return CsvNumber.of(
    `${poisha < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`,
  );
}

/**
 * Text as a spreadsheet will show it and never run it: a leading apostrophe when it begins with a
 * formula character. (The writer also quotes such a cell; this is the text inside the quotes.)
 */
export function neutraliseText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Undoes `neutraliseText` on a cell read back (the books import), so an export imports unchanged. */
export function restoreText(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

function quoted(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** One cell as it is written between the commas. */
export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof CsvNumber) return cell.text;
  if (typeof cell === "number") {
    if (!Number.isFinite(cell)) throw new Error(`not a finite number for a CSV cell: ${cell}`);
    return String(cell);
  }
  if (FORMULA_START.test(cell)) return quoted(`'${cell}`);
  return /[",\r\n]/.test(cell) ? quoted(cell) : cell;
}

/** Records as CSV text, each ending in CRLF. */
export function csvRows(rows: readonly (readonly CsvCell[])[]): string {
  let out = "";
  for (const row of rows) out += `${row.map(csvCell).join(",")}\r\n`;
  return out;
}

/** A whole small file: the byte-order mark, the header, the records. */
export function csvFile(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + csvRows([header, ...rows]);
}
