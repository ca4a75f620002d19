/**
 * The wishlist's words and its cookie's name, apart from its schemas (contracts/wishlist.ts) so
 * that the save button on every card brings no zod into the shop's first load.
 */

/**
 * "Save" tapped while signed out (decision 69): the save is kept in this cookie for half an hour
 * (`{ id, at }`, contracts/pending.ts) and made by the first page the visitor opens signed in
 * (http/middleware/pending.ts), through the wishlist's own service.
 */
export const PENDING_SAVE_COOKIE = "pathagar_pending_save";

export const SIGN_IN_TO_SAVE = /*i18n*/ "Sign in to save it to your wishlist";
export const WISHLIST_FULL = /*i18n*/ "Your wishlist is full (200 items): remove some to save more";
export const WISHLIST_SAVED = /*i18n*/ "Saved to your wishlist";
export const WISHLIST_KEPT = /*i18n*/ "Already in your wishlist";
export const WISHLIST_REMOVED = /*i18n*/ "Removed from your wishlist";
export const WISHLIST_NOT_SAVED = /*i18n*/ "This item is not in your wishlist";
export const WISHLIST_MOVED = /*i18n*/ "Moved to your cart";
export const WISHLIST_NOTHING_MOVED = /*i18n*/ "Nothing could be moved to your cart";
export const WISHLIST_SOME_MOVED = /*i18n*/ "Some items could not be moved to your cart";
export const WISHLIST_SMS_ON = /*i18n*/ "We will text you when a saved item is back or cheaper";
export const WISHLIST_SMS_OFF = /*i18n*/ "No more wishlist texts";
export const WISHLIST_SMS_NO_PHONE = /*i18n*/ "Add your phone number in your profile to be told by SMS";
export const SIGN_IN_FOR_WISHLIST = /*i18n*/ "Please sign in to use your wishlist";
export const VIEW_WISHLIST = /*i18n*/ "View wishlist";
export const COULD_NOT_SAVE = /*i18n*/ "Could not change your wishlist";
