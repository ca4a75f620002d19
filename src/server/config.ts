import { z } from "zod";
import { PRODUCT_KINDS } from "../contracts/catalog";
import type { ThirdPartyTag } from "../contracts/consent";
import { parseDayRange } from "../contracts/delivery-estimate";
import { DEFAULT_MEDIA_BASE } from "../contracts/images";
import { percentToBp } from "../contracts/vat";

/** An optional id of a fixed shape; empty counts as unset. */
function optionalId(shape: RegExp, message: string) {
  return z
    .string()
    .trim()
    .regex(shape, message)
    .optional()
    .or(z.literal("").transform(() => undefined));
}

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** An amount of taka: at most two decimals (whole poisha). */
const taka = z.coerce
  .number({ error: "must be a number of taka" })
  .min(0, "must be 0 or more")
  .max(10_000, "must be at most 10000")
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "must have at most two decimals");

/** Working days, one number or a range such as `1-3` (0 to 30). */
const dayRange = z.string().transform((v, ctx) => {
  const range = parseDayRange(v);
  if (!range) {
    ctx.addIssue({ code: "custom", message: "must be days such as 2 or 1-3 (0 to 30, the smaller first)" });
    return z.NEVER;
  }
  return range;
});

/** An http(s) address; the example goes into the message. */
function httpUrl(example: string) {
  return z
    .url({ protocol: /^https?$/, error: `must be an http(s) URL such as ${example}` })
    .transform((v) => v.replace(/\/+$/, ""));
}

