import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { DEFAULT_LOCALE, formatNumber, isLocale } from "../../contracts/locale";
import { COUNT_VALUES, MESSAGE_TEMPLATES } from "../../contracts/message-values";

// Messages that carry a value, as the server and the schemas write them; matched whole, in order.
// Made when first needed: a module that does nothing as it loads can be left out of a page that
// only imports it through another one.
let templates: { id: string; names: string[]; pattern: RegExp }[] | undefined;
const templatesOf = () =>
  (templates ??= [
    /*i18n*/ "String must contain at least {min} character(s)",
    /*i18n*/ "Page not found: {path}",
    /*i18n*/ "{what} is required",
    /*i18n*/ "{what} must have at least {min} characters",
    /*i18n*/ "{what} must have at most {max} characters",
    /*i18n*/ "We sent a 6-digit code to {to}",
    /*i18n*/ "You can keep at most {max} addresses: delete one first",
    ...Object.values(MESSAGE_TEMPLATES),
  ].map((id) => {
    const names: string[] = [];
    const source = id
      .split(/\{(\w+)\}/)
      .map((part, i) => {
        if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(part);
        return "(.+?)";
      })
      .join("");
    return { id, names, pattern: new RegExp(`^${source}$`, "s") };
  }));

/**
 * A message written in English by the server or a schema (a field error, a refusal, a notice):
 * in the page's language when the catalogue knows it, else as it came. The API keeps answering
 * in English; only the page translates.
 */
export function translateMessage(i18n: I18n, text: string): string {
  if (!text) return text;
  const known = (id: string) => i18n.messages[id] !== undefined;
  if (known(text)) return i18n._(text);
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  for (const t of templatesOf()) {
    const match = t.pattern.exec(text);
    if (!match || !known(t.id)) continue;
    const values: Record<string, string> = {};
    t.names.forEach((name, i) => {
      const value = match[i + 1] ?? "";
      // Counts in the page's digits; a phone number, an order number or a path stays as written.
      values[name] =
        COUNT_VALUES.includes(name) && /^-?\d+$/.test(value)
          ? formatNumber(Number(value), locale)
          : known(value)
            ? i18n._(value)
            : value;
    });
    return i18n._(t.id, values);
  }
  return text;
}

/** `translateMessage` in the page's language. */
export function useMessage(): (text: string) => string {
  const { i18n } = useLingui();
  return (text) => translateMessage(i18n, text);
}
