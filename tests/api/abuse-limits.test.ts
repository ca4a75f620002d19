import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../../src/server/db/schema";
import {
  CODE_EXPIRED,
  CODE_WRONG,
  MAX_CODE_ATTEMPTS,
} from "../../src/server/services/accounts/one-time-codes";
import {
  consumeLimits,
  countRateLimitHits,
  RATE_LIMITS,
  TOO_MANY_CODE_TRIES,
  TOO_MANY_CODES,
  TOO_MANY_CODES_HERE,
  TOO_MANY_CODES_TODAY,
  TOO_MANY_PAGES,
  TOO_MANY_PAGES_THIS_HOUR,
  TOO_MANY_REVIEWS,
  TOO_MANY_SIGN_UPS,
} from "../../src/server/services/platform/rate-limits";
import { createProduct } from "./factories";
import { createHarness, type Harness, uniquePhone } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Moves the clock to the start of the next fixed window of `ms` (plus a second), so a test's hits share one. */
function startNextWindow(ms: number) {
  const now = h.clock.now().getTime();
  h.clock.set(new Date(now - (now % ms) + ms + 1000));
}

/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

const forget = (phone: string, ip?: string) => h.request("POST", "/api/auth/forget", { body: { phone }, ip });
const reset = (phone: string, code: string, ip?: string) =>
  h.request("POST", "/api/auth/reset", { body: { phone, code, password: "brand-new-pass" }, ip });

describe("sign-up", () => {
  it(`refuses sign-up ${RATE_LIMITS.signUpPerAddress.limit + 1} in an hour from one address with 429; other addresses sign up`, async () => {
    startNextWindow(HOUR);
    const { limit } = RATE_LIMITS.signUpPerAddress;
    for (let i = 0; i < limit; i++) {
      expect((await h.signUp({}, { ip: "203.0.113.20" })).status).toBe(201);
    }
    const phone = uniquePhone();
    const refused = await h.signUp({ phone }, { ip: "203.0.113.20" });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, message: TOO_MANY_SIGN_UPS });
    expect(refused.cookie).toBeUndefined();
    expect((await h.signIn(phone, "secret123")).status).toBe(401);

    expect((await h.signUp({ phone }, { ip: "203.0.113.21" })).status).toBe(201);
    h.clock.advance(HOUR);
    expect((await h.signUp({}, { ip: "203.0.113.20" })).status).toBe(201);
  });
});

describe("reviews", () => {
  const review = (productId: number, cookie: string, ip: string, rating = 4) =>
    h.request("POST", "/api/reviews", {
      cookie,
      ip,
      body: { productType: "book", productId, rating, text: "Clear chapters" },
    });

  it(`refuses review ${RATE_LIMITS.reviewsPerAccount.limit + 1} in an hour by one account, from any address; other accounts review`, async () => {
    startNextWindow(HOUR);
    const book = await createProduct(h.db);
    const writer = await h.createUser();
    const { limit } = RATE_LIMITS.reviewsPerAccount;
    for (let i = 0; i < limit; i++) {
      const res = await review(book.id, writer.cookie, `198.51.100.${i + 1}`, (i % 5) + 1);
      expect(res.status).toBeLessThan(300);
    }
    const refused = await review(book.id, writer.cookie, "198.51.100.200");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, message: TOO_MANY_REVIEWS });

    const other = await h.createUser();
    expect((await review(book.id, other.cookie, "198.51.100.201")).status).toBe(201);
    h.clock.advance(HOUR);
    expect((await review(book.id, writer.cookie, "198.51.100.200")).status).toBe(200);
  });

  it(`refuses review ${RATE_LIMITS.reviewsPerAddress.limit + 1} in an hour from one address, whichever accounts write; other addresses review`, async () => {
    startNextWindow(HOUR);
    const book = await createProduct(h.db);
    const { limit } = RATE_LIMITS.reviewsPerAddress;
    const perAccount = RATE_LIMITS.reviewsPerAccount.limit;
    let writer = await h.createUser();
    for (let i = 0; i < limit; i++) {
      if (i > 0 && i % perAccount === 0) writer = await h.createUser();
      expect((await review(book.id, writer.cookie, "203.0.113.30")).status).toBeLessThan(300);
    }
    const fresh = await h.createUser();
    const refused = await review(book.id, fresh.cookie, "203.0.113.30");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_REVIEWS);
    expect((await review(book.id, fresh.cookie, "203.0.113.31")).status).toBe(201);
  });
});

