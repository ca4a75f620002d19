/**
 * Bad input on every documented endpoint, as every kind of caller: wrong types, huge and negative
 * numbers, NaN and Infinity as text, NUL bytes, long strings, right-to-left text and emoji, deep
 * nesting, arrays where objects go, wrong content types, malformed JSON and bad path parameters.
 * No answer may be a 5xx, and every answer must be one the API document describes.
 *
 * The inputs are a fixed list plus values from fast-check under a fixed seed, so a failure
 * reproduces: each one is printed as the request that caused it.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_AREAS } from "../../src/contracts/permissions";
import { ENDPOINTS } from "../../src/server/http/api/endpoints";
import type { Endpoint } from "../../src/server/http/endpoint";
import { ensureInfoPages } from "../../src/server/seed/info-pages";
import { createSession, SESSION_COOKIE } from "../../src/server/services/accounts/sessions";
import { checkout } from "./buying";
import { apiDocument, contractViolation } from "./contract";
import { addBundleItems, addChapters, createAuthor, createEbookWithPdf, createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";

const SEED = 20310301;

type Json = Record<string, unknown>;
type Role = "signed out" | "customer" | "staff without permission" | "staff with permission" | "admin";
const ROLES: Role[] = [
  "signed out",
  "customer",
  "staff without permission",
  "staff with permission",
  "admin",
];

/** The role that passes each kind of access, so bad input reaches the service behind it. */
const AUTHORISED: Record<Endpoint["access"]["who"], Role> = {
  anyone: "customer",
  "signed-in": "customer",
  staff: "staff with permission",
  "any-staff": "staff without permission",
  admin: "admin",
  gateway: "signed out",
};

type FuzzRequest = {
  role: Role;
  method: string;
  path: string;
  contentType?: string;
  body?: string;
};

let h: Harness;
const cookies = new Map<Role, () => Promise<string | undefined>>();
const sessions = new Map<Role, string>();
/** A valid value for each path parameter, by endpoint path. */
const validParams = new Map<string, Record<string, string>>();

