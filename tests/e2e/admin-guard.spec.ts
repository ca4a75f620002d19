import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { expect, shot, test, waitForApp } from "./helpers";
import { ADMIN_STATE, E2E_PORT, STAFF_BOOKS_STATE, STAFF_ORDERS_STATE } from "./support";

/**
 * The admin guard decides on the page the router matched, whatever the spelling of the URL: the
 * router matches without regard to case and after decoding, so each of these reaches an orders or
 * invoices page (`heading`) unless marked `unmatched` (the router finds no admin page: 404).
 */
const VARIANTS: { path: string; heading?: string }[] = [
  { path: "/Admin/orders/1", heading: "Order" },
  { path: "/admin/%6frders", heading: "Orders" },
  { path: "/%61dmin/invoice/1/print", heading: "Invoice" },
  { path: "/admin/./orders", heading: "Orders" },
  { path: "/admin/orders/../orders/1", heading: "Order" },
  { path: "/ADMIN/ORDERS", heading: "Orders" },
  { path: "/admin/%2e/orders", heading: "Orders" },
  { path: "/admin/x/%2E%2E/orders/1", heading: "Order" },
  { path: "/admin/%6F%72%64%65%72%73/1", heading: "Order" },
  { path: "/admin/Orders/Print", heading: "Packing slips" },
  { path: "/admin/INVOICE/1/Print", heading: "Invoice" },
  { path: "/admin/invoice/1", heading: "Invoice" },
  { path: "/admin/report/Apar-Monthly", heading: "Monthly payables and receivables" },
  { path: "/admin/orders/", heading: "Orders" },
  { path: "/admin/orders/1?x=/admin/books", heading: "Order" },
  { path: "//admin/orders" },
  { path: "/admin/orders%2F1" },
];

type RawAnswer = { status: number; location: string | undefined; body: string };

/** The session cookie (`name=value`) of a stored browser state. */
function cookieOf(stateFile: string): string {
  const state = JSON.parse(readFileSync(stateFile, "utf8")) as { cookies: { name: string; value: string }[] };
  const [c] = state.cookies;
  if (!c) throw new Error(`no cookie in ${stateFile}`);
  return `${c.name}=${c.value}`;
}

/**
 * GET with the request line exactly as written (a browser or fetch would first remove dot
 * segments), following same-site redirects as a browser would.
 */
function rawGet(path: string, cookie: string, hops = 3): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: E2E_PORT, path, method: "GET", headers: { cookie, accept: "text/html" } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      },
    );
    req.on("error", reject);
    req.end();
  }).then((answer) => {
    if (answer.status >= 300 && answer.status < 400 && answer.location && hops > 0) {
      const next = new URL(answer.location, `http://127.0.0.1:${E2E_PORT}`);
      expect(next.host, `redirect of ${path} leaves the site`).toBe(`127.0.0.1:${E2E_PORT}`);
      return rawGet(next.pathname + next.search, cookie, hops - 1);
    }
    return answer;
  });
}

/** The page's own level-1 heading in server-rendered HTML ("Order" matches "Order 100001"). */
function hasHeading(html: string, heading: string): boolean {
  return html.includes(`>${heading}</h1>`) || new RegExp(`>${heading} [^<]+</h1>`).test(html);
}

/** The order pages above are order 1's: the demo's order history (decision 51) has it. */
test.beforeAll(async ({ browser }) => {
  const admin = await browser.newContext({ storageState: ADMIN_STATE });
  expect((await admin.request.get("/api/admin/orders/1")).status(), "order 1 exists").toBe(200);
  await admin.close();
});

