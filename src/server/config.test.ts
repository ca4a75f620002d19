import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, shopOrigin } from "./config";

const SECRET = "s".repeat(32);

/** A production environment that starts: a real gateway on its live address and the public URL. */
const PRODUCTION = {
  NODE_ENV: "production",
  SESSION_SECRET: SECRET,
  PUBLIC_URL: "https://pathagar.com.bd",
  PAYMENT_PROVIDER: "sslcommerz",
  SSLCOMMERZ_STORE_ID: "shop01",
  SSLCOMMERZ_STORE_PASSWORD: "shop01@ssl",
};

/** The ConfigError loadConfig throws for an environment; fails the test when it does not throw. */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("fills in the defaults for an empty environment", () => {
    expect(loadConfig({})).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      DATABASE_URL: undefined,
      DATABASE_POOL_SIZE: 10,
      SHOP_NAME: "Pathagar",
      TRUST_PROXY: 0,
      LOG_LEVEL: "info",
      embedded: true,
      production: false,
      seedDemo: true,
    });
  });

  it("uses a development session secret outside production", () => {
    expect(loadConfig({}).sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("treats empty variables as unset", () => {
    const c = loadConfig({ PORT: "", DATABASE_URL: "", SHOP_NAME: "" });
    expect(c.PORT).toBe(3000);
    expect(c.embedded).toBe(true);
    expect(c.SHOP_NAME).toBe("Pathagar");
  });

  it("reads the values it is given", () => {
    const c = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgresql://shop@db:5432/shop",
      TRUST_PROXY: "yes",
      SEED_DEMO: "0",
      SHOP_NAME: "Boi Ghor",
    });
    expect(c).toMatchObject({ PORT: 8080, TRUST_PROXY: 1, SHOP_NAME: "Boi Ghor", seedDemo: false });
    expect(c.embedded).toBe(false);
  });

  it.each([
    ["false", 0],
    ["no", 0],
    ["0", 0],
    ["true", 1],
    ["1", 1],
    ["2", 2],
  ])("reads TRUST_PROXY=%s as %i proxies", (value, hops) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toBe(hops);
  });

  it("does not seed demo data on a real PostgreSQL server unless asked", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://db/shop" }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://db/shop", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it.each(["abc", "70000", "0", "80.5", "-1"])("refuses PORT=%s with a ConfigError naming PORT", (port) => {
    expect(configError({ PORT: port }).message).toMatch(/^\s+PORT: /m);
  });

  it("says why PORT is wrong", () => {
    expect(configError({ PORT: "abc" }).message).toContain("PORT: must be a number");
    expect(configError({ PORT: "70000" }).message).toContain("PORT: must be 1 to 65535");
  });

  it.each(["mysql://localhost/shop", "localhost:5432", "not a url"])(
    "refuses DATABASE_URL=%s with a ConfigError naming DATABASE_URL",
    (url) => {
      expect(configError({ DATABASE_URL: url }).message).toMatch(
        /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
      );
    },
  );

  it("refuses production without SESSION_SECRET", () => {
    expect(configError({ NODE_ENV: "production" }).message).toContain("SESSION_SECRET");
  });

  it("accepts production with a SESSION_SECRET of 32 characters and uses it", () => {
    const c = loadConfig({ ...PRODUCTION, SESSION_SECRET: SECRET });
    expect(c.production).toBe(true);
    expect(c.sessionSecret).toBe(SECRET);
  });

  it("refuses a SESSION_SECRET under 32 characters", () => {
    expect(configError({ SESSION_SECRET: "short" }).message).toContain("SESSION_SECRET");
  });

  it("refuses ADMIN_PHONE without ADMIN_PASSWORD and the other way round", () => {
    expect(configError({ ADMIN_PHONE: "01700000000" }).message).toContain("ADMIN_PHONE and ADMIN_PASSWORD");
    expect(configError({ ADMIN_PASSWORD: "long-enough" }).message).toContain(
      "ADMIN_PHONE and ADMIN_PASSWORD",
    );
  });

  it.each([
    ["NODE_ENV", "staging"],
    ["LOG_LEVEL", "loud"],
    ["TRUST_PROXY", "maybe"],
    ["TRUST_PROXY", "-1"],
    ["TRUST_PROXY", "1.5"],
    ["PUBLIC_URL", "shop.example.com"],
    ["DATABASE_POOL_SIZE", "0"],
  ])("refuses a bad %s and names it", (key, value) => {
    expect(configError({ [key]: value }).message).toContain(`${key}: `);
  });

  it("lists every bad variable at once", () => {
    const message = configError({ PORT: "abc", LOG_LEVEL: "loud" }).message;
    expect(message).toContain("PORT");
    expect(message).toContain("LOG_LEVEL");
  });

  it("does not print secret values in the error", () => {
    const message = configError({
      SESSION_SECRET: "hunter2-secret",
      ADMIN_PHONE: "01700000000",
      ADMIN_PASSWORD: "pw",
    }).message;
    expect(message).toContain("SESSION_SECRET");
    expect(message).toContain("ADMIN_PASSWORD");
    expect(message).not.toContain("hunter2-secret");
    expect(message).not.toMatch(/"pw"/);
  });

  it("does not print the password inside a bad DATABASE_URL", () => {
    const message = configError({ DATABASE_URL: "postgress://shop:TopSecret9@db:5432/shop" }).message;
    expect(message).toContain("DATABASE_URL");
    expect(message).not.toContain("TopSecret9");
  });

  it("reads DATABASE_REPLICA_URL as a list of replicas, with a lag of 10 s allowed by default", () => {
    expect(loadConfig({})).toMatchObject({
      DATABASE_REPLICA_URL: undefined,
      DATABASE_REPLICA_MAX_LAG_SECONDS: 10,
    });
    const c = loadConfig({
      DATABASE_URL: "postgres://shop@db:5432/shop",
      DATABASE_REPLICA_URL: " postgres://shop@replica-a:5432/shop , postgresql://shop@replica-b/shop",
      DATABASE_REPLICA_MAX_LAG_SECONDS: "2.5",
    });
    expect(c.DATABASE_REPLICA_URL).toEqual([
      "postgres://shop@replica-a:5432/shop",
      "postgresql://shop@replica-b/shop",
    ]);
    expect(c.DATABASE_REPLICA_MAX_LAG_SECONDS).toBe(2.5);
  });

  it.each([
    ["DATABASE_REPLICA_URL", "replica-a:5432"],
    ["DATABASE_REPLICA_URL", "postgres://replica-a/shop,"],
    ["DATABASE_REPLICA_URL", "postgres://replica-a/shop, mysql://replica-b/shop"],
    ["DATABASE_REPLICA_MAX_LAG_SECONDS", "0"],
    ["DATABASE_REPLICA_MAX_LAG_SECONDS", "soon"],
  ])("refuses %s=%s and names it", (key, value) => {
    expect(configError({ [key]: value }).message).toContain(`${key}: `);
  });

  it("does not print the password inside a bad DATABASE_REPLICA_URL", () => {
    const message = configError({
      DATABASE_REPLICA_URL: "postgress://shop:TopSecret9@replica/shop",
    }).message;
    expect(message).toContain("DATABASE_REPLICA_URL");
    expect(message).not.toContain("TopSecret9");
  });
});

