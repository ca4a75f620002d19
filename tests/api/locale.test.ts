/** The language switch: a cookie for anyone, the profile too for a signed-in user. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { createHarness, type Harness } from "./harness";

describe("POST /api/locale", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const localeOf = async (id: number) =>
    (await h.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]!.locale;

  it("sets the language cookie for a visitor", async () => {
    const res = await h.request("POST", "/api/locale", { body: { locale: "bn" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ locale: "bn" });
    const cookie = res.setCookie.find((c) => c.startsWith("pathagar_lang="));
    expect(cookie).toMatch(/^pathagar_lang=bn;/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it("keeps a signed-in user's choice in the profile, which the user's answer shows", async () => {
    const u = await h.createUser();
    expect(await localeOf(u.user.id)).toBe("en");
    const res = await h.request("POST", "/api/locale", { body: { locale: "bn" }, cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(await localeOf(u.user.id)).toBe("bn");
    const me = await h.request<{ locale: string }>("GET", "/api/user", { cookie: u.cookie });
    expect(me.body.data?.locale).toBe("bn");
    await h.request("POST", "/api/locale", { body: { locale: "en" }, cookie: u.cookie });
    expect(await localeOf(u.user.id)).toBe("en");
  });

  it("refuses a language the shop does not have with 400, and changes nothing", async () => {
    const u = await h.createUser();
    for (const body of [{ locale: "fr" }, { locale: "" }, {}, { locale: 1 }]) {
      const res = await h.request("POST", "/api/locale", { body, cookie: u.cookie });
      expect(res.status).toBe(400);
      expect(res.setCookie.some((c) => c.startsWith("pathagar_lang="))).toBe(false);
    }
    expect(await localeOf(u.user.id)).toBe("en");
  });
});
