import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CRED_REQUIRED,
  HSC_BATCH_REQUIRED,
  INVALID_PHONE,
  MIN_6_CHARACTERS,
  PHONE_REQUIRED,
  REQUIRED,
} from "../../src/contracts/messages";
import { users } from "../../src/server/db/schema";
import {
  EMAIL_TAKEN,
  PHONE_TAKEN,
  TOO_MANY_SIGN_INS,
  WRONG_CREDENTIALS,
} from "../../src/server/services/accounts/users";
import { RATE_LIMITS } from "../../src/server/services/platform/rate-limits";
import { createHarness, DEFAULT_PASSWORD, type Harness, uniqueEmail, uniquePhone } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const validRegistration = () => ({
  name: "Rahim Uddin",
  phone: uniquePhone(),
  password: DEFAULT_PASSWORD,
  hsc_batch: "HSC 2025",
});

describe("POST /api/auth/register", () => {
  it("creates the account with 201, stores the phone as 01XXXXXXXXX and signs it in", async () => {
    const res = await h.signUp({ phone: "+8801712345678", email: "Rahim@Example.COM" });
    expect(res.status).toBe(201);
    expect(res.body.statusCode).toBe(201);
    expect(res.body.data).toMatchObject({
      phone: "01712345678",
      email: "rahim@example.com",
      email_confirmed: false,
      hsc_batch: "HSC 2025",
      role: "customer",
      phone_verified: false,
    });
    expect(res.cookie).toBeDefined();
    const me = await h.request("GET", "/api/user", { cookie: res.cookie });
    expect(me.status).toBe(200);
  });

  it.each([
    ["8801812345678", "+8801812345678"],
    ["01812345670", "8801812345670"],
    ["+8801812345679", "01812345679"],
  ])("treats %s and %s as the same account: the second sign-up gets 409 on phone", async (first, second) => {
    expect((await h.signUp({ phone: first })).status).toBe(201);
    const res = await h.signUp({ phone: second });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ phone: PHONE_TAKEN });
    expect(res.cookie).toBeUndefined();
  });

  it("refuses the third form of an already registered number as well", async () => {
    expect((await h.signUp({ phone: "+8801612345678" })).status).toBe(201);
    const second = await h.signUp({ phone: "8801612345678" });
    const third = await h.signUp({ phone: "01612345678" });
    expect([second.status, third.status]).toEqual([409, 409]);
    expect(third.body.errors?.phone).toBe(PHONE_TAKEN);
    const rows = await h.db.select().from(users).where(eq(users.phone, "01612345678"));
    expect(rows).toHaveLength(1);
  });

  it("refuses a second account with the same email in another letter case: 409 on email", async () => {
    const email = uniqueEmail();
    expect((await h.signUp({ email })).status).toBe(201);
    const res = await h.signUp({ email: email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ email: EMAIL_TAKEN });
  });

  it("answers one of two simultaneous sign-ups with the same phone 201 and the other 409 on phone", async () => {
    const phone = uniquePhone();
    const answers = await Promise.all([h.signUp({ phone }), h.signUp({ phone: `+88${phone}` })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)?.body.errors).toEqual({ phone: PHONE_TAKEN });
  });

  it("answers one of two simultaneous sign-ups with the same email 201 and the other 409 on email", async () => {
    const email = uniqueEmail();
    const answers = await Promise.all([h.signUp({ email }), h.signUp({ email })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)?.body.errors).toEqual({ email: EMAIL_TAKEN });
  });

  it.each([
    ["phone is missing", { phone: undefined }, "phone", PHONE_REQUIRED],
    ["phone is empty", { phone: "" }, "phone", PHONE_REQUIRED],
    ["phone is too short", { phone: "01712" }, "phone", INVALID_PHONE],
    ["phone has no Bangladeshi operator", { phone: "01234567890" }, "phone", INVALID_PHONE],
    ["phone is foreign", { phone: "+447911123456" }, "phone", INVALID_PHONE],
    ["HSC batch is missing", { hsc_batch: undefined }, "hsc_batch", HSC_BATCH_REQUIRED],
    ["HSC batch is empty", { hsc_batch: "" }, "hsc_batch", HSC_BATCH_REQUIRED],
    ["HSC batch is under 6 characters", { hsc_batch: "HSC" }, "hsc_batch", MIN_6_CHARACTERS],
    ["password is under 6 characters", { password: "12345" }, "password", MIN_6_CHARACTERS],
    ["password is missing", { password: undefined }, "password", REQUIRED],
    ["name is missing", { name: undefined }, "name", REQUIRED],
    ["name is one character", { name: "A" }, "name", "String must contain at least 2 character(s)"],
  ])("answers 400 when %s", async (_what, change, field, message) => {
    const body = { ...validRegistration(), ...change };
    const res = await h.request("POST", "/api/auth/register", { body });
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
    expect(res.body.message).toBe(message);
  });

  it("creates no account when validation fails", async () => {
    const body = { ...validRegistration(), password: "123" };
    expect((await h.request("POST", "/api/auth/register", { body })).status).toBe(400);
    const rows = await h.db.select().from(users).where(eq(users.phone, body.phone));
    expect(rows).toHaveLength(0);
  });
});

