import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { type FakeTurnstile, startFakeTurnstile } from "../support/fake-turnstile";
import { freePort } from "../support/free-port";
import { expect, test, waitForApp } from "./helpers";

// The bot check's widget in the sign-up form (decision 56), on a shop of its own: the e2e server
// runs without Turnstile (as the demo does), so this file starts one with it configured, on an
// empty catalogue, against the stand-in `siteverify` (tests/support/fake-turnstile.ts). Cloudflare's
// script is never fetched: a stand-in with the same calls is served in its place.

test.describe.configure({ mode: "serial" });

const SITE_KEY = "0x4AAAAAAAe2eSiteKey";
let turnstile: FakeTurnstile;
let server: ChildProcess;
let dataDir: string;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  turnstile = await startFakeTurnstile();
  dataDir = mkdtempSync(join(tmpdir(), "pathagar-bot-check-"));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["build/main.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
      TURNSTILE_SITE_KEY: SITE_KEY,
      TURNSTILE_SECRET: turnstile.secret,
      TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
    },
  });
  const until = Date.now() + 170_000;
  for (;;) {
    const up = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > until || server.exitCode !== null) throw new Error("the bot check's shop did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await new Promise((r) => (server?.exitCode === null ? server.once("exit", r) : r(null)));
  await turnstile?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Widget = { scriptNonce: string | null; sitekey: string | null };

/**
 * Serves a stand-in for Turnstile's script: `render` puts a hidden `cf-turnstile-response` with
 * `token` into the widget's place (as the real widget does once the visitor passes), `reset` a new
 * one. Answers what the page asked: the script's nonce and the site key rendered.
 */
async function standInWidget(page: Page, token: () => string): Promise<Widget> {
  const widget: Widget = { scriptNonce: null, sitekey: null };
  await page.exposeFunction("__nextBotToken", token);
  await page.route(/^https:\/\/challenges\.cloudflare\.com\//, async (route) => {
    widget.scriptNonce = await page
      .evaluate(() => document.querySelector<HTMLScriptElement>('script[src*="challenges"]')?.nonce || null)
      .catch(() => null);
    await route.fulfill({
      contentType: "application/javascript",
      body: `(() => {
        const next = () => window.__nextBotToken();
        window.turnstile = {
          render(el, opts) {
            el.dataset.sitekey = opts.sitekey;
            const input = document.createElement("input");
            input.type = "hidden";
            input.name = "cf-turnstile-response";
            el.append(input);
            next().then((t) => { input.value = t; });
            return "w1";
          },
          reset() {
            for (const i of document.querySelectorAll('input[name="cf-turnstile-response"]'))
              next().then((t) => { i.value = t; });
          },
          remove() {},
        };
        window.__pathagarTurnstileReady?.();
      })();`,
    });
  });
  return widget;
}

async function fillSignUp(page: Page, phone: string) {
  await page.getByLabel("Full name").fill("Rafiq Hasan");
  await page.getByLabel("Phone number").fill(phone);
  await page.getByLabel("Password").fill("secret123");
  await page.getByLabel("HSC batch").selectOption("HSC 2026");
}

const somePhone = () => `019${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;

test("sign-up carries the widget's token, which the server verifies before making the account", async ({
  page,
}) => {
  const n = Math.random().toString(36).slice(2);
  const widget = await standInWidget(page, () => `good-${n}`);
  const policy =
    (await page.request.get(`${origin}/auth/register`)).headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src[^;]*https:\/\/challenges\.cloudflare\.com/);
  expect(policy).toMatch(/frame-src[^;]*https:\/\/challenges\.cloudflare\.com/);

  await page.goto(`${origin}/auth/register`);
  await waitForApp(page);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Create account" }) });
  await expect(form.locator('input[name="cf-turnstile-response"]')).toHaveValue(`good-${n}`);
  const nonce = await page.evaluate(() => document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce);
  expect(widget.scriptNonce).toBe(nonce);
  expect(await form.locator("[data-sitekey]").getAttribute("data-sitekey")).toBe(SITE_KEY);

  const phone = somePhone();
  await fillSignUp(page, phone);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your account is ready" })).toBeVisible();
  expect(turnstile.asked.filter((a) => a.response === `good-${n}`)).toEqual([
    expect.objectContaining({ secret: turnstile.secret }),
  ]);
});

test("a token the check refuses is a plain message, no account, and the next token passes", async ({
  page,
}) => {
  const n = Math.random().toString(36).slice(2);
  let tries = 0;
  // The first token is refused (as a bot's would be); the widget's reset hands a good one.
  await standInWidget(page, () => (tries++ === 0 ? `bad-${n}` : `good-${n}`));
  await page.goto(`${origin}/auth/register`);
  await waitForApp(page);
  const phone = somePhone();
  await fillSignUp(page, phone);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("The check that you are not a robot did not pass")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/register$/);
  const signIn = await page.request.post(`${origin}/api/auth/login`, {
    data: { cred: phone, password: "secret123" },
  });
  expect(signIn.status(), "no account was made").not.toBe(200);

  // What was typed stays; the reset widget's new token passes.
  await expect(page.getByLabel("Full name")).toHaveValue("Rafiq Hasan");
  await expect(page.locator('input[name="cf-turnstile-response"]')).toHaveValue(`good-${n}`);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your account is ready" })).toBeVisible();
});

test("a widget whose host is blocked leaves the form working, under the stricter limit", async ({ page }) => {
  await page.route(/^https:\/\/challenges\.cloudflare\.com\//, (route) => route.abort());
  const asked = turnstile.asked.length;
  await page.goto(`${origin}/auth/register`);
  await waitForApp(page);
  await fillSignUp(page, somePhone());
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your account is ready" })).toBeVisible();
  expect(turnstile.asked.length, "nothing to verify without a token").toBe(asked);
});
