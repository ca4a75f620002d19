import { data, type MiddlewareFunction } from "react-router";
import { DATABASE_UNAVAILABLE } from "../../server/db/unavailable";
import { getApp } from "./app-context.server";
import type { ErrorWithRootData } from "./root-data";
import { rootDataOf } from "./root-data.server";

/**
 * The root's middleware: a page that could not reach the database is the shop's error page with
 * status 503 and a plain message (the server adds Retry-After), never a 500. When the server
 * already knows (its session lookup failed), no loader runs; when a loader or an action finds
 * out, the page it rendered is replaced. The refusal carries the root data, so the header keeps
 * its shape and the page its language (decision 49).
 */
export const answerWhenDatabaseUnavailable: MiddlewareFunction<Response> = async ({ context }, next) => {
  const app = getApp(context);
  if (!app.databaseUnavailable) {
    const res = await next();
    if (!app.databaseUnavailable) return res;
  }
  const refusal: ErrorWithRootData = { message: DATABASE_UNAVAILABLE, root: rootDataOf(app, []) };
  throw data(refusal, { status: 503 });
};
