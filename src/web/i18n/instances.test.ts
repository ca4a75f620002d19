import { afterEach, describe, expect, it, vi } from "vitest";
import { isAdminPath, makeI18n } from "./index";

describe("a language's instance", () => {
  afterEach(() => vi.restoreAllMocks());

  it("compiles nothing at run time: a message its catalogue lacks warns, as in production and the browser", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const bn = makeI18n("bn", { "Add to cart": ["কার্টে যোগ করুন"] });
    // A Bangla text translated again is looked up as an id the catalogue does not hold.
    expect(bn._(bn._("Add to cart"))).toBe("কার্টে যোগ করুন");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Uncompiled message"));
  });

  it("warns about nothing its catalogue holds", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const bn = makeI18n("bn", { "Add to cart": ["কার্টে যোগ করুন"] });
    expect(bn._("Add to cart")).toBe("কার্টে যোগ করুন");
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("isAdminPath (which first loads add the back office's messages)", () => {
  it("reads a path as the router matches it: any case, after decoding", () => {
    for (const path of [
      "/admin",
      "/admin/orders/1",
      "/Admin/orders/1",
      "/%61dmin/invoice/1/print",
      "/ADMIN",
    ]) {
      expect(isAdminPath(path), path).toBe(true);
    }
  });

  it("leaves the shop's pages and look-alikes out", () => {
    for (const path of ["/", "/administrator", "/book/1", "/%E0%A4%A", "/x/admin"]) {
      expect(isAdminPath(path), path).toBe(false);
    }
  });
});
