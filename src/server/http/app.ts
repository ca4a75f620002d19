import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { getCookie } from "hono/cookie";
import { secureHeaders } from "hono/secure-headers";
import { LOCALE_COOKIE } from "../../contracts/locale";
import { OFFLINE_WORKER_URL } from "../../contracts/offline";
import { configuredTags } from "../config";
import type { Database } from "../db/client";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable";
import { SANDBOX_PATH } from "../integrations/payments/sandbox";
import { type AppDeps, contextFor } from "../services/context";
import { DomainError } from "../services/errors";
import { publicContentVersion } from "../services/public-content";
import { addressesApi } from "./api/addresses";
import { adminAuditApi } from "./api/admin-audit";
import { adminAuthorsApi } from "./api/admin-authors";
import { adminBooksCsvApi } from "./api/admin-books-csv";
import { adminChaptersApi } from "./api/admin-chapters";
import { adminCouponsApi } from "./api/admin-coupons";
import { adminInfoPagesApi } from "./api/admin-info-pages";
import { adminInvoicesApi } from "./api/admin-invoices";
import { adminJobsApi } from "./api/admin-jobs";
import { adminOrderApi } from "./api/admin-order";
import { adminOrdersApi } from "./api/admin-orders";
import { adminPhoneOrdersApi } from "./api/admin-phone-orders";
import { adminProductsApi } from "./api/admin-products";
import { adminReportsApi } from "./api/admin-reports";
import { adminSalesApi } from "./api/admin-sales";
import { adminSearchApi } from "./api/admin-search";
import { adminUsersApi } from "./api/admin-users";
import { authApi } from "./api/auth";
import { cartApi, cartReadAndAddApi } from "./api/cart";
import { catalogApi } from "./api/catalog";
import { consentApi } from "./api/consent";
import { coursesApi } from "./api/courses";
import { fulfilmentApi } from "./api/fulfilment";
import { libraryApi } from "./api/library";
import { localeApi } from "./api/locale";
import { ordersApi } from "./api/orders";
import { payLinksApi } from "./api/pay-links";
import { readingApi } from "./api/reading";
import { reviewsApi } from "./api/reviews";
import { stockAlertsApi } from "./api/stock-alerts";
import { trackingApi } from "./api/tracking";
import { uploadsApi } from "./api/uploads";
import { wishlistApi } from "./api/wishlist";
import { apiDocs } from "./api-docs";
import { courierWebhooks } from "./courier-webhooks";
import type { AppEnv } from "./env";
import { mediaRoutes } from "./media";
import {
  closeIfBodyUnread,
  limitBodies,
  MAX_BODY,
  MAX_CALLBACK_BODY,
  MAX_SANDBOX_BODY,
  refuseNul,
} from "./middleware/body";
import { handleError } from "./middleware/errors";
import { readFlash } from "./middleware/flash";
import { noStore, pageSecurityPolicy } from "./middleware/headers";
import { checkOrigin, requireJsonBody } from "./middleware/origin";
import { makePendingAfterSignIn } from "./middleware/pending";
import { publicCache } from "./middleware/public-cache";
import { captureReferral } from "./middleware/referral";
import { requestLog } from "./middleware/request-log";
import { loadSession } from "./middleware/session";
import { openApiDocument } from "./openapi";
import { paymentCallbacks } from "./payment-callbacks";
import { COMPRESS_FROM_BYTES, jsonAnswer } from "./respond";
import { sandboxGateway } from "./sandbox-gateway";
import { seoFiles } from "./seo-files";
import { UPLOAD_ROUTES, uploadRouteOf } from "./uploads";

export const MAX_JSON_BODY = MAX_BODY;

export type AppOptions = {
  deps: AppDeps;
  database: Pick<Database, "ping" | "replicas">;
  /** The build id of the client assets; a change means a new deployment. */
  buildVersion: string;
  /** Built client files (hashed assets under /assets). */
  clientDir?: string;
  /** React Router's request handler for every page. */
  pages?: (c: import("hono").Context<AppEnv>) => Promise<Response>;
  /** False turns off the short-lived copies of public answers (development: pages change). */
  publicCache?: boolean;
  /** Pages come from the development server (Vite): its hot-update socket must be allowed. */
  devServer?: boolean;
  /** Set once the server is stopping (SIGTERM): not ready, and no connection kept open. */
  drain?: { draining: boolean };
};

