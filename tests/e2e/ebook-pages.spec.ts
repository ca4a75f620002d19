import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { buildStudyPdf } from "../../src/server/seed/study-pdf";
import {
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  MOBILE,
  shot,
  test,
  waitForApp,
} from "./helpers";
import { STAFF_BOOKS_STATE } from "./support";

// Staff with the books permission upload an e-book's PDF on /admin/books/{id}/pages, see its pages
// as thumbnails, choose two preview pages on /admin/books/{id}/demo, and a signed-out visitor's
// reader then offers exactly those pages.

test.use({ storageState: STAFF_BOOKS_STATE });

/** The last e-book of the demo shop (the other specs read the first; this one changes its file). */
async function lastEbook(page: Page): Promise<number> {
  const res = await page.request.get("/api/ebooks?limit=100");
  const items = ((await res.json()) as { data: { items: { id: number }[] } }).data.items;
  expect(items.length, "the demo shop has e-books").toBeGreaterThan(1);
  return items[items.length - 1]!.id;
}

async function pdfFile(pages: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "pathagar-e2e-pdf-"));
  const path = join(dir, "study-notes.pdf");
  const bytes = await buildStudyPdf({
    title: "Uploaded notes",
    authors: ["E2E"],
    shopName: "Pathagar",
    chapters: ["Motion", "Waves"],
    pages,
    seed: `e2e-${Date.now()}`,
  });
  writeFileSync(path, bytes);
  return path;
}

/** Every thumbnail image on the page has loaded with pixels. */
async function expectThumbnailsLoaded(page: Page, count: number) {
  const images = page.locator('img[src*="/thumbnails/"]');
  await expect(images).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    const img = images.nth(i);
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15_000 })
      .toBe(160);
  }
}

test("upload a PDF, see its pages, choose two preview pages; a signed-out reader gets exactly those", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const id = await lastEbook(page);

  await page.goto(`/admin/books/${id}/pages`);
  await waitForApp(page);
  await expect(page.getByRole("heading", { name: "Book pages" })).toBeVisible();
  await page.getByLabel(/^(Upload|Replace) the PDF$/).setInputFiles(await pdfFile(6));
  await page.getByRole("button", { name: /^(Upload|Replace) PDF$/ }).click();
  await expect(page.getByTestId("pdf-state")).toContainText("6 pages", { timeout: 20_000 });
  await expectThumbnailsLoaded(page, 6);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "admin-book-pages-desktop");
  await page.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(page);
  await shot(page, "admin-book-pages-360");

  await page.setViewportSize(DESKTOP);
  await page.getByRole("link", { name: "Choose preview pages" }).click();
  await expect(page.getByRole("heading", { name: "Demo pages" })).toBeVisible();
  await waitForApp(page);
  await expectThumbnailsLoaded(page, 6);
  // Clear what was chosen before (the replaced file kept its first pages), then choose 2 and 5:
  // page 2 with the mouse, page 5 from the keyboard.
  const pressed = page.getByRole("button", { pressed: true });
  for (let left = await pressed.count(); left > 0; left--) await pressed.first().click();
  await expect(page.getByTestId("demo-count")).toContainText("0 of 6 pages chosen");
  await page.getByRole("button", { name: "Page 2", exact: true }).click();
  await page.getByRole("button", { name: "Page 5", exact: true }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Page 5", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByTestId("demo-count")).toContainText("2 of 6 pages chosen");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Save preview pages" }).click();
  await expect(page.getByText("Preview pages saved")).toBeVisible();
  // Saved: the picker starts afresh from what is stored, nothing left to save.
  await expect(page.getByRole("button", { name: "Undo changes" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save preview pages" })).toBeDisabled();
  await expect(page.getByRole("button", { pressed: true })).toHaveCount(2);
  await shot(page, "admin-book-demo-desktop");
  await page.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(page);
  await shot(page, "admin-book-demo-360");

  // A signed-out visitor: the preview opens on page 2, turns to page 5, then asks to buy.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: MOBILE });
  const reader = await visitor.newPage();
  const answer = await reader.request.get(`/api/ebooks/${id}/reader`);
  expect(((await answer.json()) as { data: { demoPages: number[] } }).data.demoPages).toEqual([2, 5]);
  await reader.goto(`/ebook/${id}/read`);
  await expect(reader.getByText(/^Free preview · Page 2 of 6$/)).toBeVisible();
  await reader.getByRole("button", { name: "Next page" }).click();
  await expect(reader.getByText(/^Free preview · Page 5 of 6$/)).toBeVisible();
  await reader.getByRole("button", { name: "Next page" }).click();
  await expect(reader.getByRole("heading", { name: "Buy to read the rest" })).toBeVisible();
  expect((await reader.request.get(`/api/ebooks/${id}/pages/1`)).status()).toBe(404);
  expect((await reader.request.get(`/api/admin/ebooks/${id}/thumbnails/1`)).status()).toBe(401);
  await visitor.close();

  // A colleague saves other pages while this page is open: the save is refused, their choice is
  // shown, and this one's pages are named so it can be made again.
  await page.setViewportSize(DESKTOP);
  await page.getByRole("button", { name: "Page 1", exact: true }).click();
  const state = (await (await page.request.get(`/api/admin/ebooks/${id}/pdf`)).json()) as {
    data: { version: number };
  };
  const theirs = await page.request.put(`/api/admin/ebooks/${id}/demo`, {
    data: { demoPages: [3], version: state.data.version },
  });
  expect(theirs.status()).toBe(200);
  await page.getByRole("button", { name: "Save preview pages" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "A colleague saved preview pages" })).toContainText(
    "Your choice was pages 1, 2, 5.",
  );
  await expect(page.getByRole("button", { pressed: true })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Page 3", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});

test("a printed book's pages page says it has no e-book edition, or moves to its edition", async ({
  page,
}) => {
  const res = await page.request.get("/api/books?limit=100");
  const items = ((await res.json()) as { data: { items: { id: number }[] } }).data.items;
  let plain = false;
  for (const { id } of items.slice(0, 30)) {
    await page.goto(`/admin/books/${id}/pages`);
    if (page.url().endsWith(`/admin/books/${id}/pages`)) {
      await expect(page.getByText(/is a printed book without an e-book edition/)).toBeVisible();
      plain = true;
    } else {
      await expect(page).toHaveURL(/\/admin\/books\/\d+\/pages$/);
      await expect(page.getByTestId("pdf-state")).toBeVisible();
    }
    if (plain) break;
  }
  expect(plain, "a printed book without an e-book edition was found").toBe(true);
});
