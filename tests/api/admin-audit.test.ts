/**
 * The audit log as admins read it: a staff change made through the API is there with who made it
 * and the record before and after; the filters (staff member, area, record, Dhaka days) and the
 * pages (newest first, each going on from the last entry seen, ties of one instant included) give
 * exactly the matching entries once each; the CSV holds the same entries; only admins read it; bad
 * filters are 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditPage } from "../../src/contracts/admin-audit";
import { auditLog } from "../../src/server/db/schema";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let admin: TestUser;
let clerk: TestUser;
let packer: TestUser;
let customer: TestUser;
let refuser: TestUser;

/** The seeded entries, newest first, as the log must give them. */
type Seeded = { id: number; actorId: number | null; entity: string; entityId: string; at: Date };
const seeded: Seeded[] = [];

// Dhaka is UTC+6: 2026-03-01 18:30Z is 2 March 00:30 in Dhaka.
const DAYS = [
  new Date("2026-02-28T10:00:00Z"),
  new Date("2026-03-01T17:59:00Z"),
  new Date("2026-03-01T18:30:00Z"),
  new Date("2026-03-03T05:00:00Z"),
];

beforeAll(async () => {
  h = await createHarness();
  admin = await h.createUser({ role: "admin", name: "Head Admin" });
  clerk = await h.createUser({ role: "staff", permissions: ["users", "orders"], name: "Clerk Rina" });
  packer = await h.createUser({ role: "staff", permissions: ["orders"], name: "Packer Sumon" });
  customer = await h.createUser({ name: "Customer Joy" });
  refuser = await h.createUser({ name: "Refuser Babu" });
  // 90 entries over four instants (many sharing one instant, as the entries of one change do),
  // two staff and the system, three areas, a few records.
  const rows = Array.from({ length: 90 }, (_, i) => ({
    actorId: [clerk.user.id, packer.user.id, null][i % 3]!,
    action: i === 7 ? '=HYPERLINK("x")' : "update",
    entity: ["order", "product", "coupon"][i % 5 === 0 ? 2 : i % 2]!,
    entityId: String(100 + (i % 4)),
    before: { status: "confirmed", n: i },
    after: { status: "processing", n: i },
    createdAt: DAYS[i % 4]!,
  }));
  const made = await h.db.insert(auditLog).values(rows).returning();
  for (const r of made) {
    seeded.push({ id: r.id, actorId: r.actorId, entity: r.entity, entityId: r.entityId, at: r.createdAt });
  }
  seeded.sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const list = (query: string, cookie = admin.cookie) =>
  h.request<AuditPage>("GET", `/api/admin/audit${query}`, { cookie });

/** Every page of a filter, walked with `before`. */
async function walk(filter: string, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let before: number | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const sep = filter ? "&" : "";
    const res = await list(`?${filter}${sep}limit=${limit}${before ? `&before=${before}` : ""}`);
    expect(res.status, res.text).toBe(200);
    const page = res.body.data!;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((e) => e.id));
    if (page.next === null) return ids;
    expect(page.next).toBe(page.items[page.items.length - 1]!.id);
    before = page.next;
  }
  throw new Error("the pages never ended");
}

const dhakaDayStart = (day: string) => new Date(`${day}T00:00:00+06:00`);

