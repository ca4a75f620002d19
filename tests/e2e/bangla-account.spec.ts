import {
  bookWithStock,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  latinWords,
  MOBILE,
  placeOrder,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";
import { BASE_URL, E2E_SHOP, SHOP_NAME } from "./support";

// Signing in, the profile, its edit page and the buyer's orders in Bangla, at 360 px. "English"
// is allowed: the header's switch names the other language in itself.

test.use({ viewport: MOBILE });

test.beforeEach(async ({ page }) => {
  await page.context().addCookies([{ name: "pathagar_lang", value: "bn", url: BASE_URL }]);
});

test("the sign-in dialog reads in Bangla, its field and server messages too", async ({ page }) => {
  await page.goto("/info/about");
  await waitForApp(page);
  await page.getByRole("navigation", { name: "অ্যাকাউন্ট" }).getByRole("button", { name: "সাইন ইন" }).click();
  const dialog = page.getByRole("dialog", { name: "সাইন ইন" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`আপনার ${SHOP_NAME} অ্যাকাউন্টে সাইন ইন করুন`)).toBeVisible();
  expect(await latinWords(page, '[role="dialog"]', [SHOP_NAME])).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await shot(page, "bn-sign-in-dialog-mobile", { fullPage: false });
  await expectNoSeriousA11yViolations(page);

  // The schema's message, checked in the browser.
  await dialog.getByRole("button", { name: "সাইন ইন", exact: true }).click();
  await expect(dialog.getByText("ফোন বা ইমেইল দিতে হবে")).toBeVisible();
  // The server's refusal, sent in English and shown in Bangla.
  await dialog.getByLabel("ফোন বা ইমেইল").fill("01799999999");
  await dialog.getByLabel("পাসওয়ার্ড").fill("not-the-password");
  await dialog.getByRole("button", { name: "সাইন ইন", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("ফোন/ইমেইল বা পাসওয়ার্ড ভুল");
  expect(await latinWords(page, '[role="dialog"]', [SHOP_NAME])).toEqual([]);
});

test("the profile, its edit page and my orders read in Bangla", async ({ page }) => {
  const buyer = await signUpNewCustomer(page, "আরিফ হোসেন");
  const book = await bookWithStock(page);
  const { orderNumber } = await placeOrder(
    page,
    { ...buyer, district: "Dhaka", area: "মিরপুর", address: "বাড়ি ১, রোড ১" },
    [{ id: book.id }],
  );

  await page.goto("/profile");
  await waitForApp(page);
  await expect(page).toHaveTitle(`আমার প্রোফাইল | ${SHOP_NAME}`);
  await expect(page.getByRole("heading", { level: 1, name: "আমার প্রোফাইল" })).toBeVisible();
  await expect(page.getByText("এইচএসসি ২০২৫")).toBeVisible();
  // The order's address went into the address book; its district is a place name.
  expect(await latinWords(page, "header, main, footer", [SHOP_NAME, "English", "Dhaka"])).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await shot(page, "bn-profile-mobile");
  await expectNoSeriousA11yViolations(page);

  await page.goto("/edit");
  await waitForApp(page);
  await expect(page).toHaveTitle(`প্রোফাইল এডিট করুন | ${SHOP_NAME}`);
  expect(await latinWords(page, "header, main, footer", [SHOP_NAME, "English"])).toEqual([]);
  await page.getByRole("textbox", { name: "নাম", exact: true }).fill("আ");
  await page.getByRole("button", { name: "নাম সেভ করুন" }).click();
  await expect(page.getByText("কমপক্ষে ২টি অক্ষর লিখুন")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, "bn-edit-mobile");
  await expectNoSeriousA11yViolations(page);

  await page.goto("/orders");
  await waitForApp(page);
  await expect(page).toHaveTitle(`আমার অর্ডার | ${SHOP_NAME}`);
  const card = page.getByRole("article", { name: `অর্ডার #${orderNumber}` });
  await expect(card).toBeVisible();
  await expect(card.getByText("কনফার্ম হয়েছে")).toBeVisible();
  await expect(card.getByText("ক্যাশ অন ডেলিভারি")).toBeVisible();
  expect(
    await latinWords(page, "header, main, footer", [SHOP_NAME, "English", book.title, orderNumber]),
  ).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await shot(page, "bn-orders-mobile");
  await expectNoSeriousA11yViolations(page);
});

test("the order's success page, its invoice and my referral sales read in Bangla", async ({ page }) => {
  const buyer = await signUpNewCustomer(page, "নুসরাত জাহান");
  const book = await bookWithStock(page);
  const { orderNumber, tranx } = await placeOrder(
    page,
    { ...buyer, district: "Dhaka", area: "মিরপুর", address: "বাড়ি ১, রোড ১" },
    [{ id: book.id }],
  );
  const allowed = [SHOP_NAME, book.title, orderNumber, "Dhaka"];

  await page.goto(`/payment/${tranx}/success`);
  await waitForApp(page);
  await expect(page).toHaveTitle("পেমেন্ট সফল হয়েছে");
  await expect(page.getByRole("heading", { level: 1, name: "অর্ডার কনফার্ম হয়েছে" })).toBeVisible();
  expect(await latinWords(page, "main", allowed)).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await shot(page, "bn-payment-success-mobile");
  await expectNoSeriousA11yViolations(page);

  const invoice = page.getByRole("link", { name: "ইনভয়েস দেখুন" });
  if (await invoice.isVisible()) {
    await invoice.click();
    await expect(page).toHaveTitle("ইনভয়েস");
    await waitForApp(page);
    const number = (await page.locator("#invoice-title + p").textContent()) ?? "";
    // The shop's legal details are printed as configured (the e2e server's are in English): seen,
    // then left out of the words read. The page's print style sheet sits in main: the invoice
    // itself is read.
    const shopFields = page.getByTestId("shop-fields");
    await expect(shopFields).toContainText(E2E_SHOP.SHOP_LEGAL_NAME);
    await shopFields.evaluate((el) => el.remove());
    expect(await latinWords(page, "main article, main a, main button", [...allowed, number])).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await shot(page, "bn-invoice-mobile");
  }

  await page.goto("/reports");
  await waitForApp(page);
  await expect(page).toHaveTitle(`আমার রেফারেল বিক্রি | ${SHOP_NAME}`);
  const shareUrl = await page.getByLabel("শেয়ার লিংক").inputValue();
  const code = (await page.locator("#your-code + p").textContent()) ?? "";
  expect(await latinWords(page, "header, main, footer", [SHOP_NAME, "English", code, shareUrl])).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await shot(page, "bn-reports-mobile");
  await expectNoSeriousA11yViolations(page);
});
