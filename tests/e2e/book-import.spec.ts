import {
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  MOBILE,
  shot,
  test,
} from "./helpers";
import { STAFF_BOOKS_STATE } from "./support";

test.use({ storageState: STAFF_BOOKS_STATE });

const HEADER = "title,titleBn,price,salePrice,stock,published,tracks,hscYear";

function file(rows: string[]) {
  return {
    name: "books.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${[HEADER, ...rows].join("\r\n")}\r\n`),
  };
}

test("import a CSV with one bad row (nothing applied), fix it, import again, find the book in the shop", async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const title = `Imported Higher Math ${tag}`;
  const good = `${title},উচ্চতর গণিত ${tag},350.00,,20,yes,hsc,2026`;
  const bad = `Imported Statistics ${tag},,three hundred,,5,yes,hsc,2026`;
  const fixed = `Imported Statistics ${tag},,300,,5,yes,hsc,2026`;

  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/books/import");
  await expect(page.getByRole("heading", { level: 1, name: "Import books" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download a template" })).toHaveAttribute(
    "href",
    "/api/admin/books/import-template.csv",
  );

  // One bad row: the preview says which row and column, and nothing can be imported.
  await page.getByLabel("Choose a CSV file or drop it here").setInputFiles(file([good, bad]));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 row with errors" })).toBeVisible();
  const badRow = page.getByRole("row").filter({ hasText: `Imported Statistics ${tag}` });
  await expect(badRow).toContainText("price");
  await expect(badRow).toContainText("Write the price in taka");
  await expect(page.getByRole("button", { name: "Import 2 books" })).toBeDisabled();
  await shot(page, "book-import-errors-desktop");

  // Nothing was applied: the shop does not know the book.
  const before = await page.request.get(`/api/search?q=${encodeURIComponent(title)}`);
  expect(await before.text()).not.toContain(title);

  // Fixed, previewed again, imported after the confirmation.
  await page.getByLabel(/books\.csv|Choose a CSV file/).setInputFiles(file([good, fixed]));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("status").filter({ hasText: "no errors" })).toBeVisible();
  await page.getByRole("button", { name: "Import 2 books" }).click();
  const dialog = page.getByRole("dialog", { name: "Import 2 books?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Import 2 books" }).click();
  await expect(
    page.getByRole("main").getByRole("status").filter({ hasText: "Imported: 2 new books" }),
  ).toBeVisible();
  await shot(page, "book-import-done-desktop");

  // The shop's search finds it at once.
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  await expect(page.getByText(title).first()).toBeVisible();
});

test("a file saved in Latin-1 is refused, saying to save it as UTF-8; the same file in UTF-8 previews", async ({
  page,
}) => {
  const row = "Español para niños,,250,,3,no,hsc,2026";
  const latin1 = { ...file([row]), buffer: Buffer.from(`${HEADER}\r\n${row}\r\n`, "latin1") };
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/books/import");
  await page.getByLabel("Choose a CSV file or drop it here").setInputFiles(latin1);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(
    page.getByText("This file is not UTF-8. Save it as CSV UTF-8 and upload it again."),
  ).toBeVisible();
  await page.getByLabel(/books\.csv|Choose a CSV file/).setInputFiles(file([row]));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("status").filter({ hasText: "no errors" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Español para niños" })).toBeVisible();
});

test("the import page at 360 px", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto("/admin/books/import");
  await page
    .getByLabel("Choose a CSV file or drop it here")
    .setInputFiles(file([`Phone Import Check,,abc,,1,yes,hsc,2026`, `,,100,100,1,maybe,astrology,2026`]));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 rows with errors" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "book-import-errors-360");
});
