/**
 * A course's chapters run by staff: added (each kind, a video only from a host the shop can
 * embed), edited and deleted with the chapter's version, reordered with the course's version.
 * Bad input is a 400 with a field message and changes nothing; a stale edit, delete or order is a
 * 409 with the record as it now is; every change is audited and seen by a signed-out visitor.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminChapter,
  type AdminCourseChapters,
  VIDEO_HOST_ERROR,
} from "../../src/contracts/admin-chapters";
import type { CourseChapters } from "../../src/contracts/courses";
import { ADMIN_AREAS } from "../../src/contracts/permissions";
import { auditLog, chapterProgress, contentChapters, products } from "../../src/server/db/schema";
import { addChapters, createEbookWithPdf, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let staff: TestUser;
let staffWithoutContent: TestUser;
let reader: TestUser;

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["content"], name: "Content Staff" });
  staffWithoutContent = await h.createUser({
    role: "staff",
    permissions: ADMIN_AREAS.filter((a) => a !== "content"),
    name: "Other Staff",
  });
  reader = await h.createUser({ name: "Reader" });
});
afterAll(async () => {
  await h?.close();
});

async function newCourse(titles = ["One", "Two", "Three"]) {
  const course = await createProduct(h.db, { kind: "content", title: "Physics 1st paper" });
  const chapters = await addChapters(
    h.db,
    course.id,
    titles.map((title) => ({ title, isFree: false })),
  );
  return { id: course.id, chapterIds: chapters.map((c) => c.id) };
}

const base = (courseId: number) => `/api/admin/content/${courseId}/chapters`;
const list = (courseId: number, cookie = staff.cookie) =>
  h.request<AdminCourseChapters>("GET", base(courseId), { cookie });
const add = (courseId: number, body: unknown, cookie = staff.cookie) =>
  h.request<AdminChapter>("POST", base(courseId), { cookie, body });
const edit = (courseId: number, chapterId: number, body: unknown, cookie = staff.cookie) =>
  h.request<AdminChapter>("PATCH", `${base(courseId)}/${chapterId}`, { cookie, body });
const remove = (courseId: number, chapterId: number, body: unknown, cookie = staff.cookie) =>
  h.request<{ id: number; courseVersion: number }>("DELETE", `${base(courseId)}/${chapterId}`, {
    cookie,
    body,
  });
const reorder = (courseId: number, body: unknown, cookie = staff.cookie) =>
  h.request<AdminCourseChapters>("PUT", `${base(courseId)}/order`, { cookie, body });

/** The course's chapters straight from the database, in order: [id, position, title]. */
async function stored(courseId: number) {
  const rows = await h.db
    .select()
    .from(contentChapters)
    .where(eq(contentChapters.productId, courseId))
    .orderBy(asc(contentChapters.position), asc(contentChapters.id));
  return rows;
}
async function courseVersion(courseId: number) {
  const [row] = await h.db.select({ v: products.version }).from(products).where(eq(products.id, courseId));
  return row!.v;
}
async function auditCount() {
  return (await h.db.select().from(auditLog)).length;
}

describe("GET /api/admin/content/{id}/chapters", () => {
  it("lists the course's chapters in order with the course's version", async () => {
    const c = await newCourse();
    const res = await list(c.id);
    expect(res.status).toBe(200);
    expect(res.body.data?.course).toMatchObject({ id: c.id, title: "Physics 1st paper", version: 1 });
    expect(res.body.data?.chapters.map((x) => [x.id, x.position, x.title])).toEqual([
      [c.chapterIds[0], 1, "One"],
      [c.chapterIds[1], 2, "Two"],
      [c.chapterIds[2], 3, "Three"],
    ]);
  });

  it("refuses staff without the content permission, and answers 404 for a book", async () => {
    const c = await newCourse();
    expect((await list(c.id, staffWithoutContent.cookie)).status).toBe(403);
    expect((await list(c.id, reader.cookie)).status).toBe(403);
    const book = await createProduct(h.db, { kind: "book" });
    expect((await list(book.id)).status).toBe(404);
  });

  it("shows a PDF chapter's page count, never its file key; none yet is null", async () => {
    const course = await createProduct(h.db, { kind: "content" });
    const ebook = await createEbookWithPdf(h.db, h.storage, { pages: 3 });
    await addChapters(h.db, course.id, [
      { title: "Notes", kind: "pdf", isFree: false, body: ebook.pdfKey },
      { title: "Empty", kind: "pdf", isFree: false, body: "" },
    ]);
    const res = await list(course.id);
    expect(res.body.data?.chapters.map((x) => x.file)).toEqual([{ pageCount: 3 }, null]);
    expect(res.text).not.toContain(ebook.pdfKey);
  });
});

