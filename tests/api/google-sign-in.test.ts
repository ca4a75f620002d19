import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "../../src/contracts/user";
import { auditLog, users } from "../../src/server/db/schema";
import {
  GOOGLE_EMAIL_UNVERIFIED,
  GOOGLE_NOT_SET_UP,
  GOOGLE_TOKEN_EXPIRED,
  GOOGLE_TOKEN_REFUSED,
} from "../../src/server/services/accounts/google-sign-in";
import { type FakeGoogle, startFakeGoogle } from "../support/fake-google";
import { createHarness, type Harness, uniqueEmail, uniquePhone } from "./harness";

const CLIENT_ID = "1234-test.apps.googleusercontent.com";

let google: FakeGoogle;
let h: Harness;
let subjects = 0;
const newSubject = () => `1090000000000000${String(++subjects).padStart(5, "0")}`;

beforeAll(async () => {
  google = await startFakeGoogle({ clientId: CLIENT_ID });
  h = await createHarness({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl },
    captureEmail: true,
  });
});
afterAll(async () => {
  await h?.close();
  await google?.close();
});

function signIn(credential: string) {
  return h.request<PublicUser>("POST", "/api/auth/google", { body: { credential } });
}

const token = (claims: Parameters<FakeGoogle["sign"]>[0], key?: "fake" | "stranger") =>
  google.sign(claims, { now: h.clock.now(), key });

