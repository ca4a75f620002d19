import type { Page } from "@playwright/test";
import { accountMenu, expect, headerSignIn, MOBILE, shot, submitSignIn, test, waitForApp } from "./helpers";
import { FAKES_URL } from "./support";

// Each test makes an account of its own: the shared demo customer's password and email stay as
// the other specs expect them.
let counter = 0;
function fresh() {
  counter += 1;
  const n = `${Date.now() % 100_000_000}`.padStart(8, "0");
  const tail = `${n.slice(0, 6)}${String(counter).padStart(2, "0")}`;
  return {
    name: "Account Tester",
    phone: `016${tail}`,
    email: `tester${tail}@example.com`,
    password: "first-pass-1",
  };
}

/** Registers through the API; the page's browser context gets the session cookie. */
async function signUp(page: Page, who: ReturnType<typeof fresh>) {
  const res = await page.request.post("/api/auth/register", {
    data: { ...who, hsc_batch: "HSC 2025" },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function mailTo(page: Page, to: string): Promise<{ subject: string; text: string }> {
  let mail: { subject: string; text: string } | null = null;
  await expect
    .poll(async () => {
      const res = await page.request.get(`${FAKES_URL}/mail?to=${encodeURIComponent(to)}`);
      mail = res.ok() ? await res.json() : null;
      return mail !== null;
    })
    .toBe(true);
  return mail!;
}

test.describe("at 360 px", () => {
  test.use({ viewport: MOBILE });

  test("edit the name, and the email once the code sent to the new address is entered", async ({ page }) => {
    const who = fresh();
    await signUp(page, who);
    await page.goto("/edit");
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "Edit profile" })).toBeVisible();

    const nameForm = page.getByRole("form", { name: "Name" });
    await nameForm.getByLabel("Name").fill("Tasnim Rahman");
    await nameForm.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Your name is saved")).toBeVisible();

    const next = `new.${who.email}`;
    const change = page.getByRole("form", { name: "Change email" });
    await change.getByLabel("New email").fill("not-an-email");
    await change.getByRole("button", { name: "Send a code" }).click();
    await expect(change.getByText("Invalid email address")).toBeVisible();
    await change.getByLabel("New email").fill(next);
    await change.getByRole("button", { name: "Send a code" }).click();
    const pending = page.getByRole("status").filter({ hasText: "Confirmation pending" });
    await expect(pending).toContainText(next);
    await expect(pending).toContainText(`Your email stays ${who.email}`);
    await shot(page, "edit-email-pending-360");

    // Until the code is entered the old address is the account's, also after a reload.
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole("status").filter({ hasText: "Confirmation pending" })).toContainText(next);
    const mail = await mailTo(page, next);
    const code = /\b(\d{6})\b/.exec(mail.subject)![1]!;

    const confirm = page.getByRole("form", { name: "Confirm your new email" });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await confirm.getByLabel("Code from the email").fill(wrong);
    await confirm.getByRole("button", { name: "Confirm email" }).click();
    await expect(confirm.getByText("Wrong code. Check the email and try again.")).toBeVisible();
    await confirm.getByLabel("Code from the email").fill(code);
    await confirm.getByRole("button", { name: "Confirm email" }).click();
    await expect(page.getByText("Confirmation pending")).toHaveCount(0);
    await expect(page.getByText(`Your email: ${next}`)).toBeVisible();

    await page.goto("/profile");
    await waitForApp(page);
    await expect(page.getByText("Tasnim Rahman")).toBeVisible();
    await expect(page.getByText(next, { exact: true })).toBeVisible();
    await shot(page, "edit-done-profile-360");
  });

  test("change the password with the current one: a wrong one is refused, other devices are signed out", async ({
    page,
    browser,
  }) => {
    const who = fresh();
    await signUp(page, who);
    // A second device, signed in with the old password.
    const other = await browser.newContext({ viewport: MOBILE });
    const otherPage = await other.newPage();
    const signIn = await otherPage.request.post("/api/auth/login", {
      data: { cred: who.phone, password: who.password },
    });
    expect(signIn.status()).toBe(200);

    await page.goto("/profile");
    await waitForApp(page);
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current password").fill("not-my-password");
    await form.getByLabel("New password").fill("second-pass-2");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("Your current password is not right")).toBeVisible();
    await shot(page, "profile-password-wrong-360");

    await form.getByLabel("Current password").fill(who.password);
    await form.getByLabel("New password").fill("second-pass-2");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password is changed. Other devices are signed out.")).toBeVisible();

    // This device stays signed in; the other one is out.
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
    await expect(accountMenu(page)).toBeVisible();
    expect((await otherPage.request.get("/api/user")).status()).toBe(401);
    await other.close();
  });
});

/** A stand-in for Google's script: its button hands the page the given ID token. */
function fakeGsi(credential: string) {
  return `window.google = { accounts: { id: {
    initialize: function (o) { window.__gsi = o; },
    renderButton: function (el) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = "Continue with Google";
      b.addEventListener("click", function () { window.__gsi.callback({ credential: ${JSON.stringify(credential)} }); });
      el.append(b);
    },
    prompt: function () {}
  } } };`;
}

async function mintToken(page: Page, claims: Record<string, unknown>): Promise<string> {
  const res = await page.request.post(`${FAKES_URL}/token`, { data: claims });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { credential: string }).credential;
}