describe("POST /api/admin/content/{id}/chapters", () => {
  it("adds each kind at the end, raises the course's version and audits it", async () => {
    const c = await newCourse(["Intro"]);
    const audits = await auditCount();
    const video = await add(c.id, {
      kind: "video",
      title: "  Vectors  ",
      body: "https://youtu.be/dQw4w9WgXcQ",
    });
    expect(video.status).toBe(201);
    expect(video.body.data).toMatchObject({
      position: 2,
      title: "Vectors",
      kind: "video",
      isFree: false,
      version: 1,
    });
    const text = await add(c.id, { kind: "text", title: "Notes", body: "# Hello", isFree: true });
    expect(text.body.data).toMatchObject({ position: 3, kind: "text", body: "# Hello", isFree: true });
    const pdf = await add(c.id, { kind: "pdf", title: "Sheet", body: "content/someone-elses-file.pdf" });
    expect(pdf.status).toBe(201);
    expect(pdf.body.data).toMatchObject({ position: 4, kind: "pdf", body: "", file: null });
    const rows = await stored(c.id);
    expect(rows.map((r) => r.title)).toEqual(["Intro", "Vectors", "Notes", "Sheet"]);
    // A PDF chapter's file comes from its upload only, never from the body.
    expect(rows[3]!.body).toBe("");
    expect(await courseVersion(c.id)).toBe(4);
    expect(await auditCount()).toBe(audits + 3);
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "content_chapter"), eq(auditLog.entityId, String(text.body.data!.id))));
    expect(entry).toMatchObject({ action: "chapter.create", actorId: staff.user.id });
  });

  it.each([
    [{ kind: "video", title: "V", body: "https://example.com/video.mp4" }, "body", VIDEO_HOST_ERROR],
    [{ kind: "video", title: "V", body: "javascript:alert(1)" }, "body", VIDEO_HOST_ERROR],
    [{ kind: "video", title: "V" }, "body", "Enter the video's link"],
    [
      { kind: "text", title: "T", body: "x".repeat(200_001) },
      "body",
      "The text is at most 200,000 characters",
    ],
    [{ kind: "text", title: "T", body: "   " }, "body", "Write the chapter's text"],
    [{ kind: "text", title: "", body: "Hi" }, "title", "Enter the chapter's title"],
    [{ kind: "text", title: "x".repeat(201), body: "Hi" }, "title", "The title is at most 200 characters"],
    [{ kind: "audio", title: "A", body: "Hi" }, "kind", "kind must be video, pdf or text"],
    [{ kind: "text", title: "T", body: "Hi", isFree: "yes" }, "isFree", "isFree must be true or false"],
  ])("refuses %j with 400 on %s and changes nothing", async (body, field, message) => {
    const c = await newCourse();
    const audits = await auditCount();
    const res = await add(c.id, body);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
    expect((await stored(c.id)).length).toBe(3);
    expect(await courseVersion(c.id)).toBe(1);
    expect(await auditCount()).toBe(audits);
  });

  it("answers 404 for a product that is not a course", async () => {
    const book = await createProduct(h.db, { kind: "book" });
    const res = await add(book.id, { kind: "text", title: "T", body: "Hi" });
    expect(res.status).toBe(404);
    expect((await stored(book.id)).length).toBe(0);
  });

  it("a free text chapter is readable signed out at once", async () => {
    const c = await newCourse(["Paid"]);
    const made = await add(c.id, {
      kind: "text",
      title: "Free lesson",
      body: "**Open** to all",
      isFree: true,
    });
    const res = await h.request<CourseChapters>("GET", `/api/courses/${c.id}/chapters`);
    const chapter = res.body.data?.chapters.find((x) => x.id === made.body.data!.id);
    expect(chapter).toMatchObject({
      readable: true,
      content: { kind: "text", html: "<p><strong>Open</strong> to all</p>" },
    });
  });
});

