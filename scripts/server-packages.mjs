// Packages the built server imports from a single file of their own distribution instead of
// their entry point, read by both server builds (scripts/build-server.mjs and vite.config.ts).
// pdf-lib's entry point is some 400 CommonJS files: resolving and compiling them took 350–580 ms
// of every start, its one-file ES module build 60–70 ms, with the same exports. Only the built
// server uses it; the tests import the package as published.
export const SINGLE_FILE_PACKAGES = {
  "pdf-lib": "pdf-lib/dist/pdf-lib.esm.js",
};

// Packages the server bundle leaves to node_modules: native code (argon2, sharp, pg's optional
// native driver), and packages that find files of their own beside their modules at run time
// (PGlite's WebAssembly and extensions, pdf.js's worker and fonts, pino's worker threads, the API
// reference's pages), or that only some deployments load (S3, SMTP).
export const SERVER_EXTERNAL = [
  "@electric-sql/pglite",
  "@node-rs/argon2",
  "sharp",
  "pg-native",
  "pdfjs-dist",
  "pino",
  "swagger-ui-dist",
  "@aws-sdk/*",
  "nodemailer",
];
