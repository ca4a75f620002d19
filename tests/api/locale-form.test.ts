/** The language switch as a form (decision 53): the API's cookie and profile rule, then back to the page. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { localeAction } from "../../src/web/routes/shop/locale.server";
import { createHarness, type Harness } from "./harness";
import { pageForms } from "./page-forms";

let h: Harness;
let forms: ReturnType<typeof pageForms>;

beforeAll(async () => {
  h = await createHarness();
  forms = pageForms(h, { "/locale": localeAction });
});
afterAll(async () => {
  await h?.close();
});

const localeOf = async (id: number) =>
  (await h.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]!.locale;
const langCookie = (setCookie: string[]) => setCookie.find((c) => c.startsWith("pathagar_lang="));

describe("POST /locale (the language switch without JavaScript)", () => {
  it("sets the same cookie as POST /api/locale and goes back to the page it came from", async () => {
    const api = await h.request("POST", "/api/locale", { body: { locale: "bn" } });
    const res = await forms.post("/locale", { locale: "bn", back: "/book/12?tab=reviews" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/book/12?tab=reviews");
    expect(langCookie(res.setCookie)).toBe(langCookie(api.setCookie));
    expect(langCookie(res.setCookie)).toMatch(/^pathagar_lang=bn;.*Max-Age=31536000.*SameSite=Lax/);
  });

  it("keeps a signed-in user's choice in the profile", async () => {
    const u = await h.createUser();
    expect(await localeOf(u.user.id)).toBe("en");
    const res = await forms.post("/locale", { locale: "bn", back: "/" }, { cookie: u.cookie });
    expect(res.status).toBe(302);
    expect(await localeOf(u.user.id)).toBe("bn");
  });

  it.each(["fr", "", "BN", "bn ", "1"])(
    "refuses the language %j with 400 and changes nothing",
    async (locale) => {
      const u = await h.createUser();
      const res = await forms.post("/locale", { locale, back: "/cart" }, { cookie: u.cookie });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ ok: false, message: 'The language must be "en" or "bn"' });
      expect(langCookie(res.setCookie)).toBeUndefined();
      expect(await localeOf(u.user.id)).toBe("en");
    },
  );

  it("refuses a form without a language with 400", async () => {
    const res = await forms.post("/locale", { back: "/" });
    expect(res.status).toBe(400);
    expect(langCookie(res.setCookie)).toBeUndefined();
  });

  it.each([
    "//evil.example/",
    "https://evil.example/",
    "/\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "cart",
    "",
    `/${"x".repeat(3000)}`,
  ])("never goes back to %j: the home page instead", async (back) => {
    const res = await forms.post("/locale", { locale: "en", back });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
  });

  it("goes home when the form names no page", async () => {
    const res = await forms.post("/locale", { locale: "en" });
    expect(res.location).toBe("/");
  });

  it("cannot be posted from another site", async () => {
    const u = await h.createUser();
    const res = await forms.post(
      "/locale",
      { locale: "bn", back: "/" },
      { cookie: u.cookie, origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(langCookie(res.setCookie)).toBeUndefined();
    expect(await localeOf(u.user.id)).toBe("en");
  });
});