describe("loadConfig: mail and courier", () => {
  it("sends no mail and books parcels by hand by default", () => {
    expect(loadConfig({ SEED_DEMO: "false" })).toMatchObject({
      SMTP_HOST: undefined,
      SMTP_PORT: 587,
      SMTP_SECURE: undefined,
      MAIL_FROM: undefined,
      COURIER_PROVIDER: "manual",
    });
  });

  it("books with the demo courier in the demo, never in production unless named", () => {
    expect(loadConfig({}).COURIER_PROVIDER).toBe("demo");
    expect(loadConfig({ DATABASE_URL: "postgres://db/shop" }).COURIER_PROVIDER).toBe("manual");
    const production = { ...PRODUCTION, DATABASE_URL: "postgres://db/shop" };
    expect(loadConfig({ ...production, SEED_DEMO: "true" }).COURIER_PROVIDER).toBe("manual");
    expect(loadConfig({ ...production, COURIER_PROVIDER: "demo" }).COURIER_PROVIDER).toBe("demo");
  });

  it("makes the first courier with its keys the default when none is named, and refuses half a courier's keys", () => {
    expect(loadConfig({ REDX_API_TOKEN: "t" }).COURIER_PROVIDER).toBe("redx");
    expect(
      loadConfig({ REDX_API_TOKEN: "t", STEADFAST_API_KEY: "k", STEADFAST_SECRET_KEY: "s" }).COURIER_PROVIDER,
    ).toBe("steadfast");
    expect(
      configError({ COURIER_PROVIDER: "redx", REDX_API_TOKEN: "t", STEADFAST_API_KEY: "k" }).message,
    ).toContain("STEADFAST_SECRET_KEY: required to connect steadfast");
  });

  it("refuses Pathao or RedX without their keys, naming the missing ones", () => {
    expect(configError({ COURIER_PROVIDER: "pathao", PATHAO_CLIENT_ID: "1" }).message).toContain(
      "PATHAO_CLIENT_SECRET, PATHAO_USERNAME, PATHAO_PASSWORD, PATHAO_STORE_ID: required when COURIER_PROVIDER is pathao",
    );
    expect(configError({ COURIER_PROVIDER: "redx" }).message).toContain("REDX_API_TOKEN: required");
    expect(loadConfig({ COURIER_PROVIDER: "redx", REDX_API_TOKEN: "t" }).COURIER_PROVIDER).toBe("redx");
  });

  it("reads a complete SMTP setting", () => {
    const c = loadConfig({
      SMTP_HOST: "smtp.example.com",
      SMTP_PORT: "465",
      SMTP_SECURE: "true",
      SMTP_USER: "mailer",
      SMTP_PASSWORD: "pa55word",
      MAIL_FROM: "Pathagar <orders@pathagar.com.bd>",
    });
    expect(c).toMatchObject({ SMTP_HOST: "smtp.example.com", SMTP_PORT: 465, SMTP_SECURE: true });
  });

  it("refuses SMTP_HOST without MAIL_FROM", () => {
    expect(configError({ SMTP_HOST: "smtp.example.com" }).message).toContain(
      "MAIL_FROM: is required when SMTP_HOST is set",
    );
  });

  it("refuses SMTP_USER without SMTP_PASSWORD", () => {
    const message = configError({
      SMTP_HOST: "smtp.example.com",
      MAIL_FROM: "a@b.bd",
      SMTP_USER: "u",
    }).message;
    expect(message).toContain("SMTP_USER and SMTP_PASSWORD: set both or neither");
  });

  it.each([
    ["SMTP_PORT", "smtp"],
    ["SMTP_SECURE", "maybe"],
    ["MAIL_FROM", "not an address"],
    ["COURIER_PROVIDER", "ecourier"],
    ["PATHAO_STORE_ID", "main"],
    ["REDX_WEBHOOK_TOKEN", "short"],
    ["STEADFAST_BASE_URL", "portal.packzy.com"],
  ])("refuses a bad %s and names it", (key, value) => {
    expect(configError({ [key]: value }).message).toContain(`${key}: `);
  });

  it("accepts Steadfast with both keys", () => {
    const c = loadConfig({
      COURIER_PROVIDER: "steadfast",
      STEADFAST_API_KEY: "k",
      STEADFAST_SECRET_KEY: "s",
    });
    expect(c).toMatchObject({ COURIER_PROVIDER: "steadfast", STEADFAST_BASE_URL: undefined });
  });

  it("refuses Steadfast without its keys and names the missing ones", () => {
    expect(configError({ COURIER_PROVIDER: "steadfast" }).message).toContain(
      "STEADFAST_API_KEY and STEADFAST_SECRET_KEY: required when COURIER_PROVIDER is steadfast",
    );
    const message = configError({ COURIER_PROVIDER: "steadfast", STEADFAST_API_KEY: "k" }).message;
    expect(message).toContain("STEADFAST_SECRET_KEY: required");
    expect(message).not.toContain("STEADFAST_API_KEY");
  });

  it("names the SMTP variables in an error, never the password", () => {
    const message = configError({ SMTP_HOST: "smtp.example.com", SMTP_PASSWORD: "TopSecret9" }).message;
    expect(message).toContain("MAIL_FROM");
    expect(message).not.toContain("TopSecret9");
  });
});

