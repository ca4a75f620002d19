import { type Page, request } from "@playwright/test";
import { pdfText } from "../support/pdf-text";
import {
  accountMenu,
  buyOnline,
  DESKTOP,
  expect,
  headerSignIn,
  MOBILE,
  shot,
  signUpNewCustomer,
  submitSignIn,
  test,
  waitForApp,
} from "./helpers";
import { ADMIN_STATE, BASE_URL } from "./support";

// Offline reading: the shop's service worker (/sw.js) keeps the reader's code and the stamped
// pages an owner opened, in a cache of that user's own; those pages open with no network, a page
// never fetched says it needs a connection, and signing out (or someone else signing in) leaves
// nothing of them behind. Any other page that cannot load without network shows the offline page.

const PREFIX = "pathagar-reader-";

/** The first demo e-book: its id and page count. */
async function demoEbook(page: Page): Promise<{ id: number; pageCount: number }> {
  const res = await page.request.get("/api/ebooks?limit=1");
  const [item] = ((await res.json()) as { data: { items: { id: number }[] } }).data.items;
  expect(item, "the demo shop has an e-book").toBeTruthy();
  const reader = await page.request.get(`/api/ebooks/${item!.id}/reader`);
  const { pageCount } = ((await reader.json()) as { data: { pageCount: number } }).data;
  return { id: item!.id, pageCount };
}

async function expectPageDrawn(page: Page, n: number) {
  await expect(page.getByText(new RegExp(`^(Free preview · )?Page ${n} of \\d+$`))).toBeVisible();
  await expect(page.locator(`canvas[data-page="${n}"][data-drawn="true"]`)).toBeVisible();
}

/** The offline reader's caches in this browser, each with the paths it holds. */
async function offlineCaches(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async (prefix) => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith(prefix)) continue;
      const keys = await (await caches.open(name)).keys();
      out[name] = keys.map((k) => new URL(k.url).pathname);
    }
    return out;
  }, PREFIX);
}

/** The signed-in user's id, as the pages know it. */
async function userId(page: Page): Promise<number> {
  const res = await page.request.get("/api/user");
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** A page's answer fetched from inside the page (through the worker when it controls the page). */
async function fetchInPage(page: Page, path: string) {
  return page.evaluate(async (p) => {
    try {
      const res = await fetch(p, { credentials: "same-origin" });
      const bytes = new Uint8Array(await res.arrayBuffer());
      let bin = "";
      for (const b of bytes) bin += String.fromCharCode(b);
      return { status: res.status, body: btoa(bin) };
    } catch {
      return { status: 0, body: "" };
    }
  }, path);
}

async function openReader(page: Page, id: number) {
  await page.goto(`/ebook/${id}/read`);
  await waitForApp(page);
  await controlledByWorker(page);
}

/**
 * Until the shop's worker controls the page. Polled on a timer: a waitForFunction polled on
 * animation frames can miss the change in a page the browser has stopped painting.
 */
async function controlledByWorker(page: Page) {
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  try {
    await expect.poll(controlled, { timeout: 30_000 }).toBe(true);
  } catch {
    // Not yet (seen once in six runs on two busy cores): how the registration stands goes to the
    // log, and the page is loaded again, as a shopper's next page would be. A worker whose install
    // failed (its offline page not fetched) is installed again then, and an active worker that has
    // not claimed the page controls the new one.
    const state = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return r
        ? {
            installing: r.installing?.state ?? null,
            waiting: r.waiting?.state ?? null,
            active: r.active?.state ?? null,
          }
        : null;
    });
    console.log(`the worker did not control the page in 30 s: ${JSON.stringify(state)}; loading it again`);
    await page.reload();
    await waitForApp(page);
    await expect.poll(controlled, { timeout: 30_000 }).toBe(true);
  }
}

