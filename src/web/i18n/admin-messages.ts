/**
 * The back office's messages, loaded in the browser before any admin page renders: the admin
 * pages' guard layout imports this module, and a route module is ready only when its imports
 * are (decision 33). Shop pages never load it. The server's instances hold every message.
 */
import { DEFAULT_LOCALE, isLocale } from "../../contracts/locale";
import { addAdminMessages } from "./index";

if (typeof document !== "undefined") {
  const lang = document.documentElement.lang;
  await addAdminMessages(isLocale(lang) ? lang : DEFAULT_LOCALE);
}
