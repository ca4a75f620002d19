import type { Page, Request } from "@playwright/test";
import {
  bookWithStock,
  expect,
  expectNoHorizontalOverflow,
  MOBILE,
  placeOrder,
  shot,
  signUpNewCustomer,
  test,
  waitForApp,
} from "./helpers";
import { BASE_URL, E2E_TAGS, TAG_HOSTS } from "./support";

// The third-party tags behind consent (decision 56). The e2e server has all three configured; the
// tags' hosts are never reached: their scripts are served here as stand-ins, and every request to
// those hosts is recorded with the element that asked (its nonce).

test.use({ consent: null, viewport: MOBILE });

type Asked = { url: string; nonce: string | null };

/** Serves the tags' scripts as empty stand-ins and records each request to their hosts. */
async function standInTags(page: Page): Promise<Asked[]> {
  const asked: Asked[] = [];
  await page.route(TAG_HOSTS, async (route) => {
    const url = route.request().url();
    const nonce = await page
      .evaluate((u) => [...document.scripts].find((s) => s.src === u)?.nonce || null, url)
      .catch(() => null);
    asked.push({ url, nonce });
    await route.fulfill({ status: 200, contentType: "application/javascript", body: "" });
  });
  return asked;
}

const tagScripts = (asked: Asked[]) => asked.map((a) => new URL(a.url)).map((u) => `${u.host}${u.pathname}`);

/** The page has loaded and the browser has had its idle moment (the tags wait for both). */
async function settled(page: Page) {
  await waitForApp(page);
  await page.waitForLoadState("load");
  await page.waitForTimeout(3_500);
}

test("the notice asks before anything loads; declining loads nothing and keeps every form working", async ({
  page,
}) => {
  const asked = await standInTags(page);
  const thirdParty: string[] = [];
  page.on("request", (r: Request) => {
    if (!r.url().startsWith(BASE_URL) && !r.url().startsWith("data:")) thirdParty.push(r.url());
  });
  await page.goto("/");
  const notice = page.getByRole("region", { name: "Cookie notice" });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("link", { name: "Privacy policy" })).toHaveAttribute(
    "href",
    "/info/privacy-policy",
  );
  await settled(page);
  expect(asked, "nothing loads before a choice").toEqual([]);
  await expectNoHorizontalOverflow(page);
  await shot(page, "consent-notice-mobile", { fullPage: false });

  await notice.getByRole("button", { name: "Decline", exact: true }).click();
  await expect(notice).toBeHidden();
  const cookies = await page.context().cookies(BASE_URL);
  expect(cookies.find((c) => c.name === "pathagar_consent")?.value).toBe("none");
  await settled(page);
  // The header's search still works, and nothing has left for another host.
  const search = page.getByRole("banner").getByRole("combobox", { name: "Search books, e-books and more" });
  await search.fill("physics");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=physics/);
  await settled(page);
  expect(asked).toEqual([]);
  expect(thirdParty).toEqual([]);
  await expect(page.getByRole("region", { name: "Cookie notice" })).toBeHidden();
});

test("accepting loads each tag once, late, with the page's nonce and Consent Mode, and the events follow", async ({
  page,
}) => {
  const asked = await standInTags(page);
  const book = await bookWithStock(page);
  await page.goto("/");
  const policy = (await page.request.get("/")).headers()["content-security-policy"] ?? "";
  expect(policy).toContain("https://www.googletagmanager.com");
  expect(policy).toContain("https://connect.facebook.net");
  await page.getByRole("region", { name: "Cookie notice" }).getByRole("button", { name: "Accept" }).click();
  await expect(page.getByRole("region", { name: "Cookie notice" })).toBeHidden();
  await expect
    .poll(() => tagScripts(asked).sort(), { timeout: 15_000 })
    .toEqual(
      [
        "www.googletagmanager.com/gtm.js",
        `www.clarity.ms/tag/${E2E_TAGS.clarity}`,
        "connect.facebook.net/en_US/fbevents.js",
      ].sort(),
    );
  expect(asked.find((a) => a.url.includes("gtm.js"))?.url).toContain(`id=${E2E_TAGS.gtm}`);
  const nonce = await page.evaluate(() => document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce);
  for (const a of asked) expect(a.nonce, a.url).toBe(nonce);

  // Consent Mode: denied by default, then what was chosen.
  const consent = await page.evaluate(() =>
    (window as unknown as { dataLayer: unknown[] }).dataLayer
      .map((e) => (e && typeof e === "object" && "length" in e ? Array.from(e as ArrayLike<unknown>) : null))
      .filter((a): a is unknown[] => a !== null && a[0] === "consent")
      .map((a) => [a[1], a[2]]),
  );
  expect(consent[0]).toEqual([
    "default",
    expect.objectContaining({ analytics_storage: "denied", ad_storage: "denied" }),
  ]);
  expect(consent.at(-1)).toEqual([
    "update",
    expect.objectContaining({ analytics_storage: "granted", ad_storage: "granted" }),
  ]);

  // A product page: view_item once, in taka, and the pixel's ViewContent through its queue.
  await page.goto(book.url);
  await settled(page);
  const events = await page.evaluate(() =>
    (
      window as unknown as {
        dataLayer: { event?: string; ecommerce?: { value?: number; items?: unknown[] } }[];
      }
    ).dataLayer.filter((e) => e.event === "view_item"),
  );
  expect(events).toHaveLength(1);
  expect(events[0]?.ecommerce?.value).toBe(book.price / 100);
  const pixel = await page.evaluate(() =>
    ((window as unknown as { fbq?: { queue?: unknown[][] } }).fbq?.queue ?? []).map(
      (args) => args[0] === "track" && args[1],
    ),
  );
  expect(pixel).toEqual(expect.arrayContaining(["PageView", "ViewContent"]));

  // A payment page loads no tag and its policy names none of their hosts.
  const before = asked.length;
  await page.goto("/payment/failed");
  await settled(page);
  expect(asked.length).toBe(before);
  const paymentPolicy =
    (await page.request.get("/payment/failed")).headers()["content-security-policy"] ?? "";
  expect(paymentPolicy).not.toContain("googletagmanager");
});

