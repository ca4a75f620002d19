import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { DomainError } from "../../services/errors";
import type { AppEnv } from "../env";
import { send } from "../respond";

/** Every route's limit unless it sets a smaller one: a JSON call's body is far below it. */
export const MAX_BODY = 1024 * 1024;
/** Gateways' browser returns and server notices: a few dozen short form fields. */
export const MAX_CALLBACK_BODY = 64 * 1024;
/** The sandbox gateway's page posts one field, `outcome`. */
export const MAX_SANDBOX_BODY = 4 * 1024;

export const BODY_TOO_LARGE = "The request body is too large";
export const NUL_REFUSED = "The request must not contain NUL characters";
export const MALFORMED_FORM = "Malformed form body";

/**
 * Refuses a body over `maxSize` with 413: a declared Content-Length is refused before a byte is
 * read, a chunked body as soon as it passes the limit.
 */
export function limitBody(maxSize: number): MiddlewareHandler<AppEnv> {
  const counted = bodyLimit({ maxSize, onError: (c) => send(c, 413, BODY_TOO_LARGE) });
  return async (c, next) => {
    // A length declared to Node's server (which never lets a body run past it) is checked here:
    // Hono's check would first build the Web Request just to see that a body is there.
    const length = c.req.header("content-length");
    if (incomingOf(c) && length !== undefined && c.req.header("transfer-encoding") === undefined) {
      return Number.parseInt(length, 10) > maxSize ? send(c, 413, BODY_TOO_LARGE) : next();
    }
    return counted(c, next);
  };
}

/**
 * One limit for every route: the first rule whose path prefix (or pattern) matches, else `maxSize`. One
 * middleware rather than nested ones, so a small limit is never preceded by reading up to a
 * larger one.
 */
export function limitBodies(
  maxSize: number,
  rules: ({ prefix: string; maxSize: number } | { pattern: RegExp; maxSize: number })[],
): MiddlewareHandler<AppEnv> {
  const fallback = limitBody(maxSize);
  const limits = rules.map((r) => ({
    matches:
      "prefix" in r ? (path: string) => path.startsWith(r.prefix) : (path: string) => r.pattern.test(path),
    limit: limitBody(r.maxSize),
  }));
  return (c, next) => {
    // Most requests carry no body: told so by their headers, they pass without the Web Request
    // being built just to look (hasBody reads the headers only).
    if (!hasBody(c)) return next();
    const path = c.req.path;
    return (limits.find((r) => r.matches(path))?.limit ?? fallback)(c, next);
  };
}

function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** Whether the request carries a body (HTTP/1.1: a Transfer-Encoding or a non-zero Content-Length). */
export function hasBody(c: Context): boolean {
  if (c.req.header("transfer-encoding") !== undefined) return true;
  const length = c.req.header("content-length");
  if (length !== undefined) return length.trim() !== "0";
  // In-process requests (tests) may carry a body without either header.
  return !incomingOf(c) && c.req.raw.body !== null;
}

/** Whether the request's body has not arrived whole: the connection then carries its unread rest. */
function bodyUnread(c: Context<AppEnv>): boolean {
  const incoming = incomingOf(c);
  if (incoming) return !incoming.complete;
  // In-process requests (tests) have no socket: a body nobody started reading is unread.
  return c.req.raw.body !== null && !c.req.raw.bodyUsed;
}

/** How long a connection closed under an unread body still takes (and drops) what arrives. */
export const LINGER_MS = 1000;

/**
 * Closes the way a careful server does when the client may still be sending: the end of our
 * side first, then the rest of the body read and dropped for a moment before the socket goes.
 * Closed at once, the unread bytes make the system reset the connection, and a client busy
 * sending can lose the answer (a 413) it was sent.
 */
function lingerOnClose(socket: Socket) {
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    this.resume();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
  };
}

/**
 * An answer sent before the request's body arrived whole (413, 415, 403, a NUL refused) says
 * `Connection: close`. The rest of such a body is not worth reading; a client told "keep-alive"
 * would send its next request into a connection the server is about to give up and see it fail
 * ("other side closed"). Told "close", it opens a fresh one.
 */
export function closeIfBodyUnread(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!bodyUnread(c)) return;
    c.header("Connection", "close");
    const socket = incomingOf(c)?.socket;
    if (socket) lingerOnClose(socket);
  };
}

/**
 * The body as text, kept for `c.req.json()` and `c.req.text()`. A body of a declared length is
 * read straight from Node's request (its limit already checked on that length): the Web Request
 * with its stream, abort signal and headers is never built for it. Any other body is read through
 * the Web Request, and so through the body limit's counting stream.
 */
async function readText(c: Context<AppEnv>): Promise<string> {
  const incoming = incomingOf(c);
  if (
    !incoming ||
    c.req.header("content-length") === undefined ||
    c.req.header("transfer-encoding") !== undefined
  ) {
    return c.req.text();
  }
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  // Hono keeps the promise of each body it read (typed as the value).
  (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
  return text;
}

const NUL = "\u0000";

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes(NUL);
  if (depth > 64 || value === null || typeof value !== "object") return false;
  for (const [k, v] of Object.entries(value)) if (k.includes(NUL) || hasNul(v, depth + 1)) return true;
  return false;
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** The address (path and query) with its percent-escapes undone where they are valid. */
function decodedAddress(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const address = start < 0 ? "" : url.slice(start);
  try {
    return decodeURIComponent(address.replaceAll("+", " "));
  } catch {
    // A malformed escape elsewhere: look for an encoded NUL on its own.
    return /%00/i.test(address) ? NUL : address;
  }
}

/**
 * Refuses NUL characters with 400 before any handler sees them (PostgreSQL cannot store them in
 * text, and no honest field holds one): in the decoded path and query always, and on the paths
 * `bodies` picks, anywhere in a JSON body (keys too), and in form fields where `forms` are taken. A
 * form body that cannot be parsed is a 400 too. What was read stays cached for the handler.
 */
export function refuseNul(opts: {
  /** Paths whose JSON bodies are read and checked. */
  bodies: (path: string) => boolean;
  /** Paths that take forms (the others refuse them unread, with 415). */
  forms: (path: string) => boolean;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (decodedAddress(c.req.url).includes(NUL)) return send(c, 400, NUL_REFUSED);
    if (c.req.method === "GET" || c.req.method === "HEAD" || !hasBody(c) || !opts.bodies(c.req.path)) {
      return next();
    }
    const type = mediaType(c.req.header("content-type"));
    if (type === "application/json" || type.endsWith("+json")) {
      const text = await readText(c);
      // Parsed only when a NUL may be there; a malformed body is its handler's 400.
      if (text.includes(NUL) || /\\u0000/i.test(text)) {
        let nul = text.includes(NUL);
        try {
          nul ||= hasNul(JSON.parse(text));
        } catch {
          // not JSON: the handler answers it
        }
        if (nul) return send(c, 400, NUL_REFUSED);
      }
    } else if (
      (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") &&
      opts.forms(c.req.path)
    ) {
      let fields: Record<string, unknown>;
      try {
        fields = await c.req.parseBody({ all: true });
      } catch {
        throw new DomainError("invalid", MALFORMED_FORM);
      }
      if (hasNul(fields)) return send(c, 400, NUL_REFUSED);
    }
    return next();
  };
}
