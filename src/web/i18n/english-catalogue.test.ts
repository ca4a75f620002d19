import { createCompiledCatalog } from "@lingui/cli/api";
import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { rewriteCompiledCatalogue } from "./english-catalogue";
import { SOURCE_MISSING } from "./index";

const MESSAGES = {
  "Add to cart": "Add to cart",
  "It's yours": "It's yours",
  "Only {count} left in stock": "Only {count} left in stock",
  "By ordering you agree to our <0>terms</0>.": "By ordering you agree to our <0>terms</0>.",
  "{n, plural, one {# book} other {# books}}": "{n, plural, one {# book} other {# books}}",
  "Use '{braces}' as written": "Use '{braces}' as written",
};

/** The module the Lingui Vite plugin writes for these messages, rewritten, then evaluated. */
function shipped(): Record<string, unknown> {
  const { source } = createCompiledCatalog("en", MESSAGES, { namespace: "es" });
  const code = rewriteCompiledCatalogue(source);
  const json = /JSON\.parse\((".*")\);$/s.exec(code)?.[1];
  return JSON.parse(JSON.parse(json ?? '""') as string) as Record<string, unknown>;
}

describe("the English catalogue sent to the browser", () => {
  it("keeps the messages with a value, a plural or an escape, and drops plain text", () => {
    expect(Object.keys(shipped()).sort()).toEqual(
      [
        "Only {count} left in stock",
        "Use '{braces}' as written",
        "{n, plural, one {# book} other {# books}}",
      ].sort(),
    );
  });

  it("still gives every English message exactly, with its values", () => {
    const en = setupI18n({ locale: "en", messages: { en: shipped() as never }, missing: SOURCE_MISSING });
    expect(en._("Add to cart")).toBe("Add to cart");
    expect(en._("It's yours")).toBe("It's yours");
    expect(en._("Only {count} left in stock", { count: 3 })).toBe("Only 3 left in stock");
    expect(en._("{n, plural, one {# book} other {# books}}", { n: 2 })).toBe("2 books");
    expect(en._("Use '{braces}' as written")).toBe("Use {braces} as written");
    expect(en._("By ordering you agree to our <0>terms</0>.")).toBe(
      "By ordering you agree to our <0>terms</0>.",
    );
  });

  it("refuses a compiled catalogue of a shape it does not know", () => {
    expect(() => rewriteCompiledCatalogue("export default {}")).toThrow(/shape changed/);
  });
});