beforeAll(async () => {
  h = await createHarness();
  const author = await createAuthor(h.db, "Fuzz Author");
  const book = await createProduct(h.db, { stock: 50, authorIds: [author.id] });
  // A real file, so the reader's endpoints are fuzzed past the access check (staff read every page).
  const ebook = await createEbookWithPdf(h.db, h.storage, { pages: 4 });
  const stationery = await createProduct(h.db, { kind: "stationary", stock: 50 });
  const content = await createProduct(h.db, { kind: "content" });
  // A text chapter, and a PDF chapter with a real file so the chapter reader is fuzzed past the access check.
  const [chapter, pdfChapter] = await addChapters(h.db, content.id, [
    { title: "Fuzz chapter", isFree: true },
    { title: "Fuzz PDF chapter", isFree: false, kind: "pdf", body: ebook.pdfKey },
  ]);
  // A course of its own for the chapter editor's endpoints, so a fuzzed delete or order leaves the reader's alone.
  const edited = await createProduct(h.db, { kind: "content" });
  const [editedChapter] = await addChapters(h.db, edited.id, [
    { title: "Fuzz edited chapter", isFree: false },
  ]);
  const bundle = await createProduct(h.db, { kind: "bundle", stock: 10 });
  await ensureInfoPages(h.ctx());
  await addBundleItems(h.db, bundle.id, [{ itemId: book.id, quantity: 1 }]);

  const customer = await h.createUser({ name: "Fuzz Customer" });
  const staffNone = await h.createUser({ role: "staff", permissions: [], name: "Fuzz Staff None" });
  const staffAll = await h.createUser({
    role: "staff",
    permissions: [...ADMIN_AREAS],
    name: "Fuzz Staff All",
  });
  const admin = await h.createUser({ role: "admin", name: "Fuzz Admin" });
  const victim = await h.createUser({ name: "Fuzz Victim" });
  const order = await checkout(h, customer, { items: [{ productId: book.id }] });
  await h.request("POST", "/api/reviews", {
    cookie: customer.cookie,
    body: { productType: "book", productId: book.id, rating: 4, text: "Good" },
  });

  // One session per role, made again after a fuzzed sign-out ends it (no password hashing).
  const sessionOf = (role: Role, userId: number) => async () => {
    let cookie = sessions.get(role);
    if (!cookie) {
      const { token } = await createSession(h.ctx(), userId, "fuzz");
      cookie = `${SESSION_COOKIE}=${token}`;
      sessions.set(role, cookie);
    }
    return cookie;
  };
  cookies.set("signed out", async () => undefined);
  cookies.set("customer", sessionOf("customer", customer.user.id));
  cookies.set("staff without permission", sessionOf("staff without permission", staffNone.user.id));
  cookies.set("staff with permission", sessionOf("staff with permission", staffAll.user.id));
  cookies.set("admin", sessionOf("admin", admin.user.id));

  // An order taken by phone with a payment link, so the link's endpoints are fuzzed past its lookup.
  const clerk = `${SESSION_COOKIE}=${(await createSession(h.ctx(), staffAll.user.id, "fuzz-setup")).token}`;
  const lines = [{ productId: book.id, quantity: 1 }];
  const quoted = await h.request<{ cartKey: string }>("POST", "/api/admin/phone-orders/quote", {
    cookie: clerk,
    body: { lines, district: "Dhaka" },
  });
  const taken = await h.request<{ paymentLink: string }>("POST", "/api/admin/phone-orders", {
    cookie: clerk,
    body: {
      name: "Fuzz Caller",
      phone: "01912345678",
      district: "Dhaka",
      area: "Mirpur",
      address: "House 1, Road 2",
      lines,
      paymentMethod: "gateway",
      cartKey: quoted.body.data!.cartKey,
      placeKey: "fuzz-phone-order-key",
    },
  });
  const [, , payNumber = "", payKey = ""] = new URL(taken.body.data!.paymentLink).pathname.split("/");

  const id = (v: number) => ({ id: String(v) });
  for (const e of ENDPOINTS) {
    const p = e.path;
    if (p.startsWith("/api/books/")) validParams.set(p, id(book.id));
    else if (p.startsWith("/api/ebooks/")) validParams.set(p, id(ebook.id));
    else if (p.startsWith("/api/stationery/")) validParams.set(p, id(stationery.id));
    else if (p.startsWith("/api/content/")) validParams.set(p, id(content.id));
    else if (p.startsWith("/api/courses/"))
      validParams.set(p, {
        id: String(content.id),
        chapterId: String((/\/(reader|pages)\b/.test(p) ? pdfChapter : chapter)!.id),
      });
    else if (p.startsWith("/api/bundles/")) validParams.set(p, { slug: bundle.slug });
    else if (p.startsWith("/api/authors/")) validParams.set(p, { slug: author.slug });
    else if (p.startsWith("/api/admin/users/")) validParams.set(p, id(victim.user.id));
    else if (p.startsWith("/api/admin/info-pages/")) validParams.set(p, { slug: "about" });
    else if (p.startsWith("/api/admin/ebooks/")) validParams.set(p, { id: String(ebook.id), page: "1" });
    // A PDF upload needs a PDF chapter; the chapter editor's endpoints get a course of their own.
    else if (p.startsWith("/api/admin/content/") && p.endsWith("/pdf"))
      validParams.set(p, { id: String(content.id), chapterId: String(pdfChapter!.id) });
    else if (p.startsWith("/api/admin/content/"))
      validParams.set(p, { id: String(edited.id), chapterId: String(editedChapter!.id) });
    else if (p.startsWith("/api/admin/reviews/")) validParams.set(p, id(1));
    else if (p.startsWith("/api/invoices/")) validParams.set(p, id(1));
    else if (p.includes("/orders/")) validParams.set(p, id(order.orderId));
    else if (p.startsWith("/api/payment/"))
      validParams.set(p, { provider: "sandbox", tranx: order.tranx, outcome: "success" });
    else if (p.startsWith("/api/tracking/")) validParams.set(p, { cn: "CN12345" });
    else if (p.startsWith("/api/pay/")) validParams.set(p, { number: payNumber, key: payKey });
    else if (p.startsWith("/api/couriers/")) validParams.set(p, { courier: "pathao" });
    else if (p.startsWith("/api/docs/")) validParams.set(p, { file: "init.js" });
  }
}, 60_000);

