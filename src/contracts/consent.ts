/**
 * The visitor's consent to the third-party tags (decision 56): analytics (the tag manager's
 * analytics, session recordings) and ads (the ad pixel, ad signals). Kept in a cookie for a year
 * and, for a signed-in user, in the profile. No choice yet: nothing is loaded, and the notice asks.
 * Kept apart from the input schema (consent-input.ts): the shell loads no zod.
 */
export const CONSENT_COOKIE = "pathagar_consent";

export type Consent = { analytics: boolean; ads: boolean };

/** The third-party tags the shop can load, each when configured (GTM_ID, CLARITY_ID, META_PIXEL_ID). */
export type ThirdPartyTag = "gtm" | "clarity" | "metaPixel";

/** The cookie's (and the profile's) value: `analytics-ads`, `analytics`, `ads` or `none`. */
export function encodeConsent(c: Consent): string {
  if (c.analytics && c.ads) return "analytics-ads";
  if (c.analytics) return "analytics";
  if (c.ads) return "ads";
  return "none";
}

/** A stored choice, or null when there is none (or it is not one of ours). */
export function decodeConsent(raw: string | null | undefined): Consent | null {
  switch (raw) {
    case "analytics-ads":
      return { analytics: true, ads: true };
    case "analytics":
      return { analytics: true, ads: false };
    case "ads":
      return { analytics: false, ads: true };
    case "none":
      return { analytics: false, ads: false };
    default:
      return null;
  }
}

/**
 * The pages that may load the tags: the shop's. Never the back office, the readers, the payment
 * pages (their addresses carry a transaction) or the sandbox gateway. Read as the router matches:
 * any case, after decoding.
 */
export function tagsAllowedOn(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: matched as written.
  }
  path = path.toLowerCase();
  return !(
    /^\/admin(?:\/|$)/.test(path) ||
    /^\/ebook\/[^/]+\/read(?:\/|$)/.test(path) ||
    /^\/content\/[^/]+\/chapters\/[^/]+\/read(?:\/|$)/.test(path) ||
    /^\/(?:ebook\/|content\/)?payment(?:\/|$)/.test(path) ||
    /^\/sandbox-gateway(?:\/|$)/.test(path) ||
    /^\/api(?:\/|$)/.test(path)
  );
}

/**
 * Whether the page's document (its first load, not a later client-side navigation) was sent with
 * the outside hosts in its policy: a page of the shop. A document first loaded elsewhere (the
 * reader, the back office) loads no outside script until the next full page load.
 */
export function documentAllowsOutside(): boolean {
  const first = performance.getEntriesByType("navigation")[0]?.name ?? window.location.href;
  return tagsAllowedOn(new URL(first).pathname);
}

/** The notice's and the consent page's words. */
export const CONSENT_SAVED = /*i18n*/ "Your choice is saved";
