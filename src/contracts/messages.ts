/** Exact strings and constants of the specification. Change none of them without changing the spec. */

export const PAGE_NOT_FOUND_TITLE = /*i18n*/ "Page Not Found";
export const SERVER_ERROR_TITLE = /*i18n*/ "Internal Server Error";
export const pageNotFoundMessage = (path: string) => `Page not found: ${path}`;
export const UNKNOWN_ROUTE_MIDDLEWARE = "Unknown route middleware";
/** The error page's message for a signed-in visitor without access (status 403). */
export const NO_ACCESS = /*i18n*/ "You don't have access to this page";

export const PROFILE_DIALOG_DESCRIPTION = /*i18n*/ "Please update your information to continue";
export const profileDialogTitle = (shopName: string) => `Welcome to ${shopName}`;

export const PHONE_REQUIRED = /*i18n*/ "Phone number is required";
export const INVALID_PHONE = /*i18n*/ "Invalid phone number";
export const HSC_BATCH_REQUIRED = /*i18n*/ "HSC Batch is required";
export const MIN_6_CHARACTERS = /*i18n*/ "Minimum 6 characters required";
export const CRED_REQUIRED = /*i18n*/ "Phone or email is required";
export const REQUIRED = /*i18n*/ "Required";
export const stringTooShort = (min: number | bigint) => `String must contain at least ${min} character(s)`;

export const LOADING_TEXT = /*i18n*/ "Please wait...";

export const COUPON_APPLIED = /*i18n*/ "Coupon applied successfully";
export const COUPON_NOT_VALID = /*i18n*/ "Your coupon is not valid";

/** Limits and timings: minimum lengths, one toast at a time, toast removal and build polling (ms). */
export const MIN_PHONE_LENGTH = 10;
export const MIN_BATCH_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 6;
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const BUILD_VERSION_POLL_INTERVAL = 3_600_000;
export const ASSET_RELOAD_MIN_INTERVAL = 10_000;
export const DEFAULT_ADD_QUANTITY = 1;

export const HSC_BATCHES = ["HSC 2024", "HSC 2025", "HSC 2026", "Others"] as const;
export type HscBatch = (typeof HSC_BATCHES)[number];

/** localStorage key holding the path to return to after signing in. */
export const REDIRECT_STORAGE_KEY = "redirect";
