import { readFileSync } from "node:fs";
import { createCompiledCatalog } from "@lingui/cli/api";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { compileEnglish, rewriteCompiledCatalogue } from "./english-catalogue";
import { makeI18n } from "./index";

const MESSAGES = {
  "Add to cart": "Add to cart",
  "It's yours": "It's yours",
  "Only {count} left in stock": "Only {count} left in stock",
  "By ordering you agree to our <0>terms</0>.": "By ordering you agree to our <0>terms</0>.",
  "{n, plural, one {# book} other {# books}}": "{n, plural, one {# book} other {# books}}",
  "Use '{braces}' as written": "Use '{braces}' as written",
  "It's {name}'s": "It's {name}'s",
  "Also in print: <0>{title}</0> ({price})": "Also in print: <0>{title}</0> ({price})",
  "Price: {amount, number}": "Price: {amount, number}",
};

/** The module the Lingui Vite plugin writes for these messages, rewritten, then evaluated. */
function shipped(): Record<string, unknown> {
  const { source } = createCompiledCatalog("en", MESSAGES, { namespace: "es" });
  const code = rewriteCompiledCatalogue(source);
  const json = /JSON\.parse\((".*")\);$/s.exec(code)?.[1];
  return JSON.parse(JSON.parse(json ?? '""') as string) as Record<string, unknown>;
}

describe("the English catalogue sent to the browser", () => {
  it("keeps the messages with a plural, a format or an escape, and drops text and plain values", () => {
    expect(Object.keys(shipped()).sort()).toEqual(
      [
        "Price: {amount, number}",
        "Use '{braces}' as written",
        "{n, plural, one {# book} other {# books}}",
      ].sort(),
    );
  });

  it("still gives every English message exactly, with its values", () => {
    const en = makeI18n("en", shipped() as never);
    expect(en._("Add to cart")).toBe("Add to cart");
    expect(en._("It's yours")).toBe("It's yours");
    expect(en._("Only {count} left in stock", { count: 3 })).toBe("Only 3 left in stock");
    expect(en._("{n, plural, one {# book} other {# books}}", { n: 2 })).toBe("2 books");
    expect(en._("Use '{braces}' as written")).toBe("Use {braces} as written");
    expect(en._("By ordering you agree to our <0>terms</0>.")).toBe(
      "By ordering you agree to our <0>terms</0>.",
    );
    expect(en._("It's {name}'s", { name: "Rina" })).toBe("It's Rina's");
    expect(en._("Also in print: <0>{title}</0> ({price})", { title: "Physics", price: "৳450" })).toBe(
      "Also in print: <0>Physics</0> (৳450)",
    );
    expect(en._("Price: {amount, number}", { amount: 1250 })).toBe("Price: 1,250");
  });

  it("shows a text that is no message as written, braces and all", () => {
    const en = makeI18n("en", shipped() as never);
    expect(en._("Physics {2nd edition}")).toBe("Physics {2nd edition}");
    expect(en._("a } b")).toBe("a } b");
  });

  it("compiles every English message of the shop and the back office as Lingui does, or leaves it to the catalogue", () => {
    let compiled = 0;
    for (const file of ["locales/en.po", "locales/admin/en.po"]) {
      const po = readFileSync(new URL(file, import.meta.url), "utf8");
      // Each msgid, its continued lines joined (a long one is written over several).
      const ids = [...po.matchAll(/^msgid ("(?:[^"\\]|\\.)*")\n((?:"(?:[^"\\]|\\.)*"\n)*)/gm)]
        .map((m) => [m[1], ...(m[2] ?? "").split("\n")].filter(Boolean).map((l) => JSON.parse(l!) as string))
        .map((lines) => lines.join(""))
        .filter(Boolean);
      expect(ids.length).toBeGreaterThan(100);
      for (const id of ids) {
        const mine = compileEnglish(id);
        if (mine === null) continue;
        compiled++;
        const lingui = compileMessage(id);
        expect(typeof mine === "string" ? [mine] : mine, id).toEqual(
          typeof lingui === "string" ? [lingui] : lingui,
        );
      }
    }
    expect(compiled).toBeGreaterThan(1000);
  });

  it("refuses a compiled catalogue of a shape it does not know", () => {
    expect(() => rewriteCompiledCatalogue("export default {}")).toThrow(/shape changed/);
  });
});
