import { type Locale, resolveLocale } from "../../contracts/locale";
import type { PublicUser } from "../../contracts/user";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Courier } from "../integrations/couriers/provider";
import type { EmailProvider } from "../integrations/email/provider";
import type { PaymentProvider } from "../integrations/payments/provider";
import type { SandboxBooks } from "../integrations/payments/sandbox";
import type { SmsProvider } from "../integrations/sms/provider";
import type { FileStorage } from "../integrations/storage/provider";
import type { Logger } from "../logger";

/** What every service call receives first: the database, the clock, the files, the caller. */
export type Ctx = {
  db: Db;
  config: Config;
  log: Logger;
  sms: SmsProvider;
  email: EmailProvider;
  /** The configured payment gateway (the built-in sandbox by default). */
  payments: PaymentProvider;
  /** The sandbox gateway's own books; its hosted page is served only while it is the gateway. */
  sandbox: SandboxBooks | null;
  courier: Courier;
  /** Uploaded and generated files (images, e-book PDFs). */
  storage: FileStorage;
  now: () => Date;
  user: PublicUser | null;
  /** The caller's network address, for rate limits. */
  ip: string;
  /** The caller's language (cookie, else profile, else English): the SMS a request sends use it. */
  locale: Locale;
  /**
   * Set when the request's service looks its caller up itself, in its first round trip (decision
   * 44): the session token's hash. `user` is null until `withCaller` gives it; a service that
   * does not fold the lookup asks `resolveCaller` (sessions.ts) first.
   */
  sessionToFold?: { tokenHash: string; cookieLocale?: string | null | undefined };
};

/** The process-wide part of a context; a request adds the caller. */
export type AppDeps = Omit<Ctx, "user" | "ip" | "locale" | "sessionToFold">;

export function contextFor(
  deps: AppDeps,
  caller: {
    user: PublicUser | null;
    ip: string;
    log?: Logger | undefined;
    cookieLocale?: string | null | undefined;
    /** The session's lookup left to the call's service (decision 44); `user` is then null. */
    sessionToFold?: Ctx["sessionToFold"];
  },
): Ctx {
  const locale = resolveLocale({ cookie: caller.cookieLocale, profile: caller.user?.locale });
  return made(deps, caller.log ?? deps.log, caller.user, caller.ip, locale, caller.sessionToFold);
}

/** The context of a request whose session was looked up by its service (`Ctx.sessionToFold`): its caller now known. */
export function withCaller(ctx: Ctx, user: PublicUser | null): Ctx {
  const pending = ctx.sessionToFold;
  if (!pending) return ctx;
  const locale = resolveLocale({ cookie: pending.cookieLocale, profile: user?.locale });
  return made(ctx, ctx.log, user, ctx.ip, locale, undefined);
}

/**
 * A request's context, each field named. Made on every request, so not by a spread: V8 copies an
 * object spread with fields added by its slow path, about 2 µs for a context (decision 45).
 */
function made(
  deps: AppDeps,
  log: Logger,
  user: PublicUser | null,
  ip: string,
  locale: Locale,
  sessionToFold: Ctx["sessionToFold"],
): Ctx {
  const ctx: Ctx = {
    db: deps.db,
    config: deps.config,
    log,
    sms: deps.sms,
    email: deps.email,
    payments: deps.payments,
    sandbox: deps.sandbox,
    courier: deps.courier,
    storage: deps.storage,
    now: deps.now,
    user,
    ip,
    locale,
  };
  if (sessionToFold) ctx.sessionToFold = sessionToFold;
  return ctx;
}
