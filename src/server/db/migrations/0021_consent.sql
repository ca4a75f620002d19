-- The consent to third-party tags a signed-in user gave (decision 56), kept with the profile as the language is.
ALTER TABLE "users" ADD COLUMN "consent" text;