import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import { versionSchema } from "../../contracts/answers/accounts";
import { z } from "../../contracts/zod";
import { anyone, type Endpoint, okAnswer } from "./endpoint";
import type { AppEnv } from "./env";
import { jsonAnswer, ok } from "./respond";

/** The reference page's own files, served from the installed swagger-ui-dist (no CDN). */
const UI_FILES: Record<string, { file: string; type: string }> = {
  "swagger-ui.css": { file: "swagger-ui.css", type: "text/css; charset=utf-8" },
  "swagger-ui-bundle.js": { file: "swagger-ui-bundle.js", type: "text/javascript; charset=utf-8" },
};

// The page runs no inline script or style of ours: its initializer is a file of its own.
const INIT_JS = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#reference",
    deepLinking: true,
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    docExpansion: "list",
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;

const PAGE = (version: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Pathagar API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/api/docs/swagger-ui.css?v=${version}">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js?v=${version}"></script>
<script src="/api/docs/init.js?v=${version}"></script>
</body>
</html>
`;

/**
 * Scripts only from this origin and no inline script at all; Swagger UI's icons are data: images
 * and it sets element styles from script, which a style-src of 'self' allows.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

let uiDir: string | undefined;
function swaggerUiDir(): string {
  uiDir ??= dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  return uiDir;
}

const fileCache = new Map<string, Uint8Array>();

/**
 * `/api/version`, `/api/openapi.json` and the reference page for developers at `/api/docs`.
 * `document` makes the API's document (openapi.ts; handed in, as the document describes this
 * file's endpoints too).
 */
export function apiDocs(buildVersion: string, document: (version: string) => unknown) {
  const app = new Hono<AppEnv>();
  app.get("/version", (c) => ok(c, { version: buildVersion }));
  const noindex = (c: import("hono").Context<AppEnv>) => c.header("X-Robots-Tag", "noindex, nofollow");

  app.get("/openapi.json", (c) => {
    noindex(c);
    c.header("Cache-Control", "no-cache");
    return jsonAnswer(c, document(buildVersion), 200);
  });

  app.get("/docs", (c) => {
    noindex(c);
    c.header("Content-Security-Policy", DOCS_CSP);
    c.header("Cache-Control", "no-cache");
    return c.html(PAGE(encodeURIComponent(buildVersion)));
  });

  app.get("/docs/:file", async (c) => {
    noindex(c);
    const name = c.req.param("file");
    if (name === "init.js") {
      c.header("Cache-Control", "no-cache");
      return c.body(INIT_JS, 200, { "Content-Type": "text/javascript; charset=utf-8" });
    }
    const entry = UI_FILES[name];
    if (!entry) return jsonAnswer(c, { statusCode: 404, message: "No such file" }, 404);
    let bytes = fileCache.get(name);
    if (!bytes) {
      bytes = new Uint8Array(await readFile(join(swaggerUiDir(), entry.file)));
      fileCache.set(name, bytes);
    }
    // The page asks for these with the build id in the address: a new deployment asks afresh.
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "Content-Type": entry.type });
  });

  return app;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const docsEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/version",
    tag: "Accounts",
    summary: "The build id (the shop polls it to offer a reload after a deployment)",
    access: anyone,
    success: [okAnswer("The running build", versionSchema)],
  },
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Reference",
    summary: "This document (OpenAPI 3.1)",
    access: anyone,
    success: [{ status: 200, description: "The OpenAPI document", mediaType: "application/json" }],
  },
  {
    method: "get",
    path: "/api/docs",
    tag: "Reference",
    summary: "The reference page for developers",
    access: anyone,
    success: [{ status: 200, description: "An HTML page", mediaType: "text/html" }],
  },
  {
    method: "get",
    path: "/api/docs/{file}",
    tag: "Reference",
    summary: "The reference page's script and style sheet",
    access: anyone,
    params: z.object({ file: z.string() }),
    success: [{ status: 200, description: "A script or style sheet", mediaType: "*/*" }],
  },
];