describe("PATCH /api/admin/content/{id}/chapters/{chapterId}", () => {
  it("saves with the version it started from and raises it", async () => {
    const c = await newCourse();
    const id = c.chapterIds[1]!;
    const res = await edit(c.id, id, {
      kind: "video",
      title: "Waves",
      body: "https://vimeo.com/76979871",
      isFree: true,
      version: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      title: "Waves",
      kind: "video",
      isFree: true,
      version: 2,
      position: 2,
    });
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "chapter.update"), eq(auditLog.entityId, String(id))));
    expect(entry?.before).toMatchObject({ title: "Two", kind: "text" });
    expect(entry?.after).toMatchObject({ title: "Waves", kind: "video" });
  });

  it("refuses a stale edit with 409 and the chapter as it now is", async () => {
    const c = await newCourse();
    const id = c.chapterIds[0]!;
    expect((await edit(c.id, id, { kind: "text", title: "First save", body: "A", version: 1 })).status).toBe(
      200,
    );
    const stale = await edit(c.id, id, { kind: "text", title: "Second save", body: "B", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id, title: "First save", body: "A", version: 2 });
    expect((await stored(c.id))[0]!.title).toBe("First save");
  });

  it("refuses a bad edit with 400 and changes nothing", async () => {
    const c = await newCourse();
    const id = c.chapterIds[0]!;
    const res = await edit(c.id, id, {
      kind: "video",
      title: "V",
      body: "https://evil.example/x",
      version: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.body).toBe(VIDEO_HOST_ERROR);
    expect((await stored(c.id))[0]).toMatchObject({ title: "One", kind: "text", version: 1 });
  });

  it("keeps a PDF chapter's file while it stays a PDF chapter, drops it when it changes kind", async () => {
    const course = await createProduct(h.db, { kind: "content" });
    const ebook = await createEbookWithPdf(h.db, h.storage, { pages: 2 });
    const [ch] = await addChapters(h.db, course.id, [
      { title: "Notes", kind: "pdf", isFree: false, body: ebook.pdfKey },
    ]);
    const renamed = await edit(course.id, ch!.id, {
      kind: "pdf",
      title: "Lecture notes",
      body: "other.pdf",
      version: 1,
    });
    expect(renamed.body.data).toMatchObject({ title: "Lecture notes", file: { pageCount: 2 } });
    expect((await stored(course.id))[0]!.body).toBe(ebook.pdfKey);
    await edit(course.id, ch!.id, { kind: "text", title: "Now text", body: "Hello", version: 2 });
    expect((await stored(course.id))[0]).toMatchObject({ kind: "text", body: "Hello" });
  });

  it("answers 404 for a chapter of another course", async () => {
    const a = await newCourse();
    const b = await newCourse();
    const res = await edit(a.id, b.chapterIds[0]!, { kind: "text", title: "X", body: "Y", version: 1 });
    expect(res.status).toBe(404);
    expect((await stored(b.id))[0]!.title).toBe("One");
  });
});

describe("DELETE /api/admin/content/{id}/chapters/{chapterId}", () => {
  it("deletes a chapter someone has progress on, with its progress; the rest move up", async () => {
    const c = await newCourse();
    const gone = c.chapterIds[0]!;
    await h.db
      .insert(chapterProgress)
      .values({ userId: reader.user.id, chapterId: gone, productId: c.id, completedAt: new Date() });
    const res = await remove(c.id, gone, { version: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: gone, courseVersion: 2 });
    expect((await stored(c.id)).map((r) => [r.id, r.position])).toEqual([
      [c.chapterIds[1], 1],
      [c.chapterIds[2], 2],
    ]);
    expect(await h.db.select().from(chapterProgress).where(eq(chapterProgress.chapterId, gone))).toEqual([]);
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "chapter.delete"), eq(auditLog.entityId, String(gone))));
    expect(entry?.before).toMatchObject({ title: "One" });
  });

  it("refuses a stale delete with 409 and keeps the chapter", async () => {
    const c = await newCourse();
    const id = c.chapterIds[2]!;
    await edit(c.id, id, { kind: "text", title: "Edited", body: "B", version: 1 });
    const res = await remove(c.id, id, { version: 1 });
    expect(res.status).toBe(409);
    expect(res.body.data).toMatchObject({ id, title: "Edited", version: 2 });
    expect((await stored(c.id)).length).toBe(3);
  });

  it("refuses a delete without a version with 400", async () => {
    const c = await newCourse();
    const res = await remove(c.id, c.chapterIds[0]!, {});
    expect(res.status).toBe(400);
    expect(res.body.errors?.version).toBe("version must be a number");
    expect((await stored(c.id)).length).toBe(3);
  });
});

