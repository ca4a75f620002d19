import {
  bookWithStock,
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  MOBILE,
  placeOrder,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";
import { ADMIN_STATE } from "./support";

/**
 * Accounts in the back office: a customer's cash-on-delivery order is invoiced, shipped with a
 * courier and delivered; staff find the invoice in the list, open it and its A4 print view, read
 * the month's statement (its figures and their lines, the CSV), and record the courier's payment
 * of the cash, after which the cash is no longer with the courier.
 */
test.describe("invoices and the monthly accounts", () => {
  test.use({ storageState: ADMIN_STATE });
  test.describe.configure({ mode: "serial" });

  const courier = `e2ecourier${Date.now() % 100000}`;
  let order: { orderId: number; orderNumber: string };
  let buyerPhone = "";

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const { phone } = await signUpNewCustomer(page, "Ledger Shopper");
    buyerPhone = phone;
    const book = await bookWithStock(page, 2);
    order = await placeOrder(page, { name: "Ledger Shopper", phone, address: "House 2, Road 3" }, [
      { id: book.id },
    ]);
    await context.close();
    const admin = await browser.newContext({ storageState: ADMIN_STATE });
    const shipped = await admin.request.put(`/api/admin/orders/${order.orderId}/consignment`, {
      data: { consignment: `CN${order.orderId}E2E`, courier },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);
    const delivered = await admin.request.patch(`/api/admin/orders/${order.orderId}/status`, {
      data: { status: "delivered" },
    });
    expect(delivered.status(), await delivered.text()).toBe(200);
    await admin.close();
  });

  test("the invoice list finds the order by the buyer's phone; the invoice and its print view", async ({
    page,
  }) => {
    await page.goto(`/admin/invoice?q=${buyerPhone}`);
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
    const link = page.getByRole("link", { name: /^INV-/ }).first();
    await expect(link).toBeVisible();
    await expect(page.getByText(`#${order.orderNumber}`).first()).toBeVisible();
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: /^Invoice INV-/ })).toBeVisible();
    await expect(page.getByText("Cash collected on delivery")).toBeVisible();
    await expect(page.getByText("No credit note: the invoice stands as issued.")).toBeVisible();
    await page.getByRole("link", { name: "Print (A4)" }).click();
    await expect(page).toHaveURL(/\/admin\/invoice\/\d+\/print$/);
    await expect(page.getByRole("heading", { name: "Invoice", exact: true })).toBeVisible();
    await expect(page.getByText("Ledger Shopper").first()).toBeVisible();
    const css = await page.locator("style").allTextContents();
    expect(css.join("\n")).toContain("size: A4");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await page.emulateMedia({ media: "screen" });
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-invoice-print-360");
  });

  test("the month's statement shows its figures and their lines, and downloads as CSV", async ({ page }) => {
    await page.goto("/admin/report/apar-monthly");
    await waitForApp(page);
    await expect(
      page.getByRole("heading", { level: 1, name: "Monthly payables and receivables" }),
    ).toBeVisible();
    const monthLink = page.getByRole("table").getByRole("link").first();
    await monthLink.click();
    await expect(page.getByRole("heading", { level: 1, name: /^Accounts statement: / })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Opening balance/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Closing balance/ })).toBeVisible();
    await expect(page.getByText("Invoiced", { exact: false }).first()).toBeVisible();
    // The COD collected figure lists this order among its lines.
    const codRow = page.getByRole("listitem").filter({ hasText: "Cash on delivery collected by couriers" });
    await codRow.getByRole("link", { name: /lines?$/ }).click();
    await expect(page.getByRole("link", { name: `#${order.orderNumber}` }).first()).toBeVisible();
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^accounts-\d{4}-\d{2}\.csv$/);
    const text = await (await download.createReadStream()).toArray();
    const csv = Buffer.concat(text).toString("utf8");
    expect(csv).toContain("section,date,document,order,invoice,detail,amount_poisha,amount_taka");
    expect(csv).toContain(`codCollected,`);
    expect(csv).toContain(order.orderNumber);
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-apar-statement-360");
    await page.setViewportSize(DESKTOP);
    await shot(page, "admin-apar-statement-desktop");
  });

  test("recording the courier's payment takes the cash off the courier", async ({ page }) => {
    await page.goto("/admin/report/apar-monthly");
    await waitForApp(page);
    const section = page.getByRole("region", { name: new RegExp(`^${courier}:`, "i") });
    await expect(section).toBeVisible();
    await expect(section.getByRole("checkbox", { name: `Order ${order.orderNumber}` })).toBeChecked();
    await section.getByLabel("Courier's payment reference").fill("E2E-PAY-1");
    // A day before the order was delivered: the server's reason shows on the day's field.
    const today = await section.getByLabel("Received on").inputValue();
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await section.getByLabel("Received on").fill(yesterday);
    await section.getByRole("button", { name: /^Record ৳/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Record remittance" }).click();
    await expect(
      section.getByText(`receivedAt must be on or after order ${order.orderNumber}'s delivery`),
    ).toBeVisible();
    await expect(section.getByLabel("Received on")).toHaveAttribute("aria-invalid", "true");
    await section.getByLabel("Received on").fill(today);
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "admin-apar-cod-360");
    await section.getByRole("button", { name: /^Record ৳/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Record remittance" }).click();
    // The courier is named as the shop writes couriers ("E2ecourier…").
    await expect(page.getByText(new RegExp(`^Recorded ৳.* from ${courier}$`, "i"))).toBeVisible();
    await expect(page.getByRole("region", { name: new RegExp(`^${courier}:`, "i") })).toHaveCount(0);
    await expect(page.getByText("E2E-PAY-1")).toBeVisible();
  });
});
