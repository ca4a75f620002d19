/**
 * The English catalogue sent to the browser holds only the messages that need their compiled
 * form: those with a value, a plural or an ICU escape (decision 33). Every other English message
 * is its own id, which `i18nFor` gives back as it is (Lingui's `missing`). This module rewrites
 * the Lingui Vite plugin's compiled English catalogue (`export const messages=JSON.parse("…")`)
 * at build time; it is plain code so that a unit test can hold it to that.
 */
import type { Messages } from "@lingui/core";

const COMPILED =
  /^(\/\*eslint-disable\*\/)?export const messages\s*=\s*JSON\.parse\(("(?:[^"\\]|\\.)*")\);?\s*$/s;

/** True when a compiled message is exactly its id: one piece of text, the id itself. */
export function isPlainMessage(id: string, compiled: unknown): boolean {
  return compiled === id || (Array.isArray(compiled) && compiled.length === 1 && compiled[0] === id);
}

/** The messages a source-language catalogue must keep: those that are not their own id. */
export function keepNeeded(messages: Messages): Messages {
  return Object.fromEntries(Object.entries(messages).filter(([id, m]) => !isPlainMessage(id, m)));
}

/** The compiled catalogue module with only the needed messages; throws on a shape it does not know. */
export function rewriteCompiledCatalogue(code: string): string {
  const m = COMPILED.exec(code.trim());
  if (!m?.[2]) throw new Error("english-catalogue: the compiled catalogue's shape changed (Lingui upgrade?)");
  const messages = JSON.parse(JSON.parse(m[2]) as string) as Messages;
  return `${m[1] ?? ""}export const messages=JSON.parse(${JSON.stringify(JSON.stringify(keepNeeded(messages)))});`;
}
