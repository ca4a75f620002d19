import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";

const dir = join(import.meta.dirname, "locales");

/** msgid → msgstr of a catalogue (the header entry left out). */
function readPo(locale: string): Map<string, string> {
  const text = readFileSync(join(dir, `${locale}.po`), "utf8");
  const unquote = (s: string) => JSON.parse(s) as string;
  const out = new Map<string, string>();
  for (const block of text.split(/\n\n+/)) {
    const id = /^msgid (".*")$/m.exec(block)?.[1];
    const str = /^msgstr (".*")$/m.exec(block)?.[1];
    if (id === undefined || str === undefined || unquote(id) === "") continue;
    out.set(unquote(id), unquote(str));
  }
  return out;
}

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}|<(\d+)>/g)].map((m) => m[0]).sort();

describe("the message catalogues", () => {
  const en = readPo("en");
  const bn = readPo("bn");

  it("have messages (the English catalogue is the source)", () => {
    expect(en.size).toBeGreaterThan(100);
  });

  it("leave no English message without a Bangla translation", () => {
    const missing = [...en.keys()].filter((id) => !bn.get(id));
    expect(missing).toEqual([]);
  });

  it("keep every placeholder and tag of the English in the Bangla", () => {
    const differing = [...en.keys()].filter(
      (id) => placeholders(id).join() !== placeholders(bn.get(id) ?? "").join(),
    );
    expect(differing).toEqual([]);
  });

  it("compile without errors", () => {
    for (const message of bn.values()) expect(() => compileMessage(message)).not.toThrow();
  });

  it("write Bangla in Bangla letters, not English words left untranslated", () => {
    // Names of things (ISBN) may stay; anything else with a Latin word is a missed translation.
    const ALLOWED = new Set(["ISBN"]);
    const latin = [...bn.entries()].filter(
      ([id, str]) => !ALLOWED.has(id) && /[A-Za-z]{2,}/.test(str.replace(/\{\w+\}|<\/?\d+>/g, "")),
    );
    expect(latin).toEqual([]);
  });
});
