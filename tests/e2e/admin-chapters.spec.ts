import type { Browser, Page } from "@playwright/test";
import type { AdminCourseChapters } from "../../src/contracts/admin-chapters";
import type { CourseChapters } from "../../src/contracts/courses";
import {
  DESKTOP,
  expect,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  MOBILE,
  shot,
  test,
  waitForApp,
} from "./helpers";
import { ADMIN_STATE } from "./support";

// A course's chapters at /admin/content/{id}/chapters: reordered with the keyboard only (the drag
// handle's Space, arrows, Space, and the Move buttons), kept after a reload and shown in that order
// by the shop; a free text chapter added in the dialog is readable signed out.

test.use({ storageState: ADMIN_STATE });

/**
 * A demo course the other specs leave alone: the last published one that is not the first with a
 * paid text, video and PDF chapter (the one the course reader's spec buys and reads).
 */
async function quietCourse(page: Page): Promise<number> {
  const list = await page.request.get("/api/content?limit=24");
  const ids = ((await list.json()) as { data: { items: { id: number }[] } }).data.items.map((i) => i.id);
  let readersCourse: number | undefined;
  for (const id of ids) {
    const res = await page.request.get(`/api/courses/${id}/chapters`, { headers: { cookie: "" } });
    const course = ((await res.json()) as { data: CourseChapters }).data;
    const paid = (kind: string) => course.chapters.some((c) => c.kind === kind && !c.isFree);
    if (paid("text") && paid("video") && paid("pdf")) {
      readersCourse = id;
      break;
    }
  }
  const id = ids.filter((i) => i !== readersCourse).at(-1);
  if (!id) throw new Error("no demo course to edit");
  return id;
}

async function adminOrder(page: Page, courseId: number): Promise<number[]> {
  const res = await page.request.get(`/api/admin/content/${courseId}/chapters`);
  return ((await res.json()) as { data: AdminCourseChapters }).data.chapters.map((c) => c.id);
}

/** The chapter ids in the order the page lists them. */
async function listedOrder(page: Page): Promise<number[]> {
  return page
    .locator("[data-chapter-id]")
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-chapter-id"))));
}

/** The chapter ids in the order the shop's course page shows them to a signed-out visitor. */
async function shopOrder(browser: Browser, courseId: number): Promise<number[]> {
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await visitor.newPage();
  await page.goto(`/content/${courseId}`);
  const ids = await page
    .locator('[id^="chapter-"]')
    .evaluateAll((els) => els.map((el) => el.id).filter((id) => /^chapter-\d+$/.test(id)));
  await visitor.close();
  return ids.map((id) => Number(id.slice("chapter-".length)));
}

function orderSaved(page: Page, courseId: number) {
  return page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/admin/content/${courseId}/chapters/order`) && r.request().method() === "PUT",
  );
}

test("reorders chapters with the keyboard only; the order is kept and the shop shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const courseId = await quietCourse(page);
  const before = await adminOrder(page, courseId);
  expect(before.length).toBeGreaterThanOrEqual(3);
  await page.goto(`/admin/content/${courseId}/chapters`);
  await waitForApp(page);
  await expect(page.getByRole("heading", { name: "Chapters", level: 1 })).toBeVisible();
  expect(await listedOrder(page)).toEqual(before);
  await expectNoSeriousA11yViolations(page);

  // The drag handle: focus, Space to lift, ArrowDown, Space to drop.
  const [a, b, c] = before as [number, number, number];
  const handle = page.locator(`#admin-chapter-${a}`).getByRole("button", { name: /^Move .*, chapter 1 of/ });
  await handle.focus();
  await page.keyboard.press("Space");
  // dnd-kit's live region reads the move out.
  const spoken = page.locator('[id^="DndLiveRegion"]');
  await expect(spoken).toContainText(/Picked up .*, chapter 1 of/);
  await page.keyboard.press("ArrowDown");
  // Dropped only once it is over its new place (a slow machine takes a moment to measure).
  await expect(spoken).toContainText(/is over position 2 of/);
  let saved = orderSaved(page, courseId);
  await page.keyboard.press("Space");
  expect((await saved).status()).toBe(200);
  await expect(spoken).toContainText(/dropped at position 2 of/);
  const afterDrag = [b, a, ...before.slice(2)];
  expect(await listedOrder(page)).toEqual(afterDrag);

  // The Move buttons, pressed from the keyboard: the third chapter up to first, the first down again.
  const up = page.locator(`#admin-chapter-${c}`).getByRole("button", { name: /^Move up: / });
  await up.focus();
  saved = orderSaved(page, courseId);
  await page.keyboard.press("Enter");
  expect((await saved).status()).toBe(200);
  await expect(up).toBeFocused();
  saved = orderSaved(page, courseId);
  await page.keyboard.press("Enter");
  expect((await saved).status()).toBe(200);
  const expected = [c, b, a, ...before.slice(3)];
  await expect.poll(() => listedOrder(page)).toEqual(expected);
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeAttached();

  await page.reload();
  await waitForApp(page);
  expect(await listedOrder(page)).toEqual(expected);
  expect(await shopOrder(browser, courseId)).toEqual(expected);
});

