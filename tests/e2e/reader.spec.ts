import type { Page } from "@playwright/test";
import {
  buyOnline,
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

// The e-book reader at /ebook/{id}/read: a buyer reads every page and comes back to where they
// stopped on any device; anyone else reads the free preview (the demo pages: 1, 2, 3 and one from
// the middle) and reaches "Buy to read the rest".

/** The first demo e-book's id. */
async function demoEbook(page: Page): Promise<number> {
  const res = await page.request.get("/api/ebooks?limit=1");
  const [item] = ((await res.json()) as { data: { items: { id: number }[] } }).data.items;
  expect(item, "the demo shop has an e-book").toBeTruthy();
  return item!.id;
}

/** The page on screen: drawn by pdf.js (a canvas with something on it) and named in the footer. */
async function expectPageDrawn(page: Page, n: number) {
  await expect(page.getByText(new RegExp(`^(Free preview · )?Page ${n} of \\d+$`))).toBeVisible();
  const canvas = page.locator(`canvas[data-page="${n}"][data-drawn="true"]`);
  await expect(canvas).toBeVisible();
  const inked = await canvas.evaluate((el: HTMLCanvasElement) => {
    const data = el.getContext("2d")?.getImageData(0, 0, el.width, el.height).data;
    if (!data || el.width === 0) return 0;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 200 && data[i + 3]! > 0) dark++;
    return dark;
  });
  expect(inked, `page ${n} has something drawn on it`).toBeGreaterThan(100);
}