describe("POST /api/auth/login", () => {
  const phone = "01912300001";
  const email = "karim@example.com";
  beforeAll(async () => {
    const res = await h.signUp({ phone, email });
    expect(res.status).toBe(201);
  });

  it.each(["+8801912300001", "8801912300001", "01912300001"])(
    "signs in by phone written as %s",
    async (cred) => {
      const res = await h.signIn(cred, DEFAULT_PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body.data?.phone).toBe(phone);
      expect(res.cookie).toBeDefined();
    },
  );

  it.each(["karim@example.com", "KARIM@Example.com"])("signs in by email written as %s", async (cred) => {
    const res = await h.signIn(cred, DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data?.email).toBe(email);
  });

  it("answers 401 to a wrong password and sets no cookie", async () => {
    const res = await h.signIn(phone, "not-the-password");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, message: WRONG_CREDENTIALS });
    expect(res.cookie).toBeUndefined();
  });

  it("answers an unknown account exactly like a wrong password", async () => {
    const res = await h.signIn(uniquePhone(), DEFAULT_PASSWORD);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(WRONG_CREDENTIALS);
  });

  it.each([
    ["cred is missing", { password: DEFAULT_PASSWORD }, "cred", CRED_REQUIRED],
    ["cred is empty", { cred: "", password: DEFAULT_PASSWORD }, "cred", CRED_REQUIRED],
    ["password is under 6 characters", { cred: phone, password: "123" }, "password", MIN_6_CHARACTERS],
  ])("answers 400 when %s", async (_what, body, field, message) => {
    const res = await h.request("POST", "/api/auth/login", { body });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const res = await h.signIn(phone, DEFAULT_PASSWORD);
    const line = res.setCookie.find((c) => c.startsWith("pathagar_session="));
    expect(line).toBeDefined();
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\//i);
  });
});

