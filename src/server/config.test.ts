import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const SECRET = "s".repeat(32);

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
      TRUST_PROXY: false,
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
    expect(c).toMatchObject({ PORT: 8080, TRUST_PROXY: true, SHOP_NAME: "Boi Ghor", seedDemo: false });
    expect(c.embedded).toBe(false);
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
    const c = loadConfig({ NODE_ENV: "production", SESSION_SECRET: SECRET });
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
});
