import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { fillMessage, MESSAGE_TEMPLATES } from "../../contracts/message-values";
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

/** The real Bangla catalogue, compiled as the build compiles it. */
function realBangla() {
  const text = readFileSync(join(import.meta.dirname, "locales", "bn.po"), "utf8");
  const messages: Record<string, ReturnType<typeof compileMessage>> = {};
  for (const block of text.split(/\n\n+/)) {
    const id = /^msgid (".*")$/m.exec(block)?.[1];
    const str = /^msgstr (".*")$/m.exec(block)?.[1];
    if (!id || !str || JSON.parse(id) === "") continue;
    messages[JSON.parse(id) as string] = compileMessage(JSON.parse(str) as string);
  }
  return setupI18n({ locale: "bn", messages: { bn: messages } });
}

describe("a server message with values (an item, an order number, a count)", () => {
  const real = realBangla();
  const values = {
    item: "Physics First Paper",
    bundle: "Science Pack",
    orderNumber: "PG-260001",
    consignment: "CN77",
    id: "41",
    format: "HEIC",
    max: 10,
    count: 3,
    change: 5,
    reason: "The file is empty",
  };

  it.each(Object.entries(MESSAGE_TEMPLATES))("%s is shown in Bangla, its values put back", (_, template) => {
    const english = fillMessage(template, values);
    const shown = translateMessage(real, english);
    expect(shown).not.toBe(english);
    let rest = shown;
    for (const name of ["item", "bundle", "orderNumber", "consignment", "id", "format"] as const) {
      if (template.includes(`{${name}}`)) {
        expect(shown).toContain(values[name]);
        rest = rest.replaceAll(values[name], "");
      }
    }
    // Nothing English is left but the values (the reason, a known message, is translated too).
    expect(rest).not.toMatch(/[A-Za-z]{2,}/);
  });

  it("writes counts in Bangla digits and leaves an order number as written", () => {
    expect(translateMessage(real, fillMessage(MESSAGE_TEMPLATES.stockTooLow, values))).toBe(
      "হাতে আছে মাত্র ৩টি: ৫টি সরানো যাবে না",
    );
    expect(translateMessage(real, fillMessage(MESSAGE_TEMPLATES.orderNotDelivered, values))).toBe(
      "অর্ডার PG-260001 এখনো পৌঁছায়নি",
    );
  });

  it("takes a refusal inside a bundle for the bundle's message, not the plain one", () => {
    const shown = translateMessage(real, fillMessage(MESSAGE_TEMPLATES.ownedInBundle, values));
    expect(shown).toBe(
      "Physics First Paper আপনার আগেই কেনা আছে, যা Science Pack-এর মধ্যে আছে; কার্ট থেকে Science Pack সরান",
    );
  });
});
