import type { Page } from "@playwright/test";
import { bookWithStock, DESKTOP, expect, placeOrder, signUpNewCustomer, test, waitForApp } from "./helpers";
import { ADMIN_STATE, BASE_URL } from "./support";

/**
 * Nothing sells that cannot be delivered, as staff meet it: an e-book's Published box says it
 * waits for the PDF, a bundle dearer than its items asks "Publish anyway?", and an order is
 * shipped with its consignment number or marked delivered by hand.
 */
test.describe("publishing and shipping only what can be delivered", () => {
  test.use({ storageState: ADMIN_STATE });

  const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

  async function add(page: Page, area: string, body: Record<string, unknown>) {
    const res = await page.request.post(`/api/admin/${area}`, { data: body, headers: { origin: BASE_URL } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: { id: number } }).data;
  }

  test("an e-book without its PDF cannot be ticked published, and says why", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const ebook = await add(page, "books", {
      kind: "ebook",
      title: `Waiting E-book ${tag()}`,
      price: 12_000,
    });
    await page.goto(`/admin/books/${ebook.id}`);
    await waitForApp(page);
    await expect(page.getByLabel("Published")).toBeDisabled();
    await expect(page.getByTestId("publish-hint")).toHaveText(
      "An e-book is published once its PDF is uploaded: upload it under “PDF and pages” first",
    );
  });

  test("a bundle dearer than its items is published after “Publish anyway”", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const a = await add(page, "books", {
      kind: "book",
      title: `Bundle Item A ${tag()}`,
      price: 20_000,
      stock: 5,
    });
    const b = await add(page, "books", {
      kind: "book",
      title: `Bundle Item B ${tag()}`,
      price: 30_000,
      stock: 5,
    });
    const bundle = await add(page, "bundles", {
      kind: "bundle",
      title: `Dear Bundle ${tag()}`,
      price: 60_000,
      items: [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 1 },
      ],
    });
    await page.goto(`/admin/bundles/${bundle.id}`);
    await waitForApp(page);
    await page.getByLabel("Published").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    const ask = page.getByRole("dialog");
    await expect(ask.getByText("Publish anyway?")).toBeVisible();
    await ask.getByRole("button", { name: "Publish anyway" }).click();
    await expect(page.getByText("Saved").first()).toBeVisible();
    const read = await page.request.get(`/api/admin/bundles/${bundle.id}`);
    expect(((await read.json()) as { data: { published: boolean } }).data.published).toBe(true);
  });

  test("an order is shipped with its consignment number, or marked delivered by hand", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const context = await page
      .context()
      .browser()!
      .newContext({ storageState: { cookies: [], origins: [] } });
    const buyerPage = await context.newPage();
    const { phone } = await signUpNewCustomer(buyerPage, "By Hand Buyer");
    const book = await bookWithStock(buyerPage, 3);
    const { orderId } = await placeOrder(buyerPage, { name: "By Hand Buyer", phone }, [{ id: book.id }]);
    await context.close();
    const packed = await page.request.patch(`/api/admin/orders/${orderId}/status`, {
      data: { status: "processing" },
      headers: { origin: BASE_URL },
    });
    expect(packed.status(), await packed.text()).toBe(200);

    await page.goto(`/admin/orders/${orderId}`);
    await waitForApp(page);
    await expect(page.getByTestId("order-status")).toHaveText("Being packed");
    // No bare "Shipped": the consignment number under "Parcel", or "Delivered by hand".
    await expect(page.getByRole("button", { name: "Shipped", exact: true })).toHaveCount(0);
    await expect(page.getByTestId("ship-hint")).toBeVisible();
    await page.getByRole("button", { name: "Delivered by hand" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delivered by hand" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("Shipped");
    await expect(page.getByTestId("by-hand")).toHaveText("Delivered by hand: no consignment number.");
  });
});