describe("sign-in rate limit", () => {
  it("refuses the 11th attempt in a minute for the same phone with 429, even with the right password", async () => {
    const phone = uniquePhone();
    await h.createUser({ phone });
    h.clock.advance(60_000);
    for (let i = 0; i < 10; i++) {
      expect((await h.signIn(phone, "wrong-password")).status).toBe(401);
    }
    const res = await h.signIn(phone, DEFAULT_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ statusCode: 429, message: TOO_MANY_SIGN_INS });
    expect(res.cookie).toBeUndefined();
  });

  it("counts the three forms of a phone number as one account", async () => {
    const local = uniquePhone();
    await h.createUser({ phone: local });
    h.clock.advance(60_000);
    const forms = [`+88${local}`, `88${local}`, local];
    for (let i = 0; i < 10; i++) {
      expect((await h.signIn(forms[i % 3]!, "wrong-password")).status).toBe(401);
    }
    expect((await h.signIn(`+88${local}`, DEFAULT_PASSWORD)).status).toBe(429);
  });

  it("lets the account in again once the clock moves a minute on", async () => {
    const phone = uniquePhone();
    await h.createUser({ phone });
    h.clock.advance(60_000);
    for (let i = 0; i < 10; i++) await h.signIn(phone, "wrong-password");
    expect((await h.signIn(phone, DEFAULT_PASSWORD)).status).toBe(429);
    h.clock.advance(60_000);
    const res = await h.signIn(phone, DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.cookie).toBeDefined();
  });

  it(`refuses attempt ${RATE_LIMITS.signInPerAddress.limit + 1} in a minute from one address, whichever accounts it tries`, async () => {
    const target = await h.createUser();
    h.clock.advance(60_000);
    for (let i = 0; i < RATE_LIMITS.signInPerAddress.limit; i++) {
      expect((await h.signIn(uniquePhone(), DEFAULT_PASSWORD, { ip: "203.0.113.9" })).status).toBe(401);
    }
    const res = await h.signIn(target.phone, target.password, { ip: "203.0.113.9" });
    expect(res.status).toBe(429);
    const elsewhere = await h.signIn(target.phone, target.password, { ip: "203.0.113.10" });
    expect(elsewhere.status).toBe(200);
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session: GET /api/user with the same cookie then answers 401", async () => {
    const { cookie } = await h.createUser();
    expect((await h.request("GET", "/api/user", { cookie })).status).toBe(200);
    const out = await h.request("POST", "/api/auth/logout", { cookie });
    expect(out.status).toBe(200);
    expect(out.setCookie.some((c) => /^pathagar_session=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    const me = await h.request("GET", "/api/user", { cookie });
    expect(me.status).toBe(401);
  });

  it("ends only that session, not the account's other sessions", async () => {
    const made = await h.createUser();
    const other = await h.signIn(made.phone, made.password);
    await h.request("POST", "/api/auth/logout", { cookie: made.cookie });
    expect((await h.request("GET", "/api/user", { cookie: other.cookie })).status).toBe(200);
  });
});

describe("GET /api/user", () => {
  it("answers 200 with the signed-in user's public fields", async () => {
    const email = uniqueEmail();
    const made = await h.createUser({ email, name: "Nusrat Jahan", hsc_batch: "HSC 2026" });
    const res = await h.request("GET", "/api/user", { cookie: made.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: made.user.id,
      name: "Nusrat Jahan",
      phone: made.phone,
      email,
      email_confirmed: false,
      hsc_batch: "HSC 2026",
      phone_verified: false,
      role: "customer",
      permissions: [],
      locale: "en",
    });
    expect(res.text).not.toMatch(/password|hash/i);
  });

  it("answers 401 when signed out", async () => {
    const res = await h.request("GET", "/api/user");
    expect(res.status).toBe(401);
    expect(res.body.statusCode).toBe(401);
    expect(res.body.data).toBeUndefined();
  });

  it("answers 401 to a made-up session cookie", async () => {
    const res = await h.request("GET", "/api/user", { cookie: "pathagar_session=made-up-token" });
    expect(res.status).toBe(401);
  });

  it("answers 401 once the session is older than 30 days", async () => {
    const { cookie } = await h.createUser();
    h.clock.advance(30 * 86_400_000 + 1000);
    expect((await h.request("GET", "/api/user", { cookie })).status).toBe(401);
  });
});

describe("POST /api/auth/update", () => {
  it("saves phone and HSC batch for a user who lacks the batch", async () => {
    const made = await h.createUserWithoutBatch();
    const newPhone = uniquePhone();
    const res = await h.request("POST", "/api/auth/update", {
      cookie: made.cookie,
      body: { phone: `+88${newPhone}`, hsc_batch: "HSC 2024" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phone: newPhone, hsc_batch: "HSC 2024" });
    const me = await h.request("GET", "/api/user", { cookie: made.cookie });
    expect(me.body.data).toMatchObject({ phone: newPhone, hsc_batch: "HSC 2024" });
  });

  it("accepts the caller's own phone number again", async () => {
    const made = await h.createUser();
    const res = await h.request("POST", "/api/auth/update", {
      cookie: made.cookie,
      body: { phone: made.phone, hsc_batch: "Others" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phone: made.phone, hsc_batch: "Others" });
  });

  it("marks a changed phone number unverified", async () => {
    const made = await h.createUser();
    await h.db.update(users).set({ phoneVerifiedAt: h.clock.now() }).where(eq(users.id, made.user.id));
    const res = await h.request("POST", "/api/auth/update", {
      cookie: made.cookie,
      body: { phone: uniquePhone(), hsc_batch: "HSC 2025" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phone_verified: false });
  });

  it("answers 401 when signed out", async () => {
    const res = await h.request("POST", "/api/auth/update", {
      body: { phone: uniquePhone(), hsc_batch: "HSC 2025" },
    });
    expect(res.status).toBe(401);
  });

  it.each([
    ["phone is empty", { phone: "", hsc_batch: "HSC 2025" }, "phone", PHONE_REQUIRED],
    ["phone is missing", { hsc_batch: "HSC 2025" }, "phone", PHONE_REQUIRED],
    ["phone is invalid", { phone: "01234567890", hsc_batch: "HSC 2025" }, "phone", INVALID_PHONE],
    ["HSC batch is empty", { phone: "01512345678", hsc_batch: "" }, "hsc_batch", HSC_BATCH_REQUIRED],
    ["HSC batch is short", { phone: "01512345678", hsc_batch: "HSC" }, "hsc_batch", MIN_6_CHARACTERS],
    [
      "HSC batch is not one of the list",
      { phone: "01512345678", hsc_batch: "HSC 2019" },
      "hsc_batch",
      "Choose one of: HSC 2024, HSC 2025, HSC 2026, Others",
    ],
  ])("answers 400 when %s", async (_what, body, field, message) => {
    const made = await h.createUserWithoutBatch();
    const res = await h.request("POST", "/api/auth/update", { cookie: made.cookie, body });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
    const [row] = await h.db.select().from(users).where(eq(users.id, made.user.id));
    expect(row?.hscBatch).toBeNull();
  });

  it("answers 409 on phone when the number belongs to another account", async () => {
    const other = await h.createUser();
    const made = await h.createUserWithoutBatch();
    const res = await h.request("POST", "/api/auth/update", {
      cookie: made.cookie,
      body: { phone: `88${other.phone}`, hsc_batch: "HSC 2025" },
    });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ phone: PHONE_TAKEN });
    const [row] = await h.db.select().from(users).where(eq(users.id, made.user.id));
    expect(row?.phone).toBe(made.phone);
  });
});
