import type { Page } from "@playwright/test";
import type { CourseChapters } from "../../src/contracts/courses";
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

// A course at /content/{id}: a buyer opens every chapter in place (text, a video after a tap, a
// PDF in the reader), marks chapters done and sees the progress on the page and in the library.

type Picked = { id: number; total: number; text: number; video: number; pdf: number };

/** A demo course with a paid chapter of each kind (as a visitor sees it: locked). */
async function courseWithPaidChapters(page: Page): Promise<Picked> {
  const list = await page.request.get("/api/content?limit=24");
  const items = ((await list.json()) as { data: { items: { id: number }[] } }).data.items;
  for (const { id } of items) {
    const res = await page.request.get(`/api/courses/${id}/chapters`, { headers: { cookie: "" } });
    const course = ((await res.json()) as { data: CourseChapters }).data;
    const paid = (kind: string) => course.chapters.find((c) => c.kind === kind && !c.isFree)?.id;
    const [text, video, pdf] = [paid("text"), paid("video"), paid("pdf")];
    if (text && video && pdf) return { id, total: course.chapters.length, text, video, pdf };
  }
  throw new Error("no demo course has a paid text, video and PDF chapter");
}

/** Opens a chapter's fold (a closed one; an open one stays open). */
async function openChapter(page: Page, chapterId: number) {
  const chapter = page.locator(`#chapter-${chapterId}`);
  const details = chapter.locator("details");
  if ((await details.getAttribute("open")) === null) await chapter.locator("summary").click();
  await expect(details).toHaveAttribute("open", "");
  return chapter;
}

