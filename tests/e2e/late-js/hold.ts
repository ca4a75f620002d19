import type { Page } from "@playwright/test";
import { test as base } from "../helpers";

/** How long the page's scripts are held back: a student's phone on a slow mobile network. */
export const SCRIPTS_LATE_MS = 4_000;

/**
 * The shop's own scripts arrive SCRIPTS_LATE_MS after the page asks for them (each one, once the
 * page has painted): what a person types or taps in that time must not be lost.
 */
export async function holdScripts(page: Page, ms = SCRIPTS_LATE_MS) {
  await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** The e2e test with every page's scripts held back. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await holdScripts(page);
    await use(page);
  },
});
export { expect } from "../helpers";
