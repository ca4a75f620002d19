import { accountMenu, expect, headerSignIn, storedRedirect, submitSignIn, test, waitForApp } from "./helpers";
import { ADMIN_STATE, CUSTOMER } from "./support";

/** A fresh Bangladeshi mobile number for each run: 017 and eight random digits. */
function newPhone() {
  return `017${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
}

test.describe("sign-up", () => {
  test("a new customer signs up and is signed in", async ({ page }) => {
    const phone = newPhone();
    await page.goto("/auth/register");
    await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
    await waitForApp(page);
    await page.getByLabel("Full name").fill("Nusrat Jahan");
    await page.getByLabel("Phone number").fill(phone);
    await page.getByLabel("Password").fill("secret123");
    await page.getByLabel("HSC batch").selectOption("HSC 2026");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL("/");
    await expect(accountMenu(page)).toBeVisible();
    await expect(accountMenu(page)).toContainText("Nusrat");
    await expect(page.getByRole("status").filter({ hasText: "Your account is ready" })).toBeVisible();
    await expect(headerSignIn(page)).toHaveCount(0);

    await accountMenu(page).click();
    await expect(page.getByText(`Signed in as ${phone}`)).toBeVisible();
    await page.getByRole("link", { name: "My profile" }).click();
    await expect(page).toHaveURL("/profile");
    // Exactly the batch: the page before may still show products named "HSC 2026 …".
    await expect(page.getByText("HSC 2026", { exact: true })).toBeVisible();

    // Signing out shows the visitor's header again (the page data is not served from a cache).
    await accountMenu(page).click();
    await page.getByRole("navigation", { name: "Account" }).getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/");
    await expect(headerSignIn(page)).toBeVisible();
    await expect(accountMenu(page)).toHaveCount(0);
    await page.goto("/profile");
    await expect(page).toHaveURL("/auth/login?redirect=%2Fprofile");
  });

  test("bad input is refused with the form's messages", async ({ page }) => {
    await page.goto("/auth/register");
    await waitForApp(page);
    await page.getByLabel("Full name").fill("Nusrat Jahan");
    await page.getByLabel("Phone number").fill("12345");
    await page.getByLabel("Password").fill("secret123");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Invalid phone number", { exact: true })).toBeVisible();
    await expect(page.getByText("HSC Batch is required", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL("/auth/register");

    // A taken phone number comes back from the server on the phone field.
    await page.getByLabel("Phone number").fill(CUSTOMER.phone);
    await page.getByLabel("HSC batch").selectOption("HSC 2025");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("An account with this phone number already exists")).toBeVisible();
    await expect(page.getByText("HSC Batch is required", { exact: true })).toHaveCount(0);
  });
});

test.describe("sign-in page", () => {
  test("bad input shows the exact messages", async ({ page }) => {
    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await waitForApp(page);
    await submitSignIn(page.getByRole("main"), "", "123");
    await expect(page.getByText("Phone or email is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Minimum 6 characters required", { exact: true })).toBeVisible();
    await expect(page).toHaveURL("/auth/login");
  });

  test("a wrong password shows the server's message", async ({ page }) => {
    await page.goto("/auth/login");
    await waitForApp(page);
    await submitSignIn(page.getByRole("main"), CUSTOMER.phone, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Wrong phone/email or password");
    await expect(page).toHaveURL("/auth/login");
    await expect(headerSignIn(page)).toBeVisible();
  });

  test("the button reads Please wait... while signing in", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/auth/login", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/auth/login");
    await waitForApp(page);
    await submitSignIn(page.getByRole("main"), CUSTOMER.phone, CUSTOMER.password);

    const busy = page.getByRole("main").getByRole("button", { name: "Please wait..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL("/");
    await expect(accountMenu(page)).toContainText(CUSTOMER.firstName);
  });

  test("a guarded page sends the visitor to sign in and back", async ({ page }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL("/auth/login?redirect=%2Fprofile");
    await expect(page.getByText("Please sign in to continue.")).toBeVisible();
    await waitForApp(page);
    expect(await storedRedirect(page)).toBe("/profile");

    await submitSignIn(page.getByRole("main"), CUSTOMER.phone, CUSTOMER.password);
    await expect(page).toHaveURL("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
    expect(await storedRedirect(page)).toBeNull();
  });
});

test("sign-in from the header dialog keeps the visitor on the page", async ({ page }) => {
  await page.goto("/info/about");
  await waitForApp(page);
  await headerSignIn(page).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Sign in to your Pathagar account")).toBeVisible();
  await submitSignIn(dialog, CUSTOMER.phone, CUSTOMER.password);

  await expect(dialog).toBeHidden();
  await expect(accountMenu(page)).toContainText(CUSTOMER.firstName);
  await expect(page.getByRole("status").filter({ hasText: "Welcome back, Demo" })).toBeVisible();
  await expect(page).toHaveURL("/info/about");
  await expect(page.getByRole("heading", { level: 1, name: /^About/ })).toBeVisible();
});

test.describe("admin", () => {
  test.use({ storageState: ADMIN_STATE });

  test("the admin opens the dashboard and the users list", async ({ page }) => {
    await page.goto("/");
    await waitForApp(page);
    await accountMenu(page).click();
    await page.getByRole("link", { name: "Admin", exact: true }).click();
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Signed in as Demo Admin.")).toBeVisible();

    await waitForApp(page);
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Users", exact: true })
      .click();
    await expect(page).toHaveURL("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    const table = page.getByRole("table");
    // Newest first by default; the list sorts by when an account joined.
    await table.getByRole("button", { name: /Joined/ }).click();
    await expect(page).toHaveURL(/sort=createdAt/);
    await expect(table.getByRole("row").first()).toBeVisible();
    // Other tests, and the demo's order history (customers who joined weeks ago), make accounts:
    // the demo ones are found by a search.
    await page.goto("/admin/users?q=01700000000");
    await expect(page.getByRole("table").getByRole("row").filter({ hasText: "01700000000" })).toContainText(
      "Demo Admin",
    );

    // The list answers a direct visit too.
    await page.goto("/admin/users?q=01800000000");
    await expect(page.getByRole("table").getByRole("row").filter({ hasText: "Demo Student" })).toBeVisible();
    await expect(page.getByRole("table").getByRole("row").filter({ hasText: "Demo Admin" })).toHaveCount(0);
  });
});
