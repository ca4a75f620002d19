import type { Envelope } from "../../contracts/api";

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** The answer's data: a stale edit's 409 carries the record as it now is. */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/**
 * Calls the shop's REST API and returns its envelope; a non-2xx answer throws ApiError. The body
 * is sent as JSON, or as it is with `raw`'s type (the books import sends its CSV file as text/csv).
 */
export async function api<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  raw?: { contentType: string },
): Promise<Envelope<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { "content-type": raw?.contentType ?? "application/json" },
      body: body === undefined ? undefined : raw ? (body as BodyInit) : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    // Marked for the catalogue: the page shows these in its language.
    throw new ApiError(0, /*i18n*/ "No connection. Check your internet and try again.");
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    envelope = {
      statusCode: res.status,
      message: res.statusText || /*i18n*/ "Unexpected answer from the server",
    };
  }
  if (!res.ok) {
    throw new ApiError(envelope.statusCode ?? res.status, envelope.message, envelope.errors, envelope.data);
  }
  return envelope;
}

/** Puts the server's field messages on a react-hook-form form; returns the message for the form. */
export function applyFieldErrors(
  err: unknown,
  setError: (name: never, e: { type: string; message: string }) => void,
  fields: readonly string[],
): string {
  if (err instanceof ApiError) {
    let placed = false;
    for (const [name, message] of Object.entries(err.errors ?? {})) {
      if (fields.includes(name)) {
        setError(name as never, { type: "server", message });
        placed = true;
      }
    }
    return placed ? "" : err.message;
  }
  return /*i18n*/ "Something went wrong. Please try again.";
}
