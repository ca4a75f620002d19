/**
 * The English catalogue sent to the browser holds only the messages that need their compiled
 * form: those with a plural or an ICU escape (decision 33). Every other English message is its
 * own id: as it is, or with its values put in by `compileEnglish` (`{name}` and nothing else),
 * which the English instances compile at run time. This module rewrites the Lingui Vite plugin's
 * compiled English catalogue (`export const messages=JSON.parse("…")`) at build time; it is plain
 * code so that a unit test can hold it to that.
 */
import type { Messages } from "@lingui/core";

const COMPILED =
  /^(\/\*eslint-disable\*\/)?export const messages\s*=\s*JSON\.parse\(("(?:[^"\\]|\\.)*")\);?\s*$/s;

/** True when a compiled message is exactly its id: one piece of text, the id itself. */
export function isPlainMessage(id: string, compiled: unknown): boolean {
  return compiled === id || (Array.isArray(compiled) && compiled.length === 1 && compiled[0] === id);
}

/** A message compiled as Lingui does it, for a message of text and `{name}` values only. */
export type SimpleCompiled = string | (string | [string])[];

/**
 * An English message of text and `{name}` values compiled as Lingui's compiler would (`"Cart,
 * {count} items"` is `["Cart, ", ["count"], " items"]`); null for anything else (a plural, a
 * format, an apostrophe escaping a brace), which must come compiled in the catalogue.
 */
export function compileEnglish(message: string): SimpleCompiled | null {
  if (!message.includes("{")) return message.includes("}") || message.includes("''") ? null : message;
  const parts = message.split(/\{(\w+)\}/);
  const out: (string | [string])[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? "";
    if (i % 2 === 1) {
      out.push([part]);
      continue;
    }
    // A brace left over is ICU syntax; an apostrophe before a value or before another one escapes.
    if (/[{}]|''/.test(part) || (i < parts.length - 1 && part.endsWith("'"))) return null;
    if (part) out.push(part);
  }
  return out;
}

const sameCompiled = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The messages a source-language catalogue must keep: those that are neither their own id nor
 * what `compileEnglish` makes of it.
 */
export function keepNeeded(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).filter(
      ([id, m]) => !isPlainMessage(id, m) && !sameCompiled(m, compileEnglish(id)),
    ),
  );
}

/** The compiled catalogue module with only the needed messages; throws on a shape it does not know. */
export function rewriteCompiledCatalogue(code: string): string {
  const m = COMPILED.exec(code.trim());
  if (!m?.[2]) throw new Error("english-catalogue: the compiled catalogue's shape changed (Lingui upgrade?)");
  const messages = JSON.parse(JSON.parse(m[2]) as string) as Messages;
  return `${m[1] ?? ""}export const messages=JSON.parse(${JSON.stringify(JSON.stringify(keepNeeded(messages)))});`;
}