test.describe("offline reading", () => {
  for (const [device, viewport] of [
    ["a phone", MOBILE],
    ["a desktop", DESKTOP],
  ] as const)
    test(`on ${device}: pages read online open offline from the worker; a new page needs a connection; signing out clears them`, async ({
      page,
      context,
    }) => {
      test.slow();
      await page.setViewportSize(viewport);
      await page.goto("/");
      const { phone } = await signUpNewCustomer(page, "Offline Reader");
      const { id, pageCount } = await demoEbook(page);
      expect(pageCount, "the demo e-book is long enough").toBeGreaterThan(6);
      await buyOnline(page, phone, [{ id, type: "ebook" }]);
      const me = await userId(page);

      // Every page registers the one worker, for the whole shop (the offline page); it keeps
      // nothing until a reader page says who reads.
      const registrations = () =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope));
      await page.goto(`/ebook/${id}`);
      await waitForApp(page);
      await expect.poll(registrations).toEqual([`${BASE_URL}/`]);
      expect(await offlineCaches(page)).toEqual({});
      const worker = await page.request.get("/sw.js");
      expect(worker.status()).toBe(200);
      expect(worker.headers()["cache-control"]).toBe("no-cache");
      expect(worker.headers()["content-type"]).toMatch(/javascript/);

      // A first visit: the reader loads before its worker is installed, and is kept all the same.
      await openReader(page, id);
      expect(await registrations()).toEqual([`${BASE_URL}/`]);
      await expectPageDrawn(page, 1);
      const next = page.getByRole("button", { name: "Next page" });
      await next.click();
      await expectPageDrawn(page, 2);
      await next.click();
      await expectPageDrawn(page, 3);
      const mine = `${PREFIX}user-${me}`;
      await expect
        .poll(async () => (await offlineCaches(page))[mine] ?? [])
        .toEqual(
          expect.arrayContaining([
            `/ebook/${id}/read`,
            `/api/ebooks/${id}/reader`,
            `/api/ebooks/${id}/pages/1`,
            `/api/ebooks/${id}/pages/2`,
            `/api/ebooks/${id}/pages/3`,
          ]),
        );
      // The reader's code: every shop file the page loaded, and pdf.js's worker.
      const loaded = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.startsWith("/assets/")),
      );
      expect(
        // pdf.js is a file of its own (pdf.min-{hash}.mjs), preloaded by the page's head.
        loaded.some((p) => /^\/assets\/pdf\.min-[^/]*\.mjs$/.test(p)),
        "pdf.js was loaded",
      ).toBe(true);
      await expect
        .poll(async () => (await offlineCaches(page))[`${PREFIX}code`] ?? [])
        .toEqual(
          expect.arrayContaining([...loaded, expect.stringMatching(/^\/assets\/pdf\.worker[^/]*\.mjs$/)]),
        );

      await context.setOffline(true);
      const prev = page.getByRole("button", { name: "Previous page" });
      await prev.click();
      await expectPageDrawn(page, 2);
      await prev.click();
      await expectPageDrawn(page, 1);

      // Reloaded offline, nothing is in the reader's memory: the page, its code and the pages all
      // come from the worker.
      const fromWorker = page.waitForResponse((r) => r.url().endsWith(`/api/ebooks/${id}/pages/2`));
      await page.reload();
      await waitForApp(page);
      await expectPageDrawn(page, 1);
      await page.getByLabel("Go to page").fill("2");
      await page.getByRole("button", { name: "Go", exact: true }).click();
      await expectPageDrawn(page, 2);
      expect((await fromWorker).fromServiceWorker()).toBe(true);

      // A page never opened (pages 4 and 5 were fetched ahead from page 3) needs the network.
      const never = pageCount;
      await page.getByLabel("Go to page").fill(String(never));
      await page.getByRole("button", { name: "Go", exact: true }).click();
      await expect(page.getByRole("alert")).toContainText(
        `You are offline. Page ${never} needs a connection.`,
      );
      await shot(page, `offline-page-needs-connection-${viewport.width}`);

      // Back online, signing out from the shop's menu leaves no kept page behind.
      await context.setOffline(false);
      await page.goto("/ebook/library");
      await waitForApp(page);
      await accountMenu(page).click();
      await page
        .getByRole("navigation", { name: "Account" })
        .getByRole("button", { name: "Sign out" })
        .click();
      await expect(headerSignIn(page)).toBeVisible();
      expect(Object.keys(await offlineCaches(page))).toEqual([]);

      // Offline again and signed out, the reader's page is not served from anywhere: the offline
      // page says so.
      await context.setOffline(true);
      // Tried again if need be: Chromium may have stopped the idle worker during the sign-out, and a
      // worker it starts again can make its first fetch before the browser's offline setting
      // reaches it (the sign-in page then). A page kept from before would show on every try.
      await expect(async () => {
        await page.goto(`/ebook/${id}/read`);
        await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.locator("canvas")).toHaveCount(0);
      await context.setOffline(false);
    });

  test("a second user on the same browser never gets the first user's pages from the worker", async ({
    page,
    context,
  }) => {
    test.slow();
    await page.goto("/");
    const first = await signUpNewCustomer(page, "First Owner");
    const { id } = await demoEbook(page);
    await buyOnline(page, first.phone, [{ id, type: "ebook" }]);
    const firstId = await userId(page);
    await openReader(page, id);
    await expectPageDrawn(page, 1);
    await page.getByRole("button", { name: "Next page" }).click();
    await expectPageDrawn(page, 2);
    // Page 5 is not in the free preview: only an owner reads it.
    await page.getByLabel("Go to page").fill("5");
    await page.getByRole("button", { name: "Go", exact: true }).click();
    await expectPageDrawn(page, 5);
    await expect
      .poll(async () => (await offlineCaches(page))[`${PREFIX}user-${firstId}`] ?? [])
      .toEqual(expect.arrayContaining([`/api/ebooks/${id}/pages/2`, `/api/ebooks/${id}/pages/5`]));

    // The session ends without the shop's sign-out (expired, cookies cleared), and someone else
    // signs in on the same browser through the sign-in form.
    await context.clearCookies();
    const second = await signUpNewCustomer(page, "Second Reader");
    await context.clearCookies();
    await page.goto("/");
    await waitForApp(page);
    await headerSignIn(page).click();
    await submitSignIn(page.getByRole("dialog"), second.phone, "secret123");
    await expect(accountMenu(page)).toBeVisible();
    const secondId = await userId(page);
    expect(Object.keys(await offlineCaches(page))).not.toContain(`${PREFIX}user-${firstId}`);

    // The second user opens the same book's reader (the free preview), then goes offline: the
    // owner's page 5 is not there for them, and the demo page they get carries nobody's phone.
    await openReader(page, id);
    await expectPageDrawn(page, 1);
    await expect(page.getByText(/Free preview/).first()).toBeVisible();
    await context.setOffline(true);
    expect((await fetchInPage(page, `/api/ebooks/${id}/pages/5`)).status).toBe(0);
    const demo = await fetchInPage(page, `/api/ebooks/${id}/pages/1`);
    if (demo.status === 200) {
      const [text] = await pdfText(new Uint8Array(Buffer.from(demo.body, "base64")));
      expect(text).not.toContain(first.phone);
    }
    await context.setOffline(false);
    const names = Object.keys(await offlineCaches(page));
    expect(names.filter((n) => n.startsWith(`${PREFIX}user-`))).toEqual([`${PREFIX}user-${secondId}`]);
  });

  test("a session switched behind the shop's back: the next reader page drops the other user's pages", async ({
    page,
    context,
  }) => {
    test.slow();
    await page.goto("/");
    const first = await signUpNewCustomer(page, "Owner Before");
    const { id } = await demoEbook(page);
    await buyOnline(page, first.phone, [{ id, type: "ebook" }]);
    const firstId = await userId(page);
    await openReader(page, id);
    await page.getByLabel("Go to page").fill("5");
    await page.getByRole("button", { name: "Go", exact: true }).click();
    await expectPageDrawn(page, 5);
    await expect
      .poll(async () => (await offlineCaches(page))[`${PREFIX}user-${firstId}`] ?? [])
      .toContain(`/api/ebooks/${id}/pages/5`);

    // Another account's cookie, set without any page of the shop knowing.
    await context.clearCookies();
    await signUpNewCustomer(page, "Someone Else");
    const secondId = await userId(page);
    await page.goto(`/ebook/${id}/read`);
    await waitForApp(page);
    await expectPageDrawn(page, 1);
    await expect
      .poll(async () => Object.keys(await offlineCaches(page)).filter((n) => n.startsWith(`${PREFIX}user-`)))
      .toEqual([`${PREFIX}user-${secondId}`]);
    await context.setOffline(true);
    // The first user's kept page is gone: offline, the page cannot be had (0). Chromium's offline
    // switch does not always reach a service worker's own fetch; one that still gets through is
    // answered by the server, which refuses the second user a book they do not own (404). Never
    // the first user's page (200).
    expect([0, 404]).toContain((await fetchInPage(page, `/api/ebooks/${id}/pages/5`)).status);
    await context.setOffline(false);
  });

  for (const seenBy of ["the reader's answer", "a page's answer"] as const)
    test(`a refund takes effect online: ${seenBy} drops the refunded book's kept pages`, async ({
      page,
      context,
    }) => {
      test.slow();
      await page.goto("/");
      const buyer = await signUpNewCustomer(page, "Refunded Reader");
      const { id } = await demoEbook(page);
      await buyOnline(page, buyer.phone, [{ id, type: "ebook" }]);
      const buyerId = await userId(page);
      await openReader(page, id);
      await page.getByLabel("Go to page").fill("5");
      await page.getByRole("button", { name: "Go", exact: true }).click();
      await expectPageDrawn(page, 5);
      const mine = `${PREFIX}user-${buyerId}`;
      const keptOfBook = async () =>
        ((await offlineCaches(page))[mine] ?? []).filter((p) => p.startsWith(`/api/ebooks/${id}/`));
      await expect
        .poll(keptOfBook)
        .toEqual(expect.arrayContaining([`/api/ebooks/${id}/reader`, `/api/ebooks/${id}/pages/5`]));

      const orders = await page.request.get("/api/orders");
      const [order] = ((await orders.json()) as { data: { id: number }[] }).data;
      const admin = await request.newContext({ baseURL: BASE_URL, storageState: ADMIN_STATE });
      const refund = await admin.patch(`/api/admin/orders/${order!.id}/status`, {
        data: { status: "refunded" },
      });
      expect(refund.status(), await refund.text()).toBe(200);
      await admin.dispose();

      if (seenBy === "a page's answer") {
        // The page open on screen is asked for again (Retry, a turn): the server refuses it.
        expect((await fetchInPage(page, `/api/ebooks/${id}/pages/5`)).status).toBe(404);
        await expect.poll(keptOfBook).toEqual([]);
      } else {
        // The reader opened again now shows the free preview.
        await page.reload();
        await waitForApp(page);
        await expect(page.getByText(/Free preview/).first()).toBeVisible();
        await expect.poll(keptOfBook).not.toContain(`/api/ebooks/${id}/pages/5`);
        expect(await keptOfBook()).not.toContain(`/api/ebooks/${id}/reader`);
      }
      await context.setOffline(true);
      expect((await fetchInPage(page, `/api/ebooks/${id}/pages/5`)).status).toBe(0);
      await context.setOffline(false);
    });

  test("a shop page that cannot load without network shows the offline page in the visitor's language, with Retry", async ({
    page,
    context,
  }) => {
    await page.setViewportSize(MOBILE);
    const controlled = () => controlledByWorker(page);
    await page.goto("/");
    await waitForApp(page);
    await controlled();

    // A page never visited, with no network: the offline page, not the browser's error.
    await context.setOffline(true);
    await page.goto("/info/about");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    const retry = page.getByRole("button", { name: "Retry" });
    await expect(retry).toBeVisible();
    await shot(page, "offline-shop-page-en-360");
    // Retry with the network still down: the offline page again.
    await retry.click();
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();

    // Back online, Retry loads the page asked for.
    await context.setOffline(false);
    await page.getByRole("button", { name: "Retry" }).click();
    await waitForApp(page);
    await expect(page).toHaveURL(/\/info\/about$/);
    await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0);

    // In Bangla for a visitor who reads the shop in Bangla.
    await context.addCookies([{ name: "pathagar_lang", value: "bn", url: BASE_URL }]);
    await context.setOffline(true);
    await page.goto("/search?q=rosayon");
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await expect(page.getByRole("heading", { name: "আপনি অফলাইনে আছেন" })).toBeVisible();
    await expect(page.getByRole("button", { name: "আবার চেষ্টা করুন" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, "offline-shop-page-bn-360");
    await context.setOffline(false);
  });
});