afterAll(async () => {
  await h?.close();
});

// ---- inputs

const LONG = "x".repeat(20_000);
const DEEP_ARRAY = `${"[".repeat(50_000)}${"]".repeat(50_000)}`;
const deepObject = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** JSON values that do not belong in any field. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -1e308,
  1e308,
  "",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "a\u0000b",
  "\u0000",
  LONG,
  "\u202Eكتاب\u202C",
  "😀👩‍👩‍👧‍👦",
  "বাংলা বই ১২৩",
  "１２３",
  "'; drop table users;--",
  "%00",
  "\ud800",
  [],
  [1, "2", null],
  {},
  { $gt: "" },
  deepObject(200),
];

/** Text that does not belong in a path segment or a query value (already percent-encoded). */
const BAD_TEXT = [
  "-1",
  "0",
  "99999999999999999999999",
  "1.5",
  "1e3",
  "NaN",
  "Infinity",
  "abc",
  "%00",
  "a%00b",
  "%FF",
  "%F0%9F%98%80",
  encodeURIComponent("\u202Eكتاب"),
  "..%2F..%2Fpackage.json",
  "x".repeat(3000),
  "%27%20OR%201%3D1--",
];

/** Raw bodies that are not what a JSON endpoint reads. */
const RAW_BODIES: { contentType?: string; body: string }[] = [
  { contentType: "application/json", body: '{"a":' },
  { contentType: "application/json", body: "nul" },
  { contentType: "application/json", body: "\u0000" },
  { contentType: "application/json", body: '{"a":"\u0000"}' },
  { contentType: "application/json", body: "\uFEFF{}" },
  { contentType: "application/json", body: "[]" },
  { contentType: "application/json", body: '"text"' },
  { contentType: "application/json", body: "12345678901234567890" },
  { contentType: "application/json", body: DEEP_ARRAY },
  { contentType: "application/json", body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}' },
  { contentType: "application/json; charset=utf-16", body: "{}" },
  { contentType: "text/plain", body: '{"code":"ABC"}' },
  { contentType: "application/x-www-form-urlencoded", body: "a=1&b=%00&c=%FF" },
  { contentType: "multipart/form-data", body: "--x\r\nbroken" },
  { contentType: "multipart/form-data; boundary=x", body: "--x\r\nContent-Disposition: form-data\r\n\r\n" },
  { contentType: "application/xml", body: "<a/>" },
  { body: '{"a":1}' },
];

/** CSV files the books import must refuse or report on, never fail on. */
const CSV_BODIES: string[] = [
  "",
  "\uFEFF",
  "title\r\n",
  'title,price\r\n"unclosed,1\r\n',
  "title,price,title\r\nA,1,B\r\n",
  "title,nope\r\nA,1\r\n",
  "title,price\r\nA\u0000,1\r\n",
  `title,price\r\n${LONG},1\r\n`,
  "id,version,kind,title,price,salePrice,stock,isbn,authors,tracks,hscYear,pages\r\n-1,NaN,ebook,=1+1,1e309,-5,99999999999,978,;;;,hsc;;x,1e3,0\r\n",
  "id,title,price\r\n99999999999999999999,A,1\r\n1,\u202Eكتاب,১২৩\r\n",
  `title,price\r\n${"A,1\r\n".repeat(20)}`,
  "title;price\r\nA;1\r\n",
];

