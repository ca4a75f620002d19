import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";

const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA";

/** A logger at debug level and the lines it wrote, as text. */
function capture() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const log = createLogger("debug", stream);
  return { log, text: () => chunks.join(""), lines: () => chunks.map((c) => JSON.parse(c)) };
}

/** A failed statement as Drizzle throws it over the pg driver: its cause is PostgreSQL's error. */
function failedInsert() {
  const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
    severity: "ERROR",
    code: "22021",
    detail: `Failing row contains (7, Nul, 01712345678, ${HASH}).`,
    where: "unnamed portal parameter $3 = '...'",
    routine: "report_invalid_encoding",
  });
  return new DrizzleQueryError(
    'insert into "users" ("name", "phone", "password_hash") values ($1, $2, $3)',
    ["Nu\u0000l", "01712345678", HASH],
    cause,
  );
}

describe("the logger", () => {
  it("logs a failed statement's SQL and error code but none of its parameters", () => {
    const { log, text, lines } = capture();
    log.error({ err: failedInsert(), requestId: "r1" }, "unhandled error");
    expect(text()).not.toContain(HASH);
    expect(text()).not.toContain("argon2id");
    expect(text()).not.toContain("01712345678");
    const [line] = lines();
    expect(line.err.type).toBe("DrizzleQueryError");
    expect(line.err.query).toContain('insert into "users"');
    expect(line.err.message).toContain("Failed query");
    expect(line.err.stack).toContain("at ");
    expect(line.err.cause).toMatchObject({ code: "22021", routine: "report_invalid_encoding" });
    expect(line.err.cause.detail).toBeUndefined();
    expect(line.err.cause.where).toBeUndefined();
  });

  it("keeps parameters out when the error is logged on its own or nested in an object", () => {
    const { log, text } = capture();
    log.error(failedInsert(), "page error");
    log.warn({ about: { attempt: { error: failedInsert() } } }, "nested");
    expect(text()).not.toContain(HASH);
    expect(text()).not.toContain("01712345678");
  });

  it("censors passwords, hashes, tokens, secrets, cookies and one-time codes at any depth", () => {
    const { log, text, lines } = capture();
    log.info(
      {
        password: "hunter2hunter2",
        user: { passwordHash: HASH, password_hash: HASH },
        session: { token: "tok-abcdef123456" },
        headers: { cookie: "pathagar_session=s3cr3t", Authorization: "Bearer abc.def.ghi" },
        gateway: { app_secret: "bk-app-secret", "x-app-key": "bk-app-key", store_passwd: "sslpass" },
        sms: { code: "482913" },
        otp: 123456,
        list: [{ resetToken: "rt-999" }],
      },
      "everything secret",
    );
    for (const secret of [
      "hunter2hunter2",
      "argon2id",
      "tok-abcdef123456",
      "s3cr3t",
      "abc.def.ghi",
      "bk-app-secret",
      "bk-app-key",
      "sslpass",
      "482913",
      "123456",
      "rt-999",
    ]) {
      expect(text()).not.toContain(secret);
    }
    expect(lines()[0].user.passwordHash).toBe("[redacted]");
  });

  it("keeps what is not secret: courier and error codes, order numbers, paths", () => {
    const { log, lines } = capture();
    log.warn({ courier: "steadfast", code: "invalid_request", order: "100001", path: "/api/cart" }, "x");
    expect(lines()[0]).toMatchObject({ code: "invalid_request", order: "100001", path: "/api/cart" });
  });

  it("drops the value PostgreSQL quotes in an invalid-input message", () => {
    const { log, text } = capture();
    log.error({ err: new Error('invalid input syntax for type integer: "01712345678"') }, "x");
    expect(text()).toContain("invalid input syntax for type integer: [redacted]");
    expect(text()).not.toContain("01712345678");
  });
});
