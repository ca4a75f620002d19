import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Envelope } from "../../contracts/api";
import { DomainError } from "../services/errors";

/** Answers with the envelope; HTTP status equals statusCode. */
export function send<T>(c: Context, statusCode: ContentfulStatusCode, message: string, data?: T) {
  const body: Envelope<T> = { statusCode, message, ...(data === undefined ? {} : { data }) };
  return c.json(body, statusCode);
}

export const ok = <T>(c: Context, data?: T, message = "OK") => send(c, 200, message, data);

/** The request body as JSON; an empty body is `{}`, anything unparsable a 400. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError("invalid", "Malformed JSON in the request body");
  }
}

/** A text stream of the pieces, encoded as UTF-8. */
export function streamOf(pieces: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const it = pieces[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await it.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await it.return?.();
    },
  });
}
