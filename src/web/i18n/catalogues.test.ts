import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { NOT_UTF8 } from "../../contracts/admin-books-csv";

const dir = join(import.meta.dirname, "locales");

/** msgid → msgstr of a catalogue (the header entry left out); `part` "" is the shop's, "admin/" the back office's. */
function readPo(locale: string, part = ""): Map<string, string> {
  const text = readFileSync(join(dir, `${part}${locale}.po`), "utf8");
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

describe("the catalogues' two parts (decision 33)", () => {
  it("keep the back office's messages out of the shop's part, which every page loads", () => {
    const shop = readPo("en");
    const admin = readPo("en", "admin/");
    expect(admin.has("Select every row on this page")).toBe(true);
    expect(shop.has("Select every row on this page")).toBe(false);
    // A message the shop's own code uses is in the shop's part.
    expect(shop.has("Add to cart")).toBe(true);
  });
});

describe.each([
  { name: "the shop's message catalogues", part: "" },
  { name: "the back office's message catalogues", part: "admin/" },
])("$name", ({ part }) => {
  const en = readPo("en", part);
  const bn = readPo("bn", part);

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
    // Names of things (ISBN; Excel's "CSV UTF-8" file type, as its menu shows it) may stay;
    // anything else with a Latin word is a missed translation.
    const ALLOWED = new Set(["ISBN", NOT_UTF8]);
    const latin = [...bn.entries()].filter(
      ([id, str]) => !ALLOWED.has(id) && /[A-Za-z]{2,}/.test(str.replace(/\{\w+\}|<\/?\d+>/g, "")),
    );
    expect(latin).toEqual([]);
  });
});
