import { PassThrough } from "node:stream";
import { I18nProvider } from "@lingui/react";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { DEFAULT_LOCALE } from "../contracts/locale";
import { isDatabaseUnavailable } from "../server/db/unavailable";
import inlineCss from "./app.css?inline";
import { i18nFor } from "./i18n";
import { pageMessagesScript, recordPageMessages } from "./i18n/page-messages.server";
import { type AppContextValue, getApp } from "./lib/app-context.server";
import { InlineCssContext } from "./lib/inline-css";
import { paintFirstStream } from "./lib/paint-first.server";

// The Hono server reads the context key from here, so both sides use the same one.
export { appContext } from "./lib/app-context.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The page's Content-Security-Policy allows inline scripts with this nonce only: React
  // Router's (data, module loader, scroll restoration) and React's streamed parts carry it.
  const app = findApp(loadContext);
  // A loader found the database out of reach: the root middleware answers the 503 page instead
  // of this one (lib/unavailable.server.ts), so this one is not rendered.
  if (app?.databaseUnavailable && responseStatusCode !== 503) {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = app?.nonce;
  // The page in its language (cookie, else profile, else English).
  const locale = app?.locale ?? DEFAULT_LOCALE;
  const i18n = await i18nFor(locale);
  // The catalogue messages the render looks up go into the page for hydration (decision 33).
  const pageMessageIds = new Set<string>();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell first and the rest streamed.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = recordPageMessages(pageMessageIds, () =>
      renderToPipeableStream(
        <InlineCssContext.Provider value={inlineCss}>
          <I18nProvider i18n={i18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nProvider>
        </InlineCssContext.Provider>,
        {
          nonce,
          // A finished Suspense boundary is written where it stands. React moves one of over 500
          // bytes, once 12.8 KB of the page has gone, to the end of the stream, where only a script
          // puts it in place: without JavaScript (or before it), the parts that load their own code
          // later (lib/lazy-on-client.tsx: a form's message, the reviews) would not show.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          [readyOption]() {
            shellRendered = true;
            const body = new PassThrough({
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                callback();
              },
            });
            const stream = createReadableStreamFromReadable(body);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            if (!responseHeaders.has("Cache-Control"))
              responseHeaders.set("Cache-Control", "private, no-cache");
            // The app's modules load after the first paint (lib/paint-first.server.ts).
            const paintFirst = paintFirstStream(() => pageMessagesScript(i18n, pageMessageIds));
            paintFirst.on("error", (error) => body.destroy(error));
            paintFirst.pipe(body);
            pipe(paintFirst);
            resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          },
          onShellError(error: unknown) {
            reject(error);
          },
          onError(error: unknown) {
            responseStatusCode = 500;
            if (!shellRendered) return;
            if (app) app.ctx.log.error({ err: error, requestId: app.requestId }, "page error");
            else console.error(String(error));
          },
        },
      ),
    );
  });
}

function findApp(context: RouterContextProvider): AppContextValue | undefined {
  try {
    return getApp(context);
  } catch {
    return undefined;
  }
}

/**
 * Unexpected page errors are logged with the request id and path (not the query, which may hold
 * a code or a token); the page shows no internals. A database out of reach is marked on the
 * request, for the root middleware's 503 page.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const app = findApp(context as RouterContextProvider);
  const path = new URL(request.url).pathname;
  if (app && isDatabaseUnavailable(error)) {
    // The page becomes the 503 error page (lib/unavailable.server.ts).
    app.databaseUnavailable = true;
    app.ctx.log.warn({ err: error, requestId: app.requestId, path }, "database unavailable");
  } else if (app) app.ctx.log.error({ err: error, requestId: app.requestId, path }, "page error");
  else console.error(`page error at ${path}: ${String(error)}`);
};