const schema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { error: "must be development, production or test" })
    .default("development"),
  PORT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be 1 to 65535")
    .max(65535, "must be 1 to 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Streaming replicas of DATABASE_URL, comma-separated: the catalogue's reads for shoppers
   * go to them while they keep up (decision 57).
   */
  DATABASE_REPLICA_URL: z
    .string()
    .trim()
    .regex(
      /^postgres(ql)?:\/\/[^\s,]+(\s*,\s*postgres(ql)?:\/\/[^\s,]+)*$/,
      "must be postgres:// URLs separated by commas",
    )
    .transform((v) => v.split(",").map((u) => u.trim()))
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** A replica further behind the primary than this is left for the primary until it catches up. */
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .min(0.1, "must be at least 0.1")
    .max(3600, "must be at most 3600")
    .default(10),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(1, "must be at least 1")
    .max(200)
    .default(10),
  /** Named prepared statements (on by default); off behind a pooler that cannot keep them. */
  DATABASE_PREPARED_STATEMENTS: bool.optional(),
  SHOP_NAME: z
    .string()
    .min(1, "must not be empty")
    .max(60, "must be at most 60 characters")
    .default("Pathagar"),
  PUBLIC_URL: z.url({ error: "must be a URL such as https://shop.example.com" }).optional(),
  /**
   * The shop as its invoices and packing slips name it (decision 64): the registered business
   * name, address, phone, trade licence number and BIN (VAT registration number). Each is shown
   * when set and frozen into every invoice issued after.
   */
  SHOP_LEGAL_NAME: z.string().trim().max(120, "must be at most 120 characters").optional(),
  SHOP_ADDRESS: z.string().trim().max(300, "must be at most 300 characters").optional(),
  SHOP_PHONE: z
    .string()
    .trim()
    .regex(/^[+\d][\d\s\-,/]{5,40}$/, "must be a phone number such as 09612-345678")
    .optional(),
  SHOP_TRADE_LICENCE: z.string().trim().max(60, "must be at most 60 characters").optional(),
  SHOP_BIN: z
    .string()
    .trim()
    .regex(/^\d{9}(-?\d{4})?$/, "must be a BIN: 9 digits, or 13 with the branch, e.g. 000123456-0101")
    .optional(),
  /** VAT-registered: invoices are Mushak-6.3 tax invoices with VAT per line (needs SHOP_BIN). */
  VAT_REGISTERED: bool.default(false),
  /** The VAT rate in percent inside prices of kinds not exempt, at most two decimals (15 = 15%). */
  VAT_RATE: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const bp = percentToBp(v);
      if (bp === null) {
        ctx.addIssue({ code: "custom", message: "must be a percentage from 0 to 100 such as 15 or 7.5" });
        return z.NEVER;
      }
      return bp;
    })
    .default(1500),
  /** Kinds of product whose price carries no VAT (printed books are exempt in Bangladesh). */
  VAT_EXEMPT_KINDS: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const kinds = v
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean);
      const wrong = kinds.filter((k) => !(PRODUCT_KINDS as readonly string[]).includes(k));
      if (wrong.length > 0) {
        ctx.addIssue({ code: "custom", message: `must name kinds among ${PRODUCT_KINDS.join(", ")}` });
        return z.NEVER;
      }
      return kinds;
    })
    .default(["book", "ebook"]),

  /**
   * Without PUBLIC_URL, the hosts whose name the shop may take from a request's Host header for
   * the addresses it hands out (gateway callbacks, share links, canonical URLs).
   */
  ALLOWED_HOSTS: z
    .string()
    .regex(
      /^\s*[A-Za-z0-9.:[\]-]+(\s*,\s*[A-Za-z0-9.:[\]-]+)*\s*$/,
      "must be host names (with a port if you like), separated by commas, e.g. localhost,192.168.0.10:3000",
    )
    .default("localhost,127.0.0.1,[::1]"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_PHONE: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  SEED_DEMO: bool.optional(),
  /**
   * How many proxies (load balancer, CDN) stand in front of the server: the caller's address is the
   * one the outermost of them appended to X-Forwarded-For. `true` is one, `false` none.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|yes|no|\d{1,2})$/, "must be false, true or a number of proxies such as 2")
    .transform((v) => (v === "true" || v === "yes" ? 1 : v === "false" || v === "no" ? 0 : Number(v)))
    .default(0),
  /**
   * A request's headers must arrive whole within this many seconds of its first byte, or its
   * connection is closed with 408 (a client sending them a byte at a time holds nothing long).
   */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(120, "must be at most 120")
    .default(20),
  /**
   * A whole request, headers and body, must arrive within this many seconds: long enough for a
   * 100 MB PDF over a slow line (about 14 minutes at 1 Mbit/s), never unlimited (decision 49).
   */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(120, "must be at least 120")
    .max(7200, "must be at most 7200")
    .default(1800),
  /** How long a kept-alive connection may wait idle for its next request: longer than a load balancer's idle timeout. */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(600, "must be at most 600")
    .default(65),
  /** On SIGTERM, how long requests in flight are answered before their connections are cut. */
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(600, "must be at most 600")
    .default(10),
  /** On SIGTERM, how long the server stays up answering /healthz with 503 before it stops taking connections. */
  SHUTDOWN_DELAY_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(120, "must be at most 120")
    .default(0),
  PAGE_CACHE_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 (off) or more")
    .max(3600, "must be at most 3600")
    .default(30),
  /** E-book files kept parsed in memory per server, counted by file size (parsed: 1 to 3 times that). */
  READER_FILE_CACHE_MB: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(8192, "must be at most 8192")
    .default(128),
  /** Finished (stamped) e-book pages kept in memory per server. */
  READER_PAGE_CACHE_MB: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(8192, "must be at most 8192")
    .default(64),
  /** Delivery of a parcel with books or bundles, in taka (stationery alone: a fixed ৳40 in Dhaka, ৳60 outside). */
  DELIVERY_BOOK_DHAKA: taka.default(60),
  DELIVERY_BOOK_OUTSIDE: taka.default(100),
  /**
   * Store credit for sharing (decision 71), in taka: what a referrer earns when a buyer who came
   * through their link has a first order delivered, and what that buyer earns too. Unset: none in
   * production, ৳50 and ৳25 in the demo.
   */
  REFERRAL_CREDIT_REFERRER: taka.optional(),
  REFERRAL_CREDIT_FRIEND: taka.optional(),
  /** Working days from order to doorstep, `2` or `1-3`, for the delivery estimate by zone. */
  DELIVERY_DAYS_DHAKA: dayRange.default({ min: 1, max: 2 }),
  DELIVERY_DAYS_OUTSIDE: dayRange.default({ min: 3, max: 5 }),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be a pino level such as info",
    })
    .default("info"),
  /** Google sign-in: the OAuth client id of the shop's Google Identity Services button; unset means no Google sign-in. */
  GOOGLE_CLIENT_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]+$/, "must be an OAuth client id such as 1234-abc.apps.googleusercontent.com")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Third-party tags (decision 56), each loaded only when set, on the shop's pages, after the
   * visitor's consent: Google Tag Manager's container id (`GTM-XXXXXXX`), Microsoft Clarity's
   * project id, the Meta Pixel's id.
   */
  GTM_ID: optionalId(/^GTM-[A-Z0-9]{4,12}$/, "must be a container id such as GTM-AB12CD3"),
  CLARITY_ID: optionalId(/^[a-z0-9]{6,16}$/, "must be a Clarity project id such as abc123xyz0"),
  META_PIXEL_ID: optionalId(/^[0-9]{8,20}$/, "must be a pixel id, digits only"),
  /**
   * The bot check (Cloudflare Turnstile, decision 56): the widget's site key and the secret the
   * server verifies its tokens with; both or neither. Unset: no check (the limits alone).
   */
  TURNSTILE_SITE_KEY: optionalId(
    /^[0-9A-Za-z_-]{10,100}$/,
    "must be a Turnstile site key such as 0x4AAAAAAA…",
  ),
  TURNSTILE_SECRET: optionalId(
    /^[0-9A-Za-z_-]{10,100}$/,
    "must be a Turnstile secret key such as 0x4AAAAAAA…",
  ),
  /** Where tokens are verified; tests point it at a stand-in. */
  TURNSTILE_VERIFY_URL: z
    .url({ error: "must be a URL such as https://challenges.cloudflare.com/turnstile/v0/siteverify" })
    .default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  /** Where Google's public keys for ID tokens are read (cached); tests point it at a fake. */
  GOOGLE_JWKS_URL: z
    .url({ error: "must be a URL such as https://www.googleapis.com/oauth2/v3/certs" })
    .default("https://www.googleapis.com/oauth2/v3/certs"),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be 1 to 65535")
    .max(65535, "must be 1 to 65535")
    .default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SECURE: bool.optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/,
      "must be an address such as Shop <orders@shop.com.bd>",
    )
    .optional(),
  /**
   * The shop's default courier; every courier whose keys are set is connected besides it. Unset:
   * the first courier with its keys (Steadfast, Pathao, RedX), else the demo courier's stand-ins
   * outside production when the demo is seeded, else manual.
   */
  COURIER_PROVIDER: z
    .enum(["manual", "steadfast", "pathao", "redx", "demo"], {
      error: "must be manual, steadfast, pathao, redx or demo",
    })
    .optional(),
  STEADFAST_API_KEY: z.string().optional(),
  STEADFAST_SECRET_KEY: z.string().optional(),
  STEADFAST_BASE_URL: z.url({ error: "must be a URL such as https://portal.packzy.com/api/v1" }).optional(),
  STEADFAST_WEBHOOK_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Whose record of a phone's parcels the COD risk check adds to the shop's own (decision 68). */
  COD_HISTORY_LOOKUP: z.enum(["none", "steadfast"], { error: "must be none or steadfast" }).default("none"),
  PATHAO_CLIENT_ID: z.string().optional(),
  PATHAO_CLIENT_SECRET: z.string().optional(),
  PATHAO_USERNAME: z.string().optional(),
  PATHAO_PASSWORD: z.string().optional(),
  PATHAO_STORE_ID: z.coerce
    .number({ error: "must be Pathao's numeric store id" })
    .int("must be Pathao's numeric store id")
    .positive("must be Pathao's numeric store id")
    .optional(),
  PATHAO_BASE_URL: z.url({ error: "must be a URL such as https://api-hermes.pathao.com" }).optional(),
  PATHAO_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  REDX_API_TOKEN: z.string().optional(),
  REDX_BASE_URL: z.url({ error: "must be a URL such as https://openapi.redx.com.bd/v1.0.0-beta" }).optional(),
  REDX_PICKUP_STORE_ID: z.coerce
    .number({ error: "must be RedX's numeric pickup store id" })
    .int("must be RedX's numeric pickup store id")
    .positive("must be RedX's numeric pickup store id")
    .optional(),
  REDX_PICKUP_AREA_ID: z.coerce
    .number({ error: "must be RedX's numeric area id" })
    .int("must be RedX's numeric area id")
    .positive("must be RedX's numeric area id")
    .optional(),
  REDX_WEBHOOK_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  SMS_PROVIDER: z
    .enum(["outbox", "sslwireless"], { error: "must be outbox or sslwireless" })
    .default("outbox"),
  SSLWIRELESS_API_TOKEN: z.string().optional(),
  SSLWIRELESS_SID: z
    .string()
    .max(20, "must be at most 20 characters (the sender id SSL Wireless issued)")
    .optional(),
  SSLWIRELESS_BASE_URL: z.url({ error: "must be a URL such as https://smsplus.sslwireless.com" }).optional(),
  PAYMENT_PROVIDER: z
    .enum(["sandbox", "sslcommerz", "bkash"], { error: "must be sandbox, sslcommerz or bkash" })
    .optional(),
  /** Lets a production server take test payments (a staging site): the sandbox gateway or a gateway's sandbox. */
  ALLOW_SANDBOX_PAYMENTS: bool.default(false),
  SSLCOMMERZ_STORE_ID: z.string().optional(),
  SSLCOMMERZ_STORE_PASSWORD: z.string().optional(),
  /** SSLCommerz's sandbox (sandbox.sslcommerz.com) rather than the live gateway (securepay). */
  SSLCOMMERZ_SANDBOX: bool.optional(),
  /** Up to the API version; unset means bKash's tokenized sandbox. */
  BKASH_BASE_URL: z
    .url({ error: "must be a URL such as https://tokenized.pay.bka.sh/v1.2.0-beta" })
    .optional(),
  BKASH_APP_KEY: z.string().optional(),
  BKASH_APP_SECRET: z.string().optional(),
  BKASH_USERNAME: z.string().optional(),
  BKASH_PASSWORD: z.string().optional(),
  /** Object storage (decision 38): files go to this bucket instead of DATA_DIR/uploads. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name: 3 to 63 lower-case letters, digits, dots and dashes",
    )
    .optional(),
  /** An S3-compatible server (MinIO, Cloudflare R2, DigitalOcean Spaces…); unset means AWS S3. */
  S3_ENDPOINT: httpUrl("https://s3.ap-south-1.amazonaws.com").optional(),
  S3_REGION: z
    .string()
    .regex(
      /^[a-z0-9-]{2,40}$/,
      "must be a region such as ap-south-1 (auto or us-east-1 for most S3-compatible servers)",
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `endpoint/bucket/key` addresses, as MinIO-style servers want, instead of `bucket.endpoint/key`. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /**
   * Where browsers fetch pictures (`images/` keys): a CDN or the bucket's public address. Unset
   * means the shop's own `/media/`. E-book and course files never get a public address.
   */
  MEDIA_PUBLIC_URL: httpUrl("https://cdn.pathagar.com.bd")
    .refine((v) => {
      const u = new URL(v);
      return !u.search && !u.hash && !u.username && !u.password;
    }, "must be a plain address without ?query, #fragment or credentials, e.g. https://cdn.pathagar.com.bd")
    .optional(),
});

