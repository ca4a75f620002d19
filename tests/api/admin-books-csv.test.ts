import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BOOK_CSV_COLUMNS,
  type BookImportReport,
  MAX_IMPORT_ROWS,
  NOT_UTF8,
  TEMPLATE_ROW,
} from "../../src/contracts/admin-books-csv";
import { normaliseIsbn } from "../../src/contracts/admin-products";
import { auditLog, bookDetails, productAuthors, products, stockMovements } from "../../src/server/db/schema";
import { createAuthor, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let staff: TestUser;
let customer: TestUser;
let otherStaff: TestUser;
let author: { id: number; name: string };
let physics: { id: number };

/** A valid ISBN-13 from 12 digits (the check digit added). */
function isbn13(twelve: string): string {
  const sum = [...twelve].reduce((n, d, i) => n + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

type Row = Partial<Record<(typeof BOOK_CSV_COLUMNS)[number], string>>;

function csv(rows: Row[], columns: readonly string[] = BOOK_CSV_COLUMNS): string {
  return stringify(rows, { header: true, columns: [...columns] });
}

function newBook(over: Row = {}): Row {
  return {
    kind: "book",
    title: "Imported Chemistry Guide",
    titleBn: "রসায়ন গাইড",
    isbn: "",
    authors: author.name,
    publisher: "Import Press",
    price: "320.00",
    salePrice: "",
    stock: "12",
    published: "yes",
    tracks: "hsc",
    hscYear: "2026",
    language: "bn",
    description: "Imported from a file.",
    ...over,
  };
}

/** `cookie` null: signed out. */
const importCsv = (
  text: string,
  mode: "preview" | "apply",
  cookie: string | null = staff.cookie,
  type = "text/csv",
) =>
  h.request<BookImportReport>("POST", `/api/admin/books/import?mode=${mode}`, {
    cookie: cookie ?? undefined,
    body: text,
    headers: { "content-type": type },
  });

const exportCsv = (query = "", cookie: string | null = staff.cookie) =>
  h.request("GET", `/api/admin/books/export.csv${query}`, { cookie: cookie ?? undefined });

function rowsOf(text: string): Record<string, string>[] {
  return parse(text, { bom: true, columns: true }) as Record<string, string>[];
}

async function bookCount() {
  const [row] = await h.db.select({ n: count() }).from(products);
  return row!.n;
}

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["books"], name: "Books Staff" });
  otherStaff = await h.createUser({ role: "staff", permissions: ["orders"], name: "Orders Staff" });
  customer = await h.createUser({ name: "Customer" });
  author = await createAuthor(h.db, "Ishaq Ahmed", "ইসহাক আহমেদ");
  physics = await createProduct(h.db, {
    title: "Physics First Paper",
    titleBn: "পদার্থবিজ্ঞান প্রথম পত্র",
    price: 45_050,
    salePrice: 40_000,
    authorIds: [author.id],
    stock: 7,
    published: true,
    hscYear: 2026,
    publisher: "Lecture Publications",
  });
  await createProduct(h.db, { title: "Physics Draft Notes", published: false });
  await createProduct(h.db, { title: '=HYPERLINK("http://evil.test","x")', published: false });
  await createProduct(h.db, { kind: "stationary", title: "Physics Lab Pen" });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe("GET /api/admin/books/export.csv", () => {
  it("is refused to callers without the books permission", async () => {
    expect((await exportCsv("", null)).status).toBe(401);
    expect((await exportCsv("", customer.cookie)).status).toBe(403);
    expect((await exportCsv("", otherStaff.cookie)).status).toBe(403);
  });

  it("writes the list's view: its search and filters, every matching book, books only", async () => {
    const res = await exportCsv("?q=physics&published=true&sort=-price");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename=books-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    // UTF-8 with a byte-order mark, so a spreadsheet shows Bangla.
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = rowsOf(res.text);
    expect(Object.keys(rows[0]!)).toEqual([...BOOK_CSV_COLUMNS]);
    expect(rows.map((r) => r.title)).toEqual(["Physics First Paper"]);
    expect(rows[0]).toMatchObject({
      id: String(physics.id),
      kind: "book",
      titleBn: "পদার্থবিজ্ঞান প্রথম পত্র",
      authors: "Ishaq Ahmed",
      price: "450.50",
      salePrice: "400.00",
      stock: "7",
      published: "yes",
      tracks: "hsc",
      hscYear: "2026",
      publisher: "Lecture Publications",
    });
    const all = rowsOf((await exportCsv("?q=physics&sort=title")).text);
    expect(all.map((r) => r.title)).toEqual(["Physics Draft Notes", "Physics First Paper"]);
  });

  it("finds a book by its exact address too, and sorts both ways", async () => {
    const [row] = await h.db
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.id, physics.id));
    const bySlug = rowsOf((await exportCsv(`?q=${row!.slug}`)).text);
    expect(bySlug.map((r) => r.id)).toEqual([String(physics.id)]);
    const up = rowsOf((await exportCsv("?sort=updatedAt")).text).map((r) => r.id);
    const down = rowsOf((await exportCsv("?sort=-updatedAt")).text).map((r) => r.id);
    expect(up.length).toBeGreaterThan(2);
    expect(down).toEqual([...up].reverse());
  });

  it("starts a cell a spreadsheet would run as a formula with an apostrophe", async () => {
    const rows = rowsOf((await exportCsv("?published=false&q=HYPERLINK")).text);
    expect(rows.map((r) => r.title)).toEqual(['\'=HYPERLINK("http://evil.test","x")']);
  });

  it("refuses a view the list refuses", async () => {
    const res = await exportCsv("?sort=password");
    expect(res.status).toBe(400);
  });
});

