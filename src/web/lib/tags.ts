/**
 * The third-party tags (decision 56): Google Tag Manager, Microsoft Clarity and the Meta Pixel,
 * each loaded only when configured, on the shop's pages (`tagsAllowedOn`, read by the server into
 * the root's data), after the visitor's
 * consent, once the page has loaded and the browser is idle, with the page's nonce. Google
 * Consent Mode tells the tag manager what was allowed. A withdrawn consent is told to the tags
 * loaded (Consent Mode, Clarity's and the pixel's consent calls), which then stop storing and
 * sending; a navigation to a page that must not carry them (the reader, the back office, the
 * payment pages) loads that page afresh, without them: a script once run cannot be taken back.
 */
import { type Consent, documentAllowsOutside, type ThirdPartyTag } from "../../contracts/consent";
import { type EcommerceEvent, onEcommerce, releaseCarried } from "./analytics-events";
import type { ThirdPartyTags } from "./root-data";

type TagWindow = Window & {
  dataLayer?: unknown[];
  clarity?: ((...args: unknown[]) => void) & { q?: unknown[] };
  fbq?: ((...args: unknown[]) => void) & { queue?: unknown[]; callMethod?: (...a: unknown[]) => void };
  _fbq?: unknown;
};

const w = () => window as TagWindow;

/** The tags this page has loaded, and what consent Google was last told. */
const loaded = new Set<ThirdPartyTag>();
let told: string | null = null;
let lastPath: string | null = null;

/** Which consent each tag needs. */
const NEEDS: Record<ThirdPartyTag, (c: Consent) => boolean> = {
  gtm: (c) => c.analytics || c.ads,
  clarity: (c) => c.analytics,
  metaPixel: (c) => c.ads,
};

/** gtag's command form on the data layer (Consent Mode reads `arguments` objects). */
function gtag(..._args: unknown[]) {
  w().dataLayer ??= [];
  // biome-ignore lint/complexity/noArguments: Google's tag reads the arguments object itself
  w().dataLayer?.push(arguments);
}

function granted(yes: boolean) {
  return yes ? "granted" : "denied";
}

/** Tells the tag manager what is allowed (Consent Mode v2): denied by default, then the choice. */
function tellGoogle(consent: Consent) {
  const now = JSON.stringify(consent);
  if (told === now) return;
  if (told === null) {
    gtag("consent", "default", {
      analytics_storage: "denied",
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
    });
  }
  gtag("consent", "update", {
    analytics_storage: granted(consent.analytics),
    ad_storage: granted(consent.ads),
    ad_user_data: granted(consent.ads),
    ad_personalization: granted(consent.ads),
  });
  told = now;
}

/** A script of a tag's host, with the page's nonce, after the others. */
function addScript(src: string) {
  const s = document.createElement("script");
  s.async = true;
  s.src = src;
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) s.nonce = nonce;
  document.head.append(s);
}

function loadGtm(id: string) {
  w().dataLayer ??= [];
  w().dataLayer?.push({ "gtm.start": Date.now(), event: "gtm.js" });
  addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`);
}

function loadClarity(id: string, consent: Consent) {
  const stub = ((...args: unknown[]) => {
    stub.q ??= [];
    stub.q.push(args);
  }) as NonNullable<TagWindow["clarity"]>;
  w().clarity ??= stub;
  w().clarity?.("consentv2", {
    ad_Storage: granted(consent.ads),
    analytics_Storage: granted(consent.analytics),
  });
  addScript(`https://www.clarity.ms/tag/${encodeURIComponent(id)}`);
}

/** The pixel's standard events for the shop's GA4 ones. */
const PIXEL_EVENT: Record<string, string> = {
  view_item: "ViewContent",
  add_to_cart: "AddToCart",
  begin_checkout: "InitiateCheckout",
  purchase: "Purchase",
  search: "Search",
};

/** The pixel's parameters for one of the shop's events: value in taka, the products' ids. */
function pixelEvent(e: EcommerceEvent): [string, Record<string, unknown>] | null {
  const name = PIXEL_EVENT[e.event];
  if (!name) return null;
  if (e.event === "search") return [name, { search_string: e.ecommerce.search_term }];
  const items = (e.ecommerce.items as { item_id: string; quantity?: number }[] | undefined) ?? [];
  return [
    name,
    {
      currency: "BDT",
      ...(typeof e.ecommerce.value === "number" ? { value: e.ecommerce.value } : {}),
      content_type: "product",
      content_ids: items.map((i) => i.item_id),
      contents: items.map((i) => ({ id: i.item_id, quantity: i.quantity ?? 1 })),
      ...(e.event === "purchase" ? { order_id: e.ecommerce.transaction_id } : {}),
    },
  ];
}

function loadPixel(id: string) {
  if (!w().fbq) {
    const fbq = ((...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue?.push(args);
    }) as NonNullable<TagWindow["fbq"]>;
    fbq.queue = [];
    w().fbq = fbq;
    w()._fbq = fbq;
  }
  w().fbq?.("init", id);
  w().fbq?.("track", "PageView");
  addScript("https://connect.facebook.net/en_US/fbevents.js");
  onEcommerce((e) => {
    const mapped = pixelEvent(e);
    if (mapped) w().fbq?.("track", ...mapped);
  });
}

/** What the loaded tags are told when the choice changes on the page (a withdrawal, or more allowed). */
function tellLoaded(consent: Consent) {
  if (loaded.has("gtm")) tellGoogle(consent);
  if (loaded.has("clarity")) {
    w().clarity?.("consentv2", {
      ad_Storage: granted(consent.ads),
      analytics_Storage: granted(consent.analytics),
    });
  }
  if (loaded.has("metaPixel")) w().fbq?.("consent", consent.ads ? "grant" : "revoke");
}

/** Once the page has loaded and the browser is idle (at most 3 s more). */
function whenIdle(run: () => void) {
  const idle = () =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(run, { timeout: 3_000 })
      : setTimeout(run, 1_000);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/**
 * Follows the tags' settings, the visitor's choice and the page shown: called by the root on every
 * navigation and after a choice.
 */
export function followConsent(
  tags: ThirdPartyTags,
  consent: Consent | null,
  allowed: boolean,
  pathname: string,
) {
  if (loaded.size && !allowed) {
    window.location.reload();
    return;
  }
  if (loaded.size) tellLoaded(consent ?? { analytics: false, ads: false });
  if (!allowed || !consent || !documentAllowsOutside()) return;
  // Sales kept by the payment pages (which load no tags) are sent with consent, else dropped.
  if (!consent.analytics && !consent.ads) releaseCarried(false);
  // A client-side navigation is a page view for the pixel (the tag manager sees history changes).
  if (lastPath !== null && lastPath !== pathname && loaded.has("metaPixel")) w().fbq?.("track", "PageView");
  lastPath = pathname;
  const wanted = (["gtm", "clarity", "metaPixel"] as const).filter(
    (t) => tags[t] && NEEDS[t](consent) && !loaded.has(t),
  );
  if (!wanted.length) return;
  whenIdle(() => {
    if (tags.gtm) tellGoogle(consent);
    for (const t of wanted) {
      if (loaded.has(t)) continue;
      loaded.add(t);
      if (t === "gtm" && tags.gtm) loadGtm(tags.gtm);
      if (t === "clarity" && tags.clarity) loadClarity(tags.clarity, consent);
      if (t === "metaPixel" && tags.metaPixel) loadPixel(tags.metaPixel);
    }
    releaseCarried(true);
  });
}
