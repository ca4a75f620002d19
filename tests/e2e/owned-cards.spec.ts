import type { Page } from "@playwright/test";
import {
  buyOnline,
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  MOBILE,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";

// The shop's cards know what the signed-in user owns: an e-book bought shows "Read" (then
// "Continue") on its card in every list, leading to the reader, and "In your library" instead of
// its price; anyone else still sees the price and buys it from its page.

/** The first demo e-book: its id and title. */
async function demoEbook(page: Page): Promise<{ id: number; title: string }> {
  const res = await page.request.get("/api/ebooks?limit=1");
  const [item] = ((await res.json()) as { data: { items: { id: number; title: string }[] } }).data.items;
  expect(item, "the demo shop has an e-book").toBeTruthy();
  return item!;
}

/** The e-book's card in a list on the page (the list item holding the link to its page). */
const cardOf = (page: Page, id: number) =>
  page.getByRole("listitem").filter({ has: page.locator(`a[href="/ebook/${id}"]`) });

test("an owner's e-book card says Read, then Continue, on the e-books list and the home page; others see the price", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  const { phone } = await signUpNewCustomer(page, "Card Owner");
  const ebook = await demoEbook(page);

  // Before buying: the card has its price and no way into the reader.
  await page.goto("/ebook");
  await waitForApp(page);
  await expect(cardOf(page, ebook.id)).toHaveCount(1);
  await expect(cardOf(page, ebook.id).getByRole("link", { name: /^Read/ })).toHaveCount(0);
  await expect(cardOf(page, ebook.id).getByText("In your library")).toHaveCount(0);

  await buyOnline(page, phone, [{ id: ebook.id, type: "ebook" }]);

  await page.goto("/ebook");
  await waitForApp(page);
  const card = cardOf(page, ebook.id);
  const read = card.getByRole("link", { name: `Read: ${ebook.title}` });
  await expect(read).toHaveText("Read");
  await expect(read).toHaveAttribute("href", `/ebook/${ebook.id}/read`);
  await expect(card.getByText("In your library")).toBeVisible();
  await expect(card.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "owned-card-ebooks-desktop");

  await page.goto("/");
  await waitForApp(page);
  const ebooksRow = page.getByRole("region", { name: "E-books", exact: true });
  await expect(ebooksRow.getByRole("link", { name: `Read: ${ebook.title}` })).toHaveText("Read");

  // Opening it in the reader (progress saved) turns the card's Read into Continue.
  const saved = await page.request.put(`/api/ebooks/${ebook.id}/progress`, { data: { page: 2 } });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto("/ebook");
  await waitForApp(page);
  const cont = cardOf(page, ebook.id).getByRole("link", { name: `Continue: ${ebook.title}` });
  await expect(cont).toHaveText("Continue");
  await cont.click();
  await expect(page).toHaveURL(`/ebook/${ebook.id}/read`);

  // Another customer sees the price and no Read on the same card.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.setViewportSize(MOBILE);
  await second.goto("/");
  await signUpNewCustomer(second, "Other Customer");
  await second.goto("/ebook");
  await waitForApp(second);
  await expect(cardOf(second, ebook.id)).toHaveCount(1);
  await expect(cardOf(second, ebook.id).getByRole("link", { name: /^(Read|Continue)/ })).toHaveCount(0);
  await expect(cardOf(second, ebook.id).getByText("In your library")).toHaveCount(0);
  await other.close();

  // At 360 px the owner's card fits its column.
  await page.setViewportSize(MOBILE);
  await page.goto("/ebook");
  await waitForApp(page);
  await expect(cardOf(page, ebook.id).getByRole("link", { name: `Continue: ${ebook.title}` })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "owned-card-ebooks-mobile");
});
