import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import type { Ctx } from "../../server/services/context";
import type { AppContextValue } from "./app-context.server";
import { rootDataOf } from "./root-data.server";

function appWith(env: Record<string, string>): AppContextValue {
  const ctx = {
    config: loadConfig(env),
    user: null,
    now: () => new Date("2031-03-01T08:00:00Z"),
  } as unknown as Ctx;
  return { ctx, requestId: "r1", buildVersion: "b1", origin: "https://pathagar.example" };
}

describe("the root data's media base", () => {
  it("is the shop's own /media without MEDIA_PUBLIC_URL", () => {
    expect(rootDataOf(appWith({}), []).mediaBase).toBe("/media");
  });

  it("is MEDIA_PUBLIC_URL when set, so every page's image URLs point there", () => {
    const root = rootDataOf(appWith({ MEDIA_PUBLIC_URL: "https://cdn.pathagar.example/" }), []);
    expect(root.mediaBase).toBe("https://cdn.pathagar.example");
  });
});
