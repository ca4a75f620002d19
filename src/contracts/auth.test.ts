import { describe, expect, it } from "vitest";
import {
  forgetPasswordSchema,
  hscBatchField,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  verifyPhoneSchema,
} from "./auth";
import {
  CRED_REQUIRED,
  HSC_BATCH_REQUIRED,
  HSC_BATCHES,
  INVALID_PHONE,
  MIN_6_CHARACTERS,
  PHONE_REQUIRED,
  REQUIRED,
} from "./messages";
import { fieldErrors, type z } from "./zod";

const valid = {
  name: "Rahim Uddin",
  phone: "01712345678",
  password: "secret1",
  hsc_batch: "HSC 2025",
};

/** The field messages a schema gives for an input, or {} when it passes. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

describe("registerSchema", () => {
  it("accepts a valid registration and stores the phone in local form", () => {
    const out = registerSchema.parse({ ...valid, phone: "+880 1712-345678", email: " Rahim@Example.COM " });
    expect(out).toEqual({ ...valid, email: "rahim@example.com" });
  });

  it("treats an empty email as none", () => {
    expect(registerSchema.parse({ ...valid, email: "" }).email).toBeUndefined();
  });

  it.each([
    ["phone missing", { phone: undefined }, { phone: PHONE_REQUIRED }],
    ["phone empty", { phone: "" }, { phone: PHONE_REQUIRED }],
    ["phone blank", { phone: "   " }, { phone: PHONE_REQUIRED }],
    ["phone short", { phone: "01712" }, { phone: INVALID_PHONE }],
    ["phone 10 digits", { phone: "0171234567" }, { phone: INVALID_PHONE }],
    ["phone with operator 012", { phone: "01234567890" }, { phone: INVALID_PHONE }],
    ["phone with operator 011", { phone: "01134567890" }, { phone: INVALID_PHONE }],
    ["HSC batch missing", { hsc_batch: undefined }, { hsc_batch: HSC_BATCH_REQUIRED }],
    ["HSC batch empty", { hsc_batch: "" }, { hsc_batch: HSC_BATCH_REQUIRED }],
    ["HSC batch short", { hsc_batch: "HSC" }, { hsc_batch: MIN_6_CHARACTERS }],
    ["password short", { password: "12345" }, { password: MIN_6_CHARACTERS }],
    ["password missing", { password: undefined }, { password: REQUIRED }],
    ["password too long", { password: "x".repeat(129) }, { password: "Use at most 128 characters" }],
    ["name missing", { name: undefined }, { name: REQUIRED }],
    ["name one character", { name: "A" }, { name: "String must contain at least 2 character(s)" }],
    [
      "name one character after trimming",
      { name: " A " },
      { name: "String must contain at least 2 character(s)" },
    ],
    ["email malformed", { email: "not-an-email" }, { email: "Invalid email address" }],
  ])("with %s gives exactly the spec's message", (_what, change, expected) => {
    expect(errorsOf(registerSchema, { ...valid, ...change })).toEqual(expected);
  });

  it("reports every missing field of an empty form", () => {
    expect(errorsOf(registerSchema, {})).toEqual({
      name: REQUIRED,
      phone: PHONE_REQUIRED,
      password: REQUIRED,
      hsc_batch: HSC_BATCH_REQUIRED,
    });
  });
});

describe("hscBatchField", () => {
  it.each(HSC_BATCHES)("accepts %s", (batch) => {
    expect(hscBatchField.parse(batch)).toBe(batch);
  });

  it("lists exactly HSC 2024, HSC 2025, HSC 2026 and Others", () => {
    expect(HSC_BATCHES).toEqual(["HSC 2024", "HSC 2025", "HSC 2026", "Others"]);
  });

  it.each(["HSC 2019", "hsc 2025", "Others2"])("refuses %j with the list of batches", (batch) => {
    const parsed = hscBatchField.safeParse(batch);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Choose one of: HSC 2024, HSC 2025, HSC 2026, Others");
  });
});

describe("loginSchema", () => {
  it.each([
    ["cred missing", { password: "secret1" }, { cred: CRED_REQUIRED }],
    ["cred empty", { cred: "", password: "secret1" }, { cred: CRED_REQUIRED }],
    ["cred blank", { cred: "      ", password: "secret1" }, { cred: CRED_REQUIRED }],
    ["password short", { cred: "01712345678", password: "123" }, { password: MIN_6_CHARACTERS }],
    ["password missing", { cred: "01712345678" }, { password: REQUIRED }],
  ])("with %s gives exactly the spec's message", (_what, input, expected) => {
    expect(errorsOf(loginSchema, input)).toEqual(expected);
  });

  it("keeps the cred as written (the service normalises it)", () => {
    expect(loginSchema.parse({ cred: " +8801712345678 ", password: "secret1" }).cred).toBe("+8801712345678");
  });
});

describe("profileUpdateSchema", () => {
  it("normalises the phone", () => {
    expect(profileUpdateSchema.parse({ phone: "8801812345678", hsc_batch: "Others" })).toEqual({
      phone: "01812345678",
      hsc_batch: "Others",
    });
  });

  it.each([
    ["both empty", { phone: "", hsc_batch: "" }, { phone: PHONE_REQUIRED, hsc_batch: HSC_BATCH_REQUIRED }],
    ["phone invalid", { phone: "12345678901", hsc_batch: "Others" }, { phone: INVALID_PHONE }],
    ["batch short", { phone: "01812345678", hsc_batch: "Other" }, { hsc_batch: MIN_6_CHARACTERS }],
  ])("with %s gives exactly the spec's messages", (_what, input, expected) => {
    expect(errorsOf(profileUpdateSchema, input)).toEqual(expected);
  });
});

describe("codes", () => {
  it.each(["12345", "1234567", "12a456", ""])("refuses the code %j", (code) => {
    expect(errorsOf(verifyPhoneSchema, { code })).toEqual({ code: "Enter the 6-digit code" });
  });

  it("accepts six digits with spaces around", () => {
    expect(verifyPhoneSchema.parse({ code: " 012345 " }).code).toBe("012345");
  });

  it("reads the reset phone in any of its forms", () => {
    expect(forgetPasswordSchema.parse({ phone: "+8801912345678" }).phone).toBe("01912345678");
    expect(
      resetPasswordSchema.parse({ phone: "8801912345678", code: "000000", password: "secret1" }).phone,
    ).toBe("01912345678");
  });
});
