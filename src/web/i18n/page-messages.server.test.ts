import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it, vi } from "vitest";
import { completeCatalogue, i18nFor, i18nForPage } from "./index";
import { pageMessagesScript, recordPageMessages } from "./page-messages.server";

/** The object a page's script sets (`self.__pageMessages={…};`). */
function evaluated(script: string): Record<string, unknown> {
  const json = /^self\.__pageMessages=(.*);$/.exec(script)?.[1];
  return JSON.parse(json ?? "null");
}

describe("the messages a page's render used, sent with the page", () => {
  it("collects the catalogue messages looked up while rendering, and only those", async () => {
    const bn = await i18nFor("bn");
    const ids = new Set<string>();
    bn._("Search");
    recordPageMessages(ids, () => bn._("Add to cart"));
    bn._("Cart");
    expect([...ids]).toEqual(["Add to cart"]);
  });

  it("keeps concurrent renders apart, through what they await", async () => {
    const bn = await i18nFor("bn");
    const a = new Set<string>();
    const b = new Set<string>();
    await Promise.all([
      recordPageMessages(a, async () => {
        await sleep(5);
        bn._("Add to cart");
      }),
      recordPageMessages(b, async () => {
        bn._("Search");
        await sleep(10);
        bn._("Cart");
      }),
    ]);
    expect([...a]).toEqual(["Add to cart"]);
    expect([...b].sort()).toEqual(["Cart", "Search"]);
  });

  it("writes them as a statement no text can break out of", async () => {
    const bn = await i18nFor("bn");
    const script = pageMessagesScript(bn, new Set(["Add to cart", "not a message"]));
    expect(evaluated(script)).toEqual({ "Add to cart": bn.messages["Add to cart"] });
    bn.messages["</script><!--"] = "x";
    const escaped = pageMessagesScript(bn, new Set(["</script><!--"]));
    delete bn.messages["</script><!--"];
    expect(escaped).not.toContain("<");
    expect(evaluated(escaped)).toEqual({ "</script><!--": "x" });
  });
});

describe("the browser's instance over the page's messages", () => {
  it("adds the rest of the catalogue without rendering again when nothing was missed", async () => {
    const page = i18nForPage("bn", { "Add to cart": ["কার্টে যোগ করুন"] });
    const change = vi.fn();
    page.on("change", change);
    await completeCatalogue(page, "bn");
    expect(page._("Search")).toBe("খুঁজুন");
    expect(change).not.toHaveBeenCalled();
  });

  it("renders again in the page's language when a message was missed before the catalogue came", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const page = i18nForPage("bn", { "Add to cart": ["কার্টে যোগ করুন"] });
    const change = vi.fn();
    page.on("change", change);
    const completing = completeCatalogue(page, "bn");
    page._("Search");
    await completing;
    expect(change).toHaveBeenCalledTimes(1);
    expect(page._("Search")).toBe("খুঁজুন");
    warn.mockRestore();
  });
});
