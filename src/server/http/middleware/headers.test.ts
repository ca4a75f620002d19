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
});
