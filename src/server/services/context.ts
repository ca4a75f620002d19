import { type Locale, resolveLocale } from "../../contracts/locale";
import type { PublicUser } from "../../contracts/user";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Replicas } from "../db/replicas";
import type { CourierSet } from "../integrations/couriers";
import type { DeliveryHistoryLookup } from "../integrations/delivery-history/provider";
import type { EmailProvider } from "../integrations/email/provider";
import type { PaymentProvider } from "../integrations/payments/provider";
import type { SandboxBooks } from "../integrations/payments/sandbox";
import type { SmsProvider } from "../integrations/sms/provider";
import type { FileStorage } from "../integrations/storage/provider";
import type { Logger } from "../logger";

/** What every service call receives first: the database, the clock, the files, the caller. */
export type Ctx = {
  db: Db;
  /** The catalogue's read replicas, when configured (decision 57): see `replicaSafe`. */
  replicas?: Replicas<Db> | null;
  config: Config;
  log: Logger;
  sms: SmsProvider;
  email: EmailProvider;
  /** The configured payment gateway (the built-in sandbox by default). */
  payments: PaymentProvider;
  /** The sandbox gateway's own books; its hosted page is served only while it is the gateway. */
  sandbox: SandboxBooks | null;
  /** The couriers connected (every one with its keys; the demo's stand-ins in a demo). */
  couriers: CourierSet;
  /** Whose record of a phone's parcels the COD risk check adds to the shop's own (decision 68). */
  deliveryHistory: DeliveryHistoryLookup;
  /** Uploaded and generated files (images, e-book PDFs). */
  storage: FileStorage;
  now: () => Date;
  user: PublicUser | null;
  /** The caller's network address, for rate limits. */
  ip: string;
  /** The caller's language (cookie, else profile, else English): the SMS a request sends use it. */
  locale: Locale;
};

/** The process-wide part of a context; a request adds the caller. */
export type AppDeps = Omit<Ctx, "user" | "ip" | "locale">;

/**
 * A request whose caller is not known yet, because its service looks the session up with its own
 * first statements, in one round trip (decision 44): the session token's keyed hash and what the
 * context needs besides the user. It is not a context: it has no `user` to be mistaken for a
 * signed-out caller's. `contextOf` makes the context once the lookup has answered.
 */
export type CallerToFind = {
  deps: AppDeps;
  tokenHash: string;
  ip: string;
  log: Logger;
  cookieLocale: string | null | undefined;
};

/** Whether a service's caller is a context or still to be found (`CallerToFind`). */
export function isCallerToFind(call: Ctx | CallerToFind): call is CallerToFind {
  return "tokenHash" in call;
}

export function contextFor(
  deps: AppDeps,
  caller: {
    user: PublicUser | null;
    ip: string;
    log?: Logger | undefined;
    cookieLocale?: string | null | undefined;
  },
): Ctx {
  const locale = resolveLocale({ cookie: caller.cookieLocale, profile: caller.user?.locale });
  return made(deps, caller.log ?? deps.log, caller.user, caller.ip, locale);
}

/** The context of a request whose service has looked its caller up (`CallerToFind`): null for nobody. */
export function contextOf(call: CallerToFind, user: PublicUser | null): Ctx {
  const locale = resolveLocale({ cookie: call.cookieLocale, profile: user?.locale });
  return made(call.deps, call.log, user, call.ip, locale);
}

/**
 * A request's context, each field named. Made on every request, so not by a spread: V8 copies an
 * object spread with fields added by its slow path, about 2 µs for a context (decision 45).
 */
function made(deps: AppDeps, log: Logger, user: PublicUser | null, ip: string, locale: Locale): Ctx {
  return {
    db: deps.db,
    replicas: deps.replicas ?? null,
    config: deps.config,
    log,
    sms: deps.sms,
    email: deps.email,
    payments: deps.payments,
    sandbox: deps.sandbox,
    couriers: deps.couriers,
    deliveryHistory: deps.deliveryHistory,
    storage: deps.storage,
    now: deps.now,
    user,
    ip,
    locale,
  };
}
