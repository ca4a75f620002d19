import { readFileSync } from "node:fs";
import {
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  MOBILE,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";
import { ADMIN_STATE, BASE_URL, STAFF_ORDERS_STATE } from "./support";

const SIGNED_OUT = { cookies: [], origins: [] };

test.describe("the audit log", () => {
  test.use({ storageState: ADMIN_STATE });

  test("an admin finds the change they just made, with before and after, at 360 px and on a desktop", async ({
    page,
    browser,
  }) => {
    const theirs = await browser.newContext({ baseURL: BASE_URL, storageState: SIGNED_OUT });
    const { name, phone } = await signUpNewCustomer(await theirs.newPage(), "Audited Customer");
    await theirs.close();
    const found = await page.request.get(`/api/admin/users?q=${phone}`);
    const id = (await found.json()).data.items[0].id as number;

    // The change, made on the account's page.
    await page.goto(`/admin/users/${id}`);
    await waitForApp(page);
    await page.getByRole("button", { name: "Block account" }).click();
    const dialog = page.getByRole("dialog", { name: `Block ${name}?` });
    await dialog.getByLabel("Reason (kept in the audit log)").fill("Refused three parcels at the door");
    await dialog.getByRole("button", { name: "Block account" }).click();
    await expect(page.getByText(/^Blocked since /)).toBeVisible();

    // The log, from the admin menu, filtered to that account with the form.
    await page.goto("/admin");
    await waitForApp(page);
    await page.getByRole("link", { name: "Audit log" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await page.getByLabel("Area").selectOption("user");
    await page.getByLabel("Record id").fill(String(id));
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`area=user.*record=${id}`));
    const entries = page.getByTestId("audit-entry");
    await expect(entries).toHaveCount(1);
    const entry = entries.first();
    await expect(entry).toContainText("Demo");
    await expect(entry).toContainText(`#${id}`);
    await expect(entry.locator("ins").filter({ hasText: "Refused three parcels at the door" })).toBeVisible();
    await shot(page, "admin-audit");

    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await expect(entry.locator("ins").filter({ hasText: "Refused three parcels at the door" })).toBeVisible();
    await shot(page, "admin-audit-360");
    await page.setViewportSize(DESKTOP);

    // The CSV of the same filter holds it.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv).toContain("Refused three parcels at the door");
    expect(csv.trim().split("\r\n")).toHaveLength(2);
  });

  test.describe("for staff", () => {
    test.use({ storageState: STAFF_ORDERS_STATE });
    test("it is not theirs to read", async ({ page }) => {
      const res = await page.goto("/admin/audit");
      expect(res?.status()).toBe(403);
    });
  });
});
