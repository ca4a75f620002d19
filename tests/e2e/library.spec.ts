import type { Page } from "@playwright/test";
import {
  accountMenu,
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

// /ebook/library on the demo catalogue: a new customer's empty shelf, then what they bought online
// (buying itself is in checkout.spec.ts; here the orders are placed through the API and paid on
// the sandbox gateway's page).

type Item = { id: number; title: string };

async function demoItems(page: Page, path: "/api/ebooks" | "/api/content", limit: number): Promise<Item[]> {
  const res = await page.request.get(`${path}?limit=${limit}`);
  const items = ((await res.json()) as { data: { items: Item[] } }).data.items;
  expect(items.length, `${path} has ${limit} items`).toBe(limit);
  return items;
}

test("an empty library points to the e-books; what was bought is listed newest first, on a phone too", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(MOBILE);
  await page.goto("/");
  const { phone } = await signUpNewCustomer(page, "Library Reader");

  await page.goto("/ebook/library");
  await waitForApp(page);
  await expect(page).toHaveTitle(/^My e-books \| /);
  await expect(page.getByRole("heading", { level: 1, name: "My e-books" })).toBeVisible();
  await expect(page.getByText("No e-books yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse e-books" })).toHaveAttribute("href", "/ebook");
  await expect(page.getByRole("heading", { name: "My courses" })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "ebook-library-empty-360");

  // One e-book first; then, in a later order, another e-book and a course together.
  const [older, newer] = await demoItems(page, "/api/ebooks", 2);
  const [course] = await demoItems(page, "/api/content", 1);
  await buyOnline(page, phone, [{ id: older!.id, type: "ebook" }]);
  await buyOnline(page, phone, [
    { id: newer!.id, type: "ebook" },
    { id: course!.id, type: "content" },
  ]);

  // Through the account menu.
  await page.goto("/");
  await waitForApp(page);
  await accountMenu(page).click();
  await page.getByRole("link", { name: "My e-books" }).click();
  await expect(page).toHaveURL("/ebook/library");
  await expect(page.getByText("2 e-books, last read first, then newest bought.")).toBeVisible();
  await expect(page.getByText("No e-books yet")).toHaveCount(0);

  const ebooks = page.getByRole("list").filter({ has: page.getByRole("link", { name: /^Read / }) });
  await expect(ebooks.getByRole("heading", { level: 2 })).toHaveText([newer!.title, older!.title]);
  for (const e of [newer!, older!]) {
    const card = page.getByRole("article", { name: e.title });
    await expect(card).toContainText(/\d+ pages · Bought \d{1,2} [A-Z][a-z]{2} \d{4}/);
    await expect(card.getByRole("link", { name: `Read ${e.title}` })).toHaveAttribute(
      "href",
      `/ebook/${e.id}/read`,
    );
  }

  const courses = page.getByRole("region", { name: "My courses" });
  await expect(courses.getByRole("article")).toHaveCount(1);
  const courseCard = courses.getByRole("article", { name: course!.title });
  await expect(courseCard).toContainText(/\d+ chapters? · Bought /);
  // Not started: "0 of N done", and the way in starts at the first chapter.
  await expect(courseCard).toContainText(/0 of \d+ done/);
  await expect(courseCard.getByRole("link", { name: `Start ${course!.title}` })).toHaveAttribute(
    "href",
    new RegExp(`^/content/${course!.id}\\?chapter=\\d+$`),
  );

  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "ebook-library-360");
  await page.setViewportSize(DESKTOP);
  await expectNoHorizontalOverflow(page);
  await shot(page, "ebook-library-full-desktop");

  // Signed out, the library asks to sign in and keeps the way back.
  await page.context().clearCookies();
  await page.goto("/ebook/library");
  await expect(page).toHaveURL(`/auth/login?redirect=${encodeURIComponent("/ebook/library")}`);
});
