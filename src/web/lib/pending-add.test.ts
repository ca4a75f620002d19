import { describe, expect, it } from "vitest";
import {
  newAddKey,
  PENDING_ADD_KEY,
  PENDING_ADD_TTL_MS,
  storePendingAdd,
  takePendingAdd,
} from "./pending-add";

/** A Storage backed by a Map, like the browser's localStorage. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  [name: string]: unknown;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const ADD = {
  id: 7,
  kind: "book" as const,
  title: "Physics 1st Paper",
  source: "book",
  addKey: "key-12345678",
};

describe("pending add", () => {
  it("is taken once, with what was stored", () => {
    const s = new MemoryStorage();
    storePendingAdd(ADD, 1_000, s);
    expect(takePendingAdd(2_000, s)).toEqual({ ...ADD, at: 1_000 });
    expect(takePendingAdd(2_000, s)).toBeNull();
  });

  it("is forgotten after half an hour", () => {
    const s = new MemoryStorage();
    storePendingAdd(ADD, 0, s);
    expect(takePendingAdd(PENDING_ADD_TTL_MS + 1, s)).toBeNull();
    expect(s.getItem(PENDING_ADD_KEY)).toBeNull();
  });

  it("ignores what is not a pending add", () => {
    const s = new MemoryStorage();
    for (const raw of [
      "not json",
      "{}",
      JSON.stringify({ ...ADD, at: 0, kind: "car" }),
      JSON.stringify({ ...ADD, at: 0, id: -1 }),
    ]) {
      s.setItem(PENDING_ADD_KEY, raw);
      expect(takePendingAdd(10, s)).toBeNull();
    }
  });

  it("makes keys the cart API accepts, different each time", () => {
    const a = newAddKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newAddKey()).not.toBe(a);
  });
});