/** The page's dataLayer events of one name. */
async function events(page: Page, name: string) {
  return page.evaluate(
    (n) =>
      (
        (window as unknown as { dataLayer?: { event?: string; ecommerce?: Record<string, unknown> }[] })
          .dataLayer ?? []
      )
        .filter((e) => e.event === n)
        .map((e) => e.ecommerce),
    name,
  );
}

test("a sale on the payment pages (which load no tag) reaches the tags on the next shop page, once, and so does a payment confirmed later", async ({
  page,
  context,
}) => {
  test.slow();
  await context.addCookies([{ name: "pathagar_consent", value: "analytics-ads", url: BASE_URL }]);
  const asked = await standInTags(page);
  const buyer = await signUpNewCustomer(page, "Sadia Islam");
  const book = await bookWithStock(page);

  // Paid at once: the success page pushes purchase but loads no tag, so the next shop page sends it.
  const paid = await placeOrder(page, { ...buyer, paymentMethod: "gateway" }, [{ id: book.id }]);
  await page.goto(`/sandbox-gateway/${paid.tranx}`);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
  await settled(page);
  expect(asked, "the payment page loads no tag").toEqual([]);
  await page.goto("/");
  await expect.poll(() => asked.length, { timeout: 15_000 }).toBe(3);
  await expect.poll(() => events(page, "purchase")).toHaveLength(1);
  expect((await events(page, "purchase"))[0]).toMatchObject({
    transaction_id: paid.orderNumber,
    currency: "BDT",
    items: [{ item_id: String(book.id), quantity: 1 }],
  });
  const pixel = await page.evaluate(() =>
    ((window as unknown as { fbq?: { queue?: unknown[][] } }).fbq?.queue ?? []).filter(
      (args) => args[0] === "track" && args[1] === "Purchase",
    ),
  );
  expect(pixel).toHaveLength(1);
  await page.reload();
  await settled(page);
  expect(await events(page, "purchase"), "sent once").toEqual([]);

  // Left while the gateway had not answered: counted on My orders once the payment is confirmed.
  const later = await placeOrder(page, { ...buyer, paymentMethod: "gateway" }, [{ id: book.id }]);
  await page.goto(`/payment/${later.tranx}/success`);
  await waitForApp(page);
  expect(await events(page, "purchase")).toEqual([]);
  await page.goto("/");
  await settled(page);
  expect(await events(page, "purchase")).toEqual([]);
  // The gateway's decision reaches the shop by its server-to-server notice alone.
  await page.request.post(`/sandbox-gateway/${later.tranx}`, { form: { outcome: "pay" }, maxRedirects: 0 });
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/orders/${later.orderId}`);
      return ((await res.json()) as { data?: { status?: string } }).data?.status;
    })
    .toBe("confirmed");
  await page.goto("/orders");
  await expect.poll(() => events(page, "purchase"), { timeout: 15_000 }).toHaveLength(1);
  expect((await events(page, "purchase"))[0]).toMatchObject({ transaction_id: later.orderNumber });
  await page.reload();
  await settled(page);
  expect(await events(page, "purchase"), "sent once").toEqual([]);
});

test("the cookie page changes the choice, and a withdrawal tells the loaded tags at once", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "pathagar_consent", value: "analytics-ads", url: BASE_URL }]);
  const asked = await standInTags(page);
  await page.goto("/consent");
  await settled(page);
  await expect.poll(() => asked.length, { timeout: 15_000 }).toBe(3);
  await expect(page.getByRole("checkbox", { name: /Analytics/ })).toBeChecked();
  await page.getByRole("checkbox", { name: /Ads measurement/ }).uncheck();
  await page.getByRole("button", { name: "Save my choice" }).click();
  await expect(page.getByText("Your choice is saved")).toBeVisible();
  const cookies = await context.cookies(BASE_URL);
  expect(cookies.find((c) => c.name === "pathagar_consent")?.value).toBe("analytics");
  await expect(page).toHaveURL(/\/consent$/);
  // The choice reached the tags already loaded; none is loaded again.
  await settled(page);
  expect(tagScripts(asked).filter((u) => u.includes("facebook"))).toHaveLength(1);
  // The footer link comes back here from any page.
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
  await expect(page).toHaveURL(/\/consent$/);
  await expect(page.getByRole("checkbox", { name: /Ads measurement/ })).not.toBeChecked();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the notice's buttons post, keep the choice and come back to the page", async ({ page, context }) => {
    const book = await bookWithStock(page);
    await page.goto(book.url);
    const notice = page.getByRole("region", { name: "Cookie notice" });
    await notice.getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL(new RegExp(`${book.url}$`));
    await expect(page.getByText("Your choice is saved")).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookie notice" })).toHaveCount(0);
    const cookies = await context.cookies(BASE_URL);
    expect(cookies.find((c) => c.name === "pathagar_consent")?.value).toBe("analytics-ads");
    await page.goto("/info/privacy-policy");
    await expect(
      page.getByRole("heading", { name: "What this shop loads from outside, and why" }),
    ).toBeVisible();
    await expect(page.getByText("Microsoft Clarity")).toBeVisible();
    // Google sign-in is configured on the e2e server too; the bot check is not.
    await expect(page.getByRole("main").getByText("Google sign-in", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText("Cloudflare Turnstile")).toHaveCount(0);
  });
});
