import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import type { Envelope } from "../../../contracts/api";
import { fieldErrors } from "../../../contracts/zod";
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../../db/unavailable";
import { redact } from "../../logger";
import { DomainError, STATUS_OF } from "../../services/errors";
import type { AppEnv } from "../env";
import { jsonAnswer } from "../respond";
import { BODY_TOO_LARGE } from "./body";

/**
 * The one table from error kinds to answers; a 500 logs the request id and shows no internals.
 * A database that cannot be reached is a 503 with a plain message, not a 500 (decision 49).
 */
export function toEnvelope(err: unknown): Envelope {
  if (err instanceof DomainError) {
    return {
      statusCode: STATUS_OF[err.kind],
      message: err.message,
      ...(err.fields ? { errors: err.fields } : {}),
      ...(err.data === undefined ? {} : { data: err.data }),
    };
  }
  if (err instanceof ZodError) {
    const errors = fieldErrors(err);
    return { statusCode: 400, message: Object.values(errors)[0] ?? "Invalid request", errors };
  }
  if (err instanceof HTTPException && err.status < 500) {
    return {
      statusCode: err.status,
      message: err.status === 413 ? BODY_TOO_LARGE : err.message || "Bad request",
    };
  }
  if (isDatabaseUnavailable(err)) return { statusCode: 503, message: DATABASE_UNAVAILABLE };
  return { statusCode: 500, message: "Internal Server Error" };
}

/**
 * The app's error handler. A 500 is logged with the request id, method and path (not the query,
 * which may hold a code or a token) through the logger, which drops a failed statement's
 * parameters and every secret; a database out of reach is logged as such, and its 503 (like
 * any 503) says when to ask again.
 */
export function handleError(err: unknown, c: Context<AppEnv>) {
  const body = toEnvelope(err);
  if (body.statusCode >= 500) {
    const about = { err, requestId: c.get("requestId"), method: c.req.method, path: c.req.path };
    const log = c.get("log");
    const unavailable = body.message === DATABASE_UNAVAILABLE;
    if (log && unavailable) log.warn(about, "database unavailable");
    else if (log) log.error(about, "unhandled error");
    else console.error(JSON.stringify(redact(about)));
  }
  if (body.statusCode === 503) c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  return jsonAnswer(c, body, body.statusCode as ContentfulStatusCode);
}