describe("asking for codes", () => {
  it(`sends a number at most ${RATE_LIMITS.codesPerPhoneAndAddress.limit} codes an hour from one address; another address still gets one`, async () => {
    startNextWindow(HOUR);
    const owner = await h.createUser();
    const { limit } = RATE_LIMITS.codesPerPhoneAndAddress;
    for (let i = 0; i < limit; i++) {
      expect((await forget(owner.phone, "203.0.113.40")).status).toBe(200);
      h.clock.advance(MINUTE);
    }
    const refused = await forget(owner.phone, "203.0.113.40");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_CODES);
    expect(await h.smsCount(owner.phone)).toBe(limit);

    // The owner, elsewhere, still gets a code and resets the password with it.
    expect((await forget(owner.phone, "198.51.100.40")).status).toBe(200);
    expect((await reset(owner.phone, await h.latestCode(owner.phone), "198.51.100.40")).status).toBe(200);
  });

  it(`sends a number at most ${RATE_LIMITS.codesPerPhone.limit} codes an hour from all addresses together`, async () => {
    const owner = await h.createUser();
    const { limit } = RATE_LIMITS.codesPerPhone;
    for (let i = 0; i < limit; i++) {
      expect((await forget(owner.phone)).status).toBe(200);
      h.clock.advance(MINUTE);
    }
    const refused = await forget(owner.phone);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_CODES);
    expect(await h.smsCount(owner.phone)).toBe(limit);
    // Sliding: once the first code is an hour old, one more may go.
    h.clock.advance(HOUR - limit * MINUTE + 1000);
    expect((await forget(owner.phone)).status).toBe(200);
  });

  it(`answers code request ${RATE_LIMITS.codesPerAddress.limit + 1} in an hour from one address with 429, whatever the numbers`, async () => {
    startNextWindow(HOUR);
    const { limit } = RATE_LIMITS.codesPerAddress;
    for (let i = 0; i < limit; i++) {
      expect((await forget(uniquePhone(), "203.0.113.50")).status).toBe(200);
    }
    const owner = await h.createUser();
    const refused = await forget(owner.phone, "203.0.113.50");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, message: TOO_MANY_CODES_HERE });
    expect(await h.smsCount(owner.phone)).toBe(0);
    // Other addresses, and so the number's owner, are not held up.
    expect((await forget(owner.phone, "203.0.113.51")).status).toBe(200);
    expect(await h.smsCount(owner.phone)).toBe(1);
  });

  it(`sends an account at most ${RATE_LIMITS.codesPerAccount.limit} verification codes a day, though it changes its phone`, async () => {
    startNextWindow(DAY);
    const made = await h.createUser();
    const { limit } = RATE_LIMITS.codesPerAccount;
    const phones: string[] = [];
    for (let i = 0; i < limit; i++) {
      const phone = uniquePhone();
      phones.push(phone);
      const moved = await h.request("POST", "/api/auth/update", {
        cookie: made.cookie,
        body: { phone, hsc_batch: "HSC 2025" },
      });
      expect(moved.status, moved.text).toBe(200);
      expect((await h.request("POST", "/api/auth/verify/send", { cookie: made.cookie })).status).toBe(200);
    }
    const last = uniquePhone();
    await h.request("POST", "/api/auth/update", {
      cookie: made.cookie,
      body: { phone: last, hsc_batch: "HSC 2025" },
    });
    const refused = await h.request("POST", "/api/auth/verify/send", { cookie: made.cookie });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_CODES_TODAY);
    expect(await h.smsCount(last)).toBe(0);

    const other = await h.createUser();
    expect((await h.request("POST", "/api/auth/verify/send", { cookie: other.cookie })).status).toBe(200);
    h.clock.advance(DAY);
    expect((await h.request("POST", "/api/auth/verify/send", { cookie: made.cookie })).status).toBe(200);
  });
});

