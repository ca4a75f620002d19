import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

// The shop's message catalogues (docs/decisions/0033-bangla-and-english.md). Messages are
// written in English in the code, `i18n._("Add to cart")`, and that English is their id;
// `npx lingui extract` adds new ones to both catalogues, and bn.po gets the Bangla. The Vite
// plugin compiles the catalogues, one chunk per language.
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "bn"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/web/i18n/locales/{locale}",
      include: ["<rootDir>/src/web", "<rootDir>/src/contracts"],
      exclude: ["**/*.test.ts", "**/*.test.tsx"],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
