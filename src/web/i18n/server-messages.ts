/**
 * What the customer's API answers in English and the pages show: refusals, field messages and
 * notices. The API keeps its English (its tests assert it); listing the texts here puts them in
 * the catalogues, so `translateMessage` gives them in Bangla. Nothing imports this at run time;
 * server-messages.test.ts checks it against the server's constants, so the two cannot drift.
 */
export const SERVER_MESSAGES = [
  // Accounts and signing in
  /*i18n*/ "An account with this phone number already exists",
  /*i18n*/ "An account with this email already exists",
  /*i18n*/ "Wrong phone/email or password",
  /*i18n*/ "This shop sends no email yet, so a new email address cannot be confirmed",
  /*i18n*/ "This is already your email address",
  /*i18n*/ 'This account has no password yet: set one with "Forgot password?" on the sign-in page',
  /*i18n*/ "Your current password is not right",
  /*i18n*/ "Add a phone number to your profile first",
  /*i18n*/ "Your phone number is already verified",
  /*i18n*/ "This account is blocked. Contact us if you think this is a mistake.",
  /*i18n*/ "Please sign in to continue",
  /*i18n*/ "Google sign-in is not set up for this shop",
  /*i18n*/ "This Google sign-in could not be verified. Please try again.",
  /*i18n*/ "This Google sign-in has expired. Please try again.",
  /*i18n*/ "Your Google account's email address is not verified",
  /*i18n*/ "The account with this email is linked to another Google account",
  /*i18n*/ "Google sign-in is not available right now. Please try again.",
  // One-time codes and rate limits
  /*i18n*/ "This code has expired or was used up. Ask for a new one.",
  /*i18n*/ "Wrong code. Check the SMS and try again.",
  /*i18n*/ "Wrong code. Check the email and try again.",
  /*i18n*/ "Too many sign-in attempts. Please wait a minute and try again.",
  /*i18n*/ "Too many sign-ups from this connection. Please try again in an hour.",
  /*i18n*/ "Please wait a minute before asking for another code.",
  /*i18n*/ "Too many codes asked for this number. Please try again in an hour.",
  /*i18n*/ "Too many codes asked from this connection. Please try again in an hour.",
  /*i18n*/ "Too many codes asked for this account today. Please try again tomorrow.",
  /*i18n*/ "Too many email codes asked today. Please try again tomorrow.",
  /*i18n*/ "Too many password changes tried. Please wait an hour and try again.",
  /*i18n*/ "Too many codes tried. Please try again in an hour.",
  /*i18n*/ "Too many reviews. Please try again in an hour.",
  /*i18n*/ "Too many coupon attempts. Please wait a minute and try again.",
  /*i18n*/ "Too many tracking lookups. Please wait a minute and try again.",
  /*i18n*/ "Too many pages opened. Please wait a minute and try again.",
  /*i18n*/ "Too many pages opened this hour. Please try again later.",
  // Notices of the account endpoints
  /*i18n*/ "Your account is ready",
  /*i18n*/ "Profile updated",
  /*i18n*/ "Your password is changed. Other devices are signed out.",
  /*i18n*/ "If this number has an account, we have sent it a 6-digit code.",
  /*i18n*/ "Your password is changed. Sign in with the new one.",
  /*i18n*/ "Your phone number is verified",
  // Addresses, orders and payments
  /*i18n*/ "No such address",
  /*i18n*/ "No such order",
  /*i18n*/ "No such invoice",
  /*i18n*/ "Your cart is empty",
  /*i18n*/ "Cash on delivery is only for printed items; pay online for e-books and courses",
  /*i18n*/ "This coupon has reached its usage limit. Remove the coupon to continue.",
  /*i18n*/ "The payment gateway did not answer. Nothing was charged; please try again from your orders.",
  /*i18n*/ "This order is not waiting for an online payment",
  /*i18n*/ "The time to pay for this order has run out; please cancel it and order again",
  /*i18n*/ "The coupon of this order has no uses left; please order again",
] as const;
