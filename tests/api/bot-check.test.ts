/**
 * The bot check (decision 56) against a stand-in for Turnstile's siteverify: a good token passes
 * once, a bad or replayed one is a 400 with nothing written or sent, and a request without one
 * passes only under the stricter limits. Through the API and the forms alike.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsOutbox, users } from "../../src/server/db/schema";
import { BOT_CHECK_FAILED } from "../../src/server/services/accounts/bot-check";
import { RATE_LIMITS, TOO_MANY_WITHOUT_CHECK } from "../../src/server/services/platform/rate-limits";
import { signUpAction } from "../../src/web/routes/auth/register.server";
import { type FakeTurnstile, startFakeTurnstile } from "../support/fake-turnstile";
import { createHarness, type Harness, uniquePhone } from "./harness";
import { pageForms } from "./page-forms";

let turnstile: FakeTurnstile;
let h: Harness;
let forms: ReturnType<typeof pageForms>;
let tokens = 0;
const goodToken = () => `good-${++tokens}`;
let addresses = 0;
const someAddress = () => `10.20.${Math.floor(++addresses / 250)}.${addresses % 250}`;

beforeAll(async () => {
  turnstile = await startFakeTurnstile();
  h = await createHarness({
    env: {
      TURNSTILE_SITE_KEY: "0x4AAAAAAAtestsitekey",
      TURNSTILE_SECRET: turnstile.secret,
      TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
    },
  });
  forms = pageForms(h, { "/auth/register": signUpAction });
});
afterAll(async () => {
  await h?.close();
  await turnstile?.close();
});

const accountsWith = async (phone: string) =>
  (await h.db.select({ id: users.id }).from(users).where(eq(users.phone, phone))).length;
const smsTo = async (phone: string) =>
  (await h.db.select({ id: smsOutbox.id }).from(smsOutbox).where(eq(smsOutbox.phone, phone))).length;

describe("sign-up with the bot check configured", () => {
  it("verifies the token with the secret and the caller's address, and makes the account", async () => {
    const phone = uniquePhone();
    const token = goodToken();
    const res = await h.signUp({ phone, botToken: token } as never, {
      headers: { "X-Forwarded-For": someAddress() },
    });
    expect(res.status).toBe(201);
    const asked = turnstile.asked.at(-1);
    expect(asked).toMatchObject({ secret: turnstile.secret, response: token });
    expect(asked?.remoteip).toMatch(/^10\.20\./);
  });

  it("refuses a bad or a replayed token with 400, and makes nothing", async () => {
    const used = goodToken();
    expect(
      (await h.signUp({ botToken: used } as never, { headers: { "X-Forwarded-For": someAddress() } })).status,
    ).toBe(201);
    for (const botToken of ["bad-token", used]) {
      const phone = uniquePhone();
      const res = await h.signUp({ phone, botToken } as never, {
        headers: { "X-Forwarded-For": someAddress() },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(BOT_CHECK_FAILED);
      expect(await accountsWith(phone)).toBe(0);
    }
  });

  it("lets a sign-up without a token through only under the stricter limit per address", async () => {
    const address = someAddress();
    const { limit } = RATE_LIMITS.noBotCheckPerAddress;
    for (let i = 0; i < limit; i++) {
      const res = await h.signUp({}, { headers: { "X-Forwarded-For": address } });
      expect(res.status, `sign-up ${i + 1}`).toBe(201);
    }
    const phone = uniquePhone();
    const over = await h.signUp({ phone }, { headers: { "X-Forwarded-For": address } });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(TOO_MANY_WITHOUT_CHECK);
    expect(await accountsWith(phone)).toBe(0);
    // With a token the same address still signs up.
    expect(
      (await h.signUp({ botToken: goodToken() } as never, { headers: { "X-Forwarded-For": address } }))
        .status,
    ).toBe(201);
  });

  it("reads the widget's field from the form without JavaScript", async () => {
    const phone = uniquePhone();
    const refused = await forms.post("/auth/register", {
      name: "Form Student",
      phone,
      password: "secret123",
      hsc_batch: "HSC 2025",
      "cf-turnstile-response": "bad-token",
    });
    expect(refused.status).toBe(400);
    expect(await accountsWith(phone)).toBe(0);
    const made = await forms.post("/auth/register", {
      name: "Form Student",
      phone,
      password: "secret123",
      hsc_batch: "HSC 2025",
      "cf-turnstile-response": goodToken(),
    });
    expect(made.status).toBe(302);
    expect(await accountsWith(phone)).toBe(1);
  });
});

describe("SMS codes with the bot check configured", () => {
  it("sends no reset code for a refused token, and one for a good token", async () => {
    const u = await h.createUser();
    const refused = await h.request("POST", "/api/auth/forget", {
      body: { phone: u.phone, botToken: "bad-token" },
      headers: { "X-Forwarded-For": someAddress() },
    });
    expect(refused.status).toBe(400);
    expect(await smsTo(u.phone)).toBe(0);
    const sent = await h.request("POST", "/api/auth/forget", {
      body: { phone: u.phone, botToken: goodToken() },
      headers: { "X-Forwarded-For": someAddress() },
    });
    expect(sent.status).toBe(200);
    expect(await smsTo(u.phone)).toBe(1);
  });

  it("sends a phone's verification code only with a good token, or within the stricter limit per phone", async () => {
    const u = await h.createUser();
    const bad = await h.request("POST", "/api/auth/verify/send", {
      body: { botToken: "bad-token" },
      cookie: u.cookie,
    });
    expect(bad.status).toBe(400);
    expect(await smsTo(u.phone)).toBe(0);
    const good = await h.request("POST", "/api/auth/verify/send", {
      body: { botToken: goodToken() },
      cookie: u.cookie,
    });
    expect(good.status).toBe(200);
    expect(await smsTo(u.phone)).toBe(1);
  });
});

describe("sign-in with the bot check configured", () => {
  it("asks for the check only after three wrong passwords for the account", async () => {
    const u = await h.createUser();
    const headers = { "X-Forwarded-For": someAddress() };
    const asked = turnstile.asked.length;
    for (let i = 0; i < 3; i++) {
      expect((await h.signIn(u.phone, "wrong-password", { headers })).status).toBe(401);
    }
    expect(turnstile.asked.length, "no check before the failures").toBe(asked);
    const bad = await h.request("POST", "/api/auth/login", {
      body: { cred: u.phone, password: u.password, botToken: "bad-token" },
      headers,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(BOT_CHECK_FAILED);
    expect(bad.cookie).toBeFalsy();
    const good = await h.request("POST", "/api/auth/login", {
      body: { cred: u.phone, password: u.password, botToken: goodToken() },
      headers,
    });
    expect(good.status).toBe(200);
  });
});
