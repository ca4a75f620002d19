import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { formatTaka } from "../../src/contracts/money";
import {
  bookWithStock,
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  MOBILE,
  placeOrder,
  runAxe,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";
import { ADMIN_STATE, BASE_URL, CUSTOMER_STATE } from "./support";

/** A new customer signs up and buys a printed book by cash on delivery, through the API as the checkout page would. */
async function placeCodOrder(request: APIRequestContext): Promise<number> {
  const phone = `016${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
  const signUp = await request.post("/api/auth/register", {
    data: { name: "Tracking Tester", phone, password: "secret123", hsc_batch: "HSC 2025" },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const list = await request.get("/api/books?inStock=true&sort=best_selling&limit=1");
  const [book] = ((await list.json()) as { data: { items: { id: number }[] } }).data.items;
  const add = await request.post("/api/cart", {
    data: { bookId: book!.id, quantity: 1, source: "e2e", type: "book" },
  });
  expect(add.status(), await add.text()).toBe(201);
  const placed = await request.post("/api/checkout", {
    data: {
      name: "Tracking Tester",
      phone,
      district: "Rajshahi",
      area: "Shaheb Bazar",
      address: "House 4, Road 9",
      paymentMethod: "cod",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { data: { orderId: number } }).data.orderId;
}

/** The demo admin gives an order a consignment number through the staff API; answers the number. */
async function giveConsignment(
  playwright: PlaywrightWorkerArgs["playwright"],
  orderId: number,
): Promise<string> {
  const admin = await playwright.request.newContext({ baseURL: BASE_URL, storageState: ADMIN_STATE });
  const cn = `E2E${Date.now().toString(36).toUpperCase()}`;
  const given = await admin.put(`/api/admin/orders/${orderId}/consignment`, { data: { consignment: cn } });
  expect(given.status(), await given.text()).toBe(200);
  await admin.dispose();
  return cn;
}

/** No serious or critical axe violations on the page as it stands. */
async function expectAccessible(page: Page) {
  await waitForApp(page);
  const { violations } = await runAxe(page);
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function expectTimeline(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Track your parcel" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Shipped" })).toBeVisible();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("listitem")).toHaveText([/^Shipped/, /^Confirmed/]);
  await expect(timeline.locator('[aria-current="step"]')).toContainText("Shipped");
  const parcel = page.getByRole("region", { name: "Parcel", exact: true });
  await expect(parcel).toContainText("Rajshahi");
  await expect(page.locator("main")).not.toContainText("Tracking Tester");
  await expect(page.locator("main")).not.toContainText("House 4");
}

test("an order given a consignment number shows its timeline to anyone holding the number", async ({
  page,
  playwright,
}) => {
  const cn = await giveConsignment(playwright, await placeCodOrder(page.request));
  // A visitor with only the number (no session).
  await page.context().clearCookies();

  await page.setViewportSize(MOBILE);
  const res = await page.goto(`/tracking/${cn.toLowerCase()}`);
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(`Tracking ${cn.toLowerCase()} | Pathagar`);
  await expectTimeline(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, "tracking-360");
  await expectAccessible(page);

  await page.setViewportSize(DESKTOP);
  await page.goto(`/tracking/${cn}`);
  await expectTimeline(page);
  await shot(page, "tracking-1280");
});

test("an unknown number says so, and the box there looks up another", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  const res = await page.goto("/tracking/NOSUCH404");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "No consignment NOSUCH404" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "tracking-unknown-360");
  await expectAccessible(page);
  const search = page.getByRole("search", { name: "Track a parcel" });
  await search.getByLabel("Consignment number").fill("ANOTHER1");
  await search.getByRole("button", { name: "Track" }).click();
  await expect(page).toHaveURL("/tracking/ANOTHER1");
  await expect(page.getByRole("heading", { level: 1, name: "No consignment ANOTHER1" })).toBeVisible();
});

test.describe("/reports", () => {
  test.use({ storageState: CUSTOMER_STATE });

  test("shows the signed-in user's own referral code, share link and the sales it brought", async ({
    page,
    playwright,
  }) => {
    const api = await page.request.get("/api/reports/referrals");
    expect(api.status()).toBe(200);
    const { code, orders } = ((await api.json()) as { data: { code: string; orders: number } }).data;
    expect(code).toMatch(/^[A-Z0-9]{4,16}$/);

    // A friend opens the share link, then buys.
    const friend = await playwright.request.newContext({ baseURL: BASE_URL });
    await friend.get(`/?ref=${code}`);
    const friendsOrder = await placeCodOrder(friend);
    await friend.dispose();
    const before = await page.request.get("/api/store-credit");
    const { balance } = ((await before.json()) as { data: { balance: number } }).data;

    for (const [viewport, name] of [
      [MOBILE, "reports-360"],
      [DESKTOP, "reports-1280"],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto("/reports");
      await expect(page.getByRole("heading", { level: 1, name: "My referral sales" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Your referral code" })).toContainText(code);
      await expect(page.getByLabel("Share link")).toHaveValue(new RegExp(`/\\?ref=${code}$`));
      await expect(page.getByRole("definition").first()).toHaveText(String(orders + 1));
      const list = page.getByRole("region", { name: "Orders through your link" });
      await expect(list.getByRole("listitem").first()).toContainText("Confirmed");
      await expect(page.locator("main")).not.toContainText("Tracking Tester");
      await expectNoHorizontalOverflow(page);
      await shot(page, name);
      await expectAccessible(page);
    }

    // Staff deliver the friend's parcel: its first order, so the share earns store credit (decision 71).
    const admin = await playwright.request.newContext({ baseURL: BASE_URL, storageState: ADMIN_STATE });
    for (const data of [
      { status: "processing" },
      { status: "shipped", byHand: true },
      { status: "delivered" },
    ]) {
      const moved = await admin.patch(`/api/admin/orders/${friendsOrder}/status`, { data });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    await admin.dispose();
    await page.setViewportSize(MOBILE);
    await page.goto("/profile");
    const credit = page.getByRole("region", { name: "Store credit" });
    await expect(credit.getByTestId("store-credit-balance")).toHaveText(formatTaka(balance + 5_000));
    await expect(credit.getByRole("listitem").first()).toContainText("a friend you shared with");
    await expect(credit.getByRole("listitem").first()).toContainText("+৳50");
    await expectNoHorizontalOverflow(page);
    await shot(page, "profile-store-credit-360");
  });
});

test("/reports asks a visitor to sign in first", async ({ page }) => {
  await page.goto("/reports");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Freports$/);
});

test("a buyer opens an order's page at 360 px and tracks each of its two parcels, then buys it again", async ({
  page,
  playwright,
}) => {
  await page.setViewportSize(MOBILE);
  const buyer = await signUpNewCustomer(page, "Parcel Follower");
  const first = await bookWithStock(page, 2);
  const second = await bookWithStock(page, 2, [first.id]);
  const { orderId, orderNumber } = await placeOrder(page, buyer, [{ id: first.id }, { id: second.id }]);

  // Staff send the second book apart and give each parcel its number.
  const admin = await playwright.request.newContext({ baseURL: BASE_URL, storageState: ADMIN_STATE });
  const order = (await (await admin.get(`/api/admin/orders/${orderId}`)).json()) as {
    data: { shipments: { lines: { lineId: number; productId: number }[] }[] };
  };
  const apart = order.data.shipments[0]!.lines.find((l) => l.productId === second.id)!;
  const split = await admin.post(`/api/admin/orders/${orderId}/shipments`, {
    data: { from: 1, parcels: 1, lines: [{ lineId: apart.lineId, quantity: 1 }] },
  });
  expect(split.status(), await split.text()).toBe(200);
  const stamp = Date.now().toString(36).toUpperCase();
  const numbers = [`P1${stamp}`, `P2${stamp}`];
  for (const [i, consignment] of numbers.entries()) {
    const given = await admin.put(`/api/admin/orders/${orderId}/consignment`, {
      data: { consignment, shipment: i + 1 },
    });
    expect(given.status(), await given.text()).toBe(200);
  }
  await admin.dispose();

  await page.goto("/orders");
  await page
    .getByRole("article", { name: `Order #${orderNumber}` })
    .getByRole("link", { name: "Details" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Order #${orderNumber}` })).toBeVisible();
  const parcels = page.getByTestId("parcel");
  await expect(parcels).toHaveCount(2);
  await expect(parcels.nth(0).getByRole("heading", { name: "Parcel 1 of 2" })).toBeVisible();
  await expect(parcels.nth(0)).toContainText(first.title);
  await expect(parcels.nth(0)).toContainText(numbers[0]!);
  await expect(parcels.nth(1)).toContainText(second.title);
  await expect(parcels.nth(1)).toContainText("On its way");
  await expectNoHorizontalOverflow(page);
  await shot(page, "order-page-two-parcels-360");
  await expectAccessible(page);

  for (const [i, cn] of numbers.entries()) {
    await page.getByRole("link", { name: `Track parcel ${i + 1}` }).click();
    await expect(page).toHaveURL(`/tracking/${cn}`);
    await expect(page.getByRole("heading", { level: 2, name: `Parcel ${i + 1} of 2` })).toBeVisible();
    await page.goBack();
  }

  // Buy again: both books back in the cart, which the header counts.
  await page.getByRole("button", { name: "Buy again" }).click();
  await expect(page).toHaveURL("/cart");
  await expect(page.locator("main")).toContainText(first.title);
  await expect(page.locator("main")).toContainText(second.title);
});
