import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY } from "../../contracts/messages";

// The store is module state: each test gets a fresh copy of the module.
let store: typeof import("./toast");

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  store = await import("./toast");
});

afterEach(() => {
  vi.useRealTimers();
});

describe("toast", () => {
  it("keeps at most one toast: a new one replaces the old", () => {
    expect(TOAST_LIMIT).toBe(1);
    store.toast({ title: "First" });
    store.toast({ title: "Second" });
    expect(store.getToasts().map((t) => t.title)).toEqual(["Second"]);
  });

  it("shows a new toast open", () => {
    const { id } = store.toast({ title: "Saved" });
    expect(store.getToasts()).toEqual([{ id, title: "Saved", open: true }]);
  });

  it("closes a dismissed toast at once but keeps it in the store", () => {
    const t = store.toast({ title: "Saved" });
    t.dismiss();
    expect(store.getToasts()).toEqual([expect.objectContaining({ id: t.id, open: false })]);
  });

  it("removes a dismissed toast after exactly 1,000,000 ms", () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    const t = store.toast({ title: "Saved" });
    t.dismiss();
    vi.advanceTimersByTime(999_999);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it("does not remove a toast that was never dismissed", () => {
    store.toast({ title: "Saved" });
    vi.advanceTimersByTime(10 * TOAST_REMOVE_DELAY);
    expect(store.getToasts()).toHaveLength(1);
  });

  it("does not restart the removal clock when dismissed twice", () => {
    const t = store.toast({ title: "Saved" });
    t.dismiss();
    vi.advanceTimersByTime(500_000);
    t.dismiss();
    vi.advanceTimersByTime(500_000);
    expect(store.getToasts()).toHaveLength(0);
  });

  it("dismisses every toast when called without an id", () => {
    store.toast({ title: "Saved" });
    store.dismissToast();
    expect(store.getToasts().every((t) => !t.open)).toBe(true);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect(store.getToasts()).toHaveLength(0);
  });

  it("leaves other toasts alone when dismissing by id", () => {
    const old = store.toast({ title: "Old" });
    store.toast({ title: "New" });
    old.dismiss();
    expect(store.getToasts()).toEqual([expect.objectContaining({ title: "New", open: true })]);
  });

  it("gives every toast a new id", () => {
    const a = store.toast({ title: "A" });
    const b = store.toast({ title: "B" });
    expect(b.id).not.toBe(a.id);
  });
});
