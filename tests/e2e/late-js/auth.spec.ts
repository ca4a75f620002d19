import { waitForApp } from "../helpers";
import { expect, test } from "./hold";

// Typed into the account forms before the page's scripts arrive (held back 4 s), kept after they
// hydrate the page, and sent by the scripts' own path (decision 53).

const newPhone = () => `015${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
const hydrated = (page: import("@playwright/test").Page) =>
  page.evaluate(() => localStorage.getItem("theme") === "light");

test("what is typed into the sign-in form before hydration is kept, and signs in", async ({
  page,
  playwright,
  baseURL,
}) => {
  const phone = newPhone();
  const api = await playwright.request.newContext({ baseURL });
  const made = await api.post("/api/auth/register", {
    data: { name: "Tania Sultana", phone, password: "secret123", hsc_batch: "HSC 2025" },
  });
  expect(made.status(), await made.text()).toBe(201);
  await api.dispose();

  await page.goto("/auth/login?redirect=%2Fprofile", { waitUntil: "commit" });
  const cred = page.getByLabel("Phone or email");
  const password = page.getByLabel("Password");
  await cred.waitFor();
  await cred.fill(phone);
  await password.fill("secret123");
  expect(await hydrated(page), "typed before the scripts ran").toBe(false);

  await waitForApp(page);
  await expect(cred).toHaveValue(phone);
  await expect(password).toHaveValue("secret123");
  await page.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
});

test("what is typed into the sign-up form before hydration is kept", async ({ page }) => {
  await page.goto("/auth/register", { waitUntil: "commit" });
  await page.getByLabel("Full name").waitFor();
  await page.getByLabel("Full name").fill("Farzana Haque");
  await page.getByLabel("Phone number").fill("01512345678");
  await page.getByLabel("Email (optional)").fill("farzana@example.com");
  await page.getByLabel("Password").fill("secret123");
  await page.getByLabel("HSC batch").selectOption("HSC 2024");
  expect(await hydrated(page), "typed before the scripts ran").toBe(false);

  await waitForApp(page);
  await expect(page.getByLabel("Full name")).toHaveValue("Farzana Haque");
  await expect(page.getByLabel("Phone number")).toHaveValue("01512345678");
  await expect(page.getByLabel("Email (optional)")).toHaveValue("farzana@example.com");
  await expect(page.getByLabel("Password")).toHaveValue("secret123");
  await expect(page.getByLabel("HSC batch")).toHaveValue("HSC 2024");
});