async function markDone(page: Page, courseId: number, chapterId: number) {
  const chapter = page.locator(`#chapter-${chapterId}`);
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/courses/${courseId}/chapters/${chapterId}/done`) &&
      r.request().method() === "PUT",
  );
  await chapter.getByRole("button", { name: /^Mark as done/ }).click();
  expect((await saved).status()).toBe(200);
  await expect(chapter.getByRole("button", { name: /^Done ✓ \(undo\)/ })).toBeEnabled();
}

async function buyerOpensEveryKind(page: Page, label: string) {
  // The players are third parties: never let a test reach out (there is no network anyway).
  await page.route(/youtube-nocookie\.com|vimeo\.com/, (route) => route.abort());
  await page.goto("/");
  const { phone } = await signUpNewCustomer(page, `Course Buyer ${label}`);
  const course = await courseWithPaidChapters(page);

  // Before buying: locked, with the way to get it.
  await page.goto(`/content/${course.id}`);
  await waitForApp(page);
  await expect(page.locator(`#chapter-${course.text}`)).toContainText("Buy the course to open this chapter");
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();

  await buyOnline(page, phone, [{ id: course.id, type: "content" }]);
  await page.goto(`/content/${course.id}`);
  await waitForApp(page);
  await expect(page.getByText("In your library")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
  await expect(page.getByText(`0 of ${course.total} done`)).toBeVisible();
  await expect(page.getByText("Buy the course to open this chapter")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Start the course" })).toBeVisible();

  // Text: rendered from Markdown.
  const text = await openChapter(page, course.text);
  await expect(text.getByRole("heading", { name: "How to study it" })).toBeVisible();
  await expect(text.locator("ol li").first()).toBeVisible();

  // Video: a light button first; the player's frame only after the tap.
  const video = await openChapter(page, course.video);
  await expect(video.locator("iframe")).toHaveCount(0);
  await video.getByRole("button", { name: /^Play video/ }).click();
  const frame = video.locator("iframe");
  await expect(frame).toHaveCount(1);
  expect(await frame.getAttribute("src")).toMatch(
    /^https:\/\/(www\.youtube-nocookie\.com\/embed\/[\w-]{11}|player\.vimeo\.com\/video\/\d+\?dnt=1)/,
  );
  await expect(frame).toHaveAttribute("title", /\(video\)$/);
  const playerId = /\/(?:embed|video)\/([\w-]+)/.exec((await frame.getAttribute("src")) ?? "")?.[1];
  expect(playerId).toBeTruthy();

  // PDF: the way into the reader, never the file.
  const pdf = await openChapter(page, course.pdf);
  await expect(pdf.getByRole("link", { name: /^Open in the reader/ })).toHaveAttribute(
    "href",
    `/content/${course.id}/chapters/${course.pdf}/read`,
  );

  await markDone(page, course.id, course.text);
  await markDone(page, course.id, course.video);
  await expect(page.getByText(`2 of ${course.total} done`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue where you left off" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, `course-owner-${label}`);

  // Kept on the server: a reload shows the same, and the library shows it too.
  await page.reload();
  await waitForApp(page);
  await expect(page.getByText(`2 of ${course.total} done`)).toBeVisible();
  await page.goto("/ebook/library");
  await waitForApp(page);
  const card = page.locator(`article[aria-labelledby="course-${course.id}"]`);
  await expect(card).toContainText(`2 of ${course.total} done`);
  await expect(card.getByRole("progressbar")).toBeVisible();
  const resume = await card.getByRole("link", { name: /^Continue/ }).getAttribute("href");
  expect(resume).toMatch(new RegExp(`^/content/${course.id}\\?chapter=\\d+$`));
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, `course-library-${label}`);

  // "Continue" opens the course on the first chapter not done.
  await card.getByRole("link", { name: /^Continue/ }).click();
  await expect(page).toHaveURL(resume!);
  const resumeId = Number(new URL(page.url()).searchParams.get("chapter"));
  await expect(page.locator(`#chapter-${resumeId} details`)).toHaveAttribute("open", "");
  return { ...course, playerId: playerId! };
}

test.describe("a buyer opens every chapter of the course they bought", () => {
  test("on a phone 360 px wide", async ({ page }) => {
    test.slow();
    await page.setViewportSize(MOBILE);
    await buyerOpensEveryKind(page, "mobile");
  });

  test("on a desktop, and a save that fails is undone with a message", async ({ page, browser }) => {
    test.slow();
    await page.setViewportSize(DESKTOP);
    const course = await buyerOpensEveryKind(page, "desktop");

    // A visitor's page and its data carry nothing of the paid video the buyer just played.
    const visitor = await browser.newContext();
    for (const path of [`/content/${course.id}`, `/content/${course.id}.data`]) {
      const res = await visitor.request.get(path);
      expect(res.status(), path).toBe(200);
      expect(await res.text(), path).not.toContain(course.playerId);
    }
    await visitor.close();

    await page.goto(`/content/${course.id}?chapter=${course.pdf}`);
    await waitForApp(page);
    const pdf = page.locator(`#chapter-${course.pdf}`);
    await expect(pdf.locator("details")).toHaveAttribute("open", "");
    await page.route(`**/api/courses/${course.id}/chapters/${course.pdf}/done`, (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ statusCode: 503, message: "Service unavailable" }),
      }),
    );
    await pdf.getByRole("button", { name: /^Mark as done/ }).click();
    await expect(page.getByText("Could not save")).toBeVisible();
    await expect(pdf.getByRole("button", { name: /^Mark as done/ })).toBeEnabled();
    await expect(page.getByText(`2 of ${course.total} done`)).toBeVisible();
  });
});

test("a visitor sees the free chapters open and the paid ones locked", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto("/");
  const course = await courseWithPaidChapters(page);
  await page.goto(`/content/${course.id}`);
  await waitForApp(page);
  await expect(page.locator(`#chapter-${course.video}`)).toContainText("Buy the course to open this chapter");
  await expect(page.locator(`#chapter-${course.video} details`)).toHaveCount(0);
  await expect(page.getByText("Free preview").first()).toBeVisible();
  await expect(page.getByText("In your library")).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await shot(page, "course-visitor-mobile");
});
