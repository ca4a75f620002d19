import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { ThirdPartyTag } from "../../../contracts/consent";
import type { AppEnv } from "../env";
import { pagePolicy, pageSecurityPolicy } from "./headers";

describe("pagePolicy", () => {
  const directives = (policy: string) =>
    new Map(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));

  it("frames only the two video players a course embeds, and nothing else from outside", () => {
    const policy = directives(pagePolicy("abc", { upgradeInsecure: false }));
    expect(policy.get("frame-src")).toBe("https://www.youtube-nocookie.com https://player.vimeo.com");
    expect(policy.get("default-src")).toBe("'self'");
    expect(policy.get("script-src")).toBe("'self' 'nonce-abc'");
    expect(policy.get("connect-src")).toBe("'self'");
    expect(policy.get("img-src")).toBe("'self' data:");
    expect(policy.get("object-src")).toBe("'none'");
  });

  it("allows Google's sign-in script, frames, calls and styles only when Google sign-in is configured", () => {
    const off = directives(pagePolicy("abc", { upgradeInsecure: false, googleSignIn: false }));
    expect([...off.values()].join(" ")).not.toContain("google.com");
    const on = directives(pagePolicy("abc", { upgradeInsecure: false, googleSignIn: true }));
    expect(on.get("script-src")).toBe("'self' 'nonce-abc' https://accounts.google.com/gsi/client");
    expect(on.get("frame-src")).toBe(
      "https://www.youtube-nocookie.com https://player.vimeo.com https://accounts.google.com/gsi/",
    );
    expect(on.get("connect-src")).toBe("'self' https://accounts.google.com/gsi/");
    expect(on.get("style-src")).toBe("'self' 'unsafe-inline' https://accounts.google.com/gsi/style");
    expect(on.get("img-src")).toBe("'self' data:");
    expect(on.get("default-src")).toBe("'self'");
  });

  it("shows pictures from MEDIA_PUBLIC_URL's origin when it is set, and from nowhere else", () => {
    const cdn = directives(
      pagePolicy("abc", { upgradeInsecure: false, mediaOrigin: "https://cdn.pathagar.com.bd" }),
    );
    expect(cdn.get("img-src")).toBe("'self' data: https://cdn.pathagar.com.bd");
    expect(cdn.get("connect-src")).toBe("'self'");
    expect(cdn.get("default-src")).toBe("'self'");
  });

  it("adds exactly each configured tag's hosts, and none when no tag is configured", () => {
    const none = pagePolicy("abc", { upgradeInsecure: false, tags: [] });
    expect(none).toBe(pagePolicy("abc", { upgradeInsecure: false }));
    const gtm = directives(pagePolicy("abc", { upgradeInsecure: false, tags: ["gtm"] }));
    expect(gtm.get("script-src")).toBe("'self' 'nonce-abc' https://www.googletagmanager.com");
    expect(gtm.get("img-src")).toBe(
      "'self' data: https://*.google-analytics.com https://*.googletagmanager.com",
    );
    expect(gtm.get("connect-src")).toBe(
      "'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com",
    );
    const all = directives(
      pagePolicy("abc", { upgradeInsecure: false, tags: ["gtm", "clarity", "metaPixel"] }),
    );
    expect(all.get("script-src")).toBe(
      "'self' 'nonce-abc' https://www.googletagmanager.com https://www.clarity.ms https://scripts.clarity.ms https://connect.facebook.net",
    );
    expect(all.get("frame-src")).toBe("https://www.youtube-nocookie.com https://player.vimeo.com");
    expect(all.get("default-src")).toBe("'self'");
    const pixel = directives(pagePolicy("abc", { upgradeInsecure: false, tags: ["metaPixel"] }));
    expect(pixel.get("connect-src")).toBe("'self' https://www.facebook.com");
    expect(pixel.get("img-src")).toBe("'self' data: https://www.facebook.com");
  });
});

describe("the bot check's hosts", () => {
  const directives = (policy: string) =>
    new Map(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));

  it("adds Turnstile's script and frame only when the bot check is configured", () => {
    const off = pagePolicy("abc", { upgradeInsecure: false, botCheck: false });
    expect(off).not.toContain("challenges.cloudflare.com");
    const on = directives(pagePolicy("abc", { upgradeInsecure: false, botCheck: true }));
    expect(on.get("script-src")).toBe("'self' 'nonce-abc' https://challenges.cloudflare.com");
    expect(on.get("frame-src")).toBe(
      "https://www.youtube-nocookie.com https://player.vimeo.com https://challenges.cloudflare.com",
    );
    expect(on.get("connect-src")).toBe("'self'");
  });
});

describe("pageSecurityPolicy", () => {
  async function policyOf(path: string, tags: ThirdPartyTag[], botCheck = tags.length > 0) {
    const app = new Hono<AppEnv>();
    app.use("*", pageSecurityPolicy({ upgradeInsecure: false, tags, botCheck }));
    app.get("*", (c) => c.html("<p>page</p>"));
    // Each answer has a nonce of its own.
    return ((await app.request(path)).headers.get("Content-Security-Policy") ?? "").replace(
      /'nonce-[^']+'/,
      "'nonce'",
    );
  }

  it("gives the tags' hosts to the shop's pages only: never the back office, the readers or the payment pages", async () => {
    for (const path of ["/", "/book/1", "/search?q=physics", "/cart/checkout"]) {
      expect(await policyOf(path, ["gtm"]), path).toContain("googletagmanager.com");
    }
    for (const path of [
      "/admin",
      "/admin/orders",
      "/Admin/%6frders",
      "/ebook/1/read",
      "/content/2/chapters/3/read",
      "/payment/abc/success",
      "/payment/failed",
      "/ebook/payment/4/success",
      "/content/payment/5/success",
    ]) {
      expect(await policyOf(path, ["gtm", "clarity", "metaPixel"]), path).toBe(await policyOf(path, []));
    }
  });
});
