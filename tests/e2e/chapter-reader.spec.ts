import type { CDPSession, Page } from "@playwright/test";
import { pdfText } from "../support/pdf-text";
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

// The same reader for a course's PDF chapters (/content/{id}/chapters/{chapterId}/read), the
// outline ("Contents") of an e-book, and pinch zoom on a touch screen.

type Chapter = { id: number; kind: string; isFree: boolean; title: string };

/** The first demo course that has a paid PDF chapter, and that chapter. */
async function coursePdfChapter(page: Page): Promise<{ courseId: number; chapter: Chapter }> {
  const list = await page.request.get("/api/content?limit=20");
  const { items } = ((await list.json()) as { data: { items: { id: number }[] } }).data;
  for (const { id } of items) {
    const res = await page.request.get(`/api/content/${id}`);
    const chapters = ((await res.json()) as { data: { content?: { chapters: Chapter[] } } }).data.content
      ?.chapters;
    const chapter = chapters?.find((c) => c.kind === "pdf" && !c.isFree);
    if (chapter) return { courseId: id, chapter };
  }
  throw new Error("the demo shop has a course with a paid PDF chapter");
}

async function demoEbook(page: Page): Promise<number> {
  const res = await page.request.get("/api/ebooks?limit=1");
  const [item] = ((await res.json()) as { data: { items: { id: number }[] } }).data.items;
  return item!.id;
}

/** The page on screen, drawn by pdf.js, and its drawn width in CSS pixels. */
async function expectPageDrawn(page: Page, n: number): Promise<number> {
  await expect(page.getByText(new RegExp(`^(Free [a-z]+ · )?Page ${n} of \\d+$`))).toBeVisible();
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
  return canvas.evaluate((el: HTMLCanvasElement) => Number.parseFloat(el.style.width));
}

const touches = (cx: number, y: number, half: number) => [
  { x: cx - half, y, id: 1 },
  { x: cx + half, y, id: 2 },
];

/** Two fingers moving apart (`to` > `from`) or together, through the browser's touch input. */
async function pinch(cdp: CDPSession, cx: number, y: number, from: number, to: number, lift = true) {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: touches(cx, y, from) });
  for (let i = 1; i <= 8; i++) {
    const half = from + ((to - from) * i) / 8;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: touches(cx, y, half) });
  }
  if (lift) await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

