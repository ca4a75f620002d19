/**
 * The browser of the end-to-end tests and the benchmark's Lighthouse runs: Debian's Chromium (no
 * browser download), or the one CHROME_PATH names, with the flags it needs to run headless in a
 * container (no sandbox, no GPU) and to stay off the network by itself (no background updates,
 * sync or first-run pages).
 */
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

/**
 * The end-to-end tests' browser: Debian's Chromium headless shell (the same Chromium without its
 * windowing parts), which spends about 40% less CPU than the full browser run headless and so
 * shortens the suite on two cores; the full browser where the shell is not installed. The
 * benchmark keeps the full browser, which is what a phone runs.
 */
export const E2E_CHROMIUM_PATH =
  process.env.CHROME_PATH ||
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : CHROMIUM_PATH);

export const CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
