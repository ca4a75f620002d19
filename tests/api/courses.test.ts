/**
 * Courses: who opens which chapter (the one access decision), what an open chapter shows (text
 * sanitised, a video as an embed address, a PDF as the reader's address and never its file key),
 * access taken back at once by a refund, and chapters marked done: once per reader and chapter,
 * whatever the retries, tabs or races.
 */
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CourseChapters, CourseProgress } from "../../src/contracts/courses";
import type { MyLibrary } from "../../src/contracts/library";
import { ADMIN_AREAS } from "../../src/contracts/permissions";
import { chapterProgress, contentChapters, products } from "../../src/server/db/schema";
import { appContext } from "../../src/web/lib/app-context.server";
import { loadCoursePage } from "../../src/web/routes/shop/content.server";
import { checkout, payAtSandbox } from "./buying";
import { addChapters, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let contentStaff: TestUser;
let staffWithoutContent: TestUser;
let ordersStaff: TestUser;

beforeAll(async () => {
  h = await createHarness();
  contentStaff = await h.createUser({ role: "staff", permissions: ["content"], name: "Content Staff" });
  staffWithoutContent = await h.createUser({
    role: "staff",
    permissions: ADMIN_AREAS.filter((a) => a !== "content"),
    name: "Staff Without Content",
  });
  ordersStaff = await h.createUser({ role: "staff", permissions: ["orders"], name: "Orders Staff" });
});
afterAll(async () => {
  await h?.close();
});

/** Words found only in the paid chapters, and the PDF chapters' file keys. */
const SECRETS = ["PAID-SECRET", "76979871", "secret-notes-key", "free-notes-key"];

const CHAPTERS = [
  {
    title: "Welcome",
    kind: "text" as const,
    isFree: true,
    body: "## Start here\n\n**Read** this first.<script>alert(1)</script>\n\n[bad](javascript:alert(1))",
  },
  { title: "Free video", kind: "video" as const, isFree: true, body: "https://youtu.be/dQw4w9WgXcQ" },
  { title: "Paid text", kind: "text" as const, isFree: false, body: "The PAID-SECRET lesson" },
  { title: "Paid video", kind: "video" as const, isFree: false, body: "https://vimeo.com/76979871" },
  { title: "Paid notes", kind: "pdf" as const, isFree: false, body: "content/secret-notes-key.pdf" },
  { title: "Free notes", kind: "pdf" as const, isFree: true, body: "content/free-notes-key.pdf" },
];

async function newCourse(opts: { published?: boolean } = {}) {
  const course = await createProduct(h.db, { kind: "content", title: "Organic Chemistry", ...opts });
  const chapters = await addChapters(h.db, course.id, CHAPTERS);
  return { id: course.id, chapters: chapters.map((c) => c.id) };
}

/** Buys the course online and pays at the sandbox: the buyer owns it when this returns. */
async function buy(u: TestUser, courseId: number) {
  const placed = await checkout(h, u, {
    items: [{ productId: courseId, type: "content" }],
    paymentMethod: "gateway",
  });
  await payAtSandbox(h, placed.tranx);
  return placed;
}

const chapters = (id: number | string, cookie?: string) =>
  h.request<CourseChapters>("GET", `/api/courses/${id}/chapters`, { cookie });
const setDone = (id: number | string, chapterId: number | string, body: unknown, cookie?: string) =>
  h.request<CourseProgress>("PUT", `/api/courses/${id}/chapters/${chapterId}/done`, { body, cookie });

async function progressRows(userId: number) {
  return h.db.select().from(chapterProgress).where(eq(chapterProgress.userId, userId));
}

function expectPreview(res: { status: number; text: string; body: { data?: CourseChapters } }, what: string) {
  expect(res.status, `${what}: ${res.text}`).toBe(200);
  const view = res.body.data!;
  expect(view.access, what).toBe("preview");
  expect(view.progress, what).toBeNull();
  expect(
    view.chapters.map((c) => [c.title, c.readable, c.content !== null, c.done]),
    what,
  ).toEqual([
    ["Welcome", true, true, false],
    ["Free video", true, true, false],
    ["Paid text", false, false, false],
    ["Paid video", false, false, false],
    ["Paid notes", false, false, false],
    ["Free notes", true, true, false],
  ]);
  for (const secret of SECRETS) expect(res.text, `${what}: ${secret}`).not.toContain(secret);
}

describe("GET /api/courses/{id}/chapters", () => {
  it("opens only the free chapters to anyone who does not own the course, by every caller", async () => {
    const course = await newCourse();
    const customer = await h.createUser();
    const admin = await h.createUser({ role: "admin" });
    expectPreview(await chapters(course.id), "signed out");
    expectPreview(await chapters(course.id, customer.cookie), "another customer");
    expectPreview(await chapters(course.id, staffWithoutContent.cookie), "staff without content");
    expectPreview(await chapters(course.id, ordersStaff.cookie), "staff with orders only");
    // An admin holds every permission.
    expect((await chapters(course.id, admin.cookie)).body.data?.access).toBe("staff");
  });

  it("shows a free text chapter sanitised, a free video as a youtube-nocookie embed and a free PDF as the reader's address", async () => {
    const course = await newCourse();
    const view = (await chapters(course.id)).body.data!;
    const [welcome, video, , , , notes] = view.chapters;
    expect(welcome?.content).toEqual({
      kind: "text",
      html: '<h3>Start here</h3>\n<p><strong>Read</strong> this first.</p>\n<p><a rel="noopener nofollow" target="_blank">bad</a></p>',
    });
    expect(video?.content).toEqual({
      kind: "video",
      provider: "youtube",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      url: "https://youtu.be/dQw4w9WgXcQ",
    });
    expect(notes?.content).toEqual({
      kind: "pdf",
      readUrl: `/content/${course.id}/chapters/${course.chapters[5]}/read`,
    });
  });

  it("opens every chapter to the owner, with progress", async () => {
    const course = await newCourse();
    const buyer = await h.createUser();
    await buy(buyer, course.id);
    const res = await chapters(course.id, buyer.cookie);
    expect(res.status, res.text).toBe(200);
    const view = res.body.data!;
    expect(view.access).toBe("owner");
    expect(view.chapters.every((c) => c.readable && c.content !== null)).toBe(true);
    expect(view.chapters[2]?.content).toEqual({ kind: "text", html: "<p>The PAID-SECRET lesson</p>" });
    expect(view.chapters[3]?.content).toMatchObject({
      provider: "vimeo",
      embedUrl: "https://player.vimeo.com/video/76979871?dnt=1",
    });
    expect(view.chapters[4]?.content).toEqual({
      kind: "pdf",
      readUrl: `/content/${course.id}/chapters/${course.chapters[4]}/read`,
    });
    // The file keys stay on the server, for the owner too.
    expect(res.text).not.toContain("notes-key");
    expect(view.progress).toEqual({ doneCount: 0, total: 6, resumeChapterId: course.chapters[0] });
  });

  it("opens every chapter to staff with the content permission", async () => {
    const course = await newCourse();
    const view = (await chapters(course.id, contentStaff.cookie)).body.data!;
    expect(view.access).toBe("staff");
    expect(view.chapters.every((c) => c.readable && c.content !== null)).toBe(true);
    expect(view.progress?.total).toBe(6);
  });

  it("is not found for an unknown course, a product of another kind, and a course taken down unless owned or staff", async () => {
    expect((await chapters(2_000_000)).status).toBe(404);
    const book = await createProduct(h.db, { kind: "book" });
    expect((await chapters(book.id)).status).toBe(404);
    expect((await chapters("abc")).status).toBe(400);
    expect((await chapters("-1")).status).toBe(400);
    const course = await newCourse();
    const buyer = await h.createUser();
    await buy(buyer, course.id);
    await h.db.update(products).set({ published: false }).where(eq(products.id, course.id));
    expect((await chapters(course.id)).status).toBe(404);
    expect((await chapters(course.id, (await h.createUser()).cookie)).status).toBe(404);
    expect((await chapters(course.id, buyer.cookie)).body.data?.access).toBe("owner");
    expect((await chapters(course.id, contentStaff.cookie)).body.data?.access).toBe("staff");
  });
});

describe("the product page's answer", () => {
  it("never sends a PDF chapter's file key, free or paid, nor a paid chapter's body", async () => {
    const course = await newCourse();
    const res = await h.request<{ content: { chapters: { title: string; body: string | null }[] } }>(
      "GET",
      `/api/content/${course.id}`,
    );
    expect(res.status).toBe(200);
    for (const secret of SECRETS) expect(res.text, secret).not.toContain(secret);
    expect(res.body.data?.content.chapters.map((c) => c.body)).toEqual([
      CHAPTERS[0]!.body,
      CHAPTERS[1]!.body,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe("PUT /api/courses/{id}/chapters/{chapterId}/done", () => {
  it("is for owners and staff only: not found for other customers and staff without content, 401 signed out", async () => {
    const course = await newCourse();
    const customer = await h.createUser();
    for (const chapterId of [course.chapters[0]!, course.chapters[2]!]) {
      expect((await setDone(course.id, chapterId, { done: true })).status).toBe(401);
      for (const [label, u] of [
        ["another customer", customer],
        ["staff without content", staffWithoutContent],
      ] as const) {
        const res = await setDone(course.id, chapterId, { done: true }, u.cookie);
        expect(res.status, label).toBe(404);
        expect(res.body, label).toEqual({ statusCode: 404, message: "No such chapter" });
      }
    }
    expect(await progressRows(customer.user.id)).toEqual([]);
    expect(await progressRows(staffWithoutContent.user.id)).toEqual([]);
  });

  it("marks done once however often it is sent, resumes at the first chapter not done, and undoes", async () => {
    const course = await newCourse();
    const buyer = await h.createUser();
    await buy(buyer, course.id);
    const [c1, c2, c3] = course.chapters;
    for (let i = 0; i < 3; i++) {
      const res = await setDone(course.id, c1!, { done: true }, buyer.cookie);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual({ doneCount: 1, total: 6, resumeChapterId: c2 });
    }
    expect(await progressRows(buyer.user.id)).toHaveLength(1);
    expect((await setDone(course.id, c2!, { done: true }, buyer.cookie)).body.data).toEqual({
      doneCount: 2,
      total: 6,
      resumeChapterId: c3,
    });
    const view = (await chapters(course.id, buyer.cookie)).body.data!;
    expect(view.chapters.map((c) => c.done)).toEqual([true, true, false, false, false, false]);
    expect(view.progress).toEqual({ doneCount: 2, total: 6, resumeChapterId: c3 });
    // Undoing the first sends the reader back to it; undoing twice changes nothing more.
    for (let i = 0; i < 2; i++) {
      expect((await setDone(course.id, c1!, { done: false }, buyer.cookie)).body.data).toEqual({
        doneCount: 1,
        total: 6,
        resumeChapterId: c1,
      });
    }
    for (const id of course.chapters) await setDone(course.id, id, { done: true }, buyer.cookie);
    expect((await chapters(course.id, buyer.cookie)).body.data?.progress).toEqual({
      doneCount: 6,
      total: 6,
      resumeChapterId: null,
    });
  });

  it("lets staff with the content permission mark chapters done", async () => {
    const course = await newCourse();
    const res = await setDone(course.id, course.chapters[3]!, { done: true }, contentStaff.cookie);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ doneCount: 1, total: 6, resumeChapterId: course.chapters[0] });
  });

  it("refuses bad input with 400 or 404 and changes nothing", async () => {
    const course = await newCourse();
    const other = await newCourse();
    const buyer = await h.createUser();
    await buy(buyer, course.id);
    const chapterId = course.chapters[0]!;
    for (const body of [{}, { done: "yes" }, { done: 1 }, { done: null }, [], "true"]) {
      const res = await setDone(course.id, chapterId, body, buyer.cookie);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const [courseId, chId] of [
      [course.id, other.chapters[0]!],
      [other.id, chapterId],
      [course.id, 2_000_000],
      [course.id, "abc"],
      [course.id, "0"],
      ["abc", chapterId],
      [2_000_000, chapterId],
    ] as const) {
      const res = await setDone(courseId, chId, { done: true }, buyer.cookie);
      expect(res.status, `${courseId}/${chId}`).toBe(404);
    }
    expect(await progressRows(buyer.user.id)).toEqual([]);
  });

  it("drops a chapter's progress with the chapter", async () => {
    const course = await newCourse();
    const buyer = await h.createUser();
    await buy(buyer, course.id);
    await setDone(course.id, course.chapters[2]!, { done: true }, buyer.cookie);
    await setDone(course.id, course.chapters[3]!, { done: true }, buyer.cookie);
    await h.db.delete(contentChapters).where(eq(contentChapters.id, course.chapters[2]!));
    expect((await progressRows(buyer.user.id)).map((r) => r.chapterId)).toEqual([course.chapters[3]]);
    expect((await chapters(course.id, buyer.cookie)).body.data?.progress).toEqual({
      doneCount: 1,
      total: 5,
      resumeChapterId: course.chapters[0],
    });
  });

  it("leaves one row when two sessions of the reader send done at the same time", async () => {
    const course = await newCourse();
    const buyer = await h.createUser();
    await buy(buyer, course.id);
    const tab = await h.signIn(buyer.phone, buyer.password);
    const cookies = [buyer.cookie, tab.cookie!];
    const chapterId = course.chapters[1]!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => setDone(course.id, chapterId, { done: true }, cookies[i % 2])),
    );
    for (const res of answers) {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data?.doneCount).toBe(1);
    }
    expect(await progressRows(buyer.user.id)).toHaveLength(1);
    // Done and undone at once from two tabs: whichever lands last wins, never two rows.
    const mixed = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        setDone(course.id, chapterId, { done: i % 2 === 0 }, cookies[(i >> 1) % 2]),
      ),
    );
    for (const res of mixed) expect(res.status, res.text).toBe(200);
    const rows = await h.db
      .select()
      .from(chapterProgress)
      .where(and(eq(chapterProgress.userId, buyer.user.id), eq(chapterProgress.chapterId, chapterId)));
    expect(rows.length).toBeLessThanOrEqual(1);
    const view = (await chapters(course.id, buyer.cookie)).body.data!;
    expect(view.chapters[1]?.done).toBe(rows.length === 1);
  });
});

