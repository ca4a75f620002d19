// The account pages' forms posted as a browser without JavaScript posts them (decision 53): sign
// in, sign up, verify the phone and reset the password, each through the same service as its API
// call (its rate limits and access checks included), answering with a redirect that carries the
// same session cookie as the API's, or the page again with the field messages and what was typed
// (never a password or a code).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartLines, carts } from "../../src/server/db/schema";
import { accountAction } from "../../src/web/routes/auth/account.server";
import { forgetAction } from "../../src/web/routes/auth/forget.server";
import { signInAction } from "../../src/web/routes/auth/login.server";
import { signUpAction } from "../../src/web/routes/auth/register.server";
import { verifyAction } from "../../src/web/routes/auth/verify.server";
import { addAction } from "../../src/web/routes/shop/cart.server";
import { createProduct } from "./factories";
import { createHarness, DEFAULT_PASSWORD, type Harness, sessionCookieFrom, uniquePhone } from "./harness";
import { flashOf, pageForms, withCookies } from "./page-forms";

let h: Harness;
let forms: ReturnType<typeof pageForms>;

beforeAll(async () => {
  h = await createHarness({ captureEmail: true });
  forms = pageForms(h, {
    "/auth/login": signInAction,
    "/auth/register": signUpAction,
    "/auth/verify": verifyAction,
    "/auth/forget": forgetAction,
    "/cart/add": addAction,
    "/edit": accountAction,
    "/profile": accountAction,
  });
});
afterAll(async () => {
  await h?.close();
});

/** The attributes of a Set-Cookie line, in order, without its value. */
const attributesOf = (line: string | undefined) => line?.split(/;\s*/).slice(1);
const sessionLine = (setCookie: string[]) => setCookie.find((l) => l.startsWith("pathagar_session="));
const signedInAs = async (cookie: string | undefined) => (await forms.get("/", cookie)).body.user;
/** The page's data of a refused form (its status aside). */
const refusalOf = (res: { text: string }) => JSON.parse(res.text) as Record<string, unknown>;

