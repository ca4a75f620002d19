import type { Logger } from "../../logger";
import { PaymentGatewayError } from "./provider";

export type Json = Record<string, unknown>;

export function isRecord(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A field of a gateway answer as text ("" when absent); gateways send numbers and strings alike. */
export function text(answer: Json | undefined, key: string): string {
  const v = answer?.[key];
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
}

export type GatewayAnswer = {
  httpStatus: number;
  ok: boolean;
  body: string;
  /** The body when it is a JSON object. */
  json: Json | undefined;
};

export type GatewayCaller = {
  /** Shown in errors: "SSLCommerz", "bKash". */
  gateway: string;
  fetch: typeof fetch;
  timeoutMs: number;
  log: Logger;
};

function isTimeout(e: unknown): boolean {
  return e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");
}

/**
 * One HTTP call to a gateway, the answer read within `timeoutMs`. Throws PaymentGatewayError
 * (`timeout`, `unreachable`) when no answer came; any answer, even an HTTP error, is returned.
 * `what` names the call in logs and errors; the URL is never logged (it can carry credentials).
 */
export async function callGateway(
  c: GatewayCaller,
  what: string,
  url: string,
  init: RequestInit,
): Promise<GatewayAnswer> {
  const started = performance.now();
  let res: Response;
  let body: string;
  try {
    res = await c.fetch(url, { ...init, signal: AbortSignal.timeout(c.timeoutMs) });
    body = await res.text();
  } catch (e) {
    if (isTimeout(e)) {
      throw new PaymentGatewayError(
        c.gateway,
        "timeout",
        `${c.gateway} did not answer ${what} within ${c.timeoutMs} ms`,
        {
          cause: e,
        },
      );
    }
    const reason = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
    throw new PaymentGatewayError(
      c.gateway,
      "unreachable",
      `${c.gateway} could not be reached for ${what}: ${reason}`,
      {
        cause: e,
      },
    );
  }
  c.log.debug(
    { gateway: c.gateway, call: what, httpStatus: res.status, ms: Math.round(performance.now() - started) },
    "payment gateway call",
  );
  let parsed: unknown;
  try {
    parsed = body ? JSON.parse(body) : undefined;
  } catch {
    parsed = undefined;
  }
  return { httpStatus: res.status, ok: res.ok, body, json: isRecord(parsed) ? parsed : undefined };
}

/** Throws `invalid_request` unless every callback URL is an absolute http(s) URL (gateways call them from outside). */
export function assertCallbackUrls(gateway: string, urls: Record<string, string>): void {
  for (const [name, url] of Object.entries(urls)) {
    let ok = false;
    try {
      ok = ["http:", "https:"].includes(new URL(url).protocol);
    } catch {
      ok = false;
    }
    if (!ok) {
      throw new PaymentGatewayError(
        gateway,
        "invalid_request",
        `${gateway} needs an absolute URL for ${name} (got ${JSON.stringify(url)})`,
      );
    }
  }
}
