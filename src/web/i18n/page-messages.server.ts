import { AsyncLocalStorage } from "node:async_hooks";
import type { I18n, Messages } from "@lingui/core";
import { onMessageLookup } from "./index";

/**
 * The messages a page's render looks up, sent in its HTML (`self.__pageMessages`) so that the
 * browser hydrates without waiting for the language's catalogue, which follows after hydration
 * (i18n/index.ts `i18nForPage`, `completeCatalogue`; decision 33). A render runs inside
 * `recordPageMessages`, which collects the ids its lookups name, concurrent renders apart.
 */
const page = new AsyncLocalStorage<Set<string>>();
onMessageLookup((id) => page.getStore()?.add(id));

/** Runs `render` collecting into `ids` the catalogue messages it (and what it starts) looks up. */
export function recordPageMessages<T>(ids: Set<string>, render: () => T): T {
  return page.run(ids, render);
}

/** The compiled messages of `ids`, as an inline script's statement: `self.__pageMessages={…};`. */
export function pageMessagesScript(i18n: I18n, ids: ReadonlySet<string>): string {
  const messages: Messages = {};
  for (const id of ids) {
    const message = i18n.messages[id];
    if (message !== undefined) messages[id] = message;
  }
  // In a <script>: `<` escaped so that no `</script>` or `<!--` ends or changes it.
  return `self.__pageMessages=${JSON.stringify(messages).replace(/</g, "\\u003c")};`;
}
