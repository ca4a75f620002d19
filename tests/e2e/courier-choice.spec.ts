import {
  bookWithStock,
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  MOBILE,
  placeOrder,
  shot,
  test,
  waitForApp,
} from "./helpers";
import { ADMIN_STATE } from "./support";

/**
 * A clerk of a shop connected to Steadfast, Pathao and RedX (the e2e server's three local fakes,
 * Steadfast the default) sets Chattogram's courier to Pathao, then books three Chattogram parcels,
 * one with each courier: the district's preselected with its price, RedX chosen at 360 px, and
 * Steadfast, which has no price API. The bookings are in the audit log. No other spec books in
 * Chattogram, so its courier changes nothing of theirs.
 */
test.describe("couriers by district", () => {
  test.use({ storageState: ADMIN_STATE });

  test("a clerk sets a district's courier and books with each of the three", async ({ page }) => {
    const book = await bookWithStock(page, 3);
    const phone = `017${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
    const buyer = { name: "Courier Choice Buyer", phone, district: "Chattogram", area: "Agrabad" };
    const placed = [];
    for (let i = 0; i < 3; i += 1) placed.push(await placeOrder(page, buyer, [{ id: book.id }]));

    // Chattogram goes with Pathao from now on.
    await page.setViewportSize(DESKTOP);
    await page.goto("/admin/orders/couriers");
    await waitForApp(page);
    const chattogram = page.getByRole("region", { name: "Chattogram division" });
    await chattogram.getByLabel("Chattogram", { exact: true }).selectOption("pathao");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("No changes")).toBeVisible();
    await expect(chattogram.getByLabel("Chattogram", { exact: true })).toHaveValue("pathao");
    await shot(page, "courier-districts-desktop");
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "courier-districts-360");

    // The district's courier is preselected, with its price for the parcel.
    const open = async (orderId: number) => {
      await page.goto(`/admin/orders/${orderId}`);
      await waitForApp(page);
    };
    const bookWith = async (label: string) => {
      const parcel = page.getByRole("region", { name: "Parcel" });
      await parcel.getByRole("button", { name: `Book with ${label}` }).click();
      await expect(parcel).toContainText(`(${label})`);
      await expect(page.getByTestId("order-status")).toHaveText("Shipped");
      return (await page.getByTestId("consignment").textContent())!;
    };
    await page.setViewportSize(DESKTOP);
    await open(placed[0]!.orderId);
    await expect(page.getByTestId("courier-choice")).toHaveValue("pathao");
    await expect(page.getByTestId("courier-price")).toContainText(/Pathao asks ৳[\d,.]+ for this parcel/);
    await shot(page, "courier-choice-desktop", { fullPage: false });
    const viaPathao = await bookWith("Pathao");

    // RedX, chosen on a phone.
    await page.setViewportSize(MOBILE);
    await open(placed[1]!.orderId);
    await page.getByTestId("courier-choice").selectOption("redx");
    await expect(page.getByTestId("courier-price")).toContainText(/RedX asks ৳/);
    await expectNoHorizontalOverflow(page);
    await shot(page, "courier-choice-360");
    const viaRedx = await bookWith("RedX");

    // Steadfast has no price API: the page says so, and books all the same.
    await page.setViewportSize(DESKTOP);
    await open(placed[2]!.orderId);
    await page.getByTestId("courier-choice").selectOption("steadfast");
    await expect(page.getByTestId("courier-price")).toContainText("Steadfast has no price list");
    const viaSteadfast = await bookWith("Steadfast");

    // Who set Chattogram's courier, and the three bookings, are in the audit log.
    await page.goto("/admin/audit?area=courier_district&record=Chattogram");
    await expect(page.getByTestId("audit-entry").first()).toContainText("pathao");
    await page.goto("/admin/audit?area=order");
    for (const cn of [viaPathao, viaRedx, viaSteadfast]) {
      await expect(page.getByTestId("audit-entry").filter({ hasText: cn })).toHaveCount(1);
    }
    await page.setViewportSize(MOBILE);
    await expectNoHorizontalOverflow(page);
    await shot(page, "courier-choice-audit-360");
  });
});
