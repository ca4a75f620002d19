/**
 * The access matrix: every documented endpoint that needs a caller, called by every kind of
 * caller, answers as its documented access says. Signed out is 401; a customer, and staff holding
 * every permission but the one an endpoint needs, are 403; the caller it is meant for gets past
 * the check (any answer but 401 and 403). The table is the API document's own list of endpoints
 * (src/server/http/openapi.ts), so a new endpoint is in the matrix the moment it is documented.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_AREAS, type AdminArea } from "../../src/contracts/permissions";
import { ENDPOINTS } from "../../src/server/http/api/endpoints";
import type { Access, Endpoint } from "../../src/server/http/endpoint";
import { createSession, SESSION_COOKIE } from "../../src/server/services/accounts/sessions";
import { checkout, payAtSandbox } from "./buying";
import { addChapters, createEbookWithPdf, createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";

type Caller = { label: string; userId: number | null };

let h: Harness;
let customer: Caller;
let admin: Caller;
/** Staff holding only this permission, and staff holding every permission but this one. */
const holding = new Map<AdminArea, Caller>();
const lacking = new Map<AdminArea, Caller>();
let staffWithEverything: Caller;
/** Staff holding no permission at all: still staff, for the pages and endpoints open to any. */
let noPermissions: Caller;
let orderId: number;
let productId: number;
let otherUserId: number;
/** An owner of an e-book and of a course with a paid PDF chapter, for the reader's pages. */
let owner: Caller;
let ebookId: number;
let courseId: number;
let paidChapterId: number;

beforeAll(async () => {
  h = await createHarness();
  const buyer = await h.createUser({ name: "Matrix Customer" });
  customer = { label: "a customer", userId: buyer.user.id };
  admin = { label: "an admin", userId: (await h.createUser({ role: "admin" })).user.id };
  for (const area of ADMIN_AREAS) {
    const only = await h.createUser({ role: "staff", permissions: [area] });
    holding.set(area, { label: `staff holding only ${area}`, userId: only.user.id });
    const others = await h.createUser({
      role: "staff",
      permissions: ADMIN_AREAS.filter((a) => a !== area),
    });
    lacking.set(area, { label: `staff holding every permission but ${area}`, userId: others.user.id });
  }
  const all = await h.createUser({ role: "staff", permissions: [...ADMIN_AREAS] });
  staffWithEverything = { label: "staff holding every permission", userId: all.user.id };
  const none = await h.createUser({ role: "staff", permissions: [] });
  noPermissions = { label: "staff holding no permission", userId: none.user.id };
  otherUserId = (await h.createUser()).user.id;
  const book = await createProduct(h.db, { stock: 50 });
  productId = book.id;
  orderId = (await checkout(h, buyer, { items: [{ productId }] })).orderId;

  const ebook = await createEbookWithPdf(h.db, h.storage, { pages: 6, demoPages: [1] });
  ebookId = ebook.id;
  const course = await createProduct(h.db, { kind: "content" });
  courseId = course.id;
  const [paid] = await addChapters(h.db, course.id, [
    { title: "Paid PDF chapter", kind: "pdf", isFree: false, body: ebook.pdfKey },
  ]);
  paidChapterId = paid!.id;
  const reader = await h.createUser({ name: "Matrix Owner" });
  owner = { label: "the owner", userId: reader.user.id };
  const placed = await checkout(h, reader, {
    items: [
      { productId: ebook.id, type: "ebook" },
      { productId: course.id, type: "content" },
    ],
    paymentMethod: "gateway",
  });
  await payAtSandbox(h, placed.tranx);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

/** A real value for each path parameter, so a refusal can only come from the access check. */
function pathOf(e: Endpoint): string {
  return e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === "id") {
      if (e.path.includes("/orders/") || e.path.includes("/invoices/")) return String(orderId);
      if (e.path.includes("/users/")) return String(otherUserId);
      return String(productId);
    }
    return "x";
  });
}

/** A value for each path parameter that names nothing: an id no row has, a month, slug or page of none. */
function missingPathOf(e: Endpoint): string {
  return e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === "month") return "2099-01";
    if (name === "slug") return "no-such-page";
    if (name === "page") return "1";
    return "999999999";
  });
}

/** Calls the endpoint as the caller, on a session of its own (a sign-out ends only that one). */
async function call(e: Endpoint, caller: Caller | null, path = pathOf(e)) {
  let cookie: string | undefined;
  if (caller?.userId) {
    const { token } = await createSession(h.ctx(), caller.userId, "matrix");
    cookie = `${SESSION_COOKIE}=${token}`;
  }
  const method = e.method.toUpperCase();
  return h.request(method, path, { cookie, ...(method === "GET" ? {} : { body: {} }) });
}

