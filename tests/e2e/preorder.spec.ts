import type { Page } from "@playwright/test";
import type { Availability } from "../../src/contracts/availability";
import {
  expect,
  expectNoHorizontalOverflow,
  MOBILE,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";

// True availability on a phone (decision 72): a card says how few are left, and a book on
// pre-order (the demo catalogue has one) is pre-ordered, checked out and shown on the order.

type Card = { id: number; title: string; url: string; availability: Availability };

/** The demo's printed books as cards, page by page, until one answers `wanted`. */
async function findBook(page: Page, wanted: (c: Card) => boolean): Promise<Card> {
  for (let n = 1; n <= 4; n++) {
    const res = await page.request.get(`/api/books?limit=100&page=${n}&sort=newest`);
    const items = ((await res.json()) as { data: { items: Card[] } }).data.items;
    const found = items.find(wanted);
    if (found) return found;
    if (items.length < 100) break;
  }
  throw new Error("no such book in the demo catalogue");
}

test("pre-orders a book on a phone and sees it on the order; a card says how few are left", async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto("/");
  await signUpNewCustomer(page, "Tahmina Akter");

  // A card of a book with 5 or fewer copies says so.
  const few = await findBook(
    page,
    (c) => c.availability.state === "in_stock" && c.availability.left !== null,
  );
  await page.goto(`/search?q=${encodeURIComponent(few.title)}`);
  const card = page
    .getByRole("link", { name: new RegExp(few.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
    .first();
  await expect(card.getByTestId("card-availability")).toHaveText(/^Only \d left$/);
  await shot(page, "availability-card-phone");

  // The pre-order's page says when it is released, and its button pre-orders it.
  const pre = await findBook(page, (c) => c.availability.state === "preorder");
  await page.goto(pre.url);
  await waitForApp(page);
  await expect(page.getByTestId("availability")).toHaveText(/^Pre-order, releases on \d{1,2} \w{3} \d{4}$/);
  await expect(page.getByTestId("delivery-estimate")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "preorder-page-phone");
  await page.getByRole("button", { name: "Pre-order", exact: true }).click();
  await expect(page.getByTestId("added-to-cart")).toBeVisible();

  // With a book in stock beside it, checkout asks whether to ship in two parcels or wait.
  const added = await page.request.post("/api/cart", {
    data: { bookId: few.id, quantity: 1, source: "e2e", type: "book" },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto("/cart/checkout");
  await waitForApp(page);
  await expect(page.getByTestId("line-availability")).toHaveText(/^Pre-order, releases on /);
  await expect(page.getByRole("radio", { name: /Ship what is available now/ })).toBeChecked();
  // The estimate dates each parcel while two are chosen, and only the later date once they wait.
  const estimate = page.getByTestId("delivery-estimate");
  const twoDates = estimate.getByText(/^Available items arrive .+; the rest .+$/);
  await expect(twoDates).toBeVisible();
  const [, sooner, later] = /^Available items arrive (.+); the rest (.+)$/.exec(
    (await twoDates.textContent()) ?? "",
  ) as unknown as [string, string, string];
  expect(sooner).not.toBe(later);
  await expect(page.getByRole("radio", { name: /Ship what is available now/ })).toHaveAccessibleName(
    new RegExp(`Available items arrive ${sooner}; the rest ${later}$`),
  );
  await page.getByRole("radio", { name: /Wait and ship everything together/ }).check();
  await expect(estimate.getByText(`Arrives ${later}`, { exact: true })).toBeVisible();
  await expect(twoDates).toBeHidden();
  await expect(page.getByRole("radio", { name: /Wait and ship everything together/ })).toHaveAccessibleName(
    new RegExp(`Arrives ${later}$`),
  );
  await page.getByLabel("Area / thana").fill("Mirpur");
  await page.getByLabel("Address").fill("House 4, Road 9");
  await page.getByRole("radio", { name: /Cash on delivery/ }).check();
  await expectNoHorizontalOverflow(page);
  await shot(page, "preorder-checkout-phone");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed" })).toBeVisible();

  // The order says the book waits for its release.
  await page.goto("/orders");
  await expect(page.getByTestId("line-wait").first()).toHaveText(/^Pre-order, releases on /);
  await expectNoHorizontalOverflow(page);
  await shot(page, "preorder-orders-phone");
});
