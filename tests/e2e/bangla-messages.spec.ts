import { expect, MOBILE, shot, test, waitForApp } from "./helpers";
import { ADMIN_STATE, BASE_URL } from "./support";

// A refusal the server writes with values (a count, an order number, a product's name) reads in
// Bangla on the page: the API answers in English, the page matches the message's template and
// puts the values back, counts in Bangla digits.

test("a stock change the shelf cannot cover is refused in Bangla, with the counts in Bangla digits", async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: ADMIN_STATE, viewport: MOBILE });
  await context.addCookies([{ name: "pathagar_lang", value: "bn", url: BASE_URL }]);
  const page = await context.newPage();
  // A printed book and its stock, read through the public API.
  const list = await page.request.get("/api/books?inStock=true&sort=best_selling&limit=1");
  const [book] = ((await list.json()) as { data: { items: { id: number }[] } }).data.items;
  const detail = await page.request.get(`/api/books/${book!.id}`);
  const stock = ((await detail.json()) as { data: { stock: number } }).data.stock;
  expect(stock).toBeGreaterThan(0);

  await page.goto(`/admin/books/${book!.id}`);
  await waitForApp(page);
  const panel = page.getByRole("region", { name: /স্টক:/ });
  await panel.getByLabel("সংখ্যা (+ এলে, − গেলে)").fill(String(-(stock + 7)));
  await panel.getByLabel("কারণ").selectOption("correction");
  await panel.getByRole("button", { name: "স্টক বদলান" }).click();

  const digits = (n: number) => new Intl.NumberFormat("en-IN-u-nu-beng", { useGrouping: false }).format(n);
  await expect(
    panel.getByText(`হাতে আছে মাত্র ${digits(stock)}টি: ${digits(stock + 7)}টি সরানো যাবে না`),
  ).toBeVisible();
  await expect(panel.getByText(/on hand: cannot remove/)).toHaveCount(0);
  await shot(page, "bn-refusal-with-values-mobile", { fullPage: false });
  await context.close();
});
