import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { BASE_URL, SHOTS_DIR, TAG_HOSTS } from "./support";

/** An address of a private network, different for each test (see `test` below). */
function someAddress() {
  const byte = () => Math.floor(Math.random() * 256);
  return `10.${byte()}.${byte()}.${byte()}`;
}

/**
 * Playwright's test with three additions:
 * - every document starts without the `theme` key, so waitForApp (below) sees this load's
 *   hydration and not an earlier one's;
 * - a test fails when the page's Content-Security-Policy refused anything (Chromium says so on
 *   the console);
 * - each test comes from an address of its own, as customers do: the e2e server trusts one proxy
 *   (TRUST_PROXY=1) and every request of the test says X-Forwarded-For, so the limits per
 *   address (60 sign-ups an hour) count each test apart instead of the whole run from 127.0.0.1.
 */
export const test = base.extend<{ consent: string | null }>({
  // The visitor's choice about the third-party tags the e2e server has configured: declined
  // unless a test says otherwise (null: not asked yet, the cookie notice shows).
  consent: ["none", { option: true }],
  context: async ({ context, consent }, use) => {
    if (consent) await context.addCookies([{ name: "pathagar_consent", value: consent, url: BASE_URL }]);
    await use(context);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": someAddress() });
  },
  page: async ({ page }, use) => {
    const refused: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) refused.push(msg.text());
    });
    await page.addInitScript(() => {
      try {
        localStorage.removeItem("theme");
      } catch {
        // about:blank and data: pages have no storage
      }
    });
    // The e2e server offers Google sign-in against a fake; Google's real script is never fetched
    // (google-sign-in.spec.ts serves a stand-in for it).
    await page.route(/^https:\/\/accounts\.google\.com\//, (route) => route.abort());
    // Nor are the tags' hosts (consent.spec.ts serves stand-ins for their scripts).
    await page.route(TAG_HOSTS, (route) => route.abort());
    await use(page);
    expect(refused, "Content-Security-Policy violations").toEqual([]);
  },
});
export { expect };

export const MOBILE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** The signed-in user's menu button in the header ("Demo: account menu"). */
export function accountMenu(page: Page): Locator {
  return page.getByRole("navigation", { name: "Account" }).getByRole("button", { name: /account menu/ });
}

/** The header's sign-in button (visitors only). */
export function headerSignIn(page: Page): Locator {
  return page.getByRole("navigation", { name: "Account" }).getByRole("button", { name: "Sign in" });
}

/** Fills and sends a sign-in form (the page's or the dialog's) inside `scope`. */
export async function submitSignIn(scope: Page | Locator, cred: string, password: string) {
  await scope.getByLabel("Phone or email").fill(cred);
  await scope.getByLabel("Password").fill(password);
  await scope.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Waits until React has hydrated the page, so a click reaches React and not the bare server HTML
 * (a form sent before hydration would be a plain GET). The root component's first effect forces
 * the light colour mode and stores `theme=light`: once that is there, the whole tree is live.
 */
export async function waitForApp(page: Page) {
  // Polled on a timer, not on animation frames: a page the browser is not painting runs none.
  await page.waitForFunction(() => localStorage.getItem("theme") === "light", undefined, { polling: 100 });
}

export async function storedRedirect(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("redirect"));
}