test("adds a free text chapter that a signed-out visitor can read, then deletes it", async ({
  page,
  browser,
}) => {
  const courseId = await quietCourse(page);
  await page.goto(`/admin/content/${courseId}/chapters`);
  await waitForApp(page);
  await page.getByRole("button", { name: "Add a chapter" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a chapter" });

  // A video link the shop cannot play is refused on the field before anything is sent.
  await dialog.getByRole("radio", { name: "Video" }).check();
  await dialog.getByLabel("Title").fill("Free revision notes");
  await dialog.getByLabel("Video link").fill("https://example.com/lesson.mp4");
  await expect(dialog.getByText("Not a YouTube or Vimeo link: the course page cannot play it")).toBeVisible();
  await dialog.getByRole("button", { name: "Add chapter" }).click();
  await expect(
    dialog.getByText("Enter a YouTube or Vimeo link: the shop can only play videos from those"),
  ).toBeVisible();
  await dialog.getByLabel("Video link").fill("https://youtu.be/dQw4w9WgXcQ");
  await expect(dialog.getByText("Plays from YouTube (embedded from youtube-nocookie.com)")).toBeVisible();

  await dialog.getByRole("radio", { name: "Text" }).check();
  await dialog.getByLabel("Text (Markdown)").fill("## Revise\n\nThe **whole** syllabus in one page.");
  await dialog.getByRole("switch", { name: /Free preview/ }).check();
  await shot(page, "admin-chapters-dialog-desktop", { fullPage: false });
  const created = page.waitForResponse(
    (r) => r.url().endsWith(`/api/admin/content/${courseId}/chapters`) && r.request().method() === "POST",
  );
  await dialog.getByRole("button", { name: "Add chapter" }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const chapterId = ((await answer.json()) as { data: { id: number } }).data.id;
  await expect(dialog).toBeHidden();
  const row = page.locator(`#admin-chapter-${chapterId}`);
  await expect(row).toContainText("Free revision notes");
  await expect(row).toContainText("Free preview");
  expect((await listedOrder(page)).at(-1)).toBe(chapterId);

  // Signed out, the new chapter opens on the course page.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const shop = await visitor.newPage();
  await shop.goto(`/content/${courseId}?chapter=${chapterId}`);
  const chapter = shop.locator(`#chapter-${chapterId}`);
  await expect(chapter).toContainText("Free revision notes");
  const details = chapter.locator("details");
  if ((await details.getAttribute("open")) === null) await chapter.locator("summary").click();
  await expect(chapter.getByText("syllabus in one page")).toBeVisible();
  await visitor.close();

  // Deleted after a confirmation.
  await row.getByRole("button", { name: "Delete Free revision notes" }).click();
  await page.getByRole("button", { name: "Delete chapter" }).click();
  await expect(row).toHaveCount(0);
});

for (const [label, viewport] of [
  ["360 px", MOBILE],
  ["desktop", DESKTOP],
] as const) {
  test(`the chapters page at ${label}: nothing overflows`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const courseId = await quietCourse(page);
    await page.goto(`/admin/content/${courseId}/chapters`);
    await waitForApp(page);
    await expect(page.getByRole("button", { name: /^Move up: / }).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, `admin-chapters-${label.replace(" ", "")}`);
    await page
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: "Edit chapter" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, `admin-chapters-edit-${label.replace(" ", "")}`, { fullPage: false });
  });
}

test("a refused move is put back with a message; a colleague's newer order is shown", async ({ page }) => {
  const courseId = await quietCourse(page);
  await page.goto(`/admin/content/${courseId}/chapters`);
  await waitForApp(page);
  const shown = await listedOrder(page);
  const [a, b] = shown as [number, number];

  // The server fails: the order goes back as it was.
  await page.route(`**/api/admin/content/${courseId}/chapters/order`, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ statusCode: 500, message: "Something went wrong" }),
    }),
  );
  await page
    .locator(`#admin-chapter-${a}`)
    .getByRole("button", { name: /^Move down: / })
    .click();
  await expect(page.getByText("The new order was not saved")).toBeVisible();
  await expect.poll(() => listedOrder(page)).toEqual(shown);
  await page.unroute(`**/api/admin/content/${courseId}/chapters/order`);

  // A colleague saves another order first: this move gets 409 and their order is shown.
  const res = await page.request.get(`/api/admin/content/${courseId}/chapters`);
  const { course } = ((await res.json()) as { data: AdminCourseChapters }).data;
  const theirs = [...shown].reverse();
  const put = await page.request.put(`/api/admin/content/${courseId}/chapters/order`, {
    data: { chapterIds: theirs, version: course.version },
  });
  expect(put.status()).toBe(200);
  const saved = orderSaved(page, courseId);
  await page
    .locator(`#admin-chapter-${b}`)
    .getByRole("button", { name: /^Move up: / })
    .click();
  expect((await saved).status()).toBe(409);
  await expect(
    page.getByText("This course was changed meanwhile: its chapters are shown as they are now"),
  ).toBeVisible();
  await expect.poll(() => listedOrder(page)).toEqual(theirs);
});