describe("loadConfig: payment gateway", () => {
  const SSLCOMMERZ = { SSLCOMMERZ_STORE_ID: "shop01", SSLCOMMERZ_STORE_PASSWORD: "shop01@ssl" };
  const BKASH = {
    BKASH_APP_KEY: "key",
    BKASH_APP_SECRET: "app-secret",
    BKASH_USERNAME: "01700000000",
    BKASH_PASSWORD: "pass",
  };

  it("uses the built-in sandbox gateway by default", () => {
    expect(loadConfig({})).toMatchObject({ PAYMENT_PROVIDER: "sandbox", SSLCOMMERZ_SANDBOX: true });
  });

  it("accepts SSLCommerz with a store id and password, on the sandbox unless told otherwise", () => {
    expect(loadConfig({ PAYMENT_PROVIDER: "sslcommerz", ...SSLCOMMERZ })).toMatchObject({
      PAYMENT_PROVIDER: "sslcommerz",
      SSLCOMMERZ_STORE_ID: "shop01",
      SSLCOMMERZ_SANDBOX: true,
    });
    const live = loadConfig({ PAYMENT_PROVIDER: "sslcommerz", SSLCOMMERZ_SANDBOX: "false", ...SSLCOMMERZ });
    expect(live.SSLCOMMERZ_SANDBOX).toBe(false);
  });

  it("accepts bKash with its four credentials", () => {
    const c = loadConfig({
      PAYMENT_PROVIDER: "bkash",
      BKASH_BASE_URL: "https://tokenized.pay.bka.sh/v1.2.0-beta",
      ...BKASH,
    });
    expect(c).toMatchObject({ PAYMENT_PROVIDER: "bkash", BKASH_USERNAME: "01700000000" });
  });

  it("refuses SSLCommerz without its credentials and names the missing ones", () => {
    expect(configError({ PAYMENT_PROVIDER: "sslcommerz" }).message).toContain(
      "SSLCOMMERZ_STORE_ID, SSLCOMMERZ_STORE_PASSWORD: required when PAYMENT_PROVIDER is sslcommerz",
    );
    const message = configError({ PAYMENT_PROVIDER: "sslcommerz", SSLCOMMERZ_STORE_ID: "shop01" }).message;
    expect(message).toContain("SSLCOMMERZ_STORE_PASSWORD: required");
    expect(message).not.toContain("SSLCOMMERZ_STORE_ID");
  });

  it("refuses bKash without its credentials and names the missing ones", () => {
    const message = configError({
      PAYMENT_PROVIDER: "bkash",
      BKASH_APP_KEY: "key",
      BKASH_USERNAME: "u",
    }).message;
    expect(message).toContain("BKASH_APP_SECRET, BKASH_PASSWORD: required when PAYMENT_PROVIDER is bkash");
    expect(message).not.toContain("BKASH_APP_KEY");
  });

  it("does not ask for gateway credentials the chosen gateway does not use", () => {
    expect(loadConfig({ PAYMENT_PROVIDER: "bkash", ...BKASH }).SSLCOMMERZ_STORE_ID).toBeUndefined();
    expect(loadConfig({ PAYMENT_PROVIDER: "sandbox" }).PAYMENT_PROVIDER).toBe("sandbox");
  });

  it.each([
    ["PAYMENT_PROVIDER", "paypal"],
    ["SSLCOMMERZ_SANDBOX", "maybe"],
    ["BKASH_BASE_URL", "tokenized.pay.bka.sh"],
  ])("refuses a bad %s and names it", (key, value) => {
    expect(configError({ [key]: value }).message).toContain(`${key}: `);
  });

  it("never prints a gateway secret in an error", () => {
    const message = configError({
      PAYMENT_PROVIDER: "bkash",
      SSLCOMMERZ_STORE_PASSWORD: "Ssl-TopSecret9",
      BKASH_APP_SECRET: "Bk-TopSecret9",
      BKASH_PASSWORD: "Bk-Pass9",
    }).message;
    expect(message).toContain("BKASH_APP_KEY, BKASH_USERNAME: required");
    expect(message).not.toMatch(/TopSecret9|Bk-Pass9/);
  });
});

