import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_SENT } from "../../src/server/http/api/auth";
import {
  CODE_EXPIRED,
  CODE_WRONG,
  TOO_MANY_CODES,
  WAIT_A_MINUTE,
} from "../../src/server/services/accounts/one-time-codes";
import { createHarness, type Harness, uniquePhone } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const MINUTE = 60_000;

/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function sendVerification(cookie: string) {
  return h.request<{ phone: string }>("POST", "/api/auth/verify/send", { cookie });
}

async function confirm(cookie: string, code: string) {
  return h.request("POST", "/api/auth/verify", { cookie, body: { code } });
}

async function isVerified(cookie: string): Promise<boolean | undefined> {
  const me = await h.request<{ phone_verified: boolean }>("GET", "/api/user", { cookie });
  return me.body.data?.phone_verified;
}

describe("phone verification", () => {
  it("sends a code by SMS and marks the phone verified when it is confirmed", async () => {
    const made = await h.createUser();
    const sent = await sendVerification(made.cookie);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ phone: made.phone });
    const sms = await h.latestSms(made.phone);
    expect(sms?.body).toMatch(/^\d{6} is your Pathagar verification code/);
    const res = await confirm(made.cookie, sms!.code!);
    expect(res.status).toBe(200);
    expect(await isVerified(made.cookie)).toBe(true);
  });

  it("sends the code in Bangla to a caller who reads the shop in Bangla, the code in Latin digits", async () => {
    const made = await h.createUser();
    const sent = await sendVerification(`${made.cookie}; pathagar_lang=bn`);
    expect(sent.status).toBe(200);
    const sms = await h.latestSms(made.phone);
    expect(sms?.body).toMatch(/^\d{6} আপনার Pathagar যাচাই কোড, ৫ মিনিট বৈধ।$/);
  });

  it("answers 401 to a signed-out send", async () => {
    const res = await h.request("POST", "/api/auth/verify/send");
    expect(res.status).toBe(401);
  });

  it("answers 409 when the phone is already verified", async () => {
    const made = await h.createUser();
    await sendVerification(made.cookie);
    await confirm(made.cookie, await h.latestCode(made.phone));
    h.clock.advance(MINUTE);
    const again = await sendVerification(made.cookie);
    expect(again.status).toBe(409);
    expect(await h.smsCount(made.phone)).toBe(1);
  });

  it("accepts the code until 5 minutes have passed", async () => {
    const made = await h.createUser();
    await sendVerification(made.cookie);
    h.clock.advance(5 * MINUTE - 1000);
    expect((await confirm(made.cookie, await h.latestCode(made.phone))).status).toBe(200);
  });

  it("refuses the code 5 minutes and 1 second after it was sent", async () => {
    const made = await h.createUser();
    await sendVerification(made.cookie);
    h.clock.advance(5 * MINUTE + 1000);
    const res = await confirm(made.cookie, await h.latestCode(made.phone));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CODE_EXPIRED);
    expect(await isVerified(made.cookie)).toBe(false);
  });

  it("answers a wrong code with 400 and lets the right one through afterwards", async () => {
    const made = await h.createUser();
    await sendVerification(made.cookie);
    const code = await h.latestCode(made.phone);
    const wrong = await confirm(made.cookie, otherThan(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ code: CODE_WRONG });
    expect((await confirm(made.cookie, code)).status).toBe(200);
  });

  it("voids the code after 5 wrong tries from one address: the right code then fails there", async () => {
    const made = await h.createUser();
    await sendVerification(made.cookie);
    const code = await h.latestCode(made.phone);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await h.request("POST", "/api/auth/verify", {
        cookie: made.cookie,
        body: { code: otherThan(code) },
        ip: "203.0.113.80",
      });
      expect(res.status).toBe(400);
      answers.push(res.body.message);
    }
    expect(answers).toEqual([CODE_WRONG, CODE_WRONG, CODE_WRONG, CODE_WRONG, CODE_EXPIRED]);
    const right = await h.request("POST", "/api/auth/verify", {
      cookie: made.cookie,
      body: { code },
      ip: "203.0.113.80",
    });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(CODE_EXPIRED);
    expect(await isVerified(made.cookie)).toBe(false);
  });

  it("uses a code up: the same code a second time fails", async () => {
    const made = await h.createUser();
    await sendVerification(made.cookie);
    const code = await h.latestCode(made.phone);
    expect((await confirm(made.cookie, code)).status).toBe(200);
    expect((await confirm(made.cookie, code)).status).toBe(400);
  });

  it("voids the older code when a new one is sent", async () => {
    const made = await h.createUser();
    await sendVerification(made.cookie);
    const first = await h.latestCode(made.phone);
    h.clock.advance(MINUTE);
    await sendVerification(made.cookie);
    const second = await h.latestCode(made.phone);
    if (first !== second) expect((await confirm(made.cookie, first)).status).toBe(400);
    expect((await confirm(made.cookie, second)).status).toBe(200);
  });

  it("answers 400 with a message when the code is not 6 digits", async () => {
    const made = await h.createUser();
    const res = await confirm(made.cookie, "12ab");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ code: "Enter the 6-digit code" });
  });

  it("sends at most one code a minute: the second send gets 429", async () => {
    const made = await h.createUser();
    expect((await sendVerification(made.cookie)).status).toBe(200);
    h.clock.advance(59_000);
    const second = await sendVerification(made.cookie);
    expect(second.status).toBe(429);
    expect(second.body.message).toBe(WAIT_A_MINUTE);
    expect(await h.smsCount(made.phone)).toBe(1);
    h.clock.advance(1000);
    expect((await sendVerification(made.cookie)).status).toBe(200);
  });

  it("sends at most five codes an hour from one address: the 6th gets 429 though minutes apart", async () => {
    const made = await h.createUser();
    const send = () =>
      h.request("POST", "/api/auth/verify/send", { cookie: made.cookie, ip: "203.0.113.81" });
    for (let i = 0; i < 5; i++) {
      expect((await send()).status).toBe(200);
      h.clock.advance(2 * MINUTE);
    }
    const sixth = await send();
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(TOO_MANY_CODES);
    expect(await h.smsCount(made.phone)).toBe(5);
  });

  it("sends again once the first of ten codes is an hour old", async () => {
    const made = await h.createUser();
    for (let i = 0; i < 10; i++) {
      expect((await sendVerification(made.cookie)).status).toBe(200);
      h.clock.advance(2 * MINUTE);
    }
    expect((await sendVerification(made.cookie)).status).toBe(429);
    h.clock.advance(60 * MINUTE - 20 * MINUTE + 1000);
    expect((await sendVerification(made.cookie)).status).toBe(200);
  });
});

