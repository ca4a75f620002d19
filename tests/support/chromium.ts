/**
 * The browser of the end-to-end tests and the benchmark's Lighthouse runs: Debian's Chromium (no
 * browser download), or the one CHROME_PATH names, with the flags it needs to run headless in a
 * container (no sandbox, no GPU) and to stay off the network by itself (no background updates,
 * sync or first-run pages).
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

export const CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