describe("trying codes", () => {
  it("voids a code for an address after 5 tries from it, while its owner elsewhere still uses it", async () => {
    startNextWindow(HOUR);
    const owner = await h.createUser();
    await forget(owner.phone, "198.51.100.60");
    const code = await h.latestCode(owner.phone);
    const answers: string[] = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      const res = await reset(owner.phone, otherThan(code), "203.0.113.60");
      expect(res.status).toBe(400);
      answers.push(res.body.message);
    }
    expect(answers).toEqual([CODE_WRONG, CODE_WRONG, CODE_WRONG, CODE_WRONG, CODE_EXPIRED]);
    // The right code no longer works from the guessing address...
    expect((await reset(owner.phone, code, "203.0.113.60")).body.message).toBe(CODE_EXPIRED);
    // ...but the stranger's tries did not use up the owner's.
    expect((await reset(owner.phone, code, "198.51.100.60")).status).toBe(200);
    expect((await h.signIn(owner.phone, "brand-new-pass")).status).toBe(200);
  });

  it("counts parallel tries from one address exactly: 20 at once, 4 are told wrong and the rest expired", async () => {
    startNextWindow(HOUR);
    const owner = await h.createUser();
    await forget(owner.phone);
    const code = await h.latestCode(owner.phone);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => reset(owner.phone, otherThan(code), "203.0.113.65")),
    );
    const messages = answers.map((a) => a.body.message);
    expect(messages.filter((m) => m === CODE_WRONG)).toHaveLength(MAX_CODE_ATTEMPTS - 1);
    expect(messages.filter((m) => m === CODE_EXPIRED)).toHaveLength(20 - (MAX_CODE_ATTEMPTS - 1));
    expect((await reset(owner.phone, code, "203.0.113.65")).body.message).toBe(CODE_EXPIRED);
    expect((await reset(owner.phone, code, "198.51.100.65")).status).toBe(200);
  });

  it(`refuses try ${RATE_LIMITS.codeTriesPerPhone.limit + 1} in an hour at one number from all addresses, even the right code`, async () => {
    startNextWindow(HOUR);
    const owner = await h.createUser();
    await forget(owner.phone);
    const code = await h.latestCode(owner.phone);
    const { limit } = RATE_LIMITS.codeTriesPerPhone;
    for (let i = 0; i < limit; i++) {
      expect((await reset(owner.phone, otherThan(code))).body.message).toBe(CODE_WRONG);
    }
    const refused = await reset(owner.phone, code);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, message: TOO_MANY_CODE_TRIES });
    expect((await h.signIn(owner.phone, owner.password)).status).toBe(200);

    // Other numbers are not held up; this one again in the next hour, with a new code.
    const other = await h.createUser();
    await forget(other.phone);
    expect((await reset(other.phone, await h.latestCode(other.phone))).status).toBe(200);
    h.clock.advance(HOUR);
    await forget(owner.phone);
    expect((await reset(owner.phone, await h.latestCode(owner.phone))).status).toBe(200);
  });

  it(`refuses try ${RATE_LIMITS.codeTriesPerAddress.limit + 1} in an hour from one address, across numbers`, async () => {
    startNextWindow(HOUR);
    const { limit } = RATE_LIMITS.codeTriesPerAddress;
    const phones = Array.from({ length: limit }, () => uniquePhone());
    // Codes for numbers without accounts are recorded (not sent) as for registered ones.
    for (const phone of phones) expect((await forget(phone)).status).toBe(200);
    for (const phone of phones) {
      expect((await reset(phone, "123456", "203.0.113.70")).status).toBe(400);
    }
    const owner = await h.createUser();
    await forget(owner.phone);
    const code = await h.latestCode(owner.phone);
    const refused = await reset(owner.phone, code, "203.0.113.70");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_CODE_TRIES);
    expect((await reset(owner.phone, code, "203.0.113.71")).status).toBe(200);
  });
});

describe("counting several limits at once", () => {
  it("counts every window in one call, answers each in the order asked, and refuses by any of them", async () => {
    startNextWindow(HOUR);
    const ctx = { db: h.db, now: h.clock.now };
    const keys = [
      { key: "zz-test:hour", windowMs: HOUR },
      { key: "aa-test:minute", windowMs: MINUTE },
    ];
    expect(await countRateLimitHits(ctx, keys)).toEqual([1, 1]);
    expect(await countRateLimitHits(ctx, keys)).toEqual([2, 2]);
    h.clock.advance(MINUTE);
    // A new minute: the minute's counter starts again, the hour's goes on.
    expect(await countRateLimitHits(ctx, keys)).toEqual([3, 1]);

    // The hour's limit refuses even while the minute's has room (and the other way round).
    const reader = 987_654;
    const both = [
      ["pagesPerReaderHour", reader],
      ["pagesPerReader", reader],
    ] as const;
    for (let i = 0; i < RATE_LIMITS.pagesPerReader.limit; i++) await consumeLimits(ctx, both);
    await expect(consumeLimits(ctx, both)).rejects.toThrow(TOO_MANY_PAGES);
    h.clock.advance(MINUTE);
    await consumeLimits(ctx, both);
    await h.db
      .update(rateLimits)
      .set({ hits: RATE_LIMITS.pagesPerReaderHour.limit })
      .where(eq(rateLimits.key, `pagesPerReaderHour:${reader}`));
    await expect(consumeLimits(ctx, both)).rejects.toThrow(TOO_MANY_PAGES_THIS_HOUR);
  });
});
