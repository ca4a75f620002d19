/**
 * One fresh database and one app per test file. With TEST_DATABASE_URL (a postgres:// URL of a
 * server where we may CREATE DATABASE) each harness gets its own database there, dropped again in
 * `close()`; without it, an in-memory PGlite. Files go to a temporary directory, also removed in
 * `close()`. Requests go through `app.request`, no socket, and every answer is checked against the
 * OpenAPI document (./contract.ts).
 *
 *   let h: Harness;
 *   beforeAll(async () => { h = await createHarness(); });
 *   afterAll(() => h.close());
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import type { Envelope } from "../../src/contracts/api";
import type { AdminArea } from "../../src/contracts/permissions";
import type { PublicUser, Role } from "../../src/contracts/user";
import { loadConfig } from "../../src/server/config";
import { connectPostgres, type Database, openPglite } from "../../src/server/db/client";
import { smsOutbox, users } from "../../src/server/db/schema";
import { createApp } from "../../src/server/http/app";
import { courierSetOf } from "../../src/server/integrations/couriers";
import type { Courier } from "../../src/server/integrations/couriers/provider";
import type { DeliveryHistoryLookup } from "../../src/server/integrations/delivery-history/provider";
import { createIntegrations } from "../../src/server/integrations/deps";
import type { EmailMessage } from "../../src/server/integrations/email/provider";
import type { PaymentProvider } from "../../src/server/integrations/payments/provider";
import type { SmsProvider } from "../../src/server/integrations/sms/provider";
import { createStorage } from "../../src/server/integrations/storage";
import { createDiskStorage } from "../../src/server/integrations/storage/disk";
import { createLogger } from "../../src/server/logger";
import { SESSION_COOKIE } from "../../src/server/services/accounts/sessions";
import { registerUser } from "../../src/server/services/accounts/users";
import { type AppDeps, type Ctx, contextFor } from "../../src/server/services/context";
import { contractViolation } from "./contract";

/** The clock starts here, on a minute boundary, so fixed one-minute windows are predictable. */
export const START_TIME = new Date("2031-03-01T08:00:00.000Z");

export const DEFAULT_PASSWORD = "secret123";

export type ApiResponse<T = unknown> = {
  status: number;
  /** The parsed JSON body (the envelope), or undefined when the body is not JSON. */
  body: Envelope<T>;
  text: string;
  /** The body as it came (a PDF page, an image). */
  bytes: Uint8Array;
  headers: Headers;
  setCookie: string[];
  /** `pathagar_session=<token>` when the answer set a session cookie, ready for the next request. */
  cookie: string | undefined;
};

export type RequestOptions = {
  /** An object is sent as JSON; a string or bytes (an upload: set its content-type) as they are. */
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  /**
   * The caller's address (X-Forwarded-For; the test config trusts the proxy). Without it each
   * request gets an address of its own, so the per-address sign-in limit only counts where a
   * test asks for it.
   */
  ip?: string;
};

export type SignUpInput = {
  name?: string;
  phone?: string;
  email?: string;
  password?: string;
  hsc_batch?: string;
};

export type TestUser = {
  user: PublicUser;
  phone: string;
  password: string;
  email: string | undefined;
  /** A signed-in session cookie for this user. */
  cookie: string;
};

export type Harness = Awaited<ReturnType<typeof createHarness>>;

/** A valid Bangladeshi mobile number (local form) not used before in this process. */
let phoneCounter = 0;
export function uniquePhone(): string {
  phoneCounter += 1;
  // 019 + 8 digits; tests that spell out a number use other operators (017, 018).
  return `019${String(phoneCounter).padStart(8, "0")}`;
}

let emailCounter = 0;
export function uniqueEmail(): string {
  emailCounter += 1;
  return `student${emailCounter}.${process.pid}@example.com`;
}

let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** The session cookie pair (`name=value`) among Set-Cookie headers, or undefined. */
export function sessionCookieFrom(setCookie: string[]): string | undefined {
  for (const line of setCookie) {
    const pair = line.split(";")[0]?.trim() ?? "";
    if (pair.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1) return pair;
  }
  return undefined;
}

/** The run's migrated image, read once per worker (the worker's test files share this module). */
let image: Blob | null | undefined;
function pgliteImage(): Blob | undefined {
  if (image === undefined) {
    const file = inject("pgliteImage");
    image = file ? new Blob([readFileSync(file)]) : null;
  }
  return image ?? undefined;
}

