// Kept apart from ./locale.ts, which the shell imports: the shell loads no zod.
import { LOCALES } from "./locale";
import { z } from "./zod";

/** The language switch's body: `{"locale": "bn"}`. */
export const localeInputSchema = z
  .object({ locale: z.enum(LOCALES, { error: 'The language must be "en" or "bn"' }) })
  .meta({ id: "LocaleInput" });

export const localeAnswerSchema = z
  .object({ locale: z.enum(LOCALES).meta({ description: "The interface language now in use" }) })
  .meta({ id: "Locale" });
