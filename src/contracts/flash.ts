/**
 * The message a form's action leaves for the page it redirects to (HTML first: a form posted
 * without JavaScript answers with a redirect, and the next page says what happened). It travels
 * in a short-lived cookie, read and cleared by the next page request (http/middleware/flash.ts),
 * so the server keeps no state of its own. Title and description are the shop's English messages,
 * shown in the page's language by the message catalogue.
 */
import { readJsonObject } from "./json-object";

export type Flash = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** A link the message offers (a path of this shop), e.g. the cart after an add. */
  link?: { href: string; label: string };
};

/** What the cart's add says after a post, or after the add kept from before signing in. */
export const ADDED_TO_CART = /*i18n*/ "Added to cart";
export const COULD_NOT_ADD = /*i18n*/ "Could not add to cart";
export const VIEW_CART = /*i18n*/ "View cart";
/** What "Buy again" says when the cart refused some of the order's lines, or all of them. */
export const REORDER_SOME_LEFT = /*i18n*/ "Some items could not be added to your cart";
export const REORDER_NOTHING_ADDED = /*i18n*/ "Nothing could be added to your cart";

export const FLASH_COOKIE = "pathagar_flash";
/** Seconds the message waits for the page it was meant for. */
export const FLASH_MAX_AGE_S = 60;
const MAX_TEXT = 300;

const isText = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= MAX_TEXT;
const isPath = (v: unknown): v is string =>
  isText(v) && v.startsWith("/") && !v.startsWith("//") && !v.startsWith("/\\");

/** The cookie's value: JSON (the cookie writer encodes it, the reader decodes it). */
export function encodeFlash(flash: Flash): string {
  return JSON.stringify(flash);
}

/** The message a cookie holds, or null when it is missing, malformed or not one of ours. */
export function decodeFlash(raw: string | undefined | null): Flash | null {
  const f = readJsonObject(raw);
  if (!f || !isText(f.title)) return null;
  const out: Flash = { title: f.title };
  if (isText(f.description)) out.description = f.description;
  if (f.variant === "destructive") out.variant = "destructive";
  const link = f.link as Record<string, unknown> | undefined;
  if (link && typeof link === "object" && isPath(link.href) && isText(link.label)) {
    out.link = { href: link.href, label: link.label };
  }
  return out;
}
