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
