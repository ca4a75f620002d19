import { describe, expect, it } from "vitest";
import { decodePendingProduct, encodePending, PENDING_TTL_MS } from "./pending";
import { decodePendingAdd } from "./pending-add";

const NOW = Date.UTC(2031, 2, 1, 8);

describe("a request kept from before signing in", () => {
  it("reads back what was kept", () => {
    const kept = { id: 42, at: NOW - 1000 };
    expect(decodePendingProduct(encodePending(kept), NOW)).toEqual(kept);
    const add = { id: 7, kind: "book" as const, source: "book", addKey: "key-12345678", at: NOW };
    expect(decodePendingAdd(encodePending(add), NOW)).toEqual(add);
  });

  it("is forgotten after half an hour, and one from the future is not believed", () => {
    expect(decodePendingProduct(encodePending({ id: 1, at: NOW - PENDING_TTL_MS - 1 }), NOW)).toBeNull();
    expect(decodePendingProduct(encodePending({ id: 1, at: NOW + 120_000 }), NOW)).toBeNull();
  });

  it.each([
    ["nothing", undefined],
    ["empty", ""],
    ["not JSON", "{id:1"],
    ["not an object", "42"],
    ["a string id", JSON.stringify({ id: "1", at: NOW })],
    ["id 0", JSON.stringify({ id: 0, at: NOW })],
    ["a fractional id", JSON.stringify({ id: 1.5, at: NOW })],
    ["no time", JSON.stringify({ id: 1 })],
  ])("refuses %s", (_, raw) => {
    expect(decodePendingProduct(raw, NOW)).toBeNull();
  });

  it.each([
    ["an unknown kind", { kind: "car" }],
    ["a long source", { source: "x".repeat(41) }],
    ["a long key", { addKey: "k".repeat(65) }],
    ["no key", { addKey: undefined }],
  ])("refuses an add with %s", (_, change) => {
    const add = { id: 7, kind: "book", source: "book", addKey: "key-12345678", at: NOW, ...change };
    expect(decodePendingAdd(JSON.stringify(add), NOW)).toBeNull();
  });
});