type Parsed = z.infer<typeof schema>;

export type Config = Omit<Parsed, "PAYMENT_PROVIDER" | "SSLCOMMERZ_SANDBOX" | "COURIER_PROVIDER"> & {
  /**
   * The courier: the in-shop demo courier outside production when the demo is seeded and none is
   * set, else `manual`; never the demo in production unless set.
   */
  COURIER_PROVIDER: NonNullable<Parsed["COURIER_PROVIDER"]>;
  /** The gateway: `sandbox` (the built-in test gateway) outside production unless set. */
  PAYMENT_PROVIDER: NonNullable<Parsed["PAYMENT_PROVIDER"]>;
  /** SSLCommerz's sandbox: the default outside production, never the default in production. */
  SSLCOMMERZ_SANDBOX: boolean;
  /** The embedded database when no DATABASE_URL is set. */
  embedded: boolean;
  production: boolean;
  sessionSecret: string;
  seedDemo: boolean;
  /** The referrer's and the friend's referral rewards, in poisha (0: none). */
  referralCreditReferrer: number;
  referralCreditFriend: number;
  /**
   * Where pictures are served from, without a trailing slash: MEDIA_PUBLIC_URL, else the shop's
   * own `/media`. Image URLs are `${mediaBase}/images/<key>-<width>.webp` (contracts/images.ts).
   */
  mediaBase: string;
};

