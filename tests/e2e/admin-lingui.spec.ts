import type { Browser, ConsoleMessage, Page } from "@playwright/test";
import { ADMIN_PAGES } from "../../src/contracts/permissions";
import { buyOnline, expect, placeOrder, signUpNewCustomer, test, waitForApp } from "./helpers";
import { serverLogSince, serverLogSize } from "./server-log";
import { ADMIN_STATE, BASE_URL } from "./support";

/**
 * Every page of the admin pages' table (src/contracts/permissions.ts, itself checked against the
 * route table), in English and in Bangla, writes no Lingui warning: neither in the browser's
 * console nor in the server's log. A Bangla message missing from the catalogue the page has (a
 * message translated twice, so its Bangla is looked up as an id, or one missing from the back
 * office's part) makes Lingui warn "Uncompiled message detected!" and shows untranslated text.
 */

const LINGUI_WARNING = /Uncompiled message|Lingui/i;

/** Lingui's warnings in a stretch of the server's log, each with the message it names. */
function linguiWarnings(log: string): string[] {
  const lines = log.split("\n");
  return lines.flatMap((line, i) =>
    LINGUI_WARNING.test(line) ? [[line, lines[i + 1], lines[i + 2]].filter(Boolean).join(" ")] : [],
  );
}

/** The ids an admin page's pattern names, made or found before the pages are visited. */
type Ids = Record<string, string>;
let ids: Ids = {};
/** An order of e-books only: its page speaks of access, in words of its own. */
let digitalOrderPath = "";

async function firstId(page: Page, path: string): Promise<string> {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  const items = ((await res.json()) as { data: { items: { id: number }[] } }).data.items;
  const [first] = items;
  if (!first) throw new Error(`nothing listed at ${path}`);
  return String(first.id);
}

/** The admin page's address: each `:name` of its pattern replaced by a real one. */
function pathOf(pattern: string): string {
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    // A book's own pages are an e-book's (its PDF pages and demo pages need one).
    const value = ids[`${pattern.split("/")[2]}:${name}`] ?? ids[name];
    if (!value) throw new Error(`no value for ${name} in ${pattern}: add one in beforeAll`);
    return value;
  });
  return path;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  // A buyer's orders: a parcel paid on delivery, and an e-book paid online (confirmed at once,
  // so it has an invoice).
  const buyerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const buyer = await buyerContext.newPage();
  const { name, phone } = await signUpNewCustomer(buyer, "Lingui Buyer");
  const admin = await (await browser.newContext({ storageState: ADMIN_STATE })).newPage();
  // Published ones: other tests add drafts (an uploaded e-book) and unpublish books meanwhile.
  const book = await firstId(admin, "/api/admin/books?kind=book&published=true&inStock=true&limit=1");
  const ebook = await firstId(admin, "/api/admin/books?kind=ebook&published=true&limit=1");
  const { orderId } = await placeOrder(buyer, { name, phone }, [{ id: Number(book) }]);
  await buyOnline(buyer, phone, [{ id: Number(ebook), type: "ebook" }]);
  await buyerContext.close();
  const digital = await admin.request.get(`/api/admin/orders?q=${phone}&physical=digital`);
  const [digitalOrder] = ((await digital.json()) as { data: { items: { id: number }[] } }).data.items;
  if (!digitalOrder) throw new Error("the e-book order is not listed");
  digitalOrderPath = `/admin/orders/${digitalOrder.id}`;
  const month = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Dhaka",
    year: "numeric",
    month: "2-digit",
  })
    .format(new Date())
    .slice(0, 7);
  ids = {
    "books:id": ebook,
    "bundles:id": await firstId(admin, "/api/admin/bundles?limit=1"),
    "content:id": await firstId(admin, "/api/admin/content?limit=1"),
    "orders:id": String(orderId),
    "invoice:id": await firstId(admin, "/api/admin/invoices?limit=1"),
    "users:id": await firstId(admin, "/api/admin/users?limit=1"),
    slug: "about",
    month,
  };
  await admin.context().close();
});

test("the server's log is read: what the server writes reaches it", async ({ request }) => {
  const from = serverLogSize();
  // A return from the payment gateway for a payment that does not exist is logged as a warning.
  await request.get("/api/payment/sandbox/T999999999/fail", { maxRedirects: 0 });
  await expect.poll(() => serverLogSince(from)).toContain("payment return refused");
});

/** An admin's page in a language (the cookie outranks the profile's language). */
async function adminPage(browser: Browser, lang: "bn" | "en") {
  const context = await browser.newContext({ storageState: ADMIN_STATE });
  await context.addCookies([{ name: "pathagar_lang", value: lang, url: BASE_URL }]);
  return context.newPage();
}

for (const lang of ["en", "bn"] as const) {
  test(`every admin page in ${lang === "en" ? "English" : "Bangla"} writes no Lingui warning`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const page = await adminPage(browser, lang);
    // The page's requests still open: a page is done once it has none and none has started or
    // ended for 150 ms (its data fetched and rendered), not networkidle's 500 ms after every page.
    const open = new Set<unknown>();
    let lastActivity = Date.now();
    page.on("request", (r) => {
      open.add(r);
      lastActivity = Date.now();
    });
    const ended = (r: unknown) => {
      open.delete(r);
      lastActivity = Date.now();
    };
    page.on("requestfinished", ended);
    page.on("requestfailed", ended);
    const quiet = () => open.size === 0 && Date.now() - lastActivity >= 150;
    let current = "";
    const warnings: string[] = [];
    page.on("console", (msg: ConsoleMessage) => {
      if ((msg.type() === "warning" || msg.type() === "error") && LINGUI_WARNING.test(msg.text())) {
        warnings.push(`${current} (browser): ${msg.text().split("\n").slice(0, 3).join(" ")}`);
      }
    });
    const patterns = Object.keys(ADMIN_PAGES);
    expect(patterns.length).toBeGreaterThan(40);
    for (const path of [...patterns.map(pathOf), digitalOrderPath]) {
      current = path;
      const logFrom = serverLogSize();
      const res = await page.goto(current);
      expect(res?.status(), current).toBe(200);
      await waitForApp(page);
      await expect.poll(quiet, { intervals: [50], message: `${current}'s requests` }).toBe(true);
      for (const warning of linguiWarnings(serverLogSince(logFrom))) {
        warnings.push(`${current} (server): ${warning}`);
      }
    }
    expect(warnings).toEqual([]);
    await page.context().close();
  });
}
