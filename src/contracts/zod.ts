import { z } from "zod";
import { REQUIRED, stringTooShort } from "./messages";

// The specification's generic fallbacks: a missing value reads "Required" and a short string
// "String must contain at least N character(s)". Every schema imports z from here so the
// browser and the server answer with the same words.
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return REQUIRED;
    if (issue.code === "too_small" && issue.origin === "string") return stringTooShort(issue.minimum);
    return undefined;
  },
});

export { z };

/** Field messages of a failed parse: the first message per field, keyed by dotted path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
