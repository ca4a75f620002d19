import zlib from "node:zlib";
import type { Context } from "hono";
import { parseAccept } from "hono/utils/accept";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Envelope } from "../../contracts/api";
import { DomainError } from "../services/errors";

/** Answers with the envelope; HTTP status equals statusCode. */
export function send<T>(c: Context, statusCode: ContentfulStatusCode, message: string, data?: T) {
  const body: Envelope<T> = { statusCode, message, ...(data === undefined ? {} : { data }) };
  return jsonAnswer(c, body, statusCode);
}

/**
 * Answers of fewer bytes go as they are: they fit one packet either way, and compressing them
 * gains next to nothing for the work. The app's `compress()` has the same threshold.
 */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Answers from this many bytes are left to the app's `compress()`, which compresses as it sends,
 * piece by piece, so that other requests are served in between.
 */
const COMPRESS_AT_ONCE_BELOW_BYTES = 64 * 1024;

/** Brotli at quality 4: about as fast as gzip on a few kilobytes, and some 10% smaller. */
const BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

/** The encoding to send a body in: brotli, else gzip, whichever the client takes first; none when it takes neither. */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepts = parseAccept(acceptEncoding);
  const q = (name: string) =>
    accepts.find((a) => a.type.toLowerCase() === name)?.q ?? accepts.find((a) => a.type === "*")?.q ?? 0;
  const br = q("br");
  const gzip = q("gzip");
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : undefined;
}

/** `text` encoded as `encoding`, at once. */
export function encodeText(text: string | Uint8Array, encoding: "br" | "gzip"): Buffer {
  return encoding === "br" ? zlib.brotliCompressSync(text, BROTLI) : zlib.gzipSync(text);
}

/**
 * A JSON answer, compressed here when it is large enough and the client takes brotli or gzip:
 * at once, on a few kilobytes some 15 to 25 µs, where the app's streamed `compress()` costs
 * about 250 µs an answer (decision 44). Such an answer states its length or its encoding, so
 * `compress()` leaves it as it is; a large one is left to it.
 */
export function jsonAnswer(c: Context, value: unknown, status: ContentfulStatusCode): Response {
  const text = JSON.stringify(value);
  const bytes = Buffer.byteLength(text);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (bytes >= COMPRESS_AT_ONCE_BELOW_BYTES) return c.body(text, status, headers);
  if (bytes >= COMPRESS_FROM_BYTES) {
    headers.Vary = "Accept-Encoding";
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (encoding) {
      headers["Content-Encoding"] = encoding;
      return c.body(new Uint8Array(encodeText(text, encoding)), status, headers);
    }
  }
  headers["Content-Length"] = String(bytes);
  return c.body(text, status, headers);
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