describe("GET /api/admin/books/import-template.csv", () => {
  it("is the header and one example row that previews without errors", async () => {
    const res = await h.request("GET", "/api/admin/books/import-template.csv", { cookie: staff.cookie });
    expect(res.status).toBe(200);
    const rows = rowsOf(res.text);
    expect(rows).toHaveLength(1);
    expect(normaliseIsbn(TEMPLATE_ROW.isbn)).not.toBeNull();
    const preview = await importCsv(res.text, "preview");
    expect(preview.body.data).toMatchObject({ ok: 1, failed: 0, created: 1 });
  });
});

describe("POST /api/admin/books/import", () => {
  it("takes only text/csv, after the permission check", async () => {
    expect((await importCsv(csv([newBook()]), "preview", null)).status).toBe(401);
    expect((await importCsv(csv([newBook()]), "preview", customer.cookie)).status).toBe(403);
    expect((await importCsv("{}", "preview", staff.cookie, "application/json")).status).toBe(415);
    expect((await importCsv(csv([newBook()]), "preview", staff.cookie, "text/plain")).status).toBe(415);
    expect(
      (await importCsv(csv([newBook()]), "preview", staff.cookie, "text/csv; charset=utf-8")).status,
    ).toBe(200);
  });

  it("takes text/csv on the import alone: every other write stays JSON-only", async () => {
    const res = await h.request("POST", "/api/admin/books", {
      cookie: staff.cookie,
      body: csv([newBook()]),
      headers: { "content-type": "text/csv" },
    });
    expect(res.status).toBe(415);
  });

  it("refuses a file over 5 MB with 413", async () => {
    const big = `title,description\r\nBig,${"x".repeat(5 * 1024 * 1024)}\r\n`;
    const res = await importCsv(big, "preview");
    expect(res.status).toBe(413);
  });

  it("refuses a file it cannot read as a whole", async () => {
    for (const [text, message] of [
      ["", /empty/],
      ["title,price\r\n", /no books/],
      ["title,colour\r\nA,red\r\n", /Unknown column "colour"/],
      ['title,price\r\n"Unclosed,250\r\n', /not valid CSV/],
    ] as const) {
      const res = await importCsv(text, "preview");
      expect(res.status, text).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });

  it("refuses a file that is not UTF-8 (Latin-1 é and ñ), preview or apply, and changes nothing", async () => {
    const title = "Español: café y niños";
    const text = csv([newBook({ title, slug: "latin-1-file" })]);
    const latin1 = Uint8Array.from(Buffer.from(text, "latin1"));
    const before = await bookCount();
    for (const mode of ["preview", "apply"] as const) {
      const res = await h.request("POST", `/api/admin/books/import?mode=${mode}`, {
        cookie: staff.cookie,
        body: latin1,
        headers: { "content-type": "text/csv" },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(NOT_UTF8);
      expect(res.body.errors).toEqual({ file: NOT_UTF8 });
    }
    expect(await bookCount()).toBe(before);
    // The same file saved as UTF-8, with Excel's byte-order mark, reads right.
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text, "utf8")]);
    const res = await h.request<BookImportReport>("POST", "/api/admin/books/import?mode=preview", {
      cookie: staff.cookie,
      body: utf8,
      headers: { "content-type": "text/csv" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data!.rows.map((r) => [r.title, r.errors])).toEqual([[title, {}]]);
  });

  it("previews: an error per row and column, and changes nothing", async () => {
    const other = await createProduct(h.db, { title: "Has an ISBN" });
    const taken = isbn13("978984000001");
    await h.db.update(bookDetails).set({ isbn: taken }).where(eq(bookDetails.productId, other.id));
    const dup = isbn13("978984000002");
    const before = await bookCount();
    const text = csv([
      newBook({ title: "Good One" }),
      newBook({ title: "", authors: "Nobody Known" }),
      newBook({ title: "Bad Price", price: "abc", kind: "magazine" }),
      newBook({ title: "Sale Too High", price: "100", salePrice: "100", tracks: "hsc;astrology" }),
      newBook({ title: "Dup 1", isbn: dup }),
      newBook({ title: "Dup 2", isbn: dup }),
      newBook({ title: "Taken ISBN", isbn: taken }),
      newBook({ title: "Bad ISBN", isbn: "9789840000000" }),
      newBook({ title: "Bangla author", authors: "ইসহাক আহমেদ" }),
    ]);
    const res = await importCsv(text, "preview");
    expect(res.status).toBe(200);
    const report = res.body.data!;
    expect(report).toMatchObject({ ok: 3, failed: 6, applied: false });
    const errors = Object.fromEntries(report.rows.map((r) => [r.line, r.errors]));
    expect(errors[2]).toEqual({});
    expect(errors[3]).toMatchObject({
      title: "Enter a title",
      authors: expect.stringMatching(/Unknown author "Nobody Known"/),
    });
    expect(errors[4]).toMatchObject({
      price: expect.stringMatching(/taka/),
      kind: "The kind is book or ebook",
    });
    expect(errors[5]).toMatchObject({
      salePrice: "The sale price must be below the price",
      tracks: "Unknown track",
    });
    expect(errors[6]).toEqual({});
    expect(errors[7]).toMatchObject({ isbn: "The same ISBN is on line 6" });
    expect(errors[8]).toMatchObject({ isbn: `Another book (id ${other.id}) has this ISBN` });
    expect(errors[9]).toMatchObject({ isbn: expect.stringMatching(/Not a valid ISBN/) });
    expect(errors[10]).toEqual({});
    expect(report.rows.every((r) => r.action === "create")).toBe(true);
    expect(await bookCount()).toBe(before);
  });

  it("applies all rows or none: one bad row refuses the file, fixed it goes in whole", async () => {
    const before = await bookCount();
    const [audits] = await h.db.select({ n: count() }).from(auditLog);
    const rows = [
      newBook({ title: "Organic Chemistry Made Easy", stock: "25", isbn: isbn13("978984000011") }),
      newBook({ title: "Inorganic Chemistry Made Easy", price: "-5" }),
      // An e-book is published once its PDF is uploaded, on its own page.
      newBook({
        title: "Biology Made Easy",
        kind: "ebook",
        stock: "",
        publisher: "",
        authors: "",
        published: "no",
      }),
    ];
    const refused = await importCsv(csv(rows), "apply");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/1 of 3 rows have errors: nothing was imported/);
    expect(refused.body.data).toMatchObject({ ok: 2, failed: 1, applied: false });
    expect(refused.body.data!.rows[1]!.errors).toMatchObject({ price: expect.any(String) });
    expect(await bookCount()).toBe(before);
    expect((await h.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(audits!.n);

    rows[1] = { ...rows[1], price: "275.50" };
    const res = await importCsv(csv(rows), "apply");
    expect(res.status).toBe(200);
    const report = res.body.data!;
    expect(report).toMatchObject({ ok: 3, failed: 0, created: 3, applied: true });
    expect(await bookCount()).toBe(before + 3);
    const ids = report.rows.map((r) => r.id!);
    const made = await h.db.select().from(products).where(inArray(products.id, ids)).orderBy(products.id);
    expect(made.map((p) => [p.title, p.kind, p.price, p.stock, p.published])).toEqual([
      ["Organic Chemistry Made Easy", "book", 32_000, 25, true],
      ["Inorganic Chemistry Made Easy", "book", 27_550, 12, true],
      ["Biology Made Easy", "ebook", 32_000, null, false],
    ]);
    expect(made[0]!.slug).toBe("organic-chemistry-made-easy");
    expect(made[0]!.searchNames).toContain("Ishaq Ahmed");
    const links = await h.db.select().from(productAuthors).where(eq(productAuthors.productId, ids[0]!));
    expect(links.map((l) => l.authorId)).toEqual([author.id]);
    // The stock ledger opens with what was received.
    const moves = await h.db.select().from(stockMovements).where(inArray(stockMovements.productId, ids));
    expect(moves.map((m) => [m.productId, m.change, m.reason, m.note])).toEqual([
      [ids[0], 25, "received", "CSV import"],
      [ids[1], 12, "received", "CSV import"],
    ]);
    // One audit entry for the import, with who and what.
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, "product.import"));
    expect(entry).toMatchObject({
      actorId: staff.user.id,
      after: expect.objectContaining({ created: 3, createdIds: ids }),
    });
    // The shop's search finds it at once.
    const found = await h.request<{ items: { title: string }[] }>("GET", "/api/search?q=Organic%20Chemistry");
    expect(JSON.stringify(found.body.data)).toContain("Organic Chemistry Made Easy");
  });

  it("an export imported back changes nothing; an edited one updates, with the ledger and versions", async () => {
    const exported = (await exportCsv("?q=physics%20first")).text;
    const again = await importCsv(exported, "apply");
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ unchanged: 1, updated: 0, created: 0 });
    const [same] = await h.db.select().from(products).where(eq(products.id, physics.id));
    expect(same!.version).toBe(1);

    const rows = rowsOf(exported);
    rows[0] = { ...rows[0]!, price: "500", salePrice: "", stock: "10", titleBn: "পদার্থবিজ্ঞান ১ম পত্র" };
    const res = await importCsv(csv(rows), "apply");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      updated: 1,
      rows: [{ action: "update", id: physics.id, errors: {} }],
    });
    const [after] = await h.db.select().from(products).where(eq(products.id, physics.id));
    expect(after).toMatchObject({
      price: 50_000,
      salePrice: null,
      stock: 10,
      titleBn: "পদার্থবিজ্ঞান ১ম পত্র",
      version: 2,
    });
    const moves = await h.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, physics.id), eq(stockMovements.reason, "correction")));
    expect(moves.map((m) => [m.change, m.stockAfter, m.note])).toEqual([[3, 10, "CSV import"]]);

    // The same file again: its version is now stale, and the row says so.
    const stale = await importCsv(csv(rows), "preview");
    expect(stale.body.data!.rows[0]!.errors.version).toMatch(
      /changed after the file was exported \(now version 2\)/,
    );
  });

  it("updates only the columns the file has, and refuses an id that is not a book", async () => {
    const pen = await createProduct(h.db, { kind: "stationary", title: "A Pen" });
    const text = csv(
      [
        { id: String(physics.id), published: "no" },
        { id: String(pen.id), published: "no" },
        { id: "99999", published: "no" },
      ],
      ["id", "title", "published"],
    );
    const res = await importCsv(text, "preview");
    expect(res.body.data!.rows.map((r) => r.errors)).toEqual([
      { title: "Enter a title" },
      { id: `No book or e-book has id ${pen.id}` },
      { id: "No book or e-book has id 99999" },
    ]);
    const untitled = await importCsv("price\r\n250\r\n", "preview");
    expect(untitled.body.data!.rows[0]!.errors).toEqual({ title: "Enter a title" });
    const ok = await importCsv(
      csv([{ id: String(physics.id), published: "no" }], ["id", "published"]),
      "apply",
    );
    expect(ok.status).toBe(200);
    const [row] = await h.db.select().from(products).where(eq(products.id, physics.id));
    expect(row).toMatchObject({ published: false, price: 50_000, title: "Physics First Paper" });
  });

  it(`takes ${MAX_IMPORT_ROWS.toLocaleString("en")} rows, refuses one more`, async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => ({
      title: `Bulk Import Book ${i}`,
      price: "100",
      isbn: isbn13(`97898410${String(i).padStart(4, "0")}`),
    }));
    const before = await bookCount();
    const res = await importCsv(csv(rows, ["title", "price", "isbn"]), "apply");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: MAX_IMPORT_ROWS, failed: 0 });
    expect(await bookCount()).toBe(before + MAX_IMPORT_ROWS);
    const tooMany = await importCsv(
      csv([...rows, { title: "One more", price: "1" }], ["title", "price", "isbn"]),
      "preview",
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/10,001 rows; at most 10,000/);
  }, 120_000);
});