/** A few plausible values by field name, so a fuzzed field is not the only thing wrong. */
const FIELD_HINTS: Record<string, unknown> = {
  phone: "01712345678",
  cred: "01712345678",
  password: "secret123",
  hsc_batch: "HSC 2025",
  name: "Fuzz Tester",
  district: "Dhaka",
  area: "Mirpur",
  address: "House 1, Road 2",
  code: "123456",
  paymentMethod: "cod",
  consignment: "CN12345",
  charge: 6_000,
  minDeliveredPercent: 50,
  maxReturns: 2,
  status: "processing",
  quantity: 1,
  rating: 4,
  productType: "book",
  role: "customer",
  hidden: true,
};

function resolveRef(schema: Json): Json {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  let node: unknown = apiDocument;
  for (const key of ref.slice(2).split("/")) node = (node as Json)[key];
  return node as Json;
}

/** A plausible value of a (request) schema: the base a fuzzed field is put into. */
function sampleOf(raw: Json, field?: string): unknown {
  const schema = resolveRef(raw);
  if (field && field in FIELD_HINTS) return FIELD_HINTS[field];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return sampleOf(schema.anyOf[0] as Json, field);
  switch (schema.type) {
    case "object": {
      const out: Json = {};
      for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, Json>))
        out[k] = sampleOf(v, k);
      return out;
    }
    case "array":
      return [];
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    default:
      return "fuzz";
  }
}

function operationOf(e: Endpoint): Json {
  return ((apiDocument.paths as Json)[e.path] as Json)[e.method] as Json;
}

function bodySchemaOf(e: Endpoint): Json | undefined {
  const content = ((operationOf(e).requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
  return content["application/json"]?.schema as Json | undefined;
}

function queryNames(e: Endpoint): string[] {
  return ((operationOf(e).parameters ?? []) as Json[])
    .filter((p) => p.in === "query")
    .map((p) => String(p.name));
}

function pathWith(e: Endpoint, params: Record<string, string>): string {
  return e.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? "1");
}

/** The bad requests for one endpoint, each to be sent as every role. */
function casesFor(e: Endpoint, seed: number): Omit<FuzzRequest, "role">[] {
  const method = e.method.toUpperCase();
  const valid = validParams.get(e.path) ?? {};
  const base = pathWith(e, valid);
  const out: Omit<FuzzRequest, "role">[] = [{ method, path: base }];
  const pathNames = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  for (const name of pathNames) {
    for (const bad of BAD_TEXT) out.push({ method, path: pathWith(e, { ...valid, [name]: bad }) });
  }
  for (const name of queryNames(e)) {
    for (const bad of BAD_TEXT.filter((_, i) => i % 2 === 0))
      out.push({ method, path: `${base}?${name}=${bad}` });
    out.push({ method, path: `${base}?${name}=1&${name}=2` });
  }
  if (queryNames(e).length) out.push({ method, path: `${base}?page=-1&limit=1e9&q=${"%00".repeat(50)}` });
  const schema = bodySchemaOf(e);
  if (schema) {
    const sample = sampleOf(schema) as Json;
    const json = (v: unknown) => ({
      method,
      path: base,
      contentType: "application/json",
      body: JSON.stringify(v),
    });
    out.push(json(sample));
    const fields = Object.keys(sample);
    // Each field gets a third of the bad values, a different third for the next field.
    for (const [i, field] of fields.entries()) {
      for (const [j, bad] of BAD_VALUES.entries()) {
        if ((i + j) % 3 === 0 || fields.length === 1) out.push(json({ ...sample, [field]: bad }));
      }
    }
    out.push(json([sample]));
    out.push(json({ ...sample, extra: LONG, nested: deepObject(500) }));
    for (const raw of RAW_BODIES) out.push({ method, path: base, ...raw });
    // Values from fast-check under the fixed seed: any JSON, in any field.
    const values = fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: 6, seed });
    for (const [i, v] of values.entries()) {
      out.push(json(fields.length ? { ...sample, [fields[i % fields.length]!]: v } : v));
    }
  } else if (e.upload?.types.includes("text/csv")) {
    // The books import reads a CSV file: broken and hostile ones, with its own type.
    const csv = (body: string) => ({ method, path: `${base}?mode=apply`, contentType: "text/csv", body });
    for (const body of CSV_BODIES) out.push(csv(body));
    for (const raw of RAW_BODIES.filter((_, i) => i % 3 === 0)) out.push({ method, path: base, ...raw });
  } else if (e.upload) {
    // An upload's body is a file: bytes that are not one, or not the one claimed, in each type
    // it takes (the file is checked by its bytes), and the JSON and forms it does not take.
    for (const type of e.upload.types) {
      for (const body of ["", "%PDF-1.7\n%%EOF", "%PDF-", "\u0089PNG\r\n\u001a\n", LONG, "\u0000\u0000"]) {
        out.push({ method, path: base, contentType: type, body });
      }
      out.push({ method, path: `${base}?version=1`, contentType: type, body: "%PDF-1.4 1 0 obj<<>>endobj" });
    }
    for (const raw of RAW_BODIES.filter((_, i) => i % 3 === 0)) out.push({ method, path: base, ...raw });
  } else if (method !== "GET") {
    // Writes without a documented body still get bodies they do not expect.
    for (const raw of RAW_BODIES.filter((_, i) => i % 3 === 0)) out.push({ method, path: base, ...raw });
  }
  return out;
}