/** Nothing on the page is wider than the viewport. */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${viewport}px viewport`).toBeLessThanOrEqual(
    viewport,
  );
}

/**
 * Saves a screenshot for review (not compared, not committed) when E2E_SHOTS_DIR names a folder:
 * the whole page, or only the viewport for a modal dialog, whose fixed overlay covers just the
 * viewport.
 */
export async function shot(page: Page, name: string, { fullPage = true } = {}) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage });
}

/** Signs a new customer up through the API; the browser context keeps the session cookie. */
export async function signUpNewCustomer(page: Page, name = "Test Customer") {
  const phone = `017${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
  const res = await page.request.post("/api/auth/register", {
    data: { name, phone, password: "secret123", hsc_batch: "HSC 2025" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { name, phone };
}

/**
 * A printed book with at least `min` in stock, from the best sellers (the demo stock is limited
 * and other tests buy too): its id, page path, title and price in poisha.
 */
export async function bookWithStock(page: Page, min = 2, skip: readonly number[] = []) {
  const list = await page.request.get("/api/books?inStock=true&sort=best_selling&limit=40");
  const items = ((await list.json()) as { data: { items: { id: number }[] } }).data.items;
  for (const { id } of items) {
    if (skip.includes(id)) continue;
    const res = await page.request.get(`/api/books/${id}`);
    const book = (
      (await res.json()) as {
        data: { url: string; title: string; price: number; salePrice: number | null; stock: number };
      }
    ).data;
    if (book.stock >= min) {
      return {
        id,
        url: book.url,
        title: book.title,
        price: book.salePrice ?? book.price,
      };
    }
  }
  throw new Error(`no book with ${min} in stock`);
}

/** Runs axe on the page; serious and critical violations fail the test and are printed. */
/**
 * Runs axe on the page as it is. In the page itself (axe's legacy mode): the default opens a second,
 * blank page to put the results together, which cost about 1.5 s of a 5 s check and reached no
 * frame of ours (the shop has no cross-origin frames to test).
 */
export function runAxe(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(true).analyze();
}

export async function expectNoSeriousA11yViolations(page: Page) {
  await waitForApp(page);
  const results = await runAxe(page);
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = bad.map(
    (v) => `[${v.impact}] ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(report, `serious or critical accessibility violations on ${page.url()}`).toEqual([]);
}

/** Puts the items in the cart, checks out online and presses Pay on the sandbox gateway. */
export async function buyOnline(
  page: Page,
  phone: string,
  items: { id: number; type: "ebook" | "content" }[],
) {
  for (const item of items) {
    const res = await page.request.post("/api/cart", {
      data: { bookId: item.id, quantity: 1, source: "e2e", type: item.type },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const placed = await page.request.post("/api/checkout", {
    data: {
      name: "Library Reader",
      phone,
      district: "Dhaka",
      area: "Banani",
      address: "House 8, Road 2",
      paymentMethod: "gateway",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { redirectUrl } = ((await placed.json()) as { data: { redirectUrl: string } }).data;
  await page.goto(redirectUrl);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible();
}

/**
 * Places an order the way a buyer does, through the cart and checkout calls of the signed-in
 * `page` (see signUpNewCustomer): the items go into the cart, then the checkout with the buyer's
 * address; cash on delivery unless told otherwise. Answers the order's id and number, and the
 * payment attempt's id (for the sandbox gateway of an order paid online).
 */
export async function placeOrder(
  page: Page,
  buyer: {
    name: string;
    phone: string;
    district?: string;
    area?: string;
    address?: string;
    paymentMethod?: "cod" | "gateway";
  },
  items: { id: number; quantity?: number; type?: "book" | "stationary"; source?: string }[],
): Promise<{ orderId: number; orderNumber: string; tranx: string }> {
  for (const item of items) {
    const added = await page.request.post("/api/cart", {
      data: {
        bookId: item.id,
        quantity: item.quantity ?? 1,
        source: item.source ?? "e2e",
        type: item.type ?? "book",
      },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  const placed = await page.request.post("/api/checkout", {
    data: {
      name: buyer.name,
      phone: buyer.phone,
      district: buyer.district ?? "Dhaka",
      area: buyer.area ?? "Mirpur",
      address: buyer.address ?? "House 1, Road 1",
      paymentMethod: buyer.paymentMethod ?? "cod",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { data: { orderId: number; orderNumber: string; tranx: string } }).data;
}

/**
 * Latin-letter words in what the page shows (inputs and selects left out: their values are
 * what the shopper typed or picked), other than the allowed names (products, the shop, ISBN).
 */
export async function latinWords(page: Page, scope: string, allowed: string[]): Promise<string[]> {
  const text = await page.locator(scope).evaluateAll((nodes) =>
    nodes
      .map((n) => {
        const copy = n.cloneNode(true) as HTMLElement;
        for (const el of copy.querySelectorAll("select, input, textarea, .sr-only[hidden]")) el.remove();
        // innerText of a detached copy is its textContent: hidden parts are removed above.
        return copy.textContent ?? "";
      })
      .join(" "),
  );
  const ok = new Set(allowed.flatMap((a) => a.split(/[^A-Za-z]+/)).filter(Boolean));
  return [...new Set(text.match(/[A-Za-z]{2,}/g) ?? [])].filter((w) => !ok.has(w));
}
