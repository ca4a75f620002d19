import { describe, expect, it } from "vitest";
import { pagePolicy } from "./headers";

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
});
