import type { ServerOptions } from "node:http";
import type { Config } from "../config";

type Timeouts = Pick<
  Config,
  "HTTP_HEADERS_TIMEOUT_SECONDS" | "HTTP_REQUEST_TIMEOUT_SECONDS" | "HTTP_KEEP_ALIVE_TIMEOUT_SECONDS"
>;

/**
 * The HTTP server's limits in time (decision 49): a request's headers within 20 s, the whole
 * request (a 100 MB PDF over a slow line included) within 30 minutes, a kept-alive connection
 * idle for 65 s. Node looks for connections past them every `connectionsCheckingInterval`
 * (30 s unless told): once a second here, so a slow client is closed within a second of its
 * limit rather than up to 30 s after it.
 */
export function httpServerOptions(config: Timeouts): ServerOptions {
  const headersTimeout = config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000;
  return {
    headersTimeout,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    connectionsCheckingInterval: Math.min(1000, headersTimeout / 2),
  };
}
