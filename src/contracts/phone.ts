/**
 * Bangladeshi mobile numbers. `+8801XXXXXXXXX`, `8801XXXXXXXXX` and `01XXXXXXXXX` are the same
 * number; we store the local form `01XXXXXXXXX`. Operator prefixes are 013 to 019.
 */
const LOCAL = /^01[3-9]\d{8}$/;

/** The local `01XXXXXXXXX` form of a Bangladeshi mobile number, or null when it is not one. */
export function normalisePhone(input: string): string | null {
  let digits = input.replace(/[\s\-().]/g, "");
  if (digits.startsWith("+")) digits = digits.slice(1);
  if (digits.startsWith("00880")) digits = digits.slice(4);
  else if (digits.startsWith("880")) digits = digits.slice(2);
  return LOCAL.test(digits) ? digits : null;
}

export function isBangladeshiMobile(input: string): boolean {
  return normalisePhone(input) !== null;
}

/** A phone number looks like digits and a leading plus; anything with "@" is an email. */
export function looksLikeEmail(cred: string): boolean {
  return cred.includes("@");
}
