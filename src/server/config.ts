import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

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
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: "must be a number" })
    .int()
    .min(1, "must be at least 1")
    .max(200)
    .default(10),
  SHOP_NAME: z
    .string()
    .min(1, "must not be empty")
    .max(60, "must be at most 60 characters")
    .default("Pathagar"),
  PUBLIC_URL: z.url({ error: "must be a URL such as https://shop.example.com" }).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_PHONE: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  SEED_DEMO: bool.optional(),
  TRUST_PROXY: bool.default(false),
  PAGE_CACHE_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 (off) or more")
    .max(3600, "must be at most 3600")
    .default(30),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be a pino level such as info",
    })
    .default("info"),
});

export type Config = z.infer<typeof schema> & {
  /** The embedded database when no DATABASE_URL is set. */
  embedded: boolean;
  production: boolean;
  sessionSecret: string;
  seedDemo: boolean;
};

export class ConfigError extends Error {}

const SECRETS = new Set(["SESSION_SECRET", "ADMIN_PASSWORD"]);

/** A bad value as the error shows it: secrets and URL passwords are not printed. */
function shown(key: string, value: string | undefined): string {
  if (value !== undefined && SECRETS.has(key)) return `${value.length} characters, hidden`;
  return JSON.stringify(value?.replace(/(\/\/[^/@:]*:)[^/@]*@/, "$1***@"));
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
  if (production && !c.SESSION_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  SESSION_SECRET: is required in production (at least 32 characters)",
    );
  }
  if ((c.ADMIN_PHONE && !c.ADMIN_PASSWORD) || (!c.ADMIN_PHONE && c.ADMIN_PASSWORD)) {
    throw new ConfigError("Invalid configuration:\n  ADMIN_PHONE and ADMIN_PASSWORD: set both or neither");
  }
  const embedded = !c.DATABASE_URL;
  return {
    ...c,
    embedded,
    production,
    // Outside production a fixed development secret keeps sessions across restarts of the demo.
    sessionSecret: c.SESSION_SECRET ?? "pathagar-development-secret-not-for-production",
    seedDemo: c.SEED_DEMO ?? embedded,
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
