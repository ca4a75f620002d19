import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { translateMessage } from "./index";

const bn = setupI18n({
  locale: "bn",
  messages: {
    bn: {
      "Wrong phone/email or password": "ফোন/ইমেইল বা পাসওয়ার্ড ভুল",
      "String must contain at least {min} character(s)": "কমপক্ষে {min}টি অক্ষর লিখুন",
      "{what} is required": "{what} দিতে হবে",
      Area: "এলাকা",
      "We sent a 6-digit code to {to}": "{to}-এ ৬ সংখ্যার একটি কোড পাঠিয়েছি",
    },
  },
});
const en = setupI18n({
  locale: "en",
  messages: { en: { "Wrong phone/email or password": "Wrong phone/email or password" } },
});

describe("a message from the server or a schema, shown on the page", () => {
  it("is given in the page's language when the catalogue knows it", () => {
    expect(translateMessage(bn, "Wrong phone/email or password")).toBe("ফোন/ইমেইল বা পাসওয়ার্ড ভুল");
  });

  it("stays as sent when the catalogue does not know it", () => {
    expect(translateMessage(bn, "Something only the server says")).toBe("Something only the server says");
  });

  it("matches a message with a value whole, the count in Bangla digits", () => {
    expect(translateMessage(bn, "String must contain at least 12 character(s)")).toBe(
      "কমপক্ষে ১২টি অক্ষর লিখুন",
    );
  });

  it("gives a known value in the page's language too, and leaves a phone number as written", () => {
    expect(translateMessage(bn, "Area is required")).toBe("এলাকা দিতে হবে");
    expect(translateMessage(bn, "We sent a 6-digit code to 01712345678")).toBe(
      "01712345678-এ ৬ সংখ্যার একটি কোড পাঠিয়েছি",
    );
  });

  it("leaves English as the server wrote it", () => {
    expect(translateMessage(en, "Wrong phone/email or password")).toBe("Wrong phone/email or password");
    expect(translateMessage(en, "String must contain at least 2 character(s)")).toBe(
      "String must contain at least 2 character(s)",
    );
  });
});
