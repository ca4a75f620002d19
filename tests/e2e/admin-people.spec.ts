import {
  accountMenu,
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  headerSignIn,
  MOBILE,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";
import { ADMIN_STATE, BASE_URL } from "./support";

/** A browser of its own for someone else (a new context would otherwise start as the admin). */
const SIGNED_OUT = { cookies: [], origins: [] };

test.describe("the users area", () => {
  test.use({ storageState: ADMIN_STATE });

  test("an admin blocks a customer: the customer's open browser is signed out on its next page", async ({
    page,
    browser,
  }) => {
    // The customer, signed in in a browser of their own.
    const theirs = await browser.newContext({
      baseURL: BASE_URL,
      viewport: DESKTOP,
      storageState: SIGNED_OUT,
    });
    const customerPage = await theirs.newPage();
    const { name, phone } = await signUpNewCustomer(customerPage, "Blocked Customer");
    await customerPage.goto("/");
    await waitForApp(customerPage);
    await expect(accountMenu(customerPage)).toBeVisible();

    // The admin finds them by their phone typed the international way, and blocks them.
    await page.goto(`/admin/users?q=${encodeURIComponent(`+880 ${phone.slice(1)}`)}`);
    await waitForApp(page);
    const table = page.getByRole("table", { name: "Users" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await table.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await page.getByRole("button", { name: "Block account" }).click();
    const dialog = page.getByRole("dialog", { name: `Block ${name}?` });
    await dialog.getByRole("button", { name: "Block account" }).click();
    await expect(dialog.getByText("Say why")).toBeVisible();
    await dialog.getByLabel("Reason (kept in the audit log)").fill("Chargebacks on three orders");
    await shot(page, "admin-user-block-dialog", { fullPage: false });
    await dialog.getByRole("button", { name: "Block account" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^Blocked since /)).toBeVisible();
    await expect(page.getByRole("button", { name: "Unblock account" })).toBeVisible();
    await shot(page, "admin-user-blocked");
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-user-blocked-360");
    await page.setViewportSize(DESKTOP);

    // Their next page finds them signed out, and they cannot sign in again.
    await customerPage.goto("/");
    await waitForApp(customerPage);
    await expect(headerSignIn(customerPage)).toBeVisible();
    const signIn = await customerPage.request.post("/api/auth/login", {
      data: { cred: phone, password: "secret123" },
    });
    expect(signIn.status()).toBe(403);
    expect((await signIn.json()).message).toBe(
      "This account is blocked. Contact us if you think this is a mistake.",
    );

    // The list shows it, with the Blocked filter.
    await page.goto("/admin/users?blocked=true");
    await expect(
      page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: name }),
    ).toContainText("Blocked");
    await theirs.close();
  });

  test("the users list on a 360 px phone, and axe on it", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    // Searched for: the run's other tests sign up accounts that come before it in the list.
    await page.goto("/admin/users?q=Demo%20Admin");
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Demo Admin" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-users-list-360");
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(DESKTOP);
    await expectNoSeriousA11yViolations(page);
    await shot(page, "admin-users-list-desktop");
  });
});

test.describe("the info pages", () => {
  test.use({ storageState: ADMIN_STATE });

  test("an edited info page is shown to a signed-out visitor within a second", async ({ page, browser }) => {
    await page.goto("/admin/info-pages");
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "Info pages" })).toBeVisible();
    await page.getByRole("link", { name: "Return and refund policy" }).click();
    await expect(page).toHaveURL("/admin/info-pages/refund");
    await waitForApp(page);
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-info-page-editor-360");
    await page.setViewportSize(DESKTOP);

    const visitor = await browser.newContext({ baseURL: BASE_URL, storageState: SIGNED_OUT });
    const visitorPage = await visitor.newPage();
    // The page is in the public cache before the edit.
    await visitorPage.goto("/info/refund");
    await expect(
      visitorPage.getByRole("heading", { level: 1, name: "Return and refund policy" }),
    ).toBeVisible();

    await page.getByLabel("Title").fill("Refunds and returns");
    await page
      .getByLabel("Text (Markdown)")
      .fill(
        "We refund **within 7 days**.\n\n## How to ask\n\n- Call us\n- <script>alert(1)</script>Write to us",
      );
    await page.getByRole("tab", { name: "Preview" }).click();
    const preview = page.getByRole("tabpanel", { name: "Preview" });
    await expect(preview.getByRole("heading", { level: 2, name: "How to ask" })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("within 7 days");
    await shot(page, "admin-info-page-preview");
    await page.getByRole("tab", { name: "Write" }).click();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Save page" }).click();
    await expect(page.getByText("Page saved")).toBeVisible();
    // The shop answers the new text at once: the first signed-out request after the save has it.
    const saved = Date.now();
    const after = await visitor.request.get("/info/refund");
    const html = await after.text();
    const took = Date.now() - saved;
    expect(html).toContain("Refunds and returns");
    expect(took).toBeLessThan(1000);
    console.log(`signed-out /info/refund answered the edit ${took} ms after the save`);
    await visitorPage.goto("/info/refund");
    await expect(visitorPage.getByRole("heading", { level: 1, name: "Refunds and returns" })).toBeVisible();
    await expect(visitorPage.getByRole("heading", { level: 2, name: "How to ask" })).toBeVisible();
    await expect(visitorPage.locator("article script")).toHaveCount(0);
    await shot(visitorPage, "info-refund-edited");
    await visitor.close();
  });
});
