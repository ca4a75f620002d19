import { describe, expect, it } from "vitest";
import { chartSummary } from "./chart";

describe("a chart's text alternative", () => {
  const labels = ["1 Mar 2031", "2 Mar 2031", "3 Mar 2031"];

  it("says what, over which days, the total and the highest day, in taka", () => {
    expect(
      chartSummary({
        title: "Sales per day",
        labels,
        series: { label: "Revenue", values: [10_000, 125_050, 0], format: "money" },
      }),
    ).toBe(
      "Sales per day, 1 Mar 2031 to 3 Mar 2031: revenue ৳1,350.50 in all; highest ৳1,250.50 on 2 Mar 2031.",
    );
  });

  it("says when nothing sold, and counts without a taka sign", () => {
    expect(
      chartSummary({
        title: "Units",
        labels,
        series: { label: "Units", values: [0, 0, 0], format: "count" },
      }),
    ).toBe("Units, 1 Mar 2031 to 3 Mar 2031: nothing sold.");
    expect(
      chartSummary({
        title: "Units",
        labels: labels.slice(0, 1),
        series: { label: "Units", values: [1200], format: "count" },
      }),
    ).toBe("Units, 1 Mar 2031: units 1,200 in all; highest 1,200 on 1 Mar 2031.");
  });
});

describe("uPlot stays in the admin", () => {
  it("is imported by the chart component alone, which only admin pages import", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const { join, relative } = await import("node:path");
    const web = join(import.meta.dirname, "../..");
    const files = (readdirSync(web, { recursive: true }) as string[])
      .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => join(web, f));
    const importing = (pattern: RegExp) =>
      files
        .filter((f) => pattern.test(readFileSync(f, "utf8")))
        .map((f) => relative(web, f).replaceAll("\\", "/"));
    expect(importing(/from "uplot|import\("uplot/)).toEqual(["components/admin/chart.tsx"]);
    const users = importing(/components\/admin\/chart"|from "\.\/chart"/);
    expect(users).toContain("routes/admin/dashboard.tsx");
    for (const f of users) {
      expect(f, `${f} imports the chart`).toMatch(/^(routes\/admin\/|components\/admin\/)/);
    }
  });
});