export class ConfigError extends Error {}

const SECRETS = new Set([
  "SESSION_SECRET",
  "ADMIN_PASSWORD",
  "SMTP_PASSWORD",
  "STEADFAST_API_KEY",
  "STEADFAST_SECRET_KEY",
  "STEADFAST_WEBHOOK_TOKEN",
  "PATHAO_CLIENT_SECRET",
  "PATHAO_PASSWORD",
  "PATHAO_WEBHOOK_SECRET",
  "REDX_API_TOKEN",
  "REDX_WEBHOOK_TOKEN",
  "SSLWIRELESS_API_TOKEN",
  "SSLCOMMERZ_STORE_PASSWORD",
  "BKASH_APP_SECRET",
  "BKASH_PASSWORD",
  "S3_SECRET_ACCESS_KEY",
]);

/** A bad value as the error shows it: secrets and URL passwords are not printed. */
function shown(key: string, value: string | undefined): string {
  if (value !== undefined && SECRETS.has(key)) return `${value.length} characters, hidden`;
  return JSON.stringify(value?.replace(/(\/\/[^/@:]*:)[^/@]*@/, "$1***@"));
}

/** Settings that only make sense together: mail needs a sender, Steadfast, SMS and payment gateways their keys. */
/** The keys that connect each courier; every courier with all of its keys is connected. */
const COURIER_KEYS = {
  steadfast: ["STEADFAST_API_KEY", "STEADFAST_SECRET_KEY"],
  pathao: [
    "PATHAO_CLIENT_ID",
    "PATHAO_CLIENT_SECRET",
    "PATHAO_USERNAME",
    "PATHAO_PASSWORD",
    "PATHAO_STORE_ID",
  ],
  redx: ["REDX_API_TOKEN"],
} as const satisfies Record<string, readonly (keyof Parsed)[]>;

