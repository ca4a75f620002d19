import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { offlinePageUrl } from "../../contracts/offline";
import { renderOfflinePage } from "./offline-page";

const FONT = "/assets/noto-sans-bengali-bengali-400-normal-X.woff2";

describe("the offline page", () => {
  it("is in the language asked for, with a Retry button whose script carries the answer's nonce", () => {
    const i18n = setupI18n({ locale: "bn", messages: { bn: { Retry: "আবার চেষ্টা করুন" } } });
    const html = renderOfflinePage(i18n, "bn", "abc+/=", FONT);
    expect(html).toContain('<html lang="bn">');
    expect(html).toContain('<button type="button" id="retry">আবার চেষ্টা করুন</button>');
    expect(html).toContain('<script nonce="abc+/=">');
    // The Bangla page names the shop's Bengali font, which the worker keeps beside it.
    expect(html).toContain(`url("${FONT}")`);
  });

  it("in English names no font file, and escapes what it writes", () => {
    const i18n = setupI18n({ locale: "en", messages: { en: { Retry: 'Try "again" <now>' } } });
    const html = renderOfflinePage(i18n, "en", undefined, FONT);
    expect(html).toContain('<html lang="en">');
    expect(html).not.toContain(".woff2");
    expect(html).toContain("Try &#34;again&#34; &#60;now&#62;");
    expect(html).toContain("<script>");
  });

  it("is kept under one address per language", () => {
    expect(offlinePageUrl("bn")).toBe("/offline?lang=bn");
    expect(offlinePageUrl("en")).toBe("/offline?lang=en");
  });
});
