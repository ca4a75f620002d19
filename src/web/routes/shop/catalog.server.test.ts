import { describe, expect, it } from "vitest";
import { parseYear } from "./catalog.server";

const at = (path: string) => new Request(`http://shop.test${path}`);

/** What `parseYear` threw, as the error boundary receives it. */
function refusal(raw: string) {
  try {
    parseYear(raw, at(`/bundles/${raw}`));
  } catch (e) {
    return e as { init?: { status?: number }; data?: unknown };
  }
  throw new Error(`${raw} was taken as a year`);
}

describe("the year of a /bundles/{year} address", () => {
  it.each([
    ["1999", 1999],
    ["2026", 2026],
    ["1000", 1000],
    ["9999", 9999],
  ])("takes %s as a year, a page of its own", (raw, year) => {
    expect(parseYear(raw, at(`/bundles/${raw}`))).toBe(year);
  });

  it.each(["abc", "0999", "999", "20260", "2026.0", " 2026", "+2026", "২০২৬", ""])(
    "answers %j with the page-not-found 404, as a path no route has",
    (raw) => {
      const e = refusal(raw);
      expect(e.init?.status).toBe(404);
      expect(e.data).toBe(`Page not found: ${at(`/bundles/${raw}`).url.replace("http://shop.test", "")}`);
    },
  );
});
