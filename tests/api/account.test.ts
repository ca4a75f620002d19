import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WRONG_CURRENT_PASSWORD } from "../../src/contracts/auth";
import { auditLog, outbox, users } from "../../src/server/db/schema";
import { EMAIL_CONFIRMED } from "../../src/server/http/api/auth";
import { EMAIL_NOT_SET_UP, SAME_EMAIL } from "../../src/server/services/accounts/accounts";
import {
  CODE_EXPIRED,
  EMAIL_CODE_TTL_MS,
  EMAIL_CODE_WRONG,
} from "../../src/server/services/accounts/one-time-codes";
import { REDACTED } from "../../src/server/services/platform/outbox";
import { createHarness, type Harness, uniqueEmail } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ captureEmail: true });
});
afterAll(async () => {
  await h?.close();
});

const MINUTE = 60_000;

async function me(cookie: string) {
  return (
    await h.request<{ name: string; email: string | null; email_confirmed: boolean }>("GET", "/api/user", {
      cookie,
    })
  ).body.data;
}

/** An account whose address the shop confirmed (as its code would have). */
async function confirmedUser(email: string) {
  const made = await h.createUser({ email });
  await h.db.update(users).set({ emailConfirmedAt: h.clock.now() }).where(eq(users.id, made.user.id));
  return made;
}