describe("PUT /api/admin/content/{id}/chapters/order", () => {
  it("saves the new order, raises the course's version, and the shop shows it", async () => {
    const c = await newCourse();
    const [a, b, d] = c.chapterIds as [number, number, number];
    const res = await reorder(c.id, { chapterIds: [d, a, b], version: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data?.course.version).toBe(2);
    expect(res.body.data?.chapters.map((x) => [x.id, x.position])).toEqual([
      [d, 1],
      [a, 2],
      [b, 3],
    ]);
    const shop = await h.request<CourseChapters>("GET", `/api/courses/${c.id}/chapters`);
    expect(shop.body.data?.chapters.map((x) => x.title)).toEqual(["Three", "One", "Two"]);
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "chapter.reorder"), eq(auditLog.entityId, String(c.id))));
    expect(entry).toMatchObject({ before: { chapterIds: [a, b, d] }, after: { chapterIds: [d, a, b] } });
  });

  it("refuses an order made from an old version with 409 and the order as it now is", async () => {
    const c = await newCourse();
    const [a, b, d] = c.chapterIds as [number, number, number];
    expect((await reorder(c.id, { chapterIds: [b, a, d], version: 1 })).status).toBe(200);
    const stale = await reorder(c.id, { chapterIds: [d, b, a], version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ course: { version: 2 } });
    expect((stale.body.data as AdminCourseChapters).chapters.map((x) => x.id)).toEqual([b, a, d]);
    expect((await stored(c.id)).map((r) => r.id)).toEqual([b, a, d]);
  });

  it("an added or removed chapter makes an order from before it stale", async () => {
    const c = await newCourse();
    await add(c.id, { kind: "text", title: "Four", body: "4" });
    const res = await reorder(c.id, { chapterIds: [...c.chapterIds].reverse(), version: 1 });
    expect(res.status).toBe(409);
  });

  it.each([
    ["a chapter missing", (ids: number[], _o: number) => [ids[1], ids[0]]],
    ["a chapter of another course", (ids: number[], other: number) => [ids[2], ids[1], other]],
    ["a chapter twice", (ids: number[], _o: number) => [ids[0], ids[0], ids[1], ids[2]]],
    ["an extra id", (ids: number[], other: number) => [...ids, other]],
  ])("refuses an order with %s with 400 and moves nothing", async (_name, make) => {
    const c = await newCourse();
    const other = await newCourse();
    const audits = await auditCount();
    const res = await reorder(c.id, { chapterIds: make(c.chapterIds, other.chapterIds[0]!), version: 1 });
    expect(res.status).toBe(400);
    expect(res.body.errors?.chapterIds).toBe(
      "The order must list every chapter of this course once, and no other",
    );
    expect((await stored(c.id)).map((r) => r.id)).toEqual(c.chapterIds);
    expect((await stored(other.id)).map((r) => r.id)).toEqual(other.chapterIds);
    expect(await courseVersion(c.id)).toBe(1);
    expect(await auditCount()).toBe(audits);
  });

  it("two staff reordering at once: one wins, the other gets 409, the order is one of theirs", async () => {
    const titles = Array.from({ length: 12 }, (_, i) => `Chapter ${i + 1}`);
    for (let round = 0; round < 5; round++) {
      const c = await newCourse(titles);
      const version = await courseVersion(c.id);
      const first = [...c.chapterIds].reverse();
      const second = [...c.chapterIds.slice(6), ...c.chapterIds.slice(0, 6)];
      const answers = await Promise.all([
        reorder(c.id, { chapterIds: first, version }),
        reorder(c.id, { chapterIds: second, version }),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = answers[0]!.status === 200 ? first : second;
      const rows = await stored(c.id);
      expect(rows.map((r) => r.id)).toEqual(winner);
      expect(rows.map((r) => r.position)).toEqual(titles.map((_, i) => i + 1));
      expect(await courseVersion(c.id)).toBe(version + 1);
    }
  });
});