test.describe("Google sign-in against the fake key set", () => {
  test.use({ viewport: MOBILE });

  test("a new Google account signs in at /ontapgoogle, then the profile dialog asks for phone and batch", async ({
    page,
  }) => {
    const who = fresh();
    const credential = await mintToken(page, {
      sub: `e2e-${who.phone}`,
      email: `google.${who.email}`,
      name: "Farhana Google",
    });
    await page.route("https://accounts.google.com/gsi/client", (route) =>
      route.fulfill({ contentType: "text/javascript", body: fakeGsi(credential) }),
    );
    await page.goto("/ontapgoogle");
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in with Google" })).toBeVisible();
    await shot(page, "ontapgoogle-360");
    await page.getByRole("button", { name: "Continue with Google" }).click();

    const dialog = page.getByRole("dialog", { name: "Welcome to Pathagar" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription("Please update your information to continue");
    await expect(page).toHaveURL("/");
    await shot(page, "google-profile-dialog-360", { fullPage: false });
    await dialog.getByLabel("Phone number").fill(who.phone);
    await dialog.getByLabel("HSC batch").selectOption("HSC 2026");
    await dialog.getByRole("button", { name: "Save and continue" }).click();
    await expect(dialog).toBeHidden();
    await expect(accountMenu(page)).toBeVisible();
  });

  test("an email confirmed on /edit with its emailed code, the sign-in dialog's Google button links that account", async ({
    page,
  }) => {
    const who = fresh();
    await signUp(page, who);
    // Typed at sign-up, the address is not confirmed: the profile and /edit say so, and /edit
    // sends it a code.
    await page.goto("/profile");
    await waitForApp(page);
    await page.getByRole("link", { name: "Not confirmed: confirm it" }).click();
    await expect(page).toHaveURL("/edit");
    await waitForApp(page);
    const unconfirmed = page.getByRole("status").filter({ hasText: "Your email address is not confirmed" });
    await expect(unconfirmed).toBeVisible();
    await unconfirmed.getByRole("button", { name: "Email me a code" }).click();
    const confirm = page.getByRole("form", { name: "Confirm your email" });
    await expect(confirm).toContainText("Enter it to confirm your email.");
    await expect(confirm.getByRole("button", { name: "Email me a new code" })).toBeVisible();
    // The change form stays the plain one: a change to another address is not pending.
    await expect(page.getByLabel("New email", { exact: true })).toBeVisible();
    await shot(page, "edit-email-unconfirmed-360");
    const mail = await mailTo(page, who.email);
    await confirm.getByLabel("Code from the email").fill(/\b(\d{6})\b/.exec(mail.subject)![1]!);
    await confirm.getByRole("button", { name: "Confirm email" }).click();
    await expect(page.getByText("Your email address is confirmed")).toBeVisible();
    await expect(page.getByText("Your email address is not confirmed")).toHaveCount(0);
    await expect(page.getByText(`Your email: ${who.email} (confirmed)`)).toBeVisible();
    await page.goto("/profile");
    await waitForApp(page);
    await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();

    await page.context().clearCookies();
    const credential = await mintToken(page, {
      sub: `e2e-link-${who.phone}`,
      email: who.email,
      name: "Whoever",
    });
    await page.route("https://accounts.google.com/gsi/client", (route) =>
      route.fulfill({ contentType: "text/javascript", body: fakeGsi(credential) }),
    );
    await page.goto("/");
    await waitForApp(page);
    await headerSignIn(page).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await expect(dialog.getByRole("button", { name: "Continue with Google" })).toBeVisible();
    await shot(page, "sign-in-dialog-google-360", { fullPage: false });
    await dialog.getByRole("button", { name: "Continue with Google" }).click();
    await expect(dialog).toBeHidden();
    await expect(accountMenu(page)).toBeVisible();
    // The account had its phone and batch: no profile dialog.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const me = await page.request.get("/api/user");
    expect((await me.json()).data).toMatchObject({ name: who.name, phone: who.phone, email_confirmed: true });
  });

  test("a new account made by the sign-in dialog's Google button is welcomed as new", async ({ page }) => {
    const who = fresh();
    const credential = await mintToken(page, {
      sub: `e2e-new-${who.phone}`,
      email: `dialog.${who.email}`,
      name: "Nusrat Google",
    });
    await page.route("https://accounts.google.com/gsi/client", (route) =>
      route.fulfill({ contentType: "text/javascript", body: fakeGsi(credential) }),
    );
    await page.goto("/");
    await waitForApp(page);
    await headerSignIn(page).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByRole("button", { name: "Continue with Google" }).click();
    // The toast sits outside the profile dialog that opens next, so it is found by its text.
    await expect(page.getByText("Welcome, Nusrat")).toBeVisible();
    await expect(page.getByText("Welcome back")).toHaveCount(0);
    // A new account has no phone or batch yet: the profile dialog asks for them.
    await expect(page.getByRole("dialog", { name: "Welcome to Pathagar" })).toBeVisible();
  });

  test("the phone sign-in still works beside the Google button", async ({ page }) => {
    const who = fresh();
    await signUp(page, who);
    await page.context().clearCookies();
    await page.goto("/auth/login");
    await waitForApp(page);
    await submitSignIn(page.getByRole("main"), who.phone, who.password);
    await expect(accountMenu(page)).toBeVisible();
  });
});