test.describe("a buyer reads the e-book they bought", () => {
  test("on a desktop: page 1, arrow keys to page 5, reload and another browser land on page 5", async ({
    page,
    browser,
  }) => {
    test.slow();
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    const { phone } = await signUpNewCustomer(page, "Desktop Reader");
    const id = await demoEbook(page);
    await buyOnline(page, phone, [{ id, type: "ebook" }]);

    await page.goto(`/ebook/${id}`);
    await waitForApp(page);
    await page.getByRole("link", { name: "Read", exact: true }).click();
    await expect(page).toHaveURL(`/ebook/${id}/read`);
    await waitForApp(page);
    await expectPageDrawn(page, 1);
    await expect(page.getByRole("link", { name: /My e-books/ })).toHaveAttribute("href", "/ebook/library");

    for (let n = 2; n <= 4; n++) {
      await page.keyboard.press("ArrowRight");
      await expectPageDrawn(page, n);
    }
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/ebooks/${id}/progress`) && r.request().method() === "PUT",
    );
    await page.keyboard.press("PageDown");
    await expectPageDrawn(page, 5);
    expect((await saved).status()).toBe(200);
    await expectNoSeriousA11yViolations(page);
    await shot(page, "reader-desktop-page-5");

    await page.reload();
    await expectPageDrawn(page, 5);
    // The page's head named the saved place to fetch first (the owner's stamped page 5).
    await expect(page.locator(`head link[rel="preload"][href="/api/ebooks/${id}/pages/5"]`)).toHaveCount(1);
    await expect(page.locator(`head link[rel="preload"][href="/api/ebooks/${id}/pages/1"]`)).toHaveCount(0);

    const other = await browser.newContext({ storageState: await page.context().storageState() });
    const second = await other.newPage();
    await second.setViewportSize(DESKTOP);
    await second.goto(`/ebook/${id}/read`);
    await expectPageDrawn(second, 5);
    await second.goto(`/ebook/${id}`);
    await expect(second.getByRole("link", { name: "Continue, page 5" })).toHaveAttribute(
      "href",
      `/ebook/${id}/read`,
    );
    await other.close();
  });

  test.describe("on a phone", () => {
    test.use({ hasTouch: true, viewport: MOBILE });

    test("page 1, tap zones and swipes to page 5, reload and another browser land on page 5", async ({
      page,
      browser,
    }) => {
      test.slow();
      await page.goto("/");
      const { phone } = await signUpNewCustomer(page, "Phone Reader");
      const id = await demoEbook(page);
      await buyOnline(page, phone, [{ id, type: "ebook" }]);

      await page.goto(`/ebook/${id}/read`);
      await waitForApp(page);
      await expectPageDrawn(page, 1);
      await expectNoHorizontalOverflow(page);
      const stage = page.locator("main");
      const box = (await stage.boundingBox())!;
      const y = box.y + box.height / 2;

      // Tap the right third twice.
      for (const n of [2, 3]) {
        await page.touchscreen.tap(box.x + box.width * 0.85, y);
        await expectPageDrawn(page, n);
      }
      // Swipe right-to-left twice.
      for (const n of [4, 5]) {
        await swipe(page, box.x + box.width * 0.8, box.x + box.width * 0.2, y);
        await expectPageDrawn(page, n);
      }
      // The left third turns back, and forward again.
      await page.touchscreen.tap(box.x + box.width * 0.15, y);
      await expectPageDrawn(page, 4);
      const saved = page.waitForResponse(
        (r) => r.url().endsWith(`/api/ebooks/${id}/progress`) && r.request().method() === "PUT",
      );
      await page.getByRole("button", { name: "Next page" }).click();
      await expectPageDrawn(page, 5);
      expect((await saved).status()).toBe(200);
      await expectNoSeriousA11yViolations(page);
      await shot(page, "reader-360-page-5");

      await page.reload();
      await expectPageDrawn(page, 5);

      const other = await browser.newContext({
        storageState: await page.context().storageState(),
        viewport: MOBILE,
        hasTouch: true,
      });
      const second = await other.newPage();
      await second.goto(`/ebook/${id}/read`);
      await expectPageDrawn(second, 5);
      await other.close();

      await page.goto("/ebook/library");
      await expect(page.getByText(/^Page 5 of \d+ · \d+%$/)).toBeVisible();
    });
  });
});

/** A one-finger sideways swipe, through the browser's touch input. */
async function swipe(page: Page, fromX: number, toX: number, y: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
  for (let i = 1; i <= 5; i++) {
    const x = fromX + ((toX - fromX) * i) / 5;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

test.describe("the free preview", () => {
  test.use({ viewport: MOBILE });

  test("signed out, the preview turns through the demo pages only and ends with Buy to read the rest", async ({
    page,
  }) => {
    await page.goto("/");
    const id = await demoEbook(page);
    await page.goto(`/ebook/${id}`);
    await waitForApp(page);
    // Page 2 fails twice (the server busy): fetched ahead unseen, then again when turned to, when
    // the reader says so; Retry fetches it a third time.
    let failures = 0;
    // On the browser context: the shop's service worker fetches the reader's answers on the
    // page's behalf, and only the context's routes see the worker's requests.
    await page
      .context()
      .route(`**/api/ebooks/${id}/pages/2`, (route) =>
        failures++ < 2 ? route.fulfill({ status: 503, body: "busy" }) : route.continue(),
      );
    const prefetched = page.waitForResponse((r) => r.url().endsWith(`/api/ebooks/${id}/pages/2`));
    await page.getByRole("link", { name: "Read free preview" }).click();
    await expect(page).toHaveURL(`/ebook/${id}/read`);
    await expectPageDrawn(page, 1);
    await expect(page.getByText(/^Free preview · Page 1 of \d+$/)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    const next = page.getByRole("button", { name: "Next page" });
    expect((await prefetched).status()).toBe(503);
    await next.click();
    await expect(page.getByRole("alert")).toContainText("Page 2 could not be loaded.");
    await page.getByRole("button", { name: "Retry" }).click();
    await expectPageDrawn(page, 2);
    await next.click();
    await expectPageDrawn(page, 3);
    await next.click(); // the demo page from the middle
    await expect(page.locator('canvas[data-drawn="true"]')).toBeVisible();
    await next.click();
    await expect(page.getByRole("heading", { name: "Buy to read the rest" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Buy the e-book" })).toHaveAttribute("href", `/ebook/${id}`);
    await expect(next).toBeDisabled();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await shot(page, "reader-360-preview-end");
  });

  test("the product page offers the free preview beside Add to cart", async ({ page }) => {
    await page.goto("/");
    const id = await demoEbook(page);
    await page.goto(`/ebook/${id}`);
    await expect(page.getByRole("link", { name: "Read free preview" })).toHaveAttribute(
      "href",
      `/ebook/${id}/read`,
    );
    await expect(page.getByRole("button", { name: /Add to cart/ })).toBeVisible();
  });
});

test("an owner's product page says Read, not Add to cart", async ({ page }) => {
  test.slow();
  await page.goto("/");
  const { phone } = await signUpNewCustomer(page, "Owner Reader");
  const id = await demoEbook(page);
  await buyOnline(page, phone, [{ id, type: "ebook" }]);
  await page.goto(`/ebook/${id}`);
  await expect(page.getByText("In your library")).toBeVisible();
  await expect(page.getByRole("link", { name: "Read", exact: true })).toHaveAttribute(
    "href",
    `/ebook/${id}/read`,
  );
  await expect(page.getByRole("button", { name: /Add to cart/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Read free preview" })).toHaveCount(0);
});

test.describe("the first page, drawn on the server", () => {
  test.use({ viewport: MOBILE, hasTouch: true });

  test("shows as a picture in the page's own HTML before pdf.js has arrived, then pdf.js's canvas takes its place where it was", async ({
    page,
  }) => {
    await page.goto("/");
    const id = await demoEbook(page);
    // pdf.js held back (on the context: the shop's service worker may fetch on the page's behalf).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.context().route("**/assets/pdf.min-*", async (route) => {
      await held;
      await route.continue();
    });
    // The outline held too: its Contents button arriving must not move the page either.
    await page.context().route(`**/api/ebooks/${id}/outline`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/ebook/${id}/read`);
    const picture = page.getByRole("img", { name: "Page 1" });
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute("src", `/api/ebooks/${id}/pages/1/image?w=720`);
    // Loaded and painted: a picture 2x a 360 px phone's width took the 720 px one.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(
      `/api/ebooks/${id}/pages/1/image?w=`,
    );
    await expect(page.locator("canvas")).toBeHidden();
    await expect(page.getByText(/^Loading page/)).toHaveCount(0);
    await expect(page.getByText(/^Free preview · Page 1 of \d+$/)).toBeVisible();
    // The page's largest paint is the picture: what the benchmark reads as "the first page visible".
    const largest = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as (PerformanceEntry & { url?: string }) | undefined;
            resolve(last?.url ?? "");
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    expect(largest).toContain(`/api/ebooks/${id}/pages/1/image?w=`);
    // Measured with the shop's fonts in place: a font arriving late moves the page under the bar.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const before = await picture.boundingBox();
    await shot(page, "reader-360-first-page-picture");

    release();
    await expectPageDrawn(page, 1);
    await expect(page.locator("img[data-page-image]")).toHaveCount(0);
    // The canvas is where the picture was, at its size: nothing moved.
    await expect(page.getByRole("button", { name: "Contents" })).toBeVisible();
    const after = await page.locator('canvas[data-drawn="true"]').boundingBox();
    // To the pixel: the picture's box may be fractional (488.05 px) where the canvas's is whole.
    for (const side of ["x", "y", "width", "height"] as const) {
      expect(after?.[side], side).toBeCloseTo(before?.[side] ?? Number.NaN, 0);
    }
    await page.getByRole("button", { name: "Next page" }).click();
    await expectPageDrawn(page, 2);
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("the reader shows the picture and says that turning pages needs JavaScript, in English and Bangla", async ({
      page,
      context,
    }) => {
      const res = await page.request.get("/api/ebooks?limit=1");
      const id = ((await res.json()) as { data: { items: { id: number }[] } }).data.items[0]!.id;
      await page.goto(`/ebook/${id}/read`);
      const picture = page.getByRole("img", { name: "Page 1" });
      await expect(picture).toBeVisible();
      expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
      // Read as shown (Playwright's text locators leave out what is inside a <noscript>).
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
      const shown = () => page.evaluate(() => document.body.innerText);
      expect(await shown()).toContain(
        "Turning pages needs JavaScript. Turn it on in your browser's settings to read on.",
      );
      await expectNoHorizontalOverflow(page);
      await shot(page, "reader-360-without-javascript");

      await context.addCookies([{ name: "pathagar_lang", value: "bn", url: page.url() }]);
      await page.reload();
      await expect(page.getByRole("img", { name: "পৃষ্ঠা ১" })).toBeVisible();
      expect(await shown()).toContain("পাতা ওল্টাতে জাভাস্ক্রিপ্ট লাগে। পড়া চালিয়ে যেতে ব্রাউজারের সেটিংসে এটি চালু করুন।");
    });
  });
});

