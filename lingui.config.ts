import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

// The shop's message catalogues (docs/decisions/0033-bangla-and-english.md). Messages are
// written in English in the code, `i18n._("Add to cart")`, and that English is their id;
// `npx lingui extract` adds new ones to the catalogues, and the `bn.po` files get the Bangla. The
// Vite plugin compiles the catalogues, one chunk per language and part.
//
// Two parts (decision 33): the shop's messages, which every page loads, and the back office's,
// which only its pages load. A message used in both parts is in both catalogues.
const ADMIN = [
  "<rootDir>/src/web/routes/admin/**",
  "<rootDir>/src/web/components/admin/**",
  "<rootDir>/src/web/layouts/admin.tsx",
  "<rootDir>/src/contracts/admin*.ts",
];
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "bn"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/web/i18n/locales/{locale}",
      include: ["<rootDir>/src/web", "<rootDir>/src/contracts"],
      exclude: [...TESTS, ...ADMIN],
    },
    {
      path: "<rootDir>/src/web/i18n/locales/admin/{locale}",
      include: ADMIN,
      exclude: TESTS,
    },
  ],
  format: formatter({ lineNumbers: false }),
});