describe("loadConfig: delivery charges", () => {
  it("charges ৳60 in Dhaka and ৳100 outside for books unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({ DELIVERY_BOOK_DHAKA: 60, DELIVERY_BOOK_OUTSIDE: 100 });
    expect(loadConfig({ DELIVERY_BOOK_DHAKA: "70.50", DELIVERY_BOOK_OUTSIDE: "0" })).toMatchObject({
      DELIVERY_BOOK_DHAKA: 70.5,
      DELIVERY_BOOK_OUTSIDE: 0,
    });
  });

  it.each([
    ["-1", "must be 0 or more"],
    ["sixty", "must be a number of taka"],
    ["60.005", "must have at most two decimals"],
  ])("refuses DELIVERY_BOOK_DHAKA=%s", (value, message) => {
    expect(configError({ DELIVERY_BOOK_DHAKA: value }).message).toContain(`DELIVERY_BOOK_DHAKA: ${message}`);
  });
});

describe("loadConfig: delivery days", () => {
  it("estimates 1-2 working days in Dhaka and 3-5 outside unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({
      DELIVERY_DAYS_DHAKA: { min: 1, max: 2 },
      DELIVERY_DAYS_OUTSIDE: { min: 3, max: 5 },
    });
    expect(loadConfig({ DELIVERY_DAYS_DHAKA: "1", DELIVERY_DAYS_OUTSIDE: "2-7" })).toMatchObject({
      DELIVERY_DAYS_DHAKA: { min: 1, max: 1 },
      DELIVERY_DAYS_OUTSIDE: { min: 2, max: 7 },
    });
  });

  it.each(["5-2", "soon", "40"])("refuses DELIVERY_DAYS_OUTSIDE=%s", (value) => {
    expect(configError({ DELIVERY_DAYS_OUTSIDE: value }).message).toContain(
      "DELIVERY_DAYS_OUTSIDE: must be days such as 2 or 1-3",
    );
  });
});

