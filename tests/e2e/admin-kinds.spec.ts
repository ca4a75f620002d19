import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
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
import { ADMIN_STATE } from "./support";

const adminPage = async (
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<Page> => {
  const context = await browser.newContext({ storageState: ADMIN_STATE, viewport });
  return context.newPage();
};

const tag = () => Date.now().toString(36);

/** Adds a product through the admin API, as the forms do. */
async function addProduct(page: Page, area: string, body: Record<string, unknown>) {
  const res = await page.request.post(`/api/admin/${area}`, { data: body });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data;
}

test("a bundle of two books shows the items' sum, the saving and how many bundles the stock makes", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  const t = tag();
  await admin.goto("/admin/bundles");
  await waitForApp(admin);
  // Two printed books: ৳300 × 2 with 7 in stock, and ৳200 (on sale at ৳150) with 5 in stock.
  await addProduct(admin, "books", { kind: "book", title: `Bundle Physics ${t}`, price: 30_000, stock: 7 });
  await addProduct(admin, "books", {
    kind: "book",
    title: `Bundle Chemistry ${t}`,
    price: 20_000,
    salePrice: 15_000,
    stock: 5,
  });
  await admin.getByRole("link", { name: "Add bundle" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "New bundle" })).toBeVisible();
  await admin.getByLabel("Title", { exact: true }).fill(`HSC Science Pack ${t}`);
  await admin.getByLabel("Price (৳)", { exact: true }).fill("600");
  const search = admin.getByLabel("Search products to add");
  await search.fill(`Bundle Physics ${t}`);
  await admin.getByRole("button", { name: new RegExp(`Bundle Physics ${t}`) }).click();
  await search.fill(`Bundle Chemistry ${t}`);
  await admin.getByRole("button", { name: new RegExp(`Bundle Chemistry ${t}`) }).click();
  await admin.getByLabel(`Quantity of Bundle Physics ${t}`).fill("2");
  // 2 × ৳300 + ৳150 = ৳750, against ৳600.
  await expect(admin.getByTestId("bundle-sum")).toHaveText("৳750");
  await expect(admin.getByTestId("bundle-saving")).toHaveText("৳150");
  await admin.getByLabel("Price (৳)", { exact: true }).fill("700");
  await expect(admin.getByTestId("bundle-saving")).toHaveText("৳50");
  await admin.getByRole("button", { name: "Add bundle" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Edit bundle" })).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/bundles\/\d+$/);
  // Saved and read back: min(floor(7 / 2), floor(5 / 1)) = 3 bundles.
  await expect(admin.getByTestId("bundle-sum")).toHaveText("৳750");
  await expect(admin.getByText("3 bundles")).toBeVisible();
  await expect(admin.getByRole("link", { name: "Sales" })).toBeVisible();
  await shot(admin, "admin-bundle-edit");
  await expectNoSeriousA11yViolations(admin);

  await admin.getByRole("button", { name: `Remove Bundle Physics ${t}` }).click();
  await expect(admin.getByTestId("bundle-sum")).toHaveText("৳150");
  await expect(admin.getByText("5 bundles")).toBeVisible();
  // The items and the figures fit a 360 px phone.
  await admin.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(admin);
  await shot(admin, "admin-bundle-edit-360");
  await admin.context().close();
});

test("stationery lives on one page: add an item with stock, then change its stock from its ledger", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  const title = `Gel pen ${tag()}`;
  await admin.goto("/admin/stationary");
  await waitForApp(admin);
  await expect(admin.getByRole("heading", { level: 1, name: "Stationery", exact: true })).toBeVisible();
  await admin.getByRole("link", { name: "Add item" }).click();
  await expect(admin).toHaveURL(/\/admin\/stationary\?create=1$/);
  await admin.getByLabel("Title", { exact: true }).fill(title);
  await admin.getByLabel("Price (৳)", { exact: true }).fill("25");
  await admin.getByLabel("Units on hand").fill("40");
  await admin.getByLabel("Brand").fill("Matador");
  await admin.getByRole("button", { name: "Add stationery item" }).click();
  await expect(admin.getByText("Choose a category")).toBeVisible();
  await admin.getByLabel("Category").fill("Pens");
  await admin.getByRole("button", { name: "Add stationery item" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Edit stationery item" })).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/stationary\?edit=\d+$/);
  await expect(admin.getByRole("heading", { name: "Stock: 40 on hand" })).toBeVisible();
  await admin.getByLabel("Units (+ in, − out)").fill("-3");
  await admin.getByLabel("Reason").selectOption("damaged");
  await admin.getByRole("button", { name: "Change stock" }).click();
  await expect(admin.getByRole("heading", { name: "Stock: 37 on hand" })).toBeVisible();

  await admin.getByRole("link", { name: "Back to the list" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Stationery", exact: true })).toBeVisible();
  await admin.getByLabel("Category").selectOption("Pens");
  await expect(admin).toHaveURL(/category=Pens/);
  await admin.getByLabel("Search stationery").fill(title);
  await expect(admin.getByRole("link", { name: title })).toBeVisible();
  await admin.context().close();
});

test("a course is added and its page leads to its chapters", async ({ browser }) => {
  const admin = await adminPage(browser);
  const title = `Higher Maths Course ${tag()}`;
  await admin.goto("/admin/content/create");
  await waitForApp(admin);
  await admin.getByLabel("Title", { exact: true }).fill(title);
  await admin.getByLabel("Price (৳)", { exact: true }).fill("999");
  await admin.getByRole("button", { name: "Add course" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Edit content" })).toBeVisible();
  // A cover uploaded in the form is saved with it.
  const cover = await sharp({ create: { width: 200, height: 300, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  await admin.getByLabel("Cover").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: cover });
  await expect(admin.getByRole("button", { name: "Remove picture" })).toBeVisible();
  await admin.getByRole("button", { name: "Save changes" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await admin.reload();
  await waitForApp(admin);
  await expect(admin.getByAltText("Cover: preview")).toHaveAttribute("src", /^\/media\//);
  await expect(admin.getByRole("button", { name: "Remove picture" })).toBeVisible();
  await admin.getByRole("link", { name: "Chapters" }).click();
  await expect(admin).toHaveURL(/\/admin\/content\/\d+\/chapters$/);
  await admin.goto("/admin/content");
  await admin.getByLabel("Search course titles").fill(title);
  await expect(admin.getByRole("link", { name: title })).toBeVisible();
  await admin.context().close();
});

test("the e-books lists show each PDF's state and fit a 360 px phone", async ({ browser }) => {
  const admin = await adminPage(browser, MOBILE);
  const title = `Pdfless Ebook ${tag()}`;
  await admin.goto("/admin/ebook");
  await waitForApp(admin);
  await addProduct(admin, "books", { kind: "ebook", title, price: 10_000 });
  await admin.goto(`/admin/ebook?q=${encodeURIComponent(title)}`);
  await waitForApp(admin);
  await expect(admin.getByRole("heading", { level: 1, name: "E-books" })).toBeVisible();
  await expect(admin.getByRole("link", { name: title })).toBeVisible();
  await expect(admin.getByRole("link", { name: "Missing" })).toHaveAttribute(
    "href",
    /\/admin\/books\/\d+\/pages$/,
  );
  await expectNoHorizontalOverflow(admin);
  await shot(admin, "admin-ebooks-360");
  // The books section's list is the same, with its kind fixed whatever the URL says.
  await admin.goto(`/admin/books/ebooks?kind=book&q=${encodeURIComponent(title)}`);
  await waitForApp(admin);
  await expect(admin.getByRole("link", { name: title })).toBeVisible();
  await expect(admin.getByRole("link", { name: "Missing" })).toBeVisible();
  await admin.context().close();
});