/** Who must be refused (with their status) and who must get past the check, for an access rule. */
function expectations(access: Access): { refused: [Caller | null, number][]; allowed: Caller[] } {
  switch (access.who) {
    case "signed-in":
      return { refused: [[null, 401]], allowed: [customer, staffWithEverything, admin] };
    case "staff":
      // Any staff member: staff holding nothing pass, customers do not.
      if (access.permission === null) {
        return {
          refused: [
            [null, 401],
            [customer, 403],
          ],
          allowed: [noPermissions, admin],
        };
      }
      return {
        refused: [
          [null, 401],
          [customer, 403],
          [lacking.get(access.permission)!, 403],
        ],
        allowed: [holding.get(access.permission)!, admin],
      };
    case "any-staff":
      return {
        refused: [
          [null, 401],
          [customer, 403],
        ],
        allowed: [noPermissions, holding.get("books")!, admin],
      };
    case "admin":
      return {
        refused: [
          [null, 401],
          [customer, 403],
          [staffWithEverything, 403],
        ],
        allowed: [admin],
      };
    default:
      return { refused: [], allowed: [] };
  }
}

const guarded = ENDPOINTS.filter((e) => e.access.who !== "anyone" && e.access.who !== "gateway");

describe("the access matrix", () => {
  it("covers every endpoint that needs a caller", () => {
    expect(guarded.length).toBeGreaterThan(15);
  });

  it.each(guarded.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    "%s answers as its access says",
    async (_name, e) => {
      const { refused, allowed } = expectations(e.access);
      for (const [caller, status] of refused) {
        const res = await call(e, caller);
        expect(res.status, `${caller?.label ?? "signed out"}: ${res.text}`).toBe(status);
      }
      for (const caller of allowed) {
        const res = await call(e, caller);
        expect([401, 403], `${caller.label} was refused: ${res.text}`).not.toContain(res.status);
      }
    },
  );

  // Permission before existence: a caller refused a real id is refused a missing one the same
  // way, so a 404 never tells them what exists in an area they do not hold.
  const withIds = guarded.filter((e) => e.path.includes("{"));
  it.each(withIds.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    "%s refuses a missing id as it refuses a real one",
    async (_name, e) => {
      for (const [caller, status] of expectations(e.access).refused) {
        const res = await call(e, caller, missingPathOf(e));
        expect(res.status, `${caller?.label ?? "signed out"}: ${res.text}`).toBe(status);
      }
    },
  );
});

// The reader's pages are open to anyone by the documented access (a preview reads the demo pages
// and free chapters), so ownership decides within: the owner and staff holding the area pass;
// another customer and staff without it get the one 404 a missing page gets, whether the page is
// asked for as a one-page PDF or as a picture.
describe("the reader's pages, as PDFs and as pictures", () => {
  const readerPages = ENDPOINTS.filter((e) => e.tag === "Reader" && e.path.includes("/pages/{page}"));
  const area = (e: Endpoint) => (e.path.startsWith("/api/ebooks/") ? "books" : "content");
  /** A page that is neither a demo page nor in a free chapter. */
  const ownedPath = (e: Endpoint) =>
    e.path
      .replace("{id}", String(e.path.startsWith("/api/ebooks/") ? ebookId : courseId))
      .replace("{chapterId}", String(paidChapterId))
      .replace("{page}", "2");

  it("covers the pages and their pictures, of e-books and of chapters", () => {
    expect(readerPages.map((e) => e.path).sort()).toEqual([
      "/api/courses/{id}/chapters/{chapterId}/pages/{page}",
      "/api/courses/{id}/chapters/{chapterId}/pages/{page}/image",
      "/api/ebooks/{id}/pages/{page}",
      "/api/ebooks/{id}/pages/{page}/image",
    ]);
  });

  it.each(readerPages.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    "%s opens to the owner and staff holding its area, and is the one 404 to everyone else",
    async (_name, e) => {
      for (const caller of [owner, holding.get(area(e))!, admin]) {
        const res = await call(e, caller, ownedPath(e));
        expect(res.status, `${caller.label}: ${res.text.slice(0, 200)}`).toBe(200);
      }
      const missing = await call(e, owner, missingPathOf(e));
      expect(missing.status).toBe(404);
      for (const caller of [null, customer, lacking.get(area(e))!, noPermissions]) {
        const res = await call(e, caller, ownedPath(e));
        expect(res.status, `${caller?.label ?? "signed out"}: ${res.text}`).toBe(404);
        expect(res.body, caller?.label ?? "signed out").toEqual(missing.body);
      }
    },
  );
});
