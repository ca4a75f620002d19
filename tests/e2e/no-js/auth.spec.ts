import type { APIRequest, Page } from "@playwright/test";
import { bookWithStock, expect, expectNoHorizontalOverflow, shot, test } from "../helpers";
import { CUSTOMER, FAKES_URL } from "../support";

// Signing in, signing up, verifying the phone and resetting the password with JavaScript off on a
// 360 px phone (decision 53): each is a form its page's action answers, with a redirect and a
// message, or the page again with the field's message and what was typed (never the password or
// the code). The codes go by SMS, which this test cannot read: a right code is the API tests' part
// (tests/api/auth-forms.test.ts); here a wrong one is refused in place.

/** A message after a redirect (the flash, in the toaster's region). */
const said = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
/** A form's refusal on the page itself. */
const refused = (page: Page) => page.getByRole("main").getByRole("alert");

/** A fresh Bangladeshi mobile number for each run: 015 and eight random digits. */
const newPhone = () => `015${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;

/** An account made through the API in a request context of its own: the page stays signed out. */
async function accountOf(playwright: { request: APIRequest }, baseURL: string | undefined) {
  const phone = newPhone();
  const api = await playwright.request.newContext({ baseURL });
  const made = await api.post("/api/auth/register", {
    data: { name: "Mitu Rahman", phone, password: "secret123", hsc_batch: "HSC 2025" },
  });
  expect(made.status(), await made.text()).toBe(201);
  await api.dispose();
  return { phone, password: "secret123" };
}

test("sign in: a wrong password keeps the phone and says so, then back to the page that asked", async ({
  page,
  playwright,
  baseURL,
}) => {
  const who = await accountOf(playwright, baseURL);
  await page.goto("/profile");
  await expect(page).toHaveURL("/auth/login?redirect=%2Fprofile");
  await page.getByLabel("Phone or email").fill(who.phone);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  await expect(refused(page)).toHaveText("Wrong phone/email or password");
  await expect(page).toHaveURL("/auth/login?redirect=%2Fprofile");
  await expect(page.getByLabel("Phone or email")).toHaveValue(who.phone);
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-sign-in-refused");

  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/profile");
  await expect(said(page, "Welcome back, Mitu")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
  await expect(page.getByText(who.phone).first()).toBeVisible();
});

test("Add to cart signed out: to sign in, and back on the book's page with the add made", async ({
  page,
  playwright,
  baseURL,
}) => {
  const who = await accountOf(playwright, baseURL);
  const book = await bookWithStock(page);
  await page.goto(book.url);
  await page.getByRole("button", { name: "Add to cart", exact: true }).click();
  await expect(page).toHaveURL(`/auth/login?redirect=${encodeURIComponent(book.url)}`);
  await expect(said(page, "Sign in to add it to your cart")).toBeVisible();
  await page.getByLabel("Phone or email").fill(who.phone);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(book.url);
  await expect(said(page, "Added to cart")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
});

test("sign up: a taken phone is refused on its field with the rest kept, then the account is made", async ({
  page,
}) => {
  await page.goto("/auth/login");
  await page.getByRole("main").getByRole("link", { name: "Create an account" }).first().click();
  await expect(page).toHaveURL("/auth/register");
  await page.getByLabel("Full name").fill("Sumaiya Islam");
  await page.getByLabel("Phone number").fill(CUSTOMER.phone);
  await page.getByLabel("Email (optional)").fill("sumaiya@example.com");
  await page.getByLabel("Password").fill("secret123");
  await page.getByLabel("HSC batch").selectOption("HSC 2026");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL("/auth/register");
  await expect(page.getByText("An account with this phone number already exists")).toBeVisible();
  await expect(page.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Full name")).toHaveValue("Sumaiya Islam");
  await expect(page.getByLabel("Phone number")).toHaveValue(CUSTOMER.phone);
  await expect(page.getByLabel("Email (optional)")).toHaveValue("sumaiya@example.com");
  await expect(page.getByLabel("HSC batch")).toHaveValue("HSC 2026");
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-sign-up-refused");

  const phone = newPhone();
  await page.getByLabel("Phone number").fill(phone);
  await page.getByLabel("Email (optional)").fill("");
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/");
  await expect(said(page, "Your account is ready")).toBeVisible();
  await expect(said(page, "Verify your phone number from your profile.")).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
  await expect(page.getByText(phone).first()).toBeVisible();
});

test("verify the phone: the code is sent and a wrong one is refused under its field", async ({ page }) => {
  const phone = newPhone();
  // page.request shares the page's cookies: the page is signed in as the new account.
  const made = await page.request.post("/api/auth/register", {
    data: { name: "Rumana Akter", phone, password: "secret123", hsc_batch: "HSC 2025" },
  });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto("/auth/verify");
  await expect(page.getByRole("heading", { level: 1, name: "Verify your phone" })).toBeVisible();
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL("/auth/verify?sent=1");
  await expect(page.getByRole("main").getByRole("status")).toHaveText(`We sent a 6-digit code to ${phone}`);

  await page.getByLabel("6-digit code").fill("000000");
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByText("Wrong code. Check the SMS and try again.")).toBeVisible();
  await expect(page.getByLabel("6-digit code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("6-digit code")).toHaveValue("");
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-verify-refused");

  // A second code within the minute: the API's limit, said on the page.
  await page.getByRole("button", { name: "Send the code again" }).click();
  await expect(refused(page)).toHaveText("Please wait a minute before asking for another code.");
});

test("reset the password: the code is asked for, a wrong one is refused, the next try still on the phone", async ({
  page,
  playwright,
  baseURL,
}) => {
  const who = await accountOf(playwright, baseURL);
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/auth/forget");
  await page.getByLabel("Phone number").fill(who.phone);
  await page.getByRole("button", { name: "Send code" }).click();

  await expect(page).toHaveURL(`/auth/forget?phone=${who.phone}`);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "If this number has an account, we have sent it a 6-digit code.",
  );
  await page.getByLabel("6-digit code").fill("000000");
  await page.getByLabel("New password").fill("brand-new-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Wrong code. Check the SMS and try again.")).toBeVisible();
  await expect(page.getByLabel("6-digit code")).toHaveValue("");
  await expect(page.getByLabel("New password")).toHaveValue("");
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-reset-refused");

  // Asking again within the minute: the API's limit, said on the page, which stays on the phone.
  await page.getByRole("button", { name: "Send the code again" }).click();
  await expect(refused(page)).toHaveText("Please wait a minute before asking for another code.");
  await expect(page.getByLabel("6-digit code")).toBeVisible();
});

test("/edit: the name saved, and the email confirmed with the code emailed to it", async ({ page }) => {
  const phone = newPhone();
  const email = `nojs.${phone}@example.com`;
  const made = await page.request.post("/api/auth/register", {
    data: { name: "Lamia Chowdhury", phone, email, password: "secret123", hsc_batch: "HSC 2025" },
  });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto("/edit");
  const nameForm = page.getByRole("form", { name: "Name" });
  // Too short a name is stopped by the browser (the field's minimum), before any post.
  await nameForm.getByLabel("Name").fill("L");
  await nameForm.getByRole("button", { name: "Save name" }).click();
  expect(await nameForm.getByLabel("Name").evaluate((el: HTMLInputElement) => el.validity.tooShort)).toBe(
    true,
  );
  await expect(page).toHaveURL("/edit");
  await page.getByRole("form", { name: "Name" }).getByLabel("Name").fill("Lamia Chowdhury Rupa");
  await page.getByRole("form", { name: "Name" }).getByRole("button", { name: "Save name" }).click();
  await expect(said(page, "Your name is saved")).toBeVisible();
  await expect(page.getByRole("form", { name: "Name" }).getByLabel("Name")).toHaveValue(
    "Lamia Chowdhury Rupa",
  );

  // The address typed at sign-up is not confirmed: its own code, asked for by a form.
  await page.getByRole("button", { name: "Email me a code" }).click();
  // The message after the redirect (the confirmation box below says it in other words).
  await expect(page.getByText(`We sent a 6-digit code to ${email}`, { exact: true })).toBeVisible();
  const confirm = page.getByRole("form", { name: "Confirm your email" });
  await confirm.getByLabel("Code from the email").fill("000000");
  await confirm.getByRole("button", { name: "Confirm email" }).click();
  await expect(page.getByText("Wrong code. Check the email and try again.")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-edit-email-refused");

  let code = "";
  await expect
    .poll(async () => {
      const res = await page.request.get(`${FAKES_URL}/mail?to=${encodeURIComponent(email)}`);
      code = res.ok()
        ? (/\b(\d{6})\b/.exec(((await res.json()) as { subject: string }).subject)?.[1] ?? "")
        : "";
      return code;
    })
    .not.toBe("");
  await page.getByRole("form", { name: "Confirm your email" }).getByLabel("Code from the email").fill(code);
  await page
    .getByRole("form", { name: "Confirm your email" })
    .getByRole("button", { name: "Confirm email" })
    .click();
  await expect(said(page, "Your email address is confirmed")).toBeVisible();
  await expect(page.getByText(`Your email: ${email} (confirmed)`)).toBeVisible();
});

test("/profile: the password changed with the current one, a wrong one refused", async ({ page }) => {
  const phone = newPhone();
  const made = await page.request.post("/api/auth/register", {
    data: { name: "Nabila Haque", phone, password: "secret123", hsc_batch: "HSC 2025" },
  });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto("/profile");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("New password").fill("second-pass-2");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL("/profile");
  await expect(
    page.getByRole("alert").filter({ hasText: "Your current password is not right" }),
  ).toBeVisible();
  await expect(page.getByRole("form", { name: "Change password" }).getByLabel("New password")).toHaveValue(
    "",
  );
  await expectNoHorizontalOverflow(page);
  await shot(page, "no-js-password-refused");

  const again = page.getByRole("form", { name: "Change password" });
  await again.getByLabel("Current password").fill("secret123");
  await again.getByLabel("New password").fill("second-pass-2");
  await again.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL("/profile");
  await expect(said(page, "Your password is changed. Other devices are signed out.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
});