describe("loadConfig: production", () => {
  it("starts with a live gateway and the public URL, on SSLCommerz's live gateway by default", () => {
    const c = loadConfig(PRODUCTION);
    expect(c).toMatchObject({ production: true, PAYMENT_PROVIDER: "sslcommerz", SSLCOMMERZ_SANDBOX: false });
  });

  it("refuses the built-in sandbox gateway, set or by default", () => {
    const { PAYMENT_PROVIDER: _, ...unset } = PRODUCTION;
    for (const env of [unset, { ...PRODUCTION, PAYMENT_PROVIDER: "sandbox" }]) {
      expect(configError(env).message).toContain(
        "PAYMENT_PROVIDER: must be sslcommerz or bkash in production: the built-in sandbox gateway lets anyone mark an order paid",
      );
    }
  });

  it("refuses a gateway's own sandbox", () => {
    expect(configError({ ...PRODUCTION, SSLCOMMERZ_SANDBOX: "true" }).message).toContain(
      "SSLCOMMERZ_SANDBOX: must be false in production",
    );
    const bkash = {
      ...PRODUCTION,
      PAYMENT_PROVIDER: "bkash",
      BKASH_APP_KEY: "key",
      BKASH_APP_SECRET: "app-secret",
      BKASH_USERNAME: "01700000000",
      BKASH_PASSWORD: "pass",
    };
    expect(configError(bkash).message).toContain("BKASH_BASE_URL: must be bKash's live tokenized API");
    expect(
      configError({ ...bkash, BKASH_BASE_URL: "https://tokenized.sandbox.bka.sh/v1.2.0-beta" }).message,
    ).toContain("BKASH_BASE_URL");
    expect(
      loadConfig({ ...bkash, BKASH_BASE_URL: "https://tokenized.pay.bka.sh/v1.2.0-beta" }).production,
    ).toBe(true);
  });

  it("takes test payments on a staging site only when ALLOW_SANDBOX_PAYMENTS says so", () => {
    const c = loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: "sandbox", ALLOW_SANDBOX_PAYMENTS: "true" });
    expect(c.PAYMENT_PROVIDER).toBe("sandbox");
    expect(
      loadConfig({ ...PRODUCTION, SSLCOMMERZ_SANDBOX: "true", ALLOW_SANDBOX_PAYMENTS: "true" }),
    ).toMatchObject({ SSLCOMMERZ_SANDBOX: true });
  });

  it("requires PUBLIC_URL", () => {
    const { PUBLIC_URL: _, ...env } = PRODUCTION;
    expect(configError(env).message).toContain("PUBLIC_URL: is required in production");
  });

  it("names every missing setting at once", () => {
    const message = configError({ NODE_ENV: "production" }).message;
    expect(message).toContain("SESSION_SECRET");
    expect(message).toContain("PUBLIC_URL");
    expect(message).toContain("PAYMENT_PROVIDER");
  });

  it("has no demo accounts or demo data unless SEED_DEMO asks, even on the embedded database", () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ embedded: true, seedDemo: false });
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: "true" }).seedDemo).toBe(true);
  });
});

