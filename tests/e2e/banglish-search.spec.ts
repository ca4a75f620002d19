import {
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  MOBILE,
  runAxe,
  shot,
  test,
  waitForApp,
} from "./helpers";

// Against the demo catalogue, which holds Bangla titles such as পদার্থবিজ্ঞান প্রথম পত্র.

async function expectNoSeriousViolations(page: import("@playwright/test").Page) {
  const results = await runAxe(page);
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.impact}: ${v.id}`)).toEqual([]);
}

for (const [label, viewport] of [
  ["360 px", MOBILE],
  ["desktop", DESKTOP],
] as const) {
  test.describe(`Banglish search at ${label}`, () => {
    test.use({ viewport });

    test("typing “podartho” suggests পদার্থবিজ্ঞান, and the search finds it", async ({ page }) => {
      await page.goto("/");
      await waitForApp(page);
      const box = page.getByRole("banner").getByRole("combobox", { name: "Search books, e-books and more" });
      await box.pressSequentially("podartho");
      const list = page.getByRole("listbox", { name: "Suggestions" });
      await expect(list.getByRole("option", { name: /পদার্থবিজ্ঞান/ }).first()).toBeVisible();
      // Each suggestion says what tells it apart, and the list ends with "See all results".
      await expect(list.getByRole("option").first()).toContainText("৳");
      await expect(list.getByRole("option").last()).toHaveText("See all results for “podartho”");
      await expectNoHorizontalOverflow(page);
      await shot(page, `banglish-suggestions-${viewport.width}`, { fullPage: false });

      // The keyboard reaches the last row (up from the top wraps), and Enter opens every result.
      await box.press("ArrowUp");
      await expect(list.getByRole("option").last()).toHaveAttribute("aria-selected", "true");
      await box.press("Enter");
      await expect(page).toHaveURL("/search?q=podartho");
      await expect(
        page
          .getByRole("main")
          .getByText(/পদার্থবিজ্ঞান/)
          .first(),
      ).toBeVisible();
      await expectNoHorizontalOverflow(page);
    });

    test("“phisics frist” says “Did you mean physics first”, and can search the words as typed", async ({
      page,
    }) => {
      await page.goto(`/search?q=${encodeURIComponent("phisics frist")}`);
      await waitForApp(page);
      const line = page.getByRole("status").filter({ hasText: "Did you mean" });
      await expect(line).toContainText("Did you mean physics first?");
      await expect(
        page
          .getByRole("main")
          .getByRole("link", { name: /Physics First Paper/ })
          .first(),
      ).toBeVisible();
      await expectNoSeriousViolations(page);
      await expectNoHorizontalOverflow(page);
      await shot(page, `did-you-mean-${viewport.width}`, { fullPage: false });
      await line.getByRole("link", { name: "Search instead for “phisics frist”" }).click();
      await expect(page).toHaveURL(/exact=1/);
      await expect(page.getByText("No results for “phisics frist”")).toBeVisible();
    });
  });
}