/** The first courier whose keys are all set, the default when COURIER_PROVIDER is not. */
function firstConnectedCourier(c: Parsed): keyof typeof COURIER_KEYS | undefined {
  return (Object.keys(COURIER_KEYS) as (keyof typeof COURIER_KEYS)[]).find((k) =>
    COURIER_KEYS[k].every((key) => c[key]),
  );
}

function integrationProblems(c: Parsed): string[] {
  const problems: string[] = [];
  if (c.SMTP_HOST && !c.MAIL_FROM) {
    problems.push(
      "  MAIL_FROM: is required when SMTP_HOST is set (the sender, e.g. Shop <orders@shop.com.bd>)",
    );
  }
  if (c.SMTP_HOST && !c.SMTP_USER !== !c.SMTP_PASSWORD) {
    problems.push("  SMTP_USER and SMTP_PASSWORD: set both or neither");
  }
  if (c.COURIER_PROVIDER === "steadfast") {
    const absent = (["STEADFAST_API_KEY", "STEADFAST_SECRET_KEY"] as const).filter((k) => !c[k]);
    if (absent.length > 0) {
      problems.push(`  ${absent.join(" and ")}: required when COURIER_PROVIDER is steadfast`);
    }
  }
  if (c.COD_HISTORY_LOOKUP === "steadfast") {
    const absent = (["STEADFAST_API_KEY", "STEADFAST_SECRET_KEY"] as const).filter((k) => !c[k]);
    if (absent.length > 0) {
      problems.push(`  ${absent.join(" and ")}: required when COD_HISTORY_LOOKUP is steadfast`);
    }
  }
  if (c.COURIER_PROVIDER === "pathao") {
    const needed = [
      "PATHAO_CLIENT_ID",
      "PATHAO_CLIENT_SECRET",
      "PATHAO_USERNAME",
      "PATHAO_PASSWORD",
      "PATHAO_STORE_ID",
    ] as const;
    const absent = needed.filter((k) => !c[k]);
    if (absent.length > 0) {
      problems.push(`  ${absent.join(", ")}: required when COURIER_PROVIDER is pathao`);
    }
  }
  if (c.COURIER_PROVIDER === "redx" && !c.REDX_API_TOKEN) {
    problems.push("  REDX_API_TOKEN: required when COURIER_PROVIDER is redx");
  }
  // A courier beside the default is connected by its keys: half of them is a mistake to name.
  for (const [courier, keys] of Object.entries(COURIER_KEYS)) {
    if (c.COURIER_PROVIDER === courier) continue;
    const absent = keys.filter((k) => !c[k]);
    if (absent.length > 0 && absent.length < keys.length) {
      problems.push(
        `  ${absent.join(", ")}: required to connect ${courier} (set all of ${keys.join(", ")}, or none)`,
      );
    }
  }
  if (c.SMS_PROVIDER === "sslwireless") {
    const absent = (["SSLWIRELESS_API_TOKEN", "SSLWIRELESS_SID"] as const).filter((k) => !c[k]);
    if (absent.length > 0) {
      problems.push(`  ${absent.join(" and ")}: required when SMS_PROVIDER is sslwireless`);
    }
  }
  const paymentVariables = {
    sandbox: [],
    sslcommerz: ["SSLCOMMERZ_STORE_ID", "SSLCOMMERZ_STORE_PASSWORD"],
    bkash: ["BKASH_APP_KEY", "BKASH_APP_SECRET", "BKASH_USERNAME", "BKASH_PASSWORD"],
  } as const;
  if (c.S3_BUCKET) {
    const absent = (["S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((k) => !c[k]);
    if (absent.length > 0) {
      problems.push(
        `  ${absent.join(", ")}: required when S3_BUCKET is set (the bucket's region, e.g. ap-south-1 or auto, and an access key allowed to read, write and list it)`,
      );
    }
  } else {
    const stray = (["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter(
      (k) => c[k],
    );
    if (stray.length > 0) {
      problems.push(
        `  S3_BUCKET: is not set, so ${stray.join(", ")} would be ignored and files kept on local disk: set S3_BUCKET to use object storage, or unset them`,
      );
    }
  }
  if (Boolean(c.TURNSTILE_SITE_KEY) !== Boolean(c.TURNSTILE_SECRET)) {
    problems.push(
      `  ${c.TURNSTILE_SITE_KEY ? "TURNSTILE_SECRET" : "TURNSTILE_SITE_KEY"}: required with the other Turnstile key (the bot check needs both, or neither)`,
    );
  }
  const unset = paymentVariables[c.PAYMENT_PROVIDER ?? "sandbox"].filter((k) => !c[k]);
  if (unset.length > 0) {
    problems.push(`  ${unset.join(", ")}: required when PAYMENT_PROVIDER is ${c.PAYMENT_PROVIDER}`);
  }
  return problems;
}

/**
 * What production needs beyond valid values: a real payment gateway (the built-in sandbox lets
 * anyone mark an order paid), the public address, and no gateway sandbox unless a staging site
 * asks for test payments with ALLOW_SANDBOX_PAYMENTS.
 */
function productionProblems(c: Parsed): string[] {
  const problems: string[] = [];
  if (!c.SESSION_SECRET) {
    problems.push("  SESSION_SECRET: is required in production (at least 32 characters)");
  }
  if (!c.PUBLIC_URL) {
    problems.push(
      "  PUBLIC_URL: is required in production: the shop's public address, e.g. https://pathagar.com.bd (gateway callbacks, links in SMS and canonical URLs use it)",
    );
  }
  if (!c.ALLOW_SANDBOX_PAYMENTS) {
    const staging = "or set ALLOW_SANDBOX_PAYMENTS=true on a staging site that takes only test payments";
    if (!c.PAYMENT_PROVIDER || c.PAYMENT_PROVIDER === "sandbox") {
      problems.push(
        `  PAYMENT_PROVIDER: must be sslcommerz or bkash in production: the built-in sandbox gateway lets anyone mark an order paid (${staging})`,
      );
    }
    if (c.PAYMENT_PROVIDER === "sslcommerz" && c.SSLCOMMERZ_SANDBOX === true) {
      problems.push(`  SSLCOMMERZ_SANDBOX: must be false in production (${staging})`);
    }
    if (c.PAYMENT_PROVIDER === "bkash" && (!c.BKASH_BASE_URL || /sandbox/i.test(c.BKASH_BASE_URL))) {
      problems.push(
        `  BKASH_BASE_URL: must be bKash's live tokenized API in production, e.g. https://tokenized.pay.bka.sh/v1.2.0-beta; unset means bKash's sandbox (${staging})`,
      );
    }
  }
  if (c.MEDIA_PUBLIC_URL && !c.MEDIA_PUBLIC_URL.startsWith("https://")) {
    problems.push(
      "  MEDIA_PUBLIC_URL: must be an https:// address in production (pages are https; browsers block pictures over http)",
    );
  }
  if (c.S3_BUCKET && c.S3_ENDPOINT?.startsWith("http://") && !isLoopback(c.S3_ENDPOINT)) {
    problems.push(
      "  S3_ENDPOINT: must be an https:// address in production: e-book files would cross the network unencrypted (plain http is allowed only to this machine, e.g. http://127.0.0.1:9000)",
    );
  }
  return problems;
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(schema.shape).map((k) => [k, env[k] === "" && k !== "DATABASE_URL" ? undefined : env[k]]),
  );
  const parsed = schema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join(".")}: ${i.message} (got ${shown(String(i.path[0]), env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === "production";
  if ((c.ADMIN_PHONE && !c.ADMIN_PASSWORD) || (!c.ADMIN_PHONE && c.ADMIN_PASSWORD)) {
    throw new ConfigError("Invalid configuration:\n  ADMIN_PHONE and ADMIN_PASSWORD: set both or neither");
  }
  if (c.VAT_REGISTERED && !c.SHOP_BIN) {
    throw new ConfigError(
      "Invalid configuration:\n  SHOP_BIN: required when VAT_REGISTERED is true (a Mushak-6.3 invoice names the seller's BIN)",
    );
  }
  const problems = integrationProblems(c);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  if (production) {
    const missing = productionProblems(c);
    if (missing.length > 0)
      throw new ConfigError(`Invalid configuration for production:\n${missing.join("\n")}`);
  }
  const embedded = !c.DATABASE_URL;
  const seedDemo = c.SEED_DEMO ?? (embedded && !production);
  return {
    ...c,
    COURIER_PROVIDER:
      c.COURIER_PROVIDER ?? firstConnectedCourier(c) ?? (seedDemo && !production ? "demo" : "manual"),
    PAYMENT_PROVIDER: c.PAYMENT_PROVIDER ?? "sandbox",
    SSLCOMMERZ_SANDBOX: c.SSLCOMMERZ_SANDBOX ?? !production,
    embedded,
    production,
    // Outside production a fixed development secret keeps sessions across restarts of the demo.
    sessionSecret: c.SESSION_SECRET ?? "pathagar-development-secret-not-for-production",
    // Demo accounts (with their published passwords) and demo data: never by default in production.
    seedDemo,
    referralCreditReferrer: Math.round(
      (c.REFERRAL_CREDIT_REFERRER ?? (seedDemo && !production ? 50 : 0)) * 100,
    ),
    referralCreditFriend: Math.round((c.REFERRAL_CREDIT_FRIEND ?? (seedDemo && !production ? 25 : 0)) * 100),
    mediaBase: c.MEDIA_PUBLIC_URL ?? DEFAULT_MEDIA_BASE,
  };
}

/** The configuration, or the reason it is wrong on standard error and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

/** The hosts of ALLOWED_HOSTS, lower-case. */
function allowedHosts(config: Pick<Config, "ALLOWED_HOSTS">): string[] {
  return config.ALLOWED_HOSTS.split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * The shop's own origin for the addresses it hands out: PUBLIC_URL's; without it, the request's
 * origin only when its host is one of ALLOWED_HOSTS (a Host header is the caller's to choose), and
 * otherwise http://localhost:PORT.
 */
export function shopOrigin(
  config: Pick<Config, "PUBLIC_URL" | "ALLOWED_HOSTS" | "PORT">,
  requestUrl: string,
): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  const fallback = `http://localhost:${config.PORT}`;
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return fallback;
  }
  const hosts = allowedHosts(config);
  return hosts.includes(url.host.toLowerCase()) || hosts.includes(url.hostname.toLowerCase())
    ? url.origin
    : fallback;
}

/** The third-party tags configured (decision 56), in the order they load. */
export function configuredTags(
  config: Pick<Config, "GTM_ID" | "CLARITY_ID" | "META_PIXEL_ID">,
): ThirdPartyTag[] {
  return [
    ...(config.GTM_ID ? (["gtm"] as const) : []),
    ...(config.CLARITY_ID ? (["clarity"] as const) : []),
    ...(config.META_PIXEL_ID ? (["metaPixel"] as const) : []),
  ];
}