describe("shopOrigin", () => {
  const base = { PORT: 3000, ALLOWED_HOSTS: "localhost,127.0.0.1,[::1]", PUBLIC_URL: undefined };

  it("is PUBLIC_URL's origin whatever the request says", () => {
    expect(shopOrigin({ ...base, PUBLIC_URL: "https://pathagar.com.bd/shop" }, "http://evil.test/x")).toBe(
      "https://pathagar.com.bd",
    );
  });

  it("takes the request's origin only for an allowed host, with any port", () => {
    expect(shopOrigin(base, "http://localhost:3100/api/checkout")).toBe("http://localhost:3100");
    expect(shopOrigin(base, "http://127.0.0.1:3000/")).toBe("http://127.0.0.1:3000");
    expect(shopOrigin(base, "http://[::1]:3000/")).toBe("http://[::1]:3000");
    expect(shopOrigin({ ...base, ALLOWED_HOSTS: "shop.lan:8080" }, "http://shop.lan:8080/")).toBe(
      "http://shop.lan:8080",
    );
  });

  it("never takes a Host header it does not know", () => {
    for (const url of ["http://evil.test/", "http://localhost.evil.test/", "http://10.0.0.5:3000/"]) {
      expect(shopOrigin(base, url)).toBe("http://localhost:3000");
    }
    expect(shopOrigin({ ...base, ALLOWED_HOSTS: "shop.lan:8080" }, "http://shop.lan:9090/")).toBe(
      "http://localhost:3000",
    );
  });

  it("reads ALLOWED_HOSTS as a comma-separated list and refuses anything else", () => {
    expect(loadConfig({ ALLOWED_HOSTS: " shop.lan , 192.168.0.10:3000 " }).ALLOWED_HOSTS).toBeTruthy();
    expect(configError({ ALLOWED_HOSTS: "http://shop.lan/" }).message).toContain("ALLOWED_HOSTS");
  });
});

describe("loadConfig: SMS gateway", () => {
  it("uses the built-in outbox provider by default", () => {
    expect(loadConfig({})).toMatchObject({ SMS_PROVIDER: "outbox" });
  });

  it("accepts SSL Wireless with its token and sender id", () => {
    const c = loadConfig({
      SMS_PROVIDER: "sslwireless",
      SSLWIRELESS_API_TOKEN: "token-1234",
      SSLWIRELESS_SID: "PATHAGAR",
      SSLWIRELESS_BASE_URL: "https://smsplus.sslwireless.com",
    });
    expect(c).toMatchObject({ SMS_PROVIDER: "sslwireless", SSLWIRELESS_SID: "PATHAGAR" });
  });

  it("names what SSL Wireless still needs, never the token", () => {
    expect(configError({ SMS_PROVIDER: "sslwireless" }).message).toContain(
      "SSLWIRELESS_API_TOKEN and SSLWIRELESS_SID: required when SMS_PROVIDER is sslwireless",
    );
    const message = configError({
      SMS_PROVIDER: "sslwireless",
      SSLWIRELESS_API_TOKEN: "Secret-Token-9",
    }).message;
    expect(message).toContain("SSLWIRELESS_SID: required");
    expect(message).not.toContain("Secret-Token-9");
  });

  it("refuses an unknown provider and a sender id longer than SSL Wireless issues", () => {
    expect(configError({ SMS_PROVIDER: "twilio" }).message).toContain(
      "SMS_PROVIDER: must be outbox or sslwireless",
    );
    expect(
      configError({
        SMS_PROVIDER: "sslwireless",
        SSLWIRELESS_API_TOKEN: "t",
        SSLWIRELESS_SID: "X".repeat(21),
      }).message,
    ).toContain("SSLWIRELESS_SID: must be at most 20 characters");
  });
});

