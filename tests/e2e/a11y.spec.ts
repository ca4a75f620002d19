import type { Page, TestInfo } from "@playwright/test";
import { DESKTOP, expect, MOBILE, runAxe, test, waitForApp } from "./helpers";
import { CUSTOMER_STATE } from "./support";

/** Runs axe on the page; serious and critical violations fail the test and are printed. */
async function expectNoSeriousViolations(page: Page, testInfo: TestInfo, { hydrated = true } = {}) {
  // An error page renders the root's error boundary, which does not set the colour mode waitForApp waits for.
  if (hydrated) await waitForApp(page);
  else await page.waitForLoadState("networkidle");
  const results = await runAxe(page);
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  if (bad.length > 0) {
    const report = bad
      .map(
        (v) =>
          `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
          v.nodes.map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary ?? ""}`).join("\n"),
      )
      .join("\n");
    console.log(`axe on ${page.url()}:\n${report}`);
    await testInfo.attach("axe-violations", { body: report, contentType: "text/plain" });
  }
  expect(
    bad.map((v) => `${v.impact}: ${v.id}`),
    "serious or critical accessibility violations",
  ).toEqual([]);
}

for (const [label, viewport] of [
  ["360 px", MOBILE],
  ["desktop", DESKTOP],
] as const) {
  test(`home page at ${label} has no serious accessibility violations`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await expectNoSeriousViolations(page, testInfo);
  });
}

for (const path of ["/auth/login", "/auth/register", "/ontapgoogle"]) {
  test(`${path} has no serious accessibility violations`, async ({ page }, testInfo) => {
    await page.goto(path);
    await expectNoSeriousViolations(page, testInfo);
  });
}

test.describe("signed in", () => {
  test.use({ storageState: CUSTOMER_STATE });

  for (const path of ["/edit", "/profile", "/admin"]) {
    test(`${path} at 360 px has no serious accessibility violations`, async ({ page }, testInfo) => {
      await page.setViewportSize(MOBILE);
      await page.goto(path);
      await expectNoSeriousViolations(page, testInfo, { hydrated: path !== "/admin" });
    });
  }
});
