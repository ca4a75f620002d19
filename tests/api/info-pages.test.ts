/**
 * The six /info pages edited by staff holding the `content` permission: list, read, save (with
 * its version: a stale edit is 409 with the page as it now is), preview; bad input is 400 and
 * changes nothing; every save is audited and moves the public pages on; the shop shows the
 * Markdown rendered and sanitised.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STALE_EDIT } from "../../src/contracts/admin";
import { auditLog, infoPages } from "../../src/server/db/schema";
import { ensureInfoPages } from "../../src/server/seed/info-pages";
import type { AdminInfoPage } from "../../src/server/services/catalog/info-pages";
import { readInfoPage } from "../../src/server/services/catalog/info-pages";
import { localContentVersion } from "../../src/server/services/public-content";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let editor: TestUser;
let colleague: TestUser;
let noContent: TestUser;

beforeAll(async () => {
  h = await createHarness();
  await ensureInfoPages(h.ctx());
  editor = await h.createUser({ role: "staff", permissions: ["content"] });
  colleague = await h.createUser({ role: "admin" });
  noContent = await h.createUser({ role: "staff", permissions: ["books", "users"] });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const get = (slug: string, cookie = editor.cookie) =>
  h.request<AdminInfoPage>("GET", `/api/admin/info-pages/${slug}`, { cookie });
const patch = (slug: string, body: unknown, cookie = editor.cookie) =>
  h.request<AdminInfoPage>("PATCH", `/api/admin/info-pages/${slug}`, { cookie, body });
const row = async (slug: string) => (await h.db.select().from(infoPages).where(eq(infoPages.slug, slug)))[0]!;

describe("GET /api/admin/info-pages", () => {
  it("lists the six pages in the footer's order, without bodies", async () => {
    const res = await h.request<{ items: AdminInfoPage[] }>("GET", "/api/admin/info-pages", {
      cookie: editor.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.items.map((p) => p.slug)).toEqual([
      "about",
      "cancelation",
      "contact",
      "privacy-policy",
      "refund",
      "termsandconditions",
    ]);
    expect(res.body.data?.items[0]).not.toHaveProperty("body");
    expect(res.body.data?.items[0]).toMatchObject({ version: 1, updatedAt: expect.stringMatching(/Z$/) });
  });

  it("refuses staff without the content permission, and the signed out", async () => {
    expect((await h.request("GET", "/api/admin/info-pages", { cookie: noContent.cookie })).status).toBe(403);
    expect((await h.request("GET", "/api/admin/info-pages")).status).toBe(401);
  });
});

describe("GET /api/admin/info-pages/{slug}", () => {
  it("answers the page with its Markdown and version, 404 to an unknown slug", async () => {
    const res = await get("refund");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ slug: "refund", version: 1 });
    expect(res.body.data?.body.length).toBeGreaterThan(100);
    expect((await get("nope")).status).toBe(404);
    expect((await get("refund", noContent.cookie)).status).toBe(403);
  });
});

describe("PATCH /api/admin/info-pages/{slug}", () => {
  it("saves, audits, moves the public pages on, and the shop shows it rendered and sanitised", async () => {
    const before = localContentVersion();
    const body = [
      "We refund **within 7 days**.",
      "",
      "## How to ask",
      "",
      "- Call us",
      '- <script>alert("x")</script>Write to us',
      "",
      "[Contact](/info/contact) or [evil](javascript:alert(1)) <img src=x onerror=alert(1)>",
    ].join("\n");
    const res = await patch("refund", { title: "  Refunds  ", body, version: 1 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ title: "Refunds", body, version: 2 });
    expect(localContentVersion()).toBeGreaterThan(before);

    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "info-page.update"), eq(auditLog.entityId, "refund")));
    expect(entry).toMatchObject({ actorId: editor.user.id, entity: "info_page" });
    expect(entry?.after).toMatchObject({ title: "Refunds", version: 2 });
    expect(entry?.before).toMatchObject({ version: 1 });

    const shown = await readInfoPage(h.ctx(), "refund");
    expect(shown?.title).toBe("Refunds");
    expect(shown?.html).toContain("<strong>within 7 days</strong>");
    expect(shown?.html).toContain("<h2>How to ask</h2>");
    expect(shown?.html).toContain("<li>Call us</li>");
    expect(shown?.html).toContain('href="/info/contact"');
    expect(shown?.html).not.toMatch(/<script|alert\("x"\)|javascript:|<img|onerror/);
    expect(shown?.description).toBe("We refund within 7 days.");
  });

  it("answers 409 to a stale version with the page as it now is, and changes nothing", async () => {
    const current = await row("refund");
    const res = await patch("refund", { title: "Mine", body: "my text", version: current.version - 1 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(STALE_EDIT);
    expect(res.body.data).toMatchObject({ title: "Refunds", version: current.version });
    expect(await row("refund")).toMatchObject({ title: "Refunds", version: current.version });
  });

  it("lets only one of two edits of the same version through", async () => {
    const { version } = await row("about");
    const [a, b] = await Promise.all([
      patch("about", { title: "About A", body: "A", version }),
      patch("about", { title: "About B", body: "B", version }, colleague.cookie),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const after = await row("about");
    expect(after.version).toBe(version + 1);
    expect(after.title).toBe(a.status === 200 ? "About A" : "About B");
  });

  it.each([
    ["an empty title", { title: "", body: "x", version: 1 }, "title"],
    ["a title of 201 characters", { title: "x".repeat(201), body: "x", version: 1 }, "title"],
    ["a body over 100,000 characters", { title: "T", body: "x".repeat(100_001), version: 1 }, "body"],
    ["a body that is a number", { title: "T", body: 5, version: 1 }, "body"],
    ["no version", { title: "T", body: "x" }, "version"],
    ["version 0", { title: "T", body: "x", version: 0 }, "version"],
  ])("answers 400 to %s and changes nothing", async (_name, input, field) => {
    const before = await row("contact");
    const res = await patch("contact", input);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBeTruthy();
    expect(await row("contact")).toEqual(before);
  });

  it("answers 404 to an unknown page and 403 to staff without content", async () => {
    expect((await patch("nope", { title: "T", body: "x", version: 1 })).status).toBe(404);
    const before = await row("contact");
    expect((await patch("contact", { title: "T", body: "x", version: 1 }, noContent.cookie)).status).toBe(
      403,
    );
    expect(await row("contact")).toEqual(before);
  });
});

describe("POST /api/admin/info-pages/preview", () => {
  it("renders the Markdown as the shop will, without saving", async () => {
    const res = await h.request<{ html: string }>("POST", "/api/admin/info-pages/preview", {
      cookie: editor.cookie,
      body: { body: "## Hours\n\nOpen *daily* <script>x()</script>" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.html).toBe("<h2>Hours</h2>\n<p>Open <em>daily</em> </p>");
    const big = await h.request("POST", "/api/admin/info-pages/preview", {
      cookie: editor.cookie,
      body: { body: "x".repeat(100_001) },
    });
    expect(big.status).toBe(400);
  });
});
