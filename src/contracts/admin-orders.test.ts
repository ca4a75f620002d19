import { describe, expect, it } from "vitest";
import { parseSlipIds, paymentStateOf, splitOrderNumbers } from "./admin-orders";

describe("splitOrderNumbers", () => {
  it("reads numbers typed one per line, or separated by commas or spaces, as a scanner types them", () => {
    expect(splitOrderNumbers("100001\n100002\r\n 100003, 100004 #100005\n\n100001\n")).toEqual([
      "100001",
      "100002",
      "100003",
      "100004",
      "100005",
    ]);
    expect(splitOrderNumbers("  \n ,, ")).toEqual([]);
  });
});

describe("parseSlipIds", () => {
  it("takes 1 to 200 ids separated by commas and refuses anything else", () => {
    expect(parseSlipIds("3,1,3")).toEqual([3, 1]);
    expect(parseSlipIds(null)).toBeNull();
    expect(parseSlipIds("1,x")).toBeNull();
    expect(parseSlipIds("0")).toBeNull();
    expect(parseSlipIds(Array.from({ length: 201 }, (_, i) => i + 1).join(","))).toBeNull();
  });
});

describe("paymentStateOf", () => {
  it("puts a refund owed first, then refunded, then paid or unpaid", () => {
    expect(paymentStateOf({ refundOwed: true, refundPaid: true, collected: true })).toBe("refund_owed");
    expect(paymentStateOf({ refundOwed: false, refundPaid: true, collected: true })).toBe("refunded");
    expect(paymentStateOf({ refundOwed: false, refundPaid: false, collected: true })).toBe("paid");
    expect(paymentStateOf({ refundOwed: false, refundPaid: false, collected: false })).toBe("unpaid");
  });
});
