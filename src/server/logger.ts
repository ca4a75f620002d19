import { pino } from "pino";

export type Logger = pino.Logger;

const CENSORED = "[redacted]";

/**
 * Keys whose values never reach the log, at any depth: passwords and their hashes, session and
 * gateway tokens, keys and secrets, cookies, authorisation headers, signatures, one-time codes
 * and the parameters of SQL statements (user input, password hashes). Matched on the key in
 * lower case without `-` and `_`.
 */
const SECRET_PARTS = [
  "password",
  "passwd",
  "passphrase",
  "secret",
  "token",
  "hash",
  "cookie",
  "authoriz",
  "authoris",
  "apikey",
  "appkey",
  "signature",
  "onetimecode",
  "otpcode",
];
const SECRET_KEYS = new Set(["otp", "pin", "pass", "params", "parameters", "sig"]);

function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[-_]/g, "");
  return SECRET_KEYS.has(k) || SECRET_PARTS.some((part) => k.includes(part));
}

/** A one-time code: `code` is also an error or courier code, which stays. */
const ONE_TIME_CODE = /^\d{4,8}$/;

/** Fields of an error (ours, Node's, PostgreSQL's, a gateway's) that say what went wrong without data. */
const ERROR_FIELDS = [
  "code",
  "kind",
  "status",
  "statusCode",
  "errno",
  "syscall",
  "severity",
  "routine",
  "schema",
  "table",
  "column",
  "constraint",
  "dataType",
  "gateway",
  "courier",
] as const;

const MAX_DEPTH = 6;

/**
 * An error's message without the data it quotes: Drizzle's "Failed query: … params: …" loses
 * its parameters, PostgreSQL's "invalid input syntax for type …: <value>" its value.
 */
function safeMessage(message: string): string {
  const cut = message.indexOf("\nparams:");
  const text = cut < 0 ? message : `${message.slice(0, cut)}\nparams: ${CENSORED}`;
  return text.replace(/(invalid input (?:syntax|value) for [^:\n]*: ).*/g, `$1${CENSORED}`);
}

/**
 * An error as the log may hold it: type, safe message, stack frames, the diagnostic fields above
 * and its causes. Everything else on it (Drizzle's `params`, PostgreSQL's `detail` and `where`,
 * which quote row values, a gateway's answer) is left out.
 */
export function serializeError(err: Error, depth = 0): Record<string, unknown> {
  const type = err.constructor?.name && err.constructor.name !== "Object" ? err.constructor.name : err.name;
  const message = safeMessage(String(err.message ?? ""));
  const frames = String(err.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line));
  const out: Record<string, unknown> = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join("\n"),
  };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of ERROR_FIELDS) {
    const value = fields[key];
    if (typeof value === "string" || typeof value === "number") out[key] = value;
  }
  if (typeof fields.query === "string") out.query = fields.query.slice(0, 2000);
  if (depth < MAX_DEPTH) {
    if (err.cause !== undefined) out.cause = redact(err.cause, depth + 1);
    if (err instanceof AggregateError) out.errors = err.errors.slice(0, 5).map((e) => redact(e, depth + 1));
  }
  return out;
}

/** A copy of a logged value with secrets censored and errors reduced to what is safe. */
export function redact(value: unknown, depth = 0, key = ""): unknown {
  if (key !== "") {
    if (isSecretKey(key)) return CENSORED;
    if (/^code$/i.test(key) && ONE_TIME_CODE.test(String(value))) return CENSORED;
  }
  if (value instanceof Error) return serializeError(value, depth);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[nested]";
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Date || value instanceof URL) return value;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redact(v, depth + 1, k);
  return out;
}

/**
 * The server's logger: JSON lines, no secret, hash, token, one-time code, cookie or SQL
 * parameter in any of them (whatever the caller passes; see `redact`).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    formatters: { log: (obj) => redact(obj) as Record<string, unknown> },
    // `redact` has already made errors plain and safe: pino's own error serializer would undo
    // the shape (and the standard one copies every field, parameters included).
    serializers: { err: (e: unknown) => e },
  };
  return destination ? pino(options, destination) : pino(options);
}
