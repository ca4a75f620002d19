import { createContext, useContext } from "react";
import { isRouteErrorResponse, useRouteLoaderData } from "react-router";
import type { Consent } from "../../contracts/consent";
import type { DayRange, DeliveryEstimates } from "../../contracts/delivery-estimate";
import type { DeliveryZone } from "../../contracts/districts";
import type { Flash } from "../../contracts/flash";
import { DEFAULT_MEDIA_BASE } from "../../contracts/images";
import type { OwnedItem } from "../../contracts/library";
import type { Locale } from "../../contracts/locale";
import type { PublicUser } from "../../contracts/user";

export type RootData = {
  user: PublicUser | null;
  /** The signed-in user's e-books and courses (empty when signed out). */
  owned: OwnedItem[];
  /** The ids of the products in the signed-in user's wishlist (empty when signed out). */
  saved: number[];
  shopName: string;
  buildVersion: string;
  origin: string;
  /** GOOGLE_CLIENT_ID: Google sign-in is offered when it is set. */
  googleClientId: string | null;
  /** When a parcel ordered now arrives, by zone (Dhaka dates; days from configuration). */
  delivery: DeliveryEstimates | null;
  /**
   * What the estimates were made from: the server's time and the days by zone, for the estimate of
   * a pre-order or back-order (contracts/delivery-estimate.ts `estimatesFor`), the same on both sides.
   */
  deliveryBase: { now: string; days: Record<DeliveryZone, DayRange> } | null;
  /** The page's language. */
  locale: Locale;
  /** Where pictures are served (MEDIA_PUBLIC_URL, else `/media`): the base of every image URL. */
  mediaBase: string;
  /** The message a form's action left for this page (HTML first), shown once. */
  flash: Flash | null;
  /** How many items the signed-in shopper's cart holds, as the page was made (0 signed out). */
  cartItems: number;
  /** The third-party tags configured (decision 56), or null when none is. */
  tags: ThirdPartyTags | null;
  /** This page may load them (contracts/consent.ts `tagsAllowedOn`, read by the server). */
  tagsAllowed: boolean;
  /** TURNSTILE_SITE_KEY: the bot check's widget on the sign-up, reset and verification forms. */
  botCheckSiteKey: string | null;
  /** The visitor's choice about them (cookie, else profile), or null when not asked yet. */
  consent: Consent | null;
};

/** The configured tags' ids: GTM_ID, CLARITY_ID, META_PIXEL_ID. */
export type ThirdPartyTags = { gtm: string | null; clarity: string | null; metaPixel: string | null };

/**
 * An error page's data when a route middleware refused the page before any loader ran: the
 * refusal's `data` is `{ message, root }` (guards.server.ts), so the page keeps its header;
 * `layout: "admin"` when the refused person is staff, whose error page is the back office's.
 */
export type ErrorWithRootData = { message: string; root: RootData; layout?: "admin" };

/** The root data a refusal carries, or null. */
export function rootDataInError(error: unknown): RootData | null {
  if (!isRouteErrorResponse(error)) return null;
  const d = error.data as Partial<ErrorWithRootData> | null;
  return d && typeof d === "object" && d.root && typeof d.root === "object" ? d.root : null;
}

/** A refusal of a staff member: shown in the back office's layout (guards.server.ts). */
export function isAdminRefusal(error: unknown): boolean {
  if (!isRouteErrorResponse(error)) return false;
  const d = error.data as Partial<ErrorWithRootData> | null;
  return d !== null && typeof d === "object" && d.layout === "admin";
}

/** Set by the root error boundary to the root data the error carries. */
export const RootDataInError = createContext<RootData | null>(null);

/** The signed-in user and shop settings the root loader reads on every navigation. */
export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const fromError = useContext(RootDataInError);
  return (
    data ??
    fromError ?? {
      user: null,
      owned: [],
      saved: [],
      shopName: "Pathagar",
      buildVersion: "",
      origin: "",
      googleClientId: null,
      delivery: null,
      deliveryBase: null,
      locale: "en",
      mediaBase: DEFAULT_MEDIA_BASE,
      flash: null,
      cartItems: 0,
      tags: null,
      tagsAllowed: false,
      botCheckSiteKey: null,
      consent: null,
    }
  );
}

/** The base of the shop's image URLs, for imageUrl and srcSet (contracts/images.ts). */
export function useMediaBase(): string {
  return useRootData().mediaBase;
}

/** The signed-in user's own copy of a product, when they have one. */
export function useOwned(productId: number): OwnedItem | null {
  return useRootData().owned.find((o) => o.id === productId) ?? null;
}

/** Whether the signed-in user has saved the product to their wishlist. */
export function useSaved(productId: number): boolean {
  return useRootData().saved.includes(productId);
}
