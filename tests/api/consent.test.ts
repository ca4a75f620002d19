/**
 * The consent to third-party tags (decision 56): a cookie for anyone, the profile too for a
 * signed-in user, through the API and the form; the page's policy gains the tags' hosts only on
 * the shop's pages, and only when configured.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { consentAction } from "../../src/web/routes/shop/consent.server";
import { createHarness, type Harness } from "./harness";
import { pageForms } from "./page-forms";

let h: Harness;
let forms: ReturnType<typeof pageForms>;

beforeAll(async () => {
  h = await createHarness();
  forms = pageForms(h, { "/consent": consentAction });
});
afterAll(async () => {
  await h?.close();
});

const consentOf = async (id: number) =>
  (await h.db.select({ consent: users.consent }).from(users).where(eq(users.id, id)))[0]!.consent;
const consentCookie = (setCookie: string[]) => setCookie.find((c) => c.startsWith("pathagar_consent="));

describe("POST /api/consent", () => {
  it("sets the consent cookie for a visitor: accept, decline, or each kind", async () => {
    for (const [body, value, data] of [
      [{ choice: "accept" }, "analytics-ads", { analytics: true, ads: true }],
      [{ choice: "decline" }, "none", { analytics: false, ads: false }],
      [{ analytics: true, ads: false }, "analytics", { analytics: true, ads: false }],
      [{ analytics: false, ads: true }, "ads", { analytics: false, ads: true }],
    ] as const) {
      const res = await h.request("POST", "/api/consent", { body });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(data);
      expect(consentCookie(res.setCookie)).toMatch(
        new RegExp(`^pathagar_consent=${value};.*Max-Age=31536000.*SameSite=Lax`),
      );
    }
  });

  it("keeps a signed-in user's choice in the profile, and a withdrawal too", async () => {
    const u = await h.createUser();
    expect(await consentOf(u.user.id)).toBeNull();
    await h.request("POST", "/api/consent", { body: { choice: "accept" }, cookie: u.cookie });
    expect(await consentOf(u.user.id)).toBe("analytics-ads");
    await h.request("POST", "/api/consent", { body: { choice: "decline" }, cookie: u.cookie });
    expect(await consentOf(u.user.id)).toBe("none");
  });

  it("refuses a body it cannot read with 400, and changes nothing", async () => {
    const u = await h.createUser();
    for (const body of [{ choice: "maybe" }, { analytics: "yes" }, { ads: 2 }, { choice: 1 }]) {
      const res = await h.request("POST", "/api/consent", { body, cookie: u.cookie });
      expect(res.status).toBe(400);
      expect(consentCookie(res.setCookie)).toBeUndefined();
    }
    expect(await consentOf(u.user.id)).toBeNull();
  });
});

describe("POST /consent (the notice and the cookie page without JavaScript)", () => {
  it("sets the same cookie as the API and goes back to the page with a message", async () => {
    const api = await h.request("POST", "/api/consent", { body: { analytics: true } });
    const res = await forms.post("/consent", { choice: "choose", analytics: "on", back: "/book/12" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/book/12");
    expect(consentCookie(res.setCookie)).toBe(consentCookie(api.setCookie));
    expect(res.setCookie.some((c) => c.startsWith("pathagar_flash="))).toBe(true);
  });

  it("keeps a signed-in user's choice in the profile", async () => {
    const u = await h.createUser();
    const res = await forms.post("/consent", { choice: "decline", back: "/" }, { cookie: u.cookie });
    expect(res.status).toBe(302);
    expect(await consentOf(u.user.id)).toBe("none");
  });

  it("refuses a choice it does not know with 400 and changes nothing", async () => {
    const u = await h.createUser();
    const res = await forms.post("/consent", { choice: "all", back: "/" }, { cookie: u.cookie });
    expect(res.status).toBe(400);
    expect(consentCookie(res.setCookie)).toBeUndefined();
    expect(await consentOf(u.user.id)).toBeNull();
  });
});