let ipCounter = 0;
async function send(r: FuzzRequest) {
  ipCounter += 1;
  const headers: Record<string, string> = {
    "x-forwarded-for": `10.200.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
  };
  const cookie = await cookies.get(r.role)!();
  if (cookie) headers.cookie = cookie;
  if (r.contentType) headers["content-type"] = r.contentType;
  const res = await h.app.request(r.path, { method: r.method, headers, body: r.body });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function describeRequest(r: FuzzRequest): string {
  const body =
    r.body === undefined ? "" : ` body(${r.body.length} chars)=${JSON.stringify(r.body.slice(0, 200))}`;
  const type = r.contentType ? ` content-type=${JSON.stringify(r.contentType)}` : "";
  return `[${r.role}] ${r.method} ${r.path.length > 300 ? `${r.path.slice(0, 300)}…` : r.path}${type}${body}`;
}

describe("fuzzing every documented endpoint", () => {
  it("never answers 5xx, and answers only what the document describes", async () => {
    // Sign-out last: it is the one endpoint whose success ends the caller's session.
    const endpoints = [...ENDPOINTS].sort(
      (a, b) => Number(a.path === "/api/auth/logout") - Number(b.path === "/api/auth/logout"),
    );
    const serverErrors: string[] = [];
    const undocumented: string[] = [];
    let sent = 0;
    let turn = 0;
    const started = Date.now();
    for (const [i, e] of endpoints.entries()) {
      for (const c of casesFor(e, SEED + i)) {
        // As the caller who gets furthest into the endpoint, and as each other role in turn.
        turn += 1;
        for (const role of new Set([AUTHORISED[e.access.who], ROLES[turn % ROLES.length]!])) {
          const r: FuzzRequest = { ...c, role };
          const res = await send(r);
          sent += 1;
          if (r.path === "/api/auth/logout") sessions.delete(role);
          if (res.status >= 500) {
            serverErrors.push(`${describeRequest(r)}\n  → ${res.status} ${res.text.slice(0, 200)}`);
            continue;
          }
          const violation = contractViolation({ method: r.method, path: r.path, ...res });
          if (violation) undocumented.push(`${describeRequest(r)}\n  → ${violation.slice(0, 400)}`);
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz: ${sent} requests to ${ENDPOINTS.length} operations as ${ROLES.length} roles in ${seconds} s`,
    );
    if (serverErrors.length) console.error(`fuzz: 5xx answers:\n${serverErrors.join("\n")}`);
    if (undocumented.length) console.error(`fuzz: undocumented answers:\n${undocumented.join("\n")}`);
    expect.soft(serverErrors.slice(0, 30), `${serverErrors.length} requests answered 5xx`).toEqual([]);
    expect
      .soft(undocumented.slice(0, 30), `${undocumented.length} answers the document does not describe`)
      .toEqual([]);
  }, 240_000);
});