describe("password reset", () => {
  const forget = (phone: string) => h.request("POST", "/api/auth/forget", { body: { phone } });
  const reset = (phone: string, code: string, password: string) =>
    h.request("POST", "/api/auth/reset", { body: { phone, code, password } });

  it("answers a registered and an unregistered phone alike, and texts only the registered one", async () => {
    const made = await h.createUser();
    const stranger = uniquePhone();
    const known = await forget(made.phone);
    const unknown = await forget(stranger);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(known.body).toEqual({ statusCode: 200, message: RESET_SENT });
    expect(unknown.body).toEqual(known.body);
    expect(await h.smsCount(made.phone)).toBe(1);
    expect(await h.smsCount(stranger)).toBe(0);
    expect((await h.latestSms(made.phone))?.body).toMatch(/password reset code/);
  });

  it("limits requests for registered and unregistered phones alike: the second in a minute gets 429", async () => {
    const made = await h.createUser();
    const stranger = uniquePhone();
    await forget(made.phone);
    await forget(stranger);
    const known = await forget(made.phone);
    const unknown = await forget(stranger);
    expect([known.status, unknown.status]).toEqual([429, 429]);
    expect(unknown.body).toEqual(known.body);
  });

  it("accepts the phone in +880 form and texts the local number", async () => {
    const made = await h.createUser();
    expect((await forget(`+88${made.phone}`)).status).toBe(200);
    expect(await h.smsCount(made.phone)).toBe(1);
  });

  it("sets a new password with the code: the old one fails and the new one works", async () => {
    const made = await h.createUser();
    await forget(made.phone);
    const res = await reset(made.phone, await h.latestCode(made.phone), "brand-new-pass");
    expect(res.status).toBe(200);
    expect((await h.signIn(made.phone, made.password)).status).toBe(401);
    expect((await h.signIn(made.phone, "brand-new-pass")).status).toBe(200);
  });

  it("ends the account's existing sessions", async () => {
    const made = await h.createUser();
    const second = await h.signIn(made.phone, made.password);
    await forget(made.phone);
    await reset(made.phone, await h.latestCode(made.phone), "brand-new-pass");
    expect((await h.request("GET", "/api/user", { cookie: made.cookie })).status).toBe(401);
    expect((await h.request("GET", "/api/user", { cookie: second.cookie })).status).toBe(401);
  });

  it("keeps the password when the code is wrong", async () => {
    const made = await h.createUser();
    await forget(made.phone);
    const code = await h.latestCode(made.phone);
    const res = await reset(made.phone, otherThan(code), "brand-new-pass");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CODE_WRONG);
    expect((await h.signIn(made.phone, made.password)).status).toBe(200);
  });

  it("fails for an unregistered phone with the same answer as a wrong code", async () => {
    const made = await h.createUser();
    const stranger = uniquePhone();
    await forget(made.phone);
    await forget(stranger);
    const code = await h.latestCode(made.phone);
    const guess = otherThan(code);
    const known = await reset(made.phone, guess, "brand-new-pass");
    const unknown = await reset(stranger, guess, "brand-new-pass");
    expect(known.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(known.body);
  });

  it("fails for an unregistered phone that never asked for a code like for a registered one", async () => {
    const made = await h.createUser();
    const known = await reset(made.phone, "123456", "brand-new-pass");
    const unknown = await reset(uniquePhone(), "123456", "brand-new-pass");
    expect(known.status).toBe(400);
    expect(unknown.body).toEqual(known.body);
  });

  it("answers 400 with field messages when the new password is too short", async () => {
    const made = await h.createUser();
    await forget(made.phone);
    const res = await reset(made.phone, await h.latestCode(made.phone), "123");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ password: "Minimum 6 characters required" });
  });
});