describe("a refund or cancellation", () => {
  for (const status of ["refunded", "cancelled"] as const) {
    it(`takes the paid chapters away from a former owner at once (${status})`, async () => {
      const course = await newCourse();
      const buyer = await h.createUser();
      const placed = await buy(buyer, course.id);
      expect((await chapters(course.id, buyer.cookie)).body.data?.access).toBe("owner");
      expect((await setDone(course.id, course.chapters[2]!, { done: true }, buyer.cookie)).status).toBe(200);
      const res = await h.request("PATCH", `/api/admin/orders/${placed.orderId}/status`, {
        body: { status },
        cookie: ordersStaff.cookie,
      });
      expect(res.status, res.text).toBe(200);
      expectPreview(await chapters(course.id, buyer.cookie), `after ${status}`);
      expect((await setDone(course.id, course.chapters[3]!, { done: true }, buyer.cookie)).status).toBe(404);
      expect((await setDone(course.id, course.chapters[2]!, { done: false }, buyer.cookie)).status).toBe(404);
    });
  }
});

describe("the library's courses", () => {
  it("shows each course's chapters done and where to continue, the last active first", async () => {
    const older = await newCourse();
    const newer = await newCourse();
    const buyer = await h.createUser();
    await buy(buyer, older.id);
    h.clock.advance(60_000);
    await buy(buyer, newer.id);
    const library = async () =>
      (await h.request<MyLibrary>("GET", "/api/library", { cookie: buyer.cookie })).body.data!.courses;
    // Nothing done yet: the newest bought first, each to resume at its first chapter.
    let courses = await library();
    expect(courses.map((c) => [c.id, c.doneCount, c.chapters, c.resumeChapterId])).toEqual([
      [newer.id, 0, 6, newer.chapters[0]],
      [older.id, 0, 6, older.chapters[0]],
    ]);
    expect(courses[0]?.lastActivityAt).toBe(courses[0]?.boughtAt);
    h.clock.advance(60_000);
    await setDone(older.id, older.chapters[0]!, { done: true }, buyer.cookie);
    await setDone(older.id, older.chapters[1]!, { done: true }, buyer.cookie);
    await setDone(older.id, older.chapters[3]!, { done: true }, buyer.cookie);
    courses = await library();
    expect(courses.map((c) => c.id)).toEqual([older.id, newer.id]);
    expect(courses[0]).toMatchObject({
      doneCount: 3,
      chapters: 6,
      resumeChapterId: older.chapters[2],
      continueUrl: `/content/${older.id}?chapter=${older.chapters[2]}`,
    });
    expect(courses[0]?.lastActivityAt).toBe(h.clock.now().toISOString());
  });
});