/** The /edit flow for an unconfirmed address: the account asks for its own code and enters it. */
async function confirmOwnEmail(cookie: string, email: string) {
  const asked = await h.request("POST", "/api/auth/email", { cookie, body: { email } });
  expect(asked.status, asked.text).toBe(200);
  const confirmed = await h.request<PublicUser>("POST", "/api/auth/email/confirm", {
    cookie,
    body: { code: h.latestEmailCode(email) },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  expect(confirmed.body.data?.email_confirmed).toBe(true);
}

const ADDRESS = {
  name: "Nusrat Jahan",
  phone: "01712345678",
  district: "Dhaka",
  area: "Mirpur",
  address: "House 12, Road 3, Section 6",
};

describe("Google sign-in and an email typed by someone else", () => {
  it("does not land in an account that registered the address unconfirmed, and the stranger's password never reaches the Google account", async () => {
    const victimEmail = uniqueEmail();
    // The attacker registers with the victim's address and a password of their own.
    const attackerPhone = uniquePhone();
    const attacker = await h.signUp({
      email: victimEmail,
      phone: attackerPhone,
      password: "attacker-pass-1",
    });
    expect(attacker.status).toBe(201);
    expect(attacker.body.data).toMatchObject({ email: victimEmail, email_confirmed: false });
    const attackerId = attacker.body.data!.id;

    // The victim taps "Sign in with Google" with that address, verified by Google.
    const sub = newSubject();
    const victim = await signIn(await token({ sub, email: victimEmail, name: "Nusrat Jahan" }));
    expect(victim.status).toBe(201);
    const victimId = victim.body.data!.id;
    expect(victimId).not.toBe(attackerId);
    expect(victim.body.data).toMatchObject({ email: victimEmail, email_confirmed: true, phone: null });

    // The address moved to the Google account; the attacker's account kept nothing of it.
    const [attackerRow] = await h.db.select().from(users).where(eq(users.id, attackerId));
    expect(attackerRow).toMatchObject({ email: null, emailConfirmedAt: null, googleSubject: null });
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.email_released"), eq(auditLog.entityId, String(attackerId))));
    expect(entry).toMatchObject({
      actorId: victimId,
      before: { email: victimEmail },
      after: { email: null, toUserId: victimId, provenBy: "google" },
    });

    // The victim's data goes to the victim's account only.
    const saved = await h.request("POST", "/api/addresses", { cookie: victim.cookie, body: ADDRESS });
    expect(saved.status, saved.text).toBe(201);

    // The attacker's password: not with the address, and by phone only the attacker's own account.
    expect((await h.signIn(victimEmail, "attacker-pass-1")).status).toBe(401);
    const byPhone = await h.signIn(attackerPhone, "attacker-pass-1");
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data?.id).toBe(attackerId);
    for (const cookie of [byPhone.cookie!, attacker.cookie!]) {
      const me = await h.request<PublicUser>("GET", "/api/user", { cookie });
      expect(me.body.data).toMatchObject({ id: attackerId, email: null });
      const addresses = await h.request<unknown[]>("GET", "/api/addresses", { cookie });
      expect(addresses.body.data).toEqual([]);
    }

    // Next time Google signs the victim in to the same account; the attacker's sign-up cannot
    // take the address back.
    const again = await signIn(await token({ sub, email: victimEmail }));
    expect(again.status).toBe(200);
    expect(again.body.data?.id).toBe(victimId);
    expect((await h.signUp({ email: victimEmail })).status).toBe(409);
    const retake = await h.request("POST", "/api/auth/email", {
      cookie: byPhone.cookie,
      body: { email: victimEmail },
    });
    expect(retake.status).toBe(409);
  });

  it("takes the address off a blocked account that only typed it, too", async () => {
    const email = uniqueEmail();
    const holder = await h.createUser({ email });
    await h.db.update(users).set({ blockedAt: h.clock.now() }).where(eq(users.id, holder.user.id));
    const res = await signIn(await token({ sub: newSubject(), email }));
    expect(res.status).toBe(201);
    expect(res.body.data?.id).not.toBe(holder.user.id);
    const [row] = await h.db.select().from(users).where(eq(users.id, holder.user.id));
    expect(row?.email).toBeNull();
  });

  it("still refuses to link a confirmed address whose account is linked to another Google account", async () => {
    const email = uniqueEmail();
    const first = await signIn(await token({ sub: newSubject(), email }));
    expect(first.status).toBe(201);
    const second = await signIn(await token({ sub: newSubject(), email }));
    expect(second.status).toBe(409);
    const [row] = await h.db.select().from(users).where(eq(users.id, first.body.data!.id));
    expect(row?.email).toBe(email);
  });

  it("makes one account when the same Google account signs in twice at once over an unconfirmed holder", async () => {
    const email = uniqueEmail();
    const holder = await h.createUser({ email });
    const sub = newSubject();
    const credential = await token({ sub, email });
    const answers = await Promise.all([signIn(credential), signIn(credential), signIn(credential)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data?.id)).size).toBe(1);
    expect(answers[0]!.body.data?.id).not.toBe(holder.user.id);
    expect(
      await h.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, "account.email_released"), eq(auditLog.entityId, String(holder.user.id))),
        ),
    ).toHaveLength(1);
  });
});