describe("sign in", () => {
  it("signs in with the API's session cookie and goes back to the page asked for, saying so", async () => {
    const u = await h.createUser({ name: "Nadia Karim" });
    const res = await forms.post("/auth/login?redirect=%2Fbook%2F7%3Fx%3D1", {
      cred: u.phone,
      password: DEFAULT_PASSWORD,
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/book/7?x=1");
    expect(flashOf(res.setCookie)).toEqual({ title: "Welcome back, Nadia" });
    // The very cookie the API sets: the same attributes, a session of its own.
    const api = await h.signIn(u.phone, DEFAULT_PASSWORD);
    expect(attributesOf(sessionLine(res.setCookie))).toEqual(attributesOf(sessionLine(api.setCookie)));
    expect(sessionLine(res.setCookie)).toMatch(/HttpOnly/);
    const cookie = sessionCookieFrom(res.setCookie);
    expect(await signedInAs(cookie)).toBe(u.user.id);
  });

  it("goes home when the page asked for is not one of this shop's", async () => {
    const u = await h.createUser();
    for (const asked of ["//evil.example/", "https://evil.example/", "/\\evil.example", "evil", ""]) {
      const res = await forms.post(`/auth/login?redirect=${encodeURIComponent(asked)}`, {
        cred: u.phone,
        password: DEFAULT_PASSWORD,
      });
      expect(res.location, asked).toBe("/");
    }
    // A path with a control character is not followed either (a browser drops it from an address).
    for (const asked of ["/search?q=x\r\nX: 1", "/\t/evil.example"]) {
      const res = await forms.post(`/auth/login?redirect=${encodeURIComponent(asked)}`, {
        cred: u.phone,
        password: DEFAULT_PASSWORD,
      });
      expect(res.location, asked).toBe("/");
    }
    // Letters beyond ASCII are written as a browser writes them: a valid Location.
    const res = await forms.post(`/auth/login?redirect=${encodeURIComponent("/search?q=বই বই")}`, {
      cred: u.phone,
      password: DEFAULT_PASSWORD,
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/search?q=%E0%A6%AC%E0%A6%87%20%E0%A6%AC%E0%A6%87");
  });

  it("refuses a wrong password with the API's message, the phone kept and no password sent back", async () => {
    const u = await h.createUser();
    const res = await forms.post("/auth/login", { cred: u.phone, password: "not-the-password" });
    expect(res.status).toBe(401);
    expect(refusalOf(res)).toEqual({
      ok: false,
      status: 401,
      message: "Wrong phone/email or password",
      errors: {},
      values: { cred: u.phone },
    });
    expect(res.text).not.toContain("not-the-password");
    expect(sessionLine(res.setCookie)).toBeUndefined();
  });

  it("refuses bad input with the specification's field messages", async () => {
    const res = await forms.post("/auth/login", { cred: "", password: "123" });
    expect(res.status).toBe(400);
    expect(refusalOf(res)).toMatchObject({
      errors: { cred: "Phone or email is required", password: "Minimum 6 characters required" },
    });
    // Fields left out of the form are refused the same way, never a 500.
    expect((await forms.post("/auth/login", {})).status).toBe(400);
  });

  it("counts tries with the API's: the eleventh in a minute for one account is refused", async () => {
    const u = await h.createUser();
    // Signing the test's user in was the first try.
    for (let i = 0; i < 4; i++) expect((await h.signIn(u.phone, "wrong-password")).status).toBe(401);
    for (let i = 0; i < 4; i++) {
      expect((await forms.post("/auth/login", { cred: u.phone, password: "wrong-password" })).status).toBe(
        401,
      );
    }
    expect((await forms.post("/auth/login", { cred: u.phone, password: DEFAULT_PASSWORD })).status).toBe(302);
    const refused = await forms.post("/auth/login", { cred: u.phone, password: DEFAULT_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refusalOf(refused).message).toBe("Too many sign-in attempts. Please wait a minute and try again.");
    expect(sessionLine(refused.setCookie)).toBeUndefined();
  });

  it("an add to the cart kept from before signing in is made on the page the form goes back to", async () => {
    const book = await createProduct(h.db, { kind: "book", price: 120, stock: 4 });
    const add = await forms.post("/cart/add", {
      bookId: String(book.id),
      type: "book",
      source: "book",
      addKey: "auth-form-tap-1",
      back: `/book/${book.id}`,
    });
    expect(add.location).toBe(`/auth/login?redirect=${encodeURIComponent(`/book/${book.id}`)}`);
    const u = await h.createUser();
    const signedIn = await forms.post(
      add.location!,
      { cred: u.phone, password: DEFAULT_PASSWORD },
      { cookie: withCookies(undefined, add.setCookie) },
    );
    expect(signedIn.location).toBe(`/book/${book.id}`);
    const cookie = withCookies(withCookies(undefined, add.setCookie), signedIn.setCookie);
    const page = await forms.get(`/book/${book.id}`, cookie);
    expect(page.body.user).toBe(u.user.id);
    expect(page.body.flash).toMatchObject({ title: "Added to cart" });
    const lines = await h.db
      .select({ productId: cartLines.productId })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(eq(carts.userId, u.user.id));
    expect(lines).toEqual([{ productId: book.id }]);
  });

  it("another site's form cannot sign anyone in", async () => {
    const u = await h.createUser();
    const res = await forms.post(
      "/auth/login",
      { cred: u.phone, password: DEFAULT_PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(sessionLine(res.setCookie)).toBeUndefined();
  });
});

describe("sign up", () => {
  it("makes the account, signs it in and goes to the page asked for, saying the account is ready", async () => {
    const phone = uniquePhone();
    const res = await forms.post("/auth/register?redirect=%2Fcart", {
      name: "Sadia Akter",
      phone,
      email: "",
      password: "secret123",
      hsc_batch: "HSC 2026",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/cart");
    expect(flashOf(res.setCookie)).toEqual({
      title: "Your account is ready",
      description: "Verify your phone number from your profile.",
    });
    const cookie = sessionCookieFrom(res.setCookie)!;
    const me = await h.request<{ phone: string; hsc_batch: string; email: string | null }>(
      "GET",
      "/api/user",
      {
        cookie,
      },
    );
    expect(me.body.data).toMatchObject({ phone, hsc_batch: "HSC 2026", email: null });
  });

  it("refuses a taken phone on its field, with what was typed but the password", async () => {
    const u = await h.createUser();
    const fields = {
      name: "Sadia Akter",
      phone: u.phone,
      email: "sadia@example.com",
      password: "secret123",
      hsc_batch: "HSC 2025",
    };
    const res = await forms.post("/auth/register", fields);
    expect(res.status).toBe(409);
    expect(refusalOf(res)).toMatchObject({
      errors: { phone: "An account with this phone number already exists" },
      values: { name: "Sadia Akter", phone: u.phone, email: "sadia@example.com", hsc_batch: "HSC 2025" },
    });
    expect(res.text).not.toContain("secret123");
    expect(sessionLine(res.setCookie)).toBeUndefined();
  });

  it("refuses bad input with each field's message", async () => {
    const res = await forms.post("/auth/register", { name: "Sadia", phone: "12345", password: "secret123" });
    expect(res.status).toBe(400);
    expect(refusalOf(res)).toMatchObject({
      errors: { phone: "Invalid phone number", hsc_batch: "HSC Batch is required" },
    });
  });
});

describe("verify the phone", () => {
  it("sends the code, opens the code form, and a right code verifies the phone", async () => {
    const u = await h.createUser();
    const sent = await forms.post("/auth/verify", { intent: "send" }, { cookie: u.cookie });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/auth/verify?sent=1");
    const code = await h.latestCode(u.phone);

    const wrong = await forms.post(
      "/auth/verify?sent=1",
      { intent: "verify", code: String((Number(code) + 1) % 1_000_000).padStart(6, "0") },
      { cookie: u.cookie },
    );
    expect(wrong.status).toBe(400);
    expect(refusalOf(wrong)).toMatchObject({
      intent: "verify",
      errors: { code: "Wrong code. Check the SMS and try again." },
      values: {},
    });

    const right = await forms.post("/auth/verify?sent=1", { intent: "verify", code }, { cookie: u.cookie });
    expect(right.status).toBe(302);
    expect(right.location).toBe("/auth/verify");
    const me = await h.request<{ phone_verified: boolean }>("GET", "/api/user", { cookie: u.cookie });
    expect(me.body.data?.phone_verified).toBe(true);
  });

  it("refuses a second code within the minute with the API's message", async () => {
    const u = await h.createUser();
    expect((await h.request("POST", "/api/auth/verify/send", { cookie: u.cookie })).status).toBe(200);
    const res = await forms.post("/auth/verify", { intent: "send" }, { cookie: u.cookie });
    expect(res.status).toBe(429);
    expect(refusalOf(res)).toMatchObject({
      intent: "send",
      message: "Please wait a minute before asking for another code.",
    });
  });

  it("refuses a signed-out visitor and an unknown form", async () => {
    const out = await forms.post("/auth/verify", { intent: "send" });
    expect(out.status).toBe(401);
    expect(refusalOf(out).message).toBe("Please sign in to continue");
    const u = await h.createUser();
    expect((await forms.post("/auth/verify", { intent: "nonsense" }, { cookie: u.cookie })).status).toBe(400);
  });
});

describe("reset the password", () => {
  it("texts a code, opens the second step for the phone, and sets the new password with it", async () => {
    const u = await h.createUser();
    const asked = await forms.post("/auth/forget", { intent: "forget", phone: `+88${u.phone}` });
    expect(asked.status).toBe(302);
    expect(asked.location).toBe(`/auth/forget?phone=${u.phone}`);
    const code = await h.latestCode(u.phone);

    const wrong = await forms.post(asked.location!, {
      intent: "reset",
      phone: u.phone,
      code: String((Number(code) + 1) % 1_000_000).padStart(6, "0"),
      password: "brand-new-1",
    });
    expect(wrong.status).toBe(400);
    expect(refusalOf(wrong)).toMatchObject({
      intent: "reset",
      errors: { code: "Wrong code. Check the SMS and try again." },
      values: { phone: u.phone },
    });
    expect(wrong.text).not.toContain("brand-new-1");

    const done = await forms.post(asked.location!, {
      intent: "reset",
      phone: u.phone,
      code,
      password: "brand-new-1",
    });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/auth/login");
    expect(flashOf(done.setCookie)).toEqual({ title: "Your password is changed. Sign in with the new one." });
    // Signed out everywhere; the new password signs in.
    expect(await signedInAs(u.cookie)).toBeNull();
    expect((await h.signIn(u.phone, "brand-new-1")).status).toBe(200);
  });

  it("answers a number without an account as one with, sending nothing", async () => {
    const phone = uniquePhone();
    const res = await forms.post("/auth/forget", { intent: "forget", phone });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/auth/forget?phone=${phone}`);
    expect(await h.smsCount(phone)).toBe(0);
  });

  it("refuses a bad phone on its field, kept as typed", async () => {
    const res = await forms.post("/auth/forget", { intent: "forget", phone: "12345" });
    expect(res.status).toBe(400);
    expect(refusalOf(res)).toMatchObject({
      intent: "forget",
      errors: { phone: "Invalid phone number" },
      values: { phone: "12345" },
    });
  });
});

describe("the account's forms on /edit and /profile", () => {
  const me = async (cookie: string) =>
    (
      await h.request<{ name: string; email: string | null; email_confirmed: boolean; hsc_batch: string }>(
        "GET",
        "/api/user",
        { cookie },
      )
    ).body.data!;

  it("saves the name, and refuses a short one on its field with it kept", async () => {
    const u = await h.createUser();
    const short = await forms.post("/edit", { intent: "name", name: "A" }, { cookie: u.cookie });
    expect(short.status).toBe(400);
    expect(refusalOf(short)).toMatchObject({
      intent: "name",
      errors: { name: expect.any(String) },
      values: { name: "A" },
    });
    const res = await forms.post("/edit", { intent: "name", name: "Tasnim Rahman" }, { cookie: u.cookie });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/edit");
    expect(flashOf(res.setCookie)).toEqual({ title: "Your name is saved" });
    expect((await me(u.cookie)).name).toBe("Tasnim Rahman");
  });

  it("emails a code to a new address and changes the email once it is entered", async () => {
    const u = await h.createUser({ email: `old.${uniquePhone()}@example.com` });
    const next = `new.${uniquePhone()}@example.com`;
    const bad = await forms.post("/edit", { intent: "email", email: "not-an-email" }, { cookie: u.cookie });
    expect(refusalOf(bad)).toMatchObject({ intent: "email", errors: { email: "Invalid email address" } });

    const asked = await forms.post("/edit", { intent: "email", email: next }, { cookie: u.cookie });
    expect(asked.status).toBe(302);
    expect(flashOf(asked.setCookie)).toEqual({ title: `We sent a 6-digit code to ${next}` });
    const code = h.latestEmailCode(next);
    const wrong = await forms.post(
      "/edit",
      { intent: "email-confirm", code: String((Number(code) + 1) % 1_000_000).padStart(6, "0") },
      { cookie: u.cookie },
    );
    expect(refusalOf(wrong)).toMatchObject({
      intent: "email-confirm",
      errors: { code: "Wrong code. Check the email and try again." },
      values: {},
    });
    const right = await forms.post("/edit", { intent: "email-confirm", code }, { cookie: u.cookie });
    expect(right.status).toBe(302);
    expect(flashOf(right.setCookie)).toEqual({ title: "Your email address is changed" });
    expect(await me(u.cookie)).toMatchObject({ email: next, email_confirmed: true });
  });

  it("confirms the account's own address with its code", async () => {
    const own = `own.${uniquePhone()}@example.com`;
    const u = await h.createUser({ email: own });
    expect((await forms.post("/edit", { intent: "email", email: own }, { cookie: u.cookie })).status).toBe(
      302,
    );
    const res = await forms.post(
      "/edit",
      { intent: "email-confirm", code: h.latestEmailCode(own), email: own },
      { cookie: u.cookie },
    );
    expect(flashOf(res.setCookie)).toEqual({ title: "Your email address is confirmed" });
    expect(await me(u.cookie)).toMatchObject({ email: own, email_confirmed: true });
  });

  it("saves the phone and batch, and refuses a taken phone on its field", async () => {
    const u = await h.createUser();
    const other = await h.createUser();
    const taken = await forms.post(
      "/edit",
      { intent: "profile", phone: other.phone, hsc_batch: "HSC 2026" },
      { cookie: u.cookie },
    );
    expect(taken.status).toBe(409);
    expect(refusalOf(taken)).toMatchObject({
      intent: "profile",
      errors: { phone: "An account with this phone number already exists" },
      values: { phone: other.phone, hsc_batch: "HSC 2026" },
    });
    const res = await forms.post(
      "/edit",
      { intent: "profile", phone: u.phone, hsc_batch: "HSC 2026" },
      { cookie: u.cookie },
    );
    expect(res.location).toBe("/profile");
    expect(flashOf(res.setCookie)).toEqual({ title: "Profile updated" });
    expect((await me(u.cookie)).hsc_batch).toBe("HSC 2026");
  });

  it("changes the password with the current one, this device staying signed in, others signed out", async () => {
    const u = await h.createUser();
    const other = await h.signIn(u.phone, DEFAULT_PASSWORD);
    // Posted to a page that shows the form (its own action), the refusal is answered in place.
    const wrong = await forms.post(
      "/profile",
      { intent: "password", currentPassword: "not-it-at-all", newPassword: "second-pass-2" },
      { cookie: u.cookie },
    );
    expect(wrong.status).toBe(400);
    expect(refusalOf(wrong)).toMatchObject({
      intent: "password",
      errors: { currentPassword: "Your current password is not right" },
      values: {},
    });
    expect(wrong.text).not.toContain("second-pass-2");
    // Posted to /edit's action (the form on /profile), back to /profile saying why.
    const back = await forms.post(
      "/edit",
      { intent: "password", currentPassword: "not-it-at-all", newPassword: "second-pass-2" },
      { cookie: u.cookie },
    );
    expect(back.status).toBe(302);
    expect(back.location).toBe("/profile");
    expect(flashOf(back.setCookie)).toEqual({
      title: "Your current password is not right",
      variant: "destructive",
    });
    const res = await forms.post(
      "/edit",
      { intent: "password", currentPassword: DEFAULT_PASSWORD, newPassword: "second-pass-2" },
      { cookie: u.cookie },
    );
    expect(res.location).toBe("/profile");
    expect(flashOf(res.setCookie)).toEqual({
      title: "Your password is changed. Other devices are signed out.",
    });
    expect(await signedInAs(u.cookie)).toBe(u.user.id);
    expect(await signedInAs(other.cookie)).toBeNull();
  });

  it("refuses a signed-out visitor and an unknown form", async () => {
    const out = await forms.post("/edit", { intent: "name", name: "Someone" });
    expect(out.status).toBe(401);
    const u = await h.createUser();
    expect((await forms.post("/edit", { intent: "nonsense" }, { cookie: u.cookie })).status).toBe(400);
  });
});