describe("loadConfig: object storage and the pictures' address", () => {
  const S3 = {
    S3_BUCKET: "pathagar-files",
    S3_REGION: "ap-south-1",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "a-secret-access-key",
  };

  it("keeps files on local disk and serves pictures from /media by default", () => {
    const c = loadConfig({});
    expect(c.S3_BUCKET).toBeUndefined();
    expect(c.S3_FORCE_PATH_STYLE).toBe(false);
    expect(c.mediaBase).toBe("/media");
  });

  it("reads a bucket with its region, keys, address and path style", () => {
    const c = loadConfig({ ...S3, S3_ENDPOINT: "http://127.0.0.1:9000/", S3_FORCE_PATH_STYLE: "true" });
    expect(c).toMatchObject({ ...S3, S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: true });
  });

  it("refuses a bucket without its region and keys, naming each, and never prints the secret", () => {
    const message = configError({ S3_BUCKET: "pathagar-files" }).message;
    expect(message).toContain(
      "S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set",
    );
    const secret = configError({ ...S3, S3_REGION: "Not A Region" }).message;
    expect(secret).toContain("S3_REGION: must be a region");
    expect(secret).not.toContain("a-secret-access-key");
  });

  it("refuses S3 settings without S3_BUCKET rather than keeping files on disk unnoticed", () => {
    const message = configError({ S3_ENDPOINT: "https://minio.internal", S3_ACCESS_KEY_ID: "k" }).message;
    expect(message).toContain("S3_BUCKET: is not set, so S3_ENDPOINT, S3_ACCESS_KEY_ID would be ignored");
  });

  it("refuses a bucket name S3 would refuse and an address that is not http(s)", () => {
    expect(configError({ ...S3, S3_BUCKET: "Pathagar_Files" }).message).toContain(
      "S3_BUCKET: must be a bucket name",
    );
    expect(configError({ ...S3, S3_ENDPOINT: "ftp://files" }).message).toContain(
      "S3_ENDPOINT: must be an http(s) URL",
    );
  });

  it("serves pictures from MEDIA_PUBLIC_URL when set, without its trailing slash", () => {
    expect(loadConfig({ MEDIA_PUBLIC_URL: "https://cdn.pathagar.com.bd/" }).mediaBase).toBe(
      "https://cdn.pathagar.com.bd",
    );
    expect(loadConfig({ MEDIA_PUBLIC_URL: "https://files.example/pathagar" }).mediaBase).toBe(
      "https://files.example/pathagar",
    );
    expect(configError({ MEDIA_PUBLIC_URL: "https://cdn.example/?a=1" }).message).toContain(
      "MEDIA_PUBLIC_URL: must be a plain address",
    );
    expect(configError({ MEDIA_PUBLIC_URL: "cdn.example" }).message).toContain(
      "MEDIA_PUBLIC_URL: must be an http(s) URL",
    );
  });

  it("in production wants https for pictures and for the bucket, except a bucket on this machine", () => {
    expect(configError({ ...PRODUCTION, MEDIA_PUBLIC_URL: "http://cdn.example" }).message).toContain(
      "MEDIA_PUBLIC_URL: must be an https:// address in production",
    );
    expect(configError({ ...PRODUCTION, ...S3, S3_ENDPOINT: "http://10.0.0.5:9000" }).message).toContain(
      "S3_ENDPOINT: must be an https:// address in production",
    );
    expect(loadConfig({ ...PRODUCTION, ...S3, S3_ENDPOINT: "http://127.0.0.1:9000" }).S3_ENDPOINT).toBe(
      "http://127.0.0.1:9000",
    );
    expect(loadConfig({ ...PRODUCTION, ...S3, S3_ENDPOINT: "https://minio.internal" }).S3_BUCKET).toBe(
      "pathagar-files",
    );
  });
});
