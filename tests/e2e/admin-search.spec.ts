import { formatTaka } from "../../src/contracts/money";
import {
  bookWithStock,
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
import { ADMIN_STATE, BASE_URL } from "./support";

const SIGNED_OUT = { cookies: [], origins: [] };

test.describe("the admin search and the pricing playground", () => {
  test.use({ storageState: ADMIN_STATE });

  test("Ctrl+K on the dashboard finds a buyer by phone; arrows and Enter open the order or the account", async ({
    page,
    browser,
  }) => {
    // A customer places a cash-on-delivery order in a browser of their own.
    const theirs = await browser.newContext({
      baseURL: BASE_URL,
      viewport: DESKTOP,
      storageState: SIGNED_OUT,
    });
    const buyer = await theirs.newPage();
    const { name, phone } = await signUpNewCustomer(buyer, "Search Buyer");
    const book = await bookWithStock(buyer, 1);
    expect((await buyer.request.post("/api/cart", { data: { bookId: book.id, quantity: 1 } })).status()).toBe(
      201,
    );
    const placed = await buyer.request.post("/api/checkout", {
      data: { name, phone, district: "Dhaka", area: "Mirpur", address: "House 3", paymentMethod: "cod" },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { orderId } = ((await placed.json()) as { data: { orderId: number } }).data;
    await theirs.close();

    await page.goto("/admin");
    await waitForApp(page);
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Search the back office" });
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole("combobox");
    await expect(box).toBeFocused();
    // The phone typed the international way, with a space.
    await box.fill(`+880 ${phone.slice(1)}`);
    const options = dialog.getByRole("option");
    await expect(options.first()).toContainText(`${name} · ${phone}`);
    await expect(dialog.getByRole("group", { name: "Users" }).getByRole("option")).toContainText(name);
    await shot(page, "admin-search-dialog", { fullPage: false });
    // The order (exact) is first and chosen; one down is the account.
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await box.press("ArrowDown");
    await expect(dialog.getByRole("group", { name: "Users" }).getByRole("option").first()).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await box.press("Enter");
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
    await expect(dialog).toBeHidden();

    // "/" opens it from any admin page (when not typing); Enter opens the order.
    await page.locator("main").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("/");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("combobox").fill(phone);
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(options.first()).toContainText(phone);
    await dialog.getByRole("combobox").press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));

    // The search page keeps the search in its URL: a reload shows the same hits.
    await page.goto("/admin/search");
    await waitForApp(page);
    await page.getByRole("combobox").fill(phone);
    await expect(page).toHaveURL(new RegExp(`/admin/search\\?q=${phone}$`));
    await expect(page.getByRole("option").first()).toContainText(phone);
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole("combobox")).toHaveValue(phone);
    await expect(page.getByRole("option").first()).toContainText(phone);
    await page.getByRole("combobox").fill("zzqqxx-nothing");
    await expect(page.getByRole("status").filter({ hasText: "Nothing found" })).toBeVisible();
    await page.getByRole("combobox").fill(phone);
    await expect(page.getByRole("option").first()).toContainText(phone);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-search-360");
    // The header's button opens the same search on a phone.
    await page.getByRole("button", { name: "Search" }).click();
    await expect(dialog.getByRole("combobox")).toBeFocused();
    await shot(page, "admin-search-dialog-360", { fullPage: false });
  });

  test("the playground prices a cart from its URL, says why a coupon is refused, and the link round-trips", async ({
    page,
  }) => {
    const book = await bookWithStock(page, 2);
    await page.goto("/admin/playground");
    await waitForApp(page);
    await page.getByLabel("Search add products").fill(book.title.slice(0, 12));
    await page.getByRole("button", { name: book.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`items=${book.id}x1`));
    await page.getByLabel(`Quantity of ${book.title}`).fill("2");
    await expect(page).toHaveURL(new RegExp(`items=${book.id}x2`));
    await page.getByLabel("Coupon code").fill("pen15");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/coupon=PEN15/);
    const refusal = "PEN15: This coupon does not apply to the items in your cart";
    await expect(page.getByRole("status").filter({ hasText: refusal })).toBeVisible();
    await page.getByLabel("Delivery district").selectOption("Sylhet");
    await expect(page).toHaveURL(/district=Sylhet/);
    await expect(page.getByText("Delivery (Sylhet)")).toBeVisible();
    const total = page.getByTestId("playground-total");
    // The page shows what the API prices for the same query.
    const query = new URL(page.url()).search;
    const api = await page.request.get(`/api/admin/playground/price${query}`);
    const priced = ((await api.json()) as { data: { total: number; discount: number } }).data;
    expect(priced.discount).toBe(0);
    await expect(total).toHaveText(formatTaka(priced.total));
    const url = page.url();
    await shot(page, "admin-playground");

    // The link, opened afresh, is the same cart.
    await page.goto(url);
    await waitForApp(page);
    await expect(page.getByRole("status").filter({ hasText: refusal })).toBeVisible();
    await expect(total).toHaveText(formatTaka(priced.total));
    await expect(page.getByLabel(`Quantity of ${book.title}`)).toHaveValue("2");
    await expect(page.getByLabel("Delivery district")).toHaveValue("Sylhet");
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-playground-360");
  });
});
