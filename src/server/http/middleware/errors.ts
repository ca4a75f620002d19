import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import type { Envelope } from "../../../contracts/api";
import { fieldErrors } from "../../../contracts/zod";
import { redact } from "../../logger";
import { DomainError, STATUS_OF } from "../../services/errors";
import type { AppEnv } from "../env";
import { jsonAnswer } from "../respond";
import { BODY_TOO_LARGE } from "./body";

/** The one table from error kinds to answers; a 500 logs the request id and shows no internals. */
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
  return { statusCode: 500, message: "Internal Server Error" };
}

/**
 * The app's error handler. A 500 is logged with the request id, method and path (not the query,
 * which may hold a code or a token) through the logger, which drops a failed statement's
 * parameters and every secret.
 */
export function handleError(err: unknown, c: Context<AppEnv>) {
  const body = toEnvelope(err);
  if (body.statusCode >= 500) {
    const about = { err, requestId: c.get("requestId"), method: c.req.method, path: c.req.path };
    const log = c.get("log");
    if (log) log.error(about, "unhandled error");
    else console.error(JSON.stringify(redact(about)));
  }
  return jsonAnswer(c, body, body.statusCode as ContentfulStatusCode);
}
