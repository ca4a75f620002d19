import { timingSafeEqual } from "node:crypto";
import type { Logger } from "../../logger";
import { CourierError } from "./provider";

export type Json = Record<string, unknown>;

export function isRecord(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** An answer as it came: HTTP status and the body, parsed when it was a JSON object. */
export type HttpAnswer = { httpStatus: number; ok: boolean; json: Json | undefined; text: string };

/**
 * One HTTP call to a courier, with a deadline covering the answer's body. A timeout or a network
 * failure throws a CourierError (`timeout`, `unreachable`); any HTTP answer is returned as it is,
 * for the adapter to read in its courier's terms.
 */
export async function courierCall(
  courier: string,
  label: string,
  opts: { fetch: typeof fetch; timeoutMs: number; log: Logger },
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
): Promise<HttpAnswer> {
  const what = `${init.method} ${new URL(url).pathname}`;
  const started = performance.now();
  let res: Response;
  let text: string;
  try {
    res = await opts.fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    text = await res.text();
  } catch (e) {
    if (e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError")) {
      throw new CourierError(
        courier,
        "timeout",
        `${label} did not answer ${what} within ${opts.timeoutMs} ms`,
        {
          cause: e,
        },
      );
    }
    const reason = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
    throw new CourierError(courier, "unreachable", `${label} could not be reached for ${what}: ${reason}`, {
      cause: e,
    });
  }
  opts.log.debug(
    { courier, call: what, httpStatus: res.status, ms: Math.round(performance.now() - started) },
    "courier call",
  );
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { httpStatus: res.status, ok: res.ok, json: isRecord(json) ? json : undefined, text };
}

/** Whether two secrets are equal, in time that does not tell how much of them matched. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined || expected === "") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Lower-case letters and digits only: "Mirpur-10 " and "mirpur 10" compare equal. */
export function placeKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/** Poisha as the taka amount couriers take (two decimals at most). */
export function taka(poisha: number): number {
  return Math.round(poisha) / 100;
}

/** A taka amount a courier answered, as poisha; null when it is not a number. */
export function poishaOf(v: unknown): number | null {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? Math.round(n * 100) : null;
}
