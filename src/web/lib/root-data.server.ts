import { decodeConsent, tagsAllowedOn } from "../../contracts/consent";
import { estimateDeliveries } from "../../contracts/delivery-estimate";
import type { OwnedItem } from "../../contracts/library";
import { DEFAULT_LOCALE } from "../../contracts/locale";
import { configuredTags } from "../../server/config";
import { profileConsent } from "../../server/services/accounts/consent";
import { countCartItems } from "../../server/services/cart/cart";
import { listSavedProductIds } from "../../server/services/cart/wishlist";
import { listOwnedItems } from "../../server/services/reading/entitlements";
import type { AppContextValue } from "./app-context.server";
import type { RootData, ThirdPartyTags } from "./root-data";

/** The signed-in caller's e-books and courses for the root loader; none when signed out. */
export function loadOwnedItems(app: AppContextValue): Promise<OwnedItem[]> {
  const { ctx } = app;
  return ctx.user ? listOwnedItems(ctx, ctx.user.id) : Promise.resolve([]);
}

/** What the root loader answers: the caller, what they own and have saved, and the shop's settings. */
export async function loadRootData(app: AppContextValue): Promise<RootData> {
  const { ctx } = app;
  const cookieConsent = decodeConsent(app.consentCookie);
  const [owned, cartItems, saved, consent] = await Promise.all([
    loadOwnedItems(app),
    ctx.user ? countCartItems(ctx, ctx.user.id) : 0,
    ctx.user ? listSavedProductIds(ctx, ctx.user.id) : [],
    // The profile's choice, on a device that has no cookie yet (only when there is a tag to ask for).
    cookieConsent ?? (configuredTags(ctx.config).length ? profileConsent(ctx) : null),
  ]);
  return { ...rootDataOf(app, owned, cartItems), saved, consent };
}

/** The root data with the caller's e-books and courses as given (none for an error page). */
export function rootDataOf(app: AppContextValue, owned: OwnedItem[], cartItems = 0): RootData {
  const deliveryDays = {
    dhaka: app.ctx.config.DELIVERY_DAYS_DHAKA,
    outside: app.ctx.config.DELIVERY_DAYS_OUTSIDE,
  };
  return {
    user: app.ctx.user,
    owned,
    saved: [],
    shopName: app.ctx.config.SHOP_NAME,
    buildVersion: app.buildVersion,
    // Canonical URLs use the configured public origin; without one, an allowed request host's.
    origin: app.origin,
    googleClientId: app.ctx.config.GOOGLE_CLIENT_ID ?? null,
    delivery: estimateDeliveries(app.ctx.now(), deliveryDays),
    deliveryBase: { now: app.ctx.now().toISOString(), days: deliveryDays },
    locale: app.locale ?? DEFAULT_LOCALE,
    mediaBase: app.ctx.config.mediaBase,
    flash: app.flash ?? null,
    cartItems,
    tags: tagsOf(app.ctx.config),
    tagsAllowed: app.path !== undefined && tagsAllowedOn(app.path),
    botCheckSiteKey: (app.ctx.config.TURNSTILE_SECRET && app.ctx.config.TURNSTILE_SITE_KEY) || null,
    consent: decodeConsent(app.consentCookie),
  };
}

/** The configured tags' ids, or null when none is. */
function tagsOf(config: AppContextValue["ctx"]["config"]): ThirdPartyTags | null {
  if (!configuredTags(config).length) return null;
  return {
    gtm: config.GTM_ID ?? null,
    clarity: config.CLARITY_ID ?? null,
    metaPixel: config.META_PIXEL_ID ?? null,
  };
}