test.describe("a course's PDF chapter on a phone", () => {
  test.use({ hasTouch: true, viewport: MOBILE });

  test("refused before buying, then read stamped, turned by swipe, and zoomed by pinching", async ({
    page,
  }) => {
    test.slow();
    await page.goto("/");
    const { phone } = await signUpNewCustomer(page, "Course Reader");
    const { courseId, chapter } = await coursePdfChapter(page);
    const readPath = `/content/${courseId}/chapters/${chapter.id}/read`;

    // Not bought yet: the reader says so and offers the course. Its page names no page of the
    // chapter to fetch (it would be refused, and count against the page allowance).
    const refused = await page.goto(readPath);
    expect(await refused!.text()).not.toContain(`/chapters/${chapter.id}/pages/`);
    await waitForApp(page);
    await expect(
      page.getByRole("heading", { name: "This chapter is for the course's buyers" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Buy the course" })).toHaveAttribute(
      "href",
      `/content/${courseId}`,
    );
    await expectNoSeriousA11yViolations(page);
    await shot(page, "chapter-reader-360-not-owned");

    await buyOnline(page, phone, [{ id: courseId, type: "content" }]);
    // Bought: the page comes with page 1 drawn on the server, shown until pdf.js has drawn it.
    const owned = await page.goto(readPath);
    expect(await owned!.text()).toContain(
      `/api/courses/${courseId}/chapters/${chapter.id}/pages/1/image?w=720`,
    );
    await waitForApp(page);
    const fitWidth = await expectPageDrawn(page, 1);
    await expect(page.getByRole("link", { name: "Course" })).toHaveAttribute(
      "href",
      `/content/${courseId}?chapter=${chapter.id}`,
    );
    await expect(page.getByText(chapter.title).first()).toBeVisible();
    // What the browser was sent is the page stamped with the buyer's phone.
    const served = await page.request.get(`/api/courses/${courseId}/chapters/${chapter.id}/pages/1`);
    expect(served.headers()["cache-control"]).toBe("private, no-store");
    const [text] = await pdfText(new Uint8Array(await served.body()));
    expect(text).toContain(`Licensed to`);
    expect(text).toContain(phone);
    await expectNoHorizontalOverflow(page);

    // A one-finger swipe turns the page.
    const box = (await page.locator("main").boundingBox())!;
    const y = box.y + box.height / 2;
    const cx = box.x + box.width / 2;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchStart",
      touchPoints: [{ x: box.x + box.width * 0.8, y }],
    });
    for (let i = 1; i <= 5; i++) {
      const x = box.x + box.width * (0.8 - (0.6 * i) / 5);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    expect(await expectPageDrawn(page, 2)).toBeCloseTo(fitWidth, 0);
    await expectNoSeriousA11yViolations(page);
    await shot(page, "chapter-reader-360-page-2");

    // Two fingers apart: stretched while they move, drawn again larger when they lift, same page.
    await pinch(cdp, cx, y, 40, 110, false);
    const stretched = await page
      .locator('canvas[data-page="2"]')
      .evaluate((el: HTMLCanvasElement) => el.getBoundingClientRect().width);
    expect(stretched).toBeGreaterThan(fitWidth * 1.5);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect
      .poll(() =>
        page
          .locator('canvas[data-page="2"]')
          .evaluate((el: HTMLCanvasElement) => Number.parseFloat(el.style.width)),
      )
      .toBeGreaterThan(fitWidth * 1.5);
    const zoomed = await expectPageDrawn(page, 2);
    await expect(page.getByRole("button", { name: "Fit width" })).toHaveAttribute("aria-pressed", "false");
    // The drawing is the new size itself (sharp), not a stretched copy of the old one.
    const css = await page.locator('canvas[data-page="2"]').evaluate((el: HTMLCanvasElement) => ({
      transform: el.style.transform,
      pixels: el.width,
    }));
    expect(css.transform).toBe("");
    expect(css.pixels).toBeGreaterThanOrEqual(Math.floor(zoomed));
    await shot(page, "chapter-reader-360-pinched", { fullPage: false });

    // Fingers together again zoom out; the page never turned.
    await pinch(cdp, cx, y, 120, 50);
    await expect
      .poll(() =>
        page
          .locator('canvas[data-page="2"]')
          .evaluate((el: HTMLCanvasElement) => Number.parseFloat(el.style.width)),
      )
      .toBeLessThan(zoomed * 0.7);
    await expectPageDrawn(page, 2);
    await page.getByRole("button", { name: "Fit width" }).click();
    expect(await expectPageDrawn(page, 2)).toBeCloseTo(fitWidth, 0);
    // At fit width one finger's swipe would turn the page; two fingers sliding sideways together do not.
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: touches(cx + 60, y, 30) });
    for (let i = 1; i <= 6; i++) {
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: touches(cx + 60 - 25 * i, y, 30),
      });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await page.waitForTimeout(300);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await cdp.detach();

    // The same chapter on a desktop-sized window.
    await page.setViewportSize(DESKTOP);
    await page.getByRole("button", { name: "Fit page" }).click();
    await expectPageDrawn(page, 2);
    await expectNoSeriousA11yViolations(page);
    await shot(page, "chapter-reader-desktop-page-2");
  });
});

test.describe("an e-book's outline", () => {
  test("the free preview's Contents lists the bookmarks on demo pages and jumps to one", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    const id = await demoEbook(page);
    await page.goto(`/ebook/${id}/read`);
    await waitForApp(page);
    await expectPageDrawn(page, 1);
    await page.getByRole("button", { name: "Contents" }).click();
    const contents = page.getByRole("navigation", { name: "Contents" });
    await expect(contents.getByRole("button", { name: /^Contents 2$/ })).toBeVisible();
    const chapterOne = contents.getByRole("button", { name: /^1\. .+ 3$/ });
    await expect(chapterOne).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, "reader-desktop-contents");
    await chapterOne.click();
    await expectPageDrawn(page, 3);
    await expect(contents).toHaveCount(0);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: MOBILE });
    test("the Contents panel fits and jumps", async ({ page }) => {
      await page.goto("/");
      const id = await demoEbook(page);
      await page.goto(`/ebook/${id}/read`);
      await waitForApp(page);
      await expectPageDrawn(page, 1);
      await page.getByRole("button", { name: "Contents" }).click();
      await expectNoHorizontalOverflow(page);
      await shot(page, "reader-360-contents", { fullPage: false });
      await page
        .getByRole("navigation", { name: "Contents" })
        .getByRole("button", { name: /^Contents 2$/ })
        .click();
      await expectPageDrawn(page, 2);
    });
  });
});