async function openDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // Started from the run's migrated image (pglite-image.ts), when the run made one.
    const database = await openPglite("memory://", undefined, { from: pgliteImage() });
    return { database, drop: async () => {} };
  }
  const name = `pathagar_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString(), 5);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        // pool.end() resolves before its sockets have closed: a forced drop then kills them
        // mid-goodbye and their "terminating connection" error goes unhandled. Wait for them.
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = $1",
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export type HarnessOptions = {
  /** Builds the app with this payment gateway instead of the built-in sandbox (e.g. over a fake). */
  payments?: (deps: AppDeps) => PaymentProvider;
  /** Builds the app with this courier (the one connected, and the default) instead of the configured ones. */
  courier?: (deps: AppDeps) => Courier;
  /** Builds the app with these couriers connected at once, the first the shop's default. */
  couriers?: (deps: AppDeps) => Courier[];
  /** Builds the app with this lookup of a phone's delivery record instead of none. */
  deliveryHistory?: (deps: AppDeps) => DeliveryHistoryLookup;
  /** Builds the app with this SMS provider instead of the built-in outbox one (e.g. over a fake gateway). */
  sms?: (deps: AppDeps) => SmsProvider;
  /** Gives the shop a mail server that keeps what it is sent (in `emails`); otherwise there is none. */
  captureEmail?: boolean;
  /** Settings beside the test defaults (e.g. GOOGLE_CLIENT_ID), as the environment would give them. */
  env?: Record<string, string>;
  /** The database to use instead of the run's (e.g. a primary with its streaming replicas); `drop` runs in close(). */
  database?: () => Promise<{ database: Database; drop: () => Promise<void> }>;
};

export async function createHarness(opts: HarnessOptions = {}) {
  const {
    database,
    url: databaseUrl,
    drop,
  } = opts.database ? { url: undefined, ...(await opts.database()) } : await openDatabase();
  await database.migrate();

  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SHOP_NAME: "Pathagar",
    SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long",
    TRUST_PROXY: "true",
    SEED_DEMO: "false",
    // Tests write to the database directly (factories), which no cached answer would notice.
    PAGE_CACHE_SECONDS: "0",
    ...opts.env,
  });
  const log = createLogger("silent");
  // Uploaded and generated files go to a directory of this harness's own, removed in close();
  // with S3_* among the settings (a local S3 server the test started), to that bucket instead.
  const uploadsDir = mkdtempSync(join(tmpdir(), "pathagar-uploads-"));
  const storage = config.S3_BUCKET ? await createStorage(config) : createDiskStorage(uploadsDir);

  let current = START_TIME.getTime();
  const clock = {
    now: () => new Date(current),
    /** Moves the server's clock on (or back, with a negative value). */
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };

  const deps: AppDeps = {
    db: database.db,
    replicas: database.replicas,
    config,
    log,
    ...createIntegrations(config, log, database.db),
    storage,
    now: clock.now,
  };
  // The sandbox's hosted page is served only while it is the gateway (as createIntegrations does).
  if (opts.payments) Object.assign(deps, { payments: opts.payments(deps), sandbox: null });
  if (opts.courier) deps.couriers = courierSetOf([opts.courier(deps)]);
  if (opts.couriers) deps.couriers = courierSetOf(opts.couriers(deps));
  if (opts.deliveryHistory) deps.deliveryHistory = opts.deliveryHistory(deps);
  if (opts.sms) deps.sms = opts.sms(deps);
  // With `captureEmail`, the shop has a mail server: every email it sends is kept in `emails`.
  const emails: EmailMessage[] = [];
  if (opts.captureEmail) {
    deps.email = {
      name: "capture",
      async send(message) {
        emails.push(message);
      },
    };
  }
  const app = createApp({ deps, database, buildVersion: "test" });

  /** A service context as the server would build it, for direct service calls. */
  function ctx(user: PublicUser | null = null): Ctx {
    return contextFor(deps, { user, ip: "test" });
  }

  async function request<T = unknown>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { "x-forwarded-for": opts.ip ?? nextIp(), ...opts.headers };
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (opts.body instanceof Uint8Array) {
      body = opts.body as Uint8Array<ArrayBuffer>;
    } else if (opts.body !== undefined) {
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
      headers["content-type"] ??= "application/json";
    }
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await app.request(path, { method, headers, body });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    // Every answer is held to the API document: an undocumented status or shape fails the test.
    const violation = contractViolation({ method, path, status: res.status, headers: res.headers, text });
    if (violation) throw new Error(`The answer breaks the API document: ${violation}`);
    const setCookie = res.headers.getSetCookie();
    return {
      status: res.status,
      body: parsed as Envelope<T>,
      text,
      bytes,
      headers: res.headers,
      setCookie,
      cookie: sessionCookieFrom(setCookie),
    };
  }

  /** Registers through the API with valid defaults; any field may be overridden. */
  function signUp(input: SignUpInput = {}, opts: Omit<RequestOptions, "body"> = {}) {
    const body = {
      name: "Test Student",
      phone: uniquePhone(),
      password: DEFAULT_PASSWORD,
      hsc_batch: "HSC 2025",
      ...input,
    };
    return request<PublicUser>("POST", "/api/auth/register", { ...opts, body });
  }

  function signIn(cred: string, password: string, opts: Omit<RequestOptions, "body"> = {}) {
    return request<PublicUser>("POST", "/api/auth/login", { ...opts, body: { cred, password } });
  }

  /** The newest message written to the SMS outbox for a phone (local form), or undefined. */
  async function latestSms(phone: string): Promise<{ body: string; code: string | undefined } | undefined> {
    const [row] = await database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, phone))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    if (!row) return undefined;
    return { body: row.body, code: /\b(\d{6})\b/.exec(row.body)?.[1] };
  }

  /** The code of the newest SMS to a phone; fails the test when there is none. */
  async function latestCode(phone: string): Promise<string> {
    const sms = await latestSms(phone);
    if (!sms?.code) throw new Error(`no SMS code in the outbox for ${phone}`);
    return sms.code;
  }

  /** The 6-digit code of the newest email to an address; fails the test when there is none. */
  function latestEmailCode(to: string): string {
    const mail = emails.filter((m) => m.to === to).at(-1);
    const code = mail && /\b(\d{6})\b/.exec(mail.subject)?.[1];
    if (!code) throw new Error(`no emailed code for ${to}`);
    return code;
  }

  async function smsCount(phone: string): Promise<number> {
    const rows = await database.db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, phone));
    return rows.length;
  }

  /**
   * Creates an account directly through the services with a role and permissions, then signs
   * it in through the API.
   */
  async function createUser(
    opts: { role?: Role; permissions?: AdminArea[] } & SignUpInput = {},
  ): Promise<TestUser> {
    const { role = "customer", permissions, ...fields } = opts;
    const input = {
      name: fields.name ?? `Test ${role}`,
      phone: fields.phone ?? uniquePhone(),
      email: fields.email,
      password: fields.password ?? DEFAULT_PASSWORD,
      hsc_batch: fields.hsc_batch ?? "HSC 2025",
    };
    let user = await registerUser(ctx(), input, role);
    if (permissions) {
      await database.db.update(users).set({ permissions }).where(eq(users.id, user.id));
      user = { ...user, permissions: role === "admin" ? [] : permissions };
    }
    const res = await signIn(user.phone!, input.password);
    if (res.status !== 200 || !res.cookie) {
      throw new Error(`could not sign in the new ${role}: ${res.status} ${res.text}`);
    }
    return {
      user,
      phone: user.phone!,
      password: input.password,
      email: user.email ?? undefined,
      cookie: res.cookie,
    };
  }

  /** A signed-in customer whose row has no HSC batch (as accounts made by Google sign-in). */
  async function createUserWithoutBatch(opts: SignUpInput = {}): Promise<TestUser> {
    const made = await createUser(opts);
    await database.db.update(users).set({ hscBatch: null }).where(eq(users.id, made.user.id));
    return { ...made, user: { ...made.user, hsc_batch: null } };
  }

  async function close() {
    await database.close();
    await drop();
    rmSync(uploadsDir, { recursive: true, force: true });
  }

  return {
    app,
    database,
    /** The harness's own database on the PostgreSQL server (undefined on PGlite), for a second server. */
    databaseUrl,
    db: database.db,
    deps,
    config,
    storage,
    clock,
    ctx,
    request,
    signUp,
    signIn,
    latestSms,
    latestCode,
    smsCount,
    emails,
    latestEmailCode,
    createUser,
    createUserWithoutBatch,
    close,
  };
}