test("a reader for an e-book that does not exist says so, with a way back", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto("/ebook/999999999/read");
  await expect(page.getByRole("heading", { name: "This e-book does not exist" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse e-books" })).toHaveAttribute("href", "/ebook");
  await expect(page.locator("header")).toHaveCount(1); // the reader's own bar, not the shop's layout
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "reader-360-missing");
});

test("opened directly, the reader starts pdf.js, its worker, its answer and its first page from the page's head, each downloaded once", async ({
  page,
}) => {
  await page.goto("/");
  const id = await demoEbook(page);
  // What the page and its workers asked for and got (`reached`), and of that what came to them
  // over the network with a body (`downloads`; one answered from the HTTP cache or matched to a
  // preload brings none). The shop's service worker, which every page registers, may take over
  // the page while it loads: a file it hands the page reached it without the page downloading it.
  // Its own fetches, which keep the reader's files for offline reading, are not the page's.
  const reached: string[] = [];
  const downloads: string[] = [];
  page.context().on("requestfinished", async (r) => {
    if (r.serviceWorker()) return;
    const path = new URL(r.url()).pathname;
    reached.push(path);
    if ((await r.response())?.fromServiceWorker()) return;
    const sizes = await r.sizes().catch(() => null);
    if (sizes && sizes.responseBodySize > 0) downloads.push(path);
  });
  const worker = page.waitForEvent("worker");

  await page.goto(`/ebook/${id}/read`);
  const head = page.locator("head");
  const pdfJs = await head
    .locator('link[rel="modulepreload"][href*="/assets/pdf.min-"]')
    .getAttribute("href");
  const workerJs = await head
    .locator('link[rel="preload"][as="fetch"][href*="/assets/pdf.worker.min-"]')
    .getAttribute("href");
  await expect(head.locator(`link[rel="preload"][as="fetch"][href="/api/ebooks/${id}/reader"]`)).toHaveCount(
    1,
  );
  // The page to open on (the preview's first demo page), named by the page's own load.
  await expect(head.locator(`link[rel="preload"][as="fetch"][href="/api/ebooks/${id}/pages/1"]`)).toHaveCount(
    1,
  );
  await expectPageDrawn(page, 1);
  expect((await worker).url()).toContain(workerJs!);
  await page.getByRole("button", { name: "Next page" }).click();
  await expectPageDrawn(page, 2);
  // Pages 1, 2 and 3 (fetched ahead) were opened with the one worker.
  expect(page.workers()).toHaveLength(1);
  // Each reached the page, and the page downloaded none twice: once, or not at all when the
  // service worker handed it over.
  const once = (path: string, what: string) => {
    expect(reached, `${what} reached the page`).toContain(path);
    expect(downloads.filter((u) => u === path).length, `${what} downloaded once`).toBeLessThanOrEqual(1);
  };
  once(pdfJs!, "pdf.js");
  once(workerJs!, "pdf.js's worker");
  once(`/api/ebooks/${id}/reader`, "the reader's answer");
  once(`/api/ebooks/${id}/pages/1`, "the first page");
  once(`/api/ebooks/${id}/pages/1/image`, "the first page's picture");
  // Served as compressed at build time (brotli where the browser takes it), cached for a year.
  for (const [accept, encoding] of [
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
  ] as const) {
    const asset = await page.request.get(workerJs!, { headers: { "accept-encoding": accept } });
    expect(asset.headers()["content-encoding"]).toBe(encoding);
    expect(asset.headers()["content-type"]).toMatch(/javascript/);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
});