describe("name", () => {
  it("changes the caller's name and audits it", async () => {
    const made = await h.createUser({ name: "Rahim Uddin" });
    const res = await h.request("POST", "/api/auth/name", {
      cookie: made.cookie,
      body: { name: "  Rahima Khatun " },
    });
    expect(res.status).toBe(200);
    expect((await me(made.cookie))?.name).toBe("Rahima Khatun");
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.name"), eq(auditLog.entityId, String(made.user.id))));
    expect(entry).toMatchObject({
      actorId: made.user.id,
      before: { name: "Rahim Uddin" },
      after: { name: "Rahima Khatun" },
    });
  });

  it("answers 400 with a field error to a one-letter name and changes nothing", async () => {
    const made = await h.createUser({ name: "Karim" });
    const res = await h.request("POST", "/api/auth/name", { cookie: made.cookie, body: { name: "K" } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.name).toBeTruthy();
    expect((await me(made.cookie))?.name).toBe("Karim");
  });

  it("answers 401 when signed out", async () => {
    expect((await h.request("POST", "/api/auth/name", { body: { name: "Someone" } })).status).toBe(401);
  });
});

describe("email change", () => {
  it("keeps the old address until the code emailed to the new one is entered", async () => {
    const old = uniqueEmail();
    const made = await h.createUser({ email: old });
    const next = uniqueEmail();
    const asked = await h.request<{ pendingEmail: string }>("POST", "/api/auth/email", {
      cookie: made.cookie,
      body: { email: next.toUpperCase() },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toEqual({ pendingEmail: next });
    // Not used yet: the account still has its old address, and the old one still signs in.
    expect((await me(made.cookie))?.email).toBe(old);
    expect((await h.signIn(old, made.password)).status).toBe(200);
    expect((await h.signIn(next, made.password)).status).toBe(401);

    const code = h.latestEmailCode(next);
    const confirmed = await h.request<{ email: string }>("POST", "/api/auth/email/confirm", {
      cookie: made.cookie,
      body: { code },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data?.email).toBe(next);
    expect((await me(made.cookie))?.email).toBe(next);
    expect((await h.signIn(next, made.password)).status).toBe(200);
    expect((await h.signIn(old, made.password)).status).toBe(401);
    // The code's text is gone from the outbox once delivered.
    const rows = await h.db.select().from(outbox).where(eq(outbox.recipient, next));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toEqual({ subject: REDACTED, text: REDACTED });
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.email"), eq(auditLog.entityId, String(made.user.id))));
    expect(entry).toMatchObject({ before: { email: old }, after: { email: next } });
  });

  it("refuses a wrong code, then takes the right one", async () => {
    const made = await h.createUser();
    const next = uniqueEmail();
    await h.request("POST", "/api/auth/email", { cookie: made.cookie, body: { email: next } });
    const code = h.latestEmailCode(next);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const res = await h.request("POST", "/api/auth/email/confirm", {
      cookie: made.cookie,
      body: { code: wrong },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ code: EMAIL_CODE_WRONG });
    expect((await me(made.cookie))?.email).toBeNull();
    const right = await h.request("POST", "/api/auth/email/confirm", { cookie: made.cookie, body: { code } });
    expect(right.status).toBe(200);
  });

  it("refuses an expired code and keeps the old address", async () => {
    const old = uniqueEmail();
    const made = await h.createUser({ email: old });
    const next = uniqueEmail();
    await h.request("POST", "/api/auth/email", { cookie: made.cookie, body: { email: next } });
    const code = h.latestEmailCode(next);
    h.clock.advance(EMAIL_CODE_TTL_MS + MINUTE);
    const res = await h.request("POST", "/api/auth/email/confirm", { cookie: made.cookie, body: { code } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ code: CODE_EXPIRED });
    expect((await me(made.cookie))?.email).toBe(old);
  });

  it("a second request voids the first one's code", async () => {
    const made = await h.createUser();
    const first = uniqueEmail();
    await h.request("POST", "/api/auth/email", { cookie: made.cookie, body: { email: first } });
    const firstCode = h.latestEmailCode(first);
    const second = uniqueEmail();
    await h.request("POST", "/api/auth/email", { cookie: made.cookie, body: { email: second } });
    const secondCode = h.latestEmailCode(second);
    if (firstCode !== secondCode) {
      const res = await h.request("POST", "/api/auth/email/confirm", {
        cookie: made.cookie,
        body: { code: firstCode },
      });
      expect(res.status).toBe(400);
    }
    const res = await h.request<{ email: string }>("POST", "/api/auth/email/confirm", {
      cookie: made.cookie,
      body: { code: secondCode },
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.email).toBe(second);
  });

  it("a refused request leaves the waiting code as it was", async () => {
    const made = await h.createUser();
    const next = uniqueEmail();
    await h.request("POST", "/api/auth/email", { cookie: made.cookie, body: { email: next } });
    const code = h.latestEmailCode(next);
    // A second code to the same address within the minute is refused (429).
    const again = await h.request("POST", "/api/auth/email", { cookie: made.cookie, body: { email: next } });
    expect(again.status).toBe(429);
    const res = await h.request("POST", "/api/auth/email/confirm", { cookie: made.cookie, body: { code } });
    expect(res.status).toBe(200);
  });

  it("answers 409 for an address another account confirmed, and 400 for its own confirmed or a malformed one", async () => {
    const taken = uniqueEmail();
    await confirmedUser(taken);
    const own = uniqueEmail();
    const made = await confirmedUser(own);
    const clash = await h.request("POST", "/api/auth/email", { cookie: made.cookie, body: { email: taken } });
    expect(clash.status).toBe(409);
    expect(clash.body.errors?.email).toBeTruthy();
    const same = await h.request("POST", "/api/auth/email", { cookie: made.cookie, body: { email: own } });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual({ email: SAME_EMAIL });
    const bad = await h.request("POST", "/api/auth/email", {
      cookie: made.cookie,
      body: { email: "not-an-email" },
    });
    expect(bad.status).toBe(400);
    expect(h.emails.filter((m) => m.to === taken || m.to === own)).toHaveLength(0);
  });

  it("answers 409 when another account confirmed the address between the request and the code", async () => {
    const made = await h.createUser();
    const next = uniqueEmail();
    await h.request("POST", "/api/auth/email", { cookie: made.cookie, body: { email: next } });
    await confirmedUser(next);
    const res = await h.request("POST", "/api/auth/email/confirm", {
      cookie: made.cookie,
      body: { code: h.latestEmailCode(next) },
    });
    expect(res.status).toBe(409);
    expect((await me(made.cookie))?.email).toBeNull();
  });

  it("limits how many codes one account may have emailed in a day", async () => {
    const made = await h.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await h.request("POST", "/api/auth/email", {
        cookie: made.cookie,
        body: { email: uniqueEmail() },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("an unconfirmed email", () => {
  it("is what sign-up leaves; the account emails itself a code from /edit and entering it confirms the address", async () => {
    const email = uniqueEmail();
    const signedUp = await h.signUp({ email });
    expect(signedUp.body.data).toMatchObject({ email, email_confirmed: false });
    const cookie = signedUp.cookie!;
    const asked = await h.request<{ pendingEmail: string }>("POST", "/api/auth/email", {
      cookie,
      body: { email },
    });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.data).toEqual({ pendingEmail: email });
    // Still unconfirmed until the code is entered; the address itself does not change.
    expect(await me(cookie)).toMatchObject({ email, email_confirmed: false });
    const wrong = String((Number(h.latestEmailCode(email)) + 1) % 1_000_000).padStart(6, "0");
    expect(
      (await h.request("POST", "/api/auth/email/confirm", { cookie, body: { code: wrong } })).status,
    ).toBe(400);
    expect((await me(cookie))?.email_confirmed).toBe(false);
    const confirmed = await h.request<{ email: string; email_confirmed: boolean }>(
      "POST",
      "/api/auth/email/confirm",
      { cookie, body: { code: h.latestEmailCode(email) } },
    );
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.message).toBe(EMAIL_CONFIRMED);
    expect(confirmed.body.data).toMatchObject({ email, email_confirmed: true });
    expect(await me(cookie)).toMatchObject({ email, email_confirmed: true });
    const id = signedUp.body.data!.id;
    const entries = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.entity, "user")));
    expect(entries.map((e) => [e.action, e.after])).toEqual([["account.email_confirmed", { email }]]);
    // Once confirmed, asking again is its own address.
    const again = await h.request("POST", "/api/auth/email", { cookie, body: { email } });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ email: SAME_EMAIL });
  });

  it("a changed address is confirmed by the code that changed it", async () => {
    const made = await h.createUser({ email: uniqueEmail() });
    const next = uniqueEmail();
    await h.request("POST", "/api/auth/email", { cookie: made.cookie, body: { email: next } });
    const res = await h.request<{ email_confirmed: boolean }>("POST", "/api/auth/email/confirm", {
      cookie: made.cookie,
      body: { code: h.latestEmailCode(next) },
    });
    expect(res.body.message).toBe("Your email address is changed");
    expect(await me(made.cookie)).toMatchObject({ email: next, email_confirmed: true });
  });

  it("held by another account goes to whoever enters the code sent to it, audited", async () => {
    const email = uniqueEmail();
    const holder = await h.createUser({ email });
    const owner = await h.createUser();
    const asked = await h.request("POST", "/api/auth/email", { cookie: owner.cookie, body: { email } });
    expect(asked.status, asked.text).toBe(200);
    const res = await h.request("POST", "/api/auth/email/confirm", {
      cookie: owner.cookie,
      body: { code: h.latestEmailCode(email) },
    });
    expect(res.status, res.text).toBe(200);
    expect(await me(owner.cookie)).toMatchObject({ email, email_confirmed: true });
    expect(await me(holder.cookie)).toMatchObject({ email: null, email_confirmed: false });
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "account.email_released"), eq(auditLog.entityId, String(holder.user.id))),
      );
    expect(entry).toMatchObject({
      actorId: owner.user.id,
      before: { email },
      after: { email: null, toUserId: owner.user.id, provenBy: "code" },
    });
  });
});

describe("email change without a mail server", () => {
  it("answers 503 and sends nothing", async () => {
    const plain = await createHarness();
    try {
      const made = await plain.createUser();
      const res = await plain.request("POST", "/api/auth/email", {
        cookie: made.cookie,
        body: { email: uniqueEmail() },
      });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(EMAIL_NOT_SET_UP);
    } finally {
      await plain.close();
    }
  });
});

describe("password change", () => {
  it("refuses a wrong current password with a field error and changes nothing", async () => {
    const made = await h.createUser();
    const res = await h.request("POST", "/api/auth/password", {
      cookie: made.cookie,
      body: { currentPassword: "not-my-password", newPassword: "brand-new-1" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD });
    expect((await h.signIn(made.phone, made.password)).status).toBe(200);
  });

  it("answers 400 to a too-short new password", async () => {
    const made = await h.createUser();
    const res = await h.request("POST", "/api/auth/password", {
      cookie: made.cookie,
      body: { currentPassword: made.password, newPassword: "123" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.newPassword).toBeTruthy();
  });

  it("sets the new password, keeps this session and signs the others out", async () => {
    const made = await h.createUser();
    const other = await h.signIn(made.phone, made.password);
    expect(other.cookie).toBeTruthy();
    const res = await h.request("POST", "/api/auth/password", {
      cookie: made.cookie,
      body: { currentPassword: made.password, newPassword: "brand-new-1" },
    });
    expect(res.status).toBe(200);
    expect((await h.request("GET", "/api/user", { cookie: made.cookie })).status).toBe(200);
    expect((await h.request("GET", "/api/user", { cookie: other.cookie })).status).toBe(401);
    expect((await h.signIn(made.phone, made.password)).status).toBe(401);
    expect((await h.signIn(made.phone, "brand-new-1")).status).toBe(200);
    const entries = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.password"), eq(auditLog.entityId, String(made.user.id))));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0])).not.toContain("brand-new-1");
  });

  it("limits the tries per account", async () => {
    const made = await h.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await h.request("POST", "/api/auth/password", {
        cookie: made.cookie,
        body: { currentPassword: `guess-${i}-x`, newPassword: "brand-new-1" },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
