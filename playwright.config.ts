import { defineConfig } from "@playwright/test";
import {
  BASE_URL,
  DATA_DIR,
  E2E_GOOGLE_CLIENT_ID,
  E2E_PORT,
  E2E_SHOP,
  E2E_TAGS,
  FAKE_SMTP_PORT,
  FAKES_URL,
} from "./tests/e2e/support";
import { CHROMIUM_FLAGS, E2E_CHROMIUM_PATH } from "./tests/support/chromium";

const ci = Boolean(process.env.CI);
const desktopWorkers = Number(process.env.E2E_DESKTOP_WORKERS ?? 2);

/**
 * End-to-end tests against the built server (`npm run build` first; this config never builds).
 * Each run starts on a fresh embedded database in a temporary DATA_DIR, prepared by
 * tests/e2e/prepare.ts, with Debian's Chromium headless shell (tests/support/chromium.ts; no
 * Playwright browser download). tests/e2e/serve.ts starts the server with the stand-in Steadfast courier connected.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  // Two workers for the desktop tests on a 2-core machine: with three, the longest tests (a page's
  // every check in Bangla, axe on each) ran past their 30 s while the suite took no less time (two
  // took 6.5–7.2 min, three 6.7). One more for the phone tests without JavaScript (light) and with
  // scripts held back (mostly waiting for them). E2E_DESKTOP_WORKERS changes the first number.
  workers: desktopWorkers + 1,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    baseURL: BASE_URL,
    locale: "en-GB",
    // A trace costs every test CPU while it records: in CI only a retried test records one.
    trace: ci ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: E2E_CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [
    // Everything a person does, with JavaScript, at a desktop's width unless a test says otherwise.
    { name: "chromium", testIgnore: ["no-js/**", "late-js/**"], workers: desktopWorkers },
    // HTML first (decision 53): the shop's journeys with JavaScript off, on a 360 px phone.
    {
      name: "no-js",
      testDir: "tests/e2e/no-js",
      workers: 1,
      use: {
        javaScriptEnabled: false,
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
      },
    },
    // Scripts that arrive 4 s after the page (tests/e2e/late-js/hold.ts): typing and tapping before
    // hydration.
    {
      name: "late-js",
      testDir: "tests/e2e/late-js",
      workers: 1,
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: [
    {
      // Google's keys and a mail server, for Google sign-in and email changes (tests/e2e/fakes.ts).
      command: "node --import tsx tests/e2e/fakes.ts",
      url: `${FAKES_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // prepare.ts removes DATA_DIR, migrates, seeds and closes the database; then serve.ts starts
      // the stand-in courier and the server, which opens the database. The test command prepares
      // the database beside an earlier step and says so with E2E_PREPARED=1.
      command: `${process.env.E2E_PREPARED === "1" ? "" : "node --import tsx tests/e2e/prepare.ts && "}node --import tsx tests/e2e/serve.ts`,
      url: `${BASE_URL}/healthz`,
      reuseExistingServer: false,
      // The demo seed places its order history through the services (decision 51): about 20 s
      // on a quiet machine, several times that on a busy one.
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR,
        LOG_LEVEL: "warn",
        // Each test says its own address (tests/e2e/helpers.ts), as customers behind a proxy do.
        TRUST_PROXY: "1",
        GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
        // Every third-party tag configured (decision 56); the helpers' test declines them unless a
        // test asks otherwise (tests/e2e/consent.spec.ts), and their hosts are never reached.
        GTM_ID: E2E_TAGS.gtm,
        CLARITY_ID: E2E_TAGS.clarity,
        META_PIXEL_ID: E2E_TAGS.metaPixel,
        GOOGLE_JWKS_URL: `${FAKES_URL}/certs`,
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(FAKE_SMTP_PORT),
        MAIL_FROM: "Pathagar <shop@pathagar.test>",
        ...E2E_SHOP,
      },
    },
  ],
});
