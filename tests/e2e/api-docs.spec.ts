import { expect, MOBILE, shot, test } from "./helpers";

test.describe("the API reference page", () => {
  test("shows every endpoint under its strict Content-Security-Policy, with nothing refused", async ({
    page,
  }) => {
    // Every endpoint of the reference opened in turn.
    test.slow();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    const res = await page.goto("/api/docs");
    expect(res?.headers()["content-security-policy"]).toContain("script-src 'self'");
    // Swagger UI draws the whole document (750 KB) before its heading: slow on a busy machine.
    await expect(page.getByRole("heading", { name: /Pathagar API/ })).toBeVisible({ timeout: 30_000 });
    // The reference draws its sections as they scroll into view (it is long): scroll to the cart's.
    const cartInfo = page.getByRole("button", { name: /GET \/api\/cart\/info/ });
    for (let i = 0; i < 40 && (await cartInfo.count()) === 0; i++) {
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(150);
    }
    // A click while the reference is still laying the section out can be lost: click again
    // until the section is open (a click on an open one would close it, so only when closed).
    const whoMayCall = page.getByText("Who may call:").first();
    await expect(async () => {
      if (!(await whoMayCall.isVisible())) await cartInfo.click();
      await expect(whoMayCall).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.locator(".opblock").first()).toBeVisible();
    // Drawn down to the cart: the sections before it are there too.
    expect(await page.locator(".opblock").count()).toBeGreaterThan(10);
    await shot(page, "api-docs", { fullPage: false });
    expect(problems, "console errors (a refused script or style shows here)").toEqual([]);
  });

  test("reads on a 360 px screen", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/api/docs");
    // Swagger UI draws the whole document (750 KB) before its heading: slow on a busy machine.
    await expect(page.getByRole("heading", { name: /Pathagar API/ })).toBeVisible({ timeout: 30_000 });
    await shot(page, "api-docs-360", { fullPage: false });
  });
});