describe("Google sign-in", () => {
  it("makes a new account from a good token, signs it in, and the profile dialog then asks for phone and batch", async () => {
    const email = uniqueEmail();
    const res = await signIn(await token({ sub: newSubject(), email, name: "Nusrat Jahan" }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: "Nusrat Jahan", email, phone: null, hsc_batch: null });
    expect(res.cookie).toBeTruthy();
    const me = await h.request<PublicUser>("GET", "/api/user", { cookie: res.cookie });
    expect(me.body.data?.email).toBe(email);
    // The profile dialog's own endpoint completes the account.
    const done = await h.request<PublicUser>("POST", "/api/auth/update", {
      cookie: res.cookie,
      body: { phone: "01712345678", hsc_batch: "HSC 2026" },
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ phone: "01712345678", hsc_batch: "HSC 2026" });
  });

  it("signs the same Google account in to the same account next time", async () => {
    const sub = newSubject();
    const email = uniqueEmail();
    const first = await signIn(await token({ sub, email }));
    const second = await signIn(await token({ sub, email }));
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.data?.id).toBe(first.body.data?.id);
  });

  it("links to the existing account whose email the shop's code confirmed", async () => {
    const email = uniqueEmail();
    const existing = await h.createUser({ email });
    await confirmOwnEmail(existing.cookie, email);
    const sub = newSubject();
    const res = await signIn(await token({ sub, email: email.toUpperCase() }));
    expect(res.status).toBe(200);
    expect(res.body.data?.id).toBe(existing.user.id);
    const [row] = await h.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row?.googleSubject).toBe(sub);
    // Its phone and batch stay: the profile dialog has nothing to ask.
    expect(res.body.data).toMatchObject({ phone: existing.phone, hsc_batch: "HSC 2025" });
  });

  it("refuses a token for another client (wrong audience)", async () => {
    const res = await signIn(
      await token({ sub: newSubject(), email: uniqueEmail(), aud: "someone-else.apps" }),
    );
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(GOOGLE_TOKEN_REFUSED);
    expect(res.cookie).toBeUndefined();
  });

  it("refuses an expired token", async () => {
    const iat = Math.floor(h.clock.now().getTime() / 1000) - 7200;
    const res = await signIn(await token({ sub: newSubject(), email: uniqueEmail(), iat, exp: iat + 3600 }));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(GOOGLE_TOKEN_EXPIRED);
  });

  it("refuses a token with another issuer or signed by a key Google never published", async () => {
    const email = uniqueEmail();
    const wrongIssuer = await signIn(
      await token({ sub: newSubject(), email, iss: "https://evil.example.com" }),
    );
    expect(wrongIssuer.status).toBe(401);
    const stranger = await signIn(await token({ sub: newSubject(), email }, "stranger"));
    expect(stranger.status).toBe(401);
    const garbage = await signIn("not.a.token");
    expect(garbage.status).toBe(401);
    expect(await h.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("accepts the issuer without its scheme too", async () => {
    const res = await signIn(
      await token({ sub: newSubject(), email: uniqueEmail(), iss: "accounts.google.com" }),
    );
    expect(res.status).toBe(201);
  });

  it("refuses an unverified email: neither links nor makes an account", async () => {
    const email = uniqueEmail();
    const existing = await h.createUser({ email });
    await confirmOwnEmail(existing.cookie, email);
    const res = await signIn(await token({ sub: newSubject(), email, email_verified: false }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(GOOGLE_EMAIL_UNVERIFIED);
    const [row] = await h.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row?.googleSubject).toBeNull();
    const other = uniqueEmail();
    expect(
      (await signIn(await token({ sub: newSubject(), email: other, email_verified: false }))).status,
    ).toBe(403);
    expect(await h.db.select().from(users).where(eq(users.email, other))).toHaveLength(0);
  });

  it("makes one account when the same new Google account signs in twice at once", async () => {
    const sub = newSubject();
    const email = uniqueEmail();
    const credential = await token({ sub, email });
    const answers = await Promise.all([signIn(credential), signIn(credential), signIn(credential)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data?.id)).size).toBe(1);
    expect(await h.db.select().from(users).where(eq(users.googleSubject, sub))).toHaveLength(1);
  });

  it("answers 400 to a missing credential", async () => {
    const res = await h.request("POST", "/api/auth/google", { body: {} });
    expect(res.status).toBe(400);
  });

  it("reads Google's keys once and keeps them", async () => {
    const before = google.fetches();
    for (let i = 0; i < 3; i++) await signIn(await token({ sub: newSubject(), email: uniqueEmail() }));
    expect(google.fetches()).toBe(before);
    expect(before).toBeGreaterThanOrEqual(1);
  });
});

describe("Google sign-in, not configured", () => {
  it("answers 404 when GOOGLE_CLIENT_ID is not set", async () => {
    const plain = await createHarness();
    try {
      const res = await plain.request("POST", "/api/auth/google", { body: { credential: "x.y.z" } });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(GOOGLE_NOT_SET_UP);
    } finally {
      await plain.close();
    }
  });
});