/** `/api/*`, the hashed assets, then React Router's handler for every other path. */
export function createApp(opts: AppOptions) {
  const { deps } = opts;
  const app = new Hono<AppEnv>();
  const cacheTtlMs = opts.publicCache === false ? 0 : deps.config.PAGE_CACHE_SECONDS * 1000;
  // Shared by every server on the database: a change made through any of them drops all copies.
  const contentVersion = () => publicContentVersion(deps.db);
  app.onError(handleError);
  app.use(requestLog(deps.log, deps.config.TRUST_PROXY));
  const drain = opts.drain;
  if (drain) {
    // A stopping server closes each connection after its answer: the client's next request
    // opens a new one, which the load balancer gives to another server.
    app.use(async (c, next) => {
      await next();
      if (drain.draining) c.header("Connection", "close");
    });
  }
  app.use(closeIfBodyUnread());
  app.use(
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: "same-origin",
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: deps.config.production ? "max-age=31536000; includeSubDomains" : false,
      // A route may say otherwise: `/media/` pictures are cross-origin (a CDN's copy is shown by the shop's pages).
      overwrite: false,
    }),
  );
  // Streams and files not compressed at build time; JSON answers compress themselves (respond.ts).
  app.use(compress({ threshold: COMPRESS_FROM_BYTES }));
  // Every route has a body limit; gateways and the sandbox page post a few short fields.
  app.use(
    limitBodies(MAX_BODY, [
      { prefix: "/api/payment/", maxSize: MAX_CALLBACK_BODY },
      { prefix: "/api/couriers/", maxSize: MAX_CALLBACK_BODY },
      { prefix: `${SANDBOX_PATH}/`, maxSize: MAX_SANDBOX_BODY },
      // Pictures (8 MB) and PDFs (100 MB) on the upload endpoints only.
      ...UPLOAD_ROUTES.map((r) => ({ pattern: r.pattern, maxSize: r.maxSize })),
    ]),
  );
  const takesForms = (path: string) =>
    path.startsWith("/api/payment/") || path.startsWith(`${SANDBOX_PATH}/`);
  app.use(refuseNul({ bodies: (path) => path.startsWith("/api/") || takesForms(path), forms: takesForms }));
  app.use("/api/*", noStore());

  app.get("/healthz", async (c) => {
    // A load balancer stops sending here: this server is answering its last requests.
    if (drain?.draining) return jsonAnswer(c, { status: "draining" }, 503);
    try {
      await opts.database.ping();
      // With read replicas: how many are serving, and where the catalogue's reads went (decision 57).
      const replicas = opts.database.replicas;
      if (!replicas) return jsonAnswer(c, { status: "ok" }, 200);
      const health = replicas.health();
      return jsonAnswer(
        c,
        {
          status: "ok",
          replicas: {
            serving: health.filter((r) => r.up).length,
            of: health.length,
            reads: { ...replicas.counts },
          },
        },
        200,
      );
    } catch (err) {
      c.get("log").error({ err }, "health check: database did not answer");
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return jsonAnswer(c, { status: "database unavailable" }, 503);
    }
  });

  // Gateways come back cross-site and without the session: before the Origin check of /api.
  app.route("/api/payment", paymentCallbacks(deps));
  // Couriers' servers post their news likewise without a session or an Origin.
  app.route("/api/couriers", courierWebhooks(deps));
  if (deps.sandbox) app.route(SANDBOX_PATH, sandboxGateway(deps.sandbox, deps.log));

  const api = new Hono<AppEnv>();
  api.use(checkOrigin(deps.config.PUBLIC_URL));
  api.use(requireJsonBody((path) => uploadRouteOf(path)?.types));
  // Before the session's lookup: these two look their caller up themselves (decision 44).
  api.route("/", cartReadAndAddApi(deps));
  api.use(loadSession(deps));
  // The build's version, the API described (src/server/http/openapi.ts), and its reference page.
  api.route("/", apiDocs(opts.buildVersion, openApiDocument));
  // Search results are the same for everyone, signed in or not.
  const searchCache = publicCache({ ttlMs: cacheTtlMs, shared: () => true, version: contentVersion });
  api.use("/search", searchCache);
  api.use("/search/*", searchCache);
  api.route("/", authApi(deps.config));
  api.route("/", localeApi({ secure: deps.config.production }));
  api.route("/", consentApi({ secure: deps.config.production }));
  api.route("/", adminUsersApi());
  api.route("/", adminAuditApi());
  api.route("/", adminSearchApi());
  api.route("/", adminBooksCsvApi());
  api.route("/", adminInvoicesApi());
  api.route("/", adminProductsApi());
  api.route("/", adminSalesApi());
  api.route("/", adminReportsApi());
  api.route("/", adminJobsApi());
  api.route("/", adminInfoPagesApi());
  api.route("/", adminChaptersApi());
  api.route("/", adminAuthorsApi());
  api.route("/", adminCouponsApi());
  api.route("/", uploadsApi());
  api.route("/", catalogApi());
  api.route("/", reviewsApi());
  api.route("/", ordersApi());
  api.route("/", payLinksApi());
  api.route("/", adminPhoneOrdersApi());
  api.route("/", adminOrdersApi());
  api.route("/", fulfilmentApi());
  api.route("/", adminOrderApi());
  api.route("/", trackingApi());
  api.route("/", libraryApi());
  api.route("/", readingApi());
  api.route("/", coursesApi());
  api.route("/", cartApi());
  api.route("/", stockAlertsApi());
  api.route("/", wishlistApi());
  api.route("/", addressesApi());
  api.all("*", () => {
    throw new DomainError("not_found", "No such API endpoint");
  });
  app.route("/api", api);
  app.route("/", seoFiles(deps));

  // Product images from storage, before the static files and the pages.
  app.route("/media", mediaRoutes(deps.storage));

  if (opts.clientDir) {
    const root = opts.clientDir;
    // Only files actually served get a cache header; everything else falls through untouched.
    app.use(
      "/assets/*",
      serveStatic({
        root,
        // The build writes each script's and style's brotli and gzip files beside it.
        precompressed: true,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    // The offline reader's worker: checked for a new version on every visit to the reader.
    app.use(
      OFFLINE_WORKER_URL,
      serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "no-cache") }),
    );
    app.use(
      "*",
      serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") }),
    );
  }

  const pages = opts.pages;
  if (pages) {
    // First, so that the error page below carries the policy and its nonce too.
    app.use(
      "*",
      pageSecurityPolicy({
        upgradeInsecure: deps.config.production,
        devServer: opts.devServer,
        googleSignIn: Boolean(deps.config.GOOGLE_CLIENT_ID),
        tags: configuredTags(deps.config),
        botCheck: Boolean(deps.config.TURNSTILE_SITE_KEY && deps.config.TURNSTILE_SECRET),
        mediaOrigin: deps.config.MEDIA_PUBLIC_URL && new URL(deps.config.MEDIA_PUBLIC_URL).origin,
      }),
    );
    // The session's lookup or the page cache's version could not reach the database: the
    // visitor gets the shop's error page (503, in their language), not the API's envelope.
    app.use("*", async (c, next) => {
      await next();
      if (!c.error || !isDatabaseUnavailable(c.error)) return;
      const ip = c.get("ip");
      const cookieLocale = getCookie(c, LOCALE_COOKIE);
      c.set("ctx", contextFor(deps, { ip, log: c.get("log"), cookieLocale, user: null }));
      c.set("databaseUnavailable", true);
      c.res = undefined;
      c.res = await pages(c);
      c.header("Cache-Control", "no-store");
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    });
    // A form posted to a page's action (HTML first) passes the same Origin check as the API.
    app.use("*", checkOrigin(deps.config.PUBLIC_URL));
    app.use("*", loadSession(deps));
    app.use("*", captureReferral({ secure: deps.config.production }));
    app.use("*", readFlash({ secure: deps.config.production }));
    app.use("*", makePendingAfterSignIn({ secure: deps.config.production }));
    // A signed-out visitor's page is the same for every signed-out visitor (a message for them aside).
    app.use(
      "*",
      publicCache({
        ttlMs: cacheTtlMs,
        // A payment link's page is one order's, and changes the moment it is paid: never kept.
        shared: (c) => c.get("user") === null && !c.get("flash") && !c.req.path.startsWith("/pay/"),
        version: contentVersion,
      }),
    );
    app.all("*", async (c) => {
      c.res = await pages(c);
      // Pages and their .data answers depend on the visitor's session: never a shared or stale copy.
      if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "private, no-cache");
      // A page whose loader could not reach the database (decision 49).
      if (c.res.status === 503) c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return c.res;
    });
  }
  return app;
}