describe("the audit log", () => {
  it("shows a change a staff member just made through the API, newest first, with before and after", async () => {
    const blocked = await h.request("POST", `/api/admin/users/${refuser.user.id}/block`, {
      cookie: clerk.cookie,
      body: { reason: "Refused three parcels" },
    });
    expect(blocked.status, blocked.text).toBe(200);
    const res = await list(`?staff=${clerk.user.id}&area=user&record=${refuser.user.id}`);
    expect(res.status, res.text).toBe(200);
    const [entry] = res.body.data!.items;
    expect(entry).toMatchObject({
      actor: { id: clerk.user.id, name: "Clerk Rina" },
      entity: "user",
      entityId: String(refuser.user.id),
    });
    expect(JSON.stringify(entry!.after)).toContain("Refused three parcels");
    // It is the newest entry of the whole log too.
    const newest = await list("?limit=1");
    expect(newest.body.data!.items[0]!.id).toBe(entry!.id);
  });

  it.each([
    ["", (_: Seeded) => true],
    ["staff=CLERK", (s: Seeded) => s.actorId === clerk.user.id],
    ["area=order", (s: Seeded) => s.entity === "order"],
    ["area=coupon&record=100", (s: Seeded) => s.entity === "coupon" && s.entityId === "100"],
    ["record=102", (s: Seeded) => s.entityId === "102"],
    ["staff=PACKER&area=product", (s: Seeded) => s.actorId === packer.user.id && s.entity === "product"],
    ["from=2026-03-02", (s: Seeded) => s.at >= dhakaDayStart("2026-03-02")],
    [
      "from=2026-03-01&to=2026-03-01",
      (s: Seeded) => s.at >= dhakaDayStart("2026-03-01") && s.at < dhakaDayStart("2026-03-02"),
    ],
    ["to=2026-02-28&area=order", (s: Seeded) => s.at < dhakaDayStart("2026-03-01") && s.entity === "order"],
  ])("filters by %s and pages through every match exactly once, in order", async (query, keep) => {
    const filter = query.replace("CLERK", String(clerk.user.id)).replace("PACKER", String(packer.user.id));
    const expected = seeded.filter(keep).map((s) => s.id);
    expect(expected.length).toBeGreaterThan(0);
    const walked = await walk(filter, 7);
    // The seeded entries only (the block above wrote newer ones, which come first when unfiltered).
    const seededIds = new Set(seeded.map((s) => s.id));
    expect(walked.filter((id) => seededIds.has(id))).toEqual(expected);
    expect(new Set(walked).size).toBe(walked.length);
  });

  it("gives the same entries as CSV, formulas neutralised, with what changed", async () => {
    const res = await h.request("GET", `/api/admin/audit.csv?staff=${clerk.user.id}&area=order`, {
      cookie: admin.cookie,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename=audit-log-\d{4}-\d{2}-\d{2}\.csv/,
    );
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("When (Dhaka),Staff,Staff id,Action,Area,Record,Changes,Before,After");
    const expected = seeded.filter((s) => s.actorId === clerk.user.id && s.entity === "order");
    expect(lines).toHaveLength(expected.length + 1);
    // The newest first: 1 March 18:30 UTC is 2 March 00:30 in Dhaka.
    expect(lines[1]).toMatch(
      /^2026-03-02 00:30,Clerk Rina,\d+,update,order,10\d,status: confirmed → processing,/,
    );
    const all = await h.request("GET", "/api/admin/audit.csv?area=product", { cookie: admin.cookie });
    expect(all.text).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it("is for admins only", async () => {
    for (const path of ["/api/admin/audit", "/api/admin/audit.csv"]) {
      expect((await h.request("GET", path)).status).toBe(401);
      expect((await h.request("GET", path, { cookie: customer.cookie })).status).toBe(403);
      expect((await h.request("GET", path, { cookie: clerk.cookie })).status).toBe(403);
      expect((await h.request("GET", path, { cookie: admin.cookie })).status).toBe(200);
    }
  });

  it.each([
    "area=DROP%20TABLE",
    "from=2026-02-30",
    "to=yesterday",
    "limit=0",
    "limit=101",
    "before=abc",
    "before=-1",
    "staff=1e99",
    `record=${"9".repeat(65)}`,
  ])("refuses %s with 400", async (query) => {
    const res = await list(`?${query}`);
    expect(res.status, res.text).toBe(400);
    const csv = await h.request("GET", `/api/admin/audit.csv?${query}`, { cookie: admin.cookie });
    expect(csv.status, csv.text).toBe(400);
  });

  it("answers an empty page for a record nobody changed and a cursor that names no entry", async () => {
    expect((await list("?area=order&record=999999")).body.data).toEqual({ items: [], next: null });
    expect((await list("?before=2000000000")).body.data).toEqual({ items: [], next: null });
  });
});
