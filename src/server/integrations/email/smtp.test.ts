import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { type FakeSmtp, startFakeSmtp } from "./fakes/smtp-fake";
import { createEmail } from "./index";
import { createSmtpEmail } from "./smtp";

const log = createLogger("silent");
const FROM = "Pathagar <orders@pathagar.test>";

let smtp: FakeSmtp;
beforeEach(async () => {
  smtp = await startFakeSmtp();
});
afterEach(() => smtp.close());

describe("SMTP email", () => {
  it("delivers the message with its sender, recipient, subject and body", async () => {
    const email = createSmtpEmail({ host: smtp.host, port: smtp.port, from: FROM }, log);
    await email.send({
      to: "rahim@example.com",
      subject: "Your order PG-1001 is confirmed",
      text: "Total: 1,250",
    });
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail).toMatchObject({
      from: "orders@pathagar.test",
      to: ["rahim@example.com"],
      subject: "Your order PG-1001 is confirmed",
      text: "Total: 1,250",
      html: null,
      auth: null,
    });
    expect(mail?.headers.from).toBe("Pathagar <orders@pathagar.test>");
  });

  it("sends the HTML beside the text", async () => {
    const email = createSmtpEmail({ host: smtp.host, port: smtp.port, from: FROM }, log);
    await email.send({
      to: "a@example.com",
      subject: "Hello",
      text: "plain words",
      html: "<p>rich words</p>",
    });
    expect(smtp.messages[0]).toMatchObject({ text: "plain words", html: "<p>rich words</p>" });
  });

  it("sends the message's key as its Message-ID, so a resent copy is the same mail", async () => {
    const email = createSmtpEmail({ host: smtp.host, port: smtp.port, from: FROM }, log);
    await email.send({ to: "a@example.com", subject: "Hi", text: "x", id: "order-42-confirmed-email" });
    expect(smtp.messages[0]?.headers["message-id"]).toBe("<order-42-confirmed-email@pathagar.test>");
  });

  it("keeps Bangla text and the taka sign intact", async () => {
    const email = createSmtpEmail({ host: smtp.host, port: smtp.port, from: FROM }, log);
    await email.send({ to: "a@example.com", subject: "অর্ডার ৳1,250", text: "ধন্যবাদ, মোট ৳1,250" });
    expect(smtp.messages[0]).toMatchObject({ subject: "অর্ডার ৳1,250", text: "ধন্যবাদ, মোট ৳1,250" });
  });

  it("signs in with the configured user and password", async () => {
    const email = createSmtpEmail(
      { host: smtp.host, port: smtp.port, from: FROM, user: "mailer", password: "pa55word" },
      log,
    );
    await email.send({ to: "a@example.com", subject: "Hi", text: "x" });
    expect(smtp.messages[0]?.auth).toEqual({ user: "mailer", password: "pa55word" });
  });

  it("throws a clear error naming the server when it cannot be reached", async () => {
    const port = smtp.port;
    await smtp.close();
    const email = createSmtpEmail({ host: "127.0.0.1", port, from: FROM, timeoutMs: 2_000 }, log);
    await expect(email.send({ to: "a@example.com", subject: "Hi", text: "x" })).rejects.toThrow(
      new RegExp(`^Email to a@example.com could not be sent through 127.0.0.1:${port}: `),
    );
    smtp = await startFakeSmtp();
  });
});

describe("createEmail", () => {
  const unset = {
    SMTP_HOST: undefined,
    SMTP_PORT: 587,
    SMTP_USER: undefined,
    SMTP_PASSWORD: undefined,
    SMTP_SECURE: undefined,
    MAIL_FROM: undefined,
  };

  it("sends nothing, without failing, when SMTP_HOST is not set", async () => {
    const email = createEmail(unset, log);
    expect(email.name).toBe("none");
    await expect(email.send({ to: "a@example.com", subject: "Hi", text: "x" })).resolves.toBeUndefined();
  });

  it("uses SMTP when SMTP_HOST is set", async () => {
    const email = createEmail({ ...unset, SMTP_HOST: smtp.host, SMTP_PORT: smtp.port, MAIL_FROM: FROM }, log);
    expect(email.name).toBe("smtp");
    await email.send({ to: "b@example.com", subject: "Through config", text: "y" });
    expect(smtp.messages[0]).toMatchObject({ to: ["b@example.com"], subject: "Through config" });
  });

  it("refuses SMTP without a sender", () => {
    expect(() => createEmail({ ...unset, SMTP_HOST: "mail.example.com" }, log)).toThrow(/MAIL_FROM/);
  });
});
