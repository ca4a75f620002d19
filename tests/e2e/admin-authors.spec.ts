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

test.use({ storageState: ADMIN_STATE });

/** A name no other run or test uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

test("staff add an author, rename them, and merge two: the merged author's page redirects in the shop", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/books/authors");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Authors" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "admin-authors-desktop");

  // Add an author in the dialog.
  const first = unique("Nirmalendu Test");
  await page.getByRole("button", { name: "New author" }).click();
  const dialog = page.getByRole("dialog", { name: "New author" });
  await dialog.getByLabel("Name", { exact: true }).fill(first);
  await dialog.getByLabel("Bangla name (optional)").fill("নির্মলেন্দু");
  await dialog.getByLabel("Biography (optional)").fill("Poet.\n\nWrites for students.");
  await expectNoSeriousA11yViolations(page);
  await shot(page, "admin-authors-new-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Add author" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Author added")).toBeVisible();

  // Find them with the search box (the view is in the URL).
  await page.getByLabel("Search name, Bangla name or page address").fill(first);
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole("table", { name: "Authors" });
  await expect(table.getByText(first, { exact: true })).toBeVisible();
  await expect(table.getByText("নির্মলেন্দু")).toBeVisible();

  // Rename.
  const renamed = `${first} Renamed`;
  await page.getByRole("button", { name: `Edit ${first}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${first}` });
  await expect(edit.getByLabel("Biography (optional)")).toHaveValue("Poet.\n\nWrites for students.");
  await edit.getByLabel("Name", { exact: true }).fill(renamed);
  await edit.getByRole("button", { name: "Save author" }).click();
  await expect(edit).toBeHidden();
  await expect(table.getByText(renamed, { exact: true })).toBeVisible();

  // A second author, made through the API, is merged into the renamed one.
  const second = unique("Duplicate Test");
  const made = await page.request.post("/api/admin/authors", { data: { name: second } });
  expect(made.status(), await made.text()).toBe(201);
  const dup = ((await made.json()) as { data: { id: number; slug: string } }).data;
  const keptSlug = await table
    .getByRole("link", { name: /\/author\// })
    .first()
    .textContent();

  await page.getByLabel("Search name, Bangla name or page address").fill(second);
  await expect(table.getByText(second, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Merge ${second} into another author` }).click();
  const picker = page.getByRole("dialog", { name: `Merge ${second} into…` });
  await picker.getByLabel("Search authors").fill(renamed);
  await picker.getByRole("radio", { name: new RegExp(renamed) }).check();
  await shot(page, "admin-authors-merge-picker", { fullPage: false });
  await picker.getByRole("button", { name: `Merge into ${renamed}` }).click();
  const confirm = page.getByRole("dialog", { name: `Merge ${second} into ${renamed}?` });
  await expect(confirm).toContainText(`0 books move from ${second} to ${renamed}`);
  await confirm.getByRole("button", { name: "Merge authors" }).click();
  await expect(page.getByText(`Merged into ${renamed}`)).toBeVisible();
  await expect(table.getByText(second, { exact: true })).toBeHidden();

  // The merged author's old address leads, for good, to the kept author's page.
  const old = await page.request.get(`/author/${dup.slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(keptSlug);
  await page.goto(`/author/${dup.slug}`);
  await expect(page).toHaveURL(new RegExp(`${keptSlug}$`));
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
});

test("the authors page works at 360 px: cards, the dialog, no sideways scrolling", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto("/admin/books/authors?sort=-books");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Authors" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "admin-authors-360");
  const firstEdit = page.getByRole("button", { name: /^Edit / }).first();
  await firstEdit.click();
  const dialog = page.getByRole("dialog", { name: /^Edit / });
  await expect(dialog.getByLabel("Name", { exact: true })).not.toHaveValue("");
  await expectNoHorizontalOverflow(page);
  await shot(page, "admin-authors-360-edit", { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});
