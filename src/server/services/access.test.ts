import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "../../contracts/user";
import {
  hasPermission,
  requirePermission,
  requireSignedIn,
  requireStaff,
  SIGN_IN_TO_CONTINUE,
  signInRequired,
} from "./access";
import { DomainError, STATUS_OF } from "./errors";

function user(role: PublicUser["role"], permissions: string[] = []): PublicUser {
  return {
    id: 7,
    name: "Rahim",
    phone: "01711111111",
    email: null,
    hsc_batch: "2026",
    phone_verified: true,
    role,
    permissions,
  } as PublicUser;
}

const signedOut = { user: null };
const customer = { user: user("customer") };
const staffWithout = { user: user("staff", ["books"]) };
const staffWith = { user: user("staff", ["orders"]) };
const admin = { user: user("admin") };

/** The status and message a check refuses with, or "pass". */
function outcome(check: () => unknown): string {
  try {
    check();
    return "pass";
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return `${STATUS_OF[e.kind]} ${e.message}`;
  }
}

describe("requireSignedIn", () => {
  it("answers 401 'Please sign in to continue' when signed out, or the message given", () => {
    expect(outcome(() => requireSignedIn(signedOut))).toBe(`401 ${SIGN_IN_TO_CONTINUE}`);
    expect(SIGN_IN_TO_CONTINUE).toBe("Please sign in to continue");
    expect(outcome(() => requireSignedIn(signedOut, "Not signed in"))).toBe("401 Not signed in");
    expect(STATUS_OF[signInRequired().kind]).toBe(401);
  });

  it("hands back the caller, whatever their role", () => {
    for (const ctx of [customer, staffWithout, admin]) expect(requireSignedIn(ctx)).toBe(ctx.user);
  });
});

describe("requirePermission", () => {
  const check = (ctx: { user: PublicUser | null }) => () =>
    requirePermission(ctx, "orders", "No orders for you");

  it("refuses the signed out with 401, a customer and staff without the area with 403", () => {
    expect(outcome(check(signedOut))).toBe(`401 ${SIGN_IN_TO_CONTINUE}`);
    expect(outcome(check(customer))).toBe("403 No orders for you");
    expect(outcome(check(staffWithout))).toBe("403 No orders for you");
  });

  it("lets staff holding the area and admins through", () => {
    expect(outcome(check(staffWith))).toBe("pass");
    expect(outcome(check(admin))).toBe("pass");
    expect(requirePermission(admin, "orders", "x")).toBe(admin.user);
  });

  it("keeps an area's own signed-out message where one was given", () => {
    expect(outcome(() => requirePermission(signedOut, "users", "Nope", "Nope"))).toBe("401 Nope");
  });

  it("opens 'authority' to admins only", () => {
    const staffAll = { user: user("staff", ["books", "orders", "users", "invoices"]) };
    expect(outcome(() => requirePermission(staffAll, "authority", "Admins only"))).toBe("403 Admins only");
    expect(outcome(() => requirePermission(admin, "authority", "Admins only"))).toBe("pass");
  });
});

describe("requireStaff and hasPermission", () => {
  it("requireStaff takes any staff member or admin, refuses customers (403) and the signed out (401)", () => {
    expect(outcome(() => requireStaff(signedOut, "Staff only"))).toBe(`401 ${SIGN_IN_TO_CONTINUE}`);
    expect(outcome(() => requireStaff(customer, "Staff only"))).toBe("403 Staff only");
    expect(outcome(() => requireStaff(staffWithout, "Staff only"))).toBe("pass");
    expect(outcome(() => requireStaff(admin, "Staff only"))).toBe("pass");
  });

  it("hasPermission answers without refusing", () => {
    expect(hasPermission(null, "orders")).toBe(false);
    expect(hasPermission(customer.user, "orders")).toBe(false);
    expect(hasPermission(staffWithout.user, "orders")).toBe(false);
    expect(hasPermission(staffWith.user, "orders")).toBe(true);
    expect(hasPermission(admin.user, "orders")).toBe(true);
  });
});

/**
 * A source scan: no service but access.ts decides authorisation by hand. It looks for a role or
 * permissions read off the caller, the permission helpers of contracts/permissions imported
 * directly, and a 401/403 thrown directly. The ones left are sign-ins refused (authentication,
 * not authorisation): wrong credentials, and a Google ID token that is not valid or whose email
 * Google has not verified.
 */
describe("services decide authorisation only through access.ts", () => {
  const dir = import.meta.dirname;
  const sources = (readdirSync(dir, { recursive: true }) as string[]).filter(
    (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "access.ts" && f !== "errors.ts",
  );
  const ALLOWED = [
    /^new DomainError\("unauthorized", WRONG_CREDENTIALS$/,
    /^new DomainError\("unauthorized", GOOGLE_TOKEN_(?:EXPIRED|REFUSED)$/,
    /^new DomainError\("forbidden", GOOGLE_EMAIL_UNVERIFIED$/,
  ];
  const HAND_WRITTEN = [
    /\b(?:ctx\.user|me|user|caller)\??\.(?:role|permissions)\b/g,
    /import\s*\{[^}]*\b(?:can|isStaff)\b[^}]*\}\s*from\s*"[./]*contracts\/permissions"/g,
    /new DomainError\(\s*(?:[^,()]*\?\s*)?"(?:unauthorized|forbidden)"[^)]*/g,
  ];

  it("finds the services to scan", () => {
    expect(sources).toContain("orders/fulfilment.ts");
    expect(sources.length).toBeGreaterThan(20);
  });

  it.each(sources)("%s has no hand-written authorisation check", (file) => {
    const text = readFileSync(join(dir, file), "utf8");
    const found = HAND_WRITTEN.flatMap((re) => [...text.matchAll(re)].map((m) => m[0].replace(/\s+/g, " ")));
    expect(found.filter((hit) => !ALLOWED.some((re) => re.test(hit)))).toEqual([]);
  });
});