test.describe("as staff without the orders and invoices permissions", () => {
  test.use({ storageState: STAFF_BOOKS_STATE });

  test("every spelling of an orders or invoices page answers 403, never the page", async () => {
    const cookie = cookieOf(STAFF_BOOKS_STATE);
    for (const v of VARIANTS) {
      const res = await rawGet(v.path, cookie);
      expect(res.status, v.path).toBe(v.heading ? 403 : 404);
      if (v.heading) {
        expect(res.body, v.path).toContain("You don't have access to this page");
        expect(hasHeading(res.body, v.heading), `${v.path} shows its page`).toBe(false);
      }
    }
  });

  test("the page data of a client-side navigation is refused too", async () => {
    const cookie = cookieOf(STAFF_BOOKS_STATE);
    for (const path of ["/Admin/orders/1.data", "/admin/%6frders.data", "/%61dmin/invoice/1/print.data"]) {
      const res = await rawGet(path, cookie);
      expect(res.status, path).toBe(403);
    }
  });

  test("the browser shows the 403 page for each spelling", async ({ page }) => {
    for (const path of ["/Admin/orders/1", "/admin/%6frders", "/%61dmin/invoice/1/print", "/ADMIN/ORDERS"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(403);
      const main = page.getByRole("main");
      await expect(main.getByText("403", { exact: true })).toBeVisible();
      await expect(main.getByText("You don't have access to this page")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: /^(Order|Orders|Invoice)$/ })).toHaveCount(0);
    }
    await shot(page, "admin-guard-staff-403");
  });

  test("a refused page stays in the back office: its menu, the error page and a way back to the dashboard", async ({
    page,
  }) => {
    for (const path of ["/admin/orders", "/Admin/orders/1"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(403);
      const menu = page.getByRole("navigation", { name: "Admin" });
      await expect(menu.getByRole("link", { name: "Books", exact: true })).toBeVisible();
      await expect(menu.getByRole("link", { name: "Orders", exact: true })).toHaveCount(0);
      const main = page.getByRole("main");
      await expect(main.getByText("403", { exact: true })).toBeVisible();
      // The specification's error page: any status but 404 reads "Internal Server Error".
      await expect(main.getByRole("heading", { level: 1, name: "Internal Server Error" })).toBeVisible();
      await expect(main.getByText("You don't have access to this page")).toBeVisible();
      await expect(main.getByRole("link", { name: "Go to the home page" })).toHaveCount(0);
    }
    await shot(page, "admin-guard-staff-403-admin-layout");
    await page.getByRole("main").getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("a refused page reached inside the app is shown in the back office too", async ({ page }) => {
    await page.goto("/admin/books");
    await waitForApp(page);
    // A navigation inside the app to a page outside the staff member's areas (as a link to an
    // order from a book's sales would be), through the router the page runs.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate("/admin/orders"),
    );
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page.getByRole("main").getByText("You don't have access to this page")).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Books", exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Back to the dashboard" })).toBeVisible();
  });

  test("the areas the staff member holds still open, under any spelling", async ({ page }) => {
    for (const path of ["/admin/books", "/Admin/Books", "/admin/%62ooks"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Books" })).toBeVisible();
    }
  });
});

for (const [who, state] of [
  ["staff with the orders and invoices permissions", STAFF_ORDERS_STATE],
  ["the admin", ADMIN_STATE],
] as const) {
  test.describe(`as ${who}`, () => {
    test.use({ storageState: state });

    test("every spelling of an orders or invoices page opens it", async () => {
      const cookie = cookieOf(state);
      for (const v of VARIANTS) {
        const res = await rawGet(v.path, cookie);
        expect(res.status, v.path).toBe(v.heading ? 200 : 404);
        if (v.heading) expect(hasHeading(res.body, v.heading), `${v.path} shows ${v.heading}`).toBe(true);
      }
    });

    test("the browser opens /Admin/orders/1 and /%61dmin/invoice/1/print", async ({ page }) => {
      let res = await page.goto("/Admin/orders/1");
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Order" })).toBeVisible();
      res = await page.goto("/%61dmin/invoice/1/print");
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Invoice" })).toBeVisible();
    });
  });
}

test.describe("as staff with the orders and invoices permissions", () => {
  test.use({ storageState: STAFF_ORDERS_STATE });

  test("the authority page stays for admins under any spelling", async () => {
    const cookie = cookieOf(STAFF_ORDERS_STATE);
    for (const path of ["/admin/users/authority", "/Admin/Users/Authority", "/admin/users/%61uthority"]) {
      expect((await rawGet(path, cookie)).status, path).toBe(403);
    }
  });
});