describe("the course page's loader", () => {
  /** Runs the page's loader for `u` (signed out without); answers its data or the status it threw. */
  async function loadPage(id: number, u?: TestUser) {
    const context = new RouterContextProvider();
    context.set(appContext, {
      ctx: h.ctx(u?.user ?? null),
      requestId: "test",
      buildVersion: "test",
      origin: "http://shop.test",
    });
    try {
      return await loadCoursePage(context, id);
    } catch (thrown) {
      return { status: (thrown as { init?: ResponseInit }).init?.status };
    }
  }

  it("gives a visitor the free chapters only, and the owner every chapter, even once the course is taken down", async () => {
    const course = await newCourse();
    const buyer = await h.createUser();
    await buy(buyer, course.id);
    const visitor = await loadPage(course.id);
    expect("course" in visitor && visitor.course.chapters.map((c) => c.readable)).toEqual([
      true,
      true,
      false,
      false,
      false,
      true,
    ]);
    expect(JSON.stringify(visitor)).not.toContain("PAID-SECRET");

    await h.db.update(products).set({ published: false }).where(eq(products.id, course.id));
    expect(await loadPage(course.id)).toEqual({ status: 404 });
    expect(await loadPage(course.id, await h.createUser())).toEqual({ status: 404 });
    const owner = await loadPage(course.id, buyer);
    expect("course" in owner && owner.course.access).toBe("owner");
    expect("product" in owner && owner.product.id).toBe(course.id);
    expect(JSON.stringify(owner)).toContain("PAID-SECRET");
  });
});
