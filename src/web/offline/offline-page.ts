/**
 * The offline page: what the service worker shows, in the visitor's language, when a page cannot
 * be loaded without network. One small self-contained HTML document (its style inline, no shop
 * script or stylesheet), so it shows in full from the worker's cache with nothing else kept.
 */
import type { I18n } from "@lingui/core";
import type { Locale } from "../../contracts/locale";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The offline page's HTML; `nonce` is the one its answer's Content-Security-Policy allows. A
 * Bangla page names the shop's Bengali font (`banglaFontUrl`, a hashed file the worker keeps with
 * the page), for phones with no Bengali font of their own.
 */
export function renderOfflinePage(
  i18n: I18n,
  locale: Locale,
  nonce: string | undefined,
  banglaFontUrl: string,
): string {
  const title = escapeHtml(i18n._("You are offline"));
  const text = escapeHtml(i18n._("This page needs a connection. Check your internet and try again."));
  const retry = escapeHtml(i18n._("Retry"));
  const nonceAttr = nonce ? ` nonce="${escapeHtml(nonce)}"` : "";
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#006a4e">
<title>${title}</title>
<style>
${locale === "bn" ? `@font-face{font-family:"Pathagar Bengali";font-display:swap;src:local("Noto Sans Bengali"),url("${escapeHtml(banglaFontUrl)}") format("woff2");unicode-range:U+0964-0965,U+0980-09FE,U+200C-200D,U+25CC}\n` : ""}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f7f7f5;color:#1c1c1c;font-family:"Pathagar Bengali",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
main{max-width:26rem;padding:2rem 1.25rem;text-align:center}
h1{font-size:1.375rem;margin:0 0 .5rem}
p{margin:0 0 1.5rem;color:#4a4a4a}
button{font:inherit;font-weight:600;color:#fff;background:#006a4e;border:0;border-radius:.5rem;padding:.75rem 1.75rem;min-height:44px;cursor:pointer}
button:focus-visible{outline:3px solid #f4a300;outline-offset:2px}
</style>
</head>
<body>
<main>
<svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="#006a4e" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M12 20h.01"/><path d="M8.5 16.43a5 5 0 0 1 7 0"/><path d="M5 12.86a10 10 0 0 1 5.17-2.69"/><path d="M19 12.86a10 10 0 0 0-2-1.47"/><path d="M2 8.82a15 15 0 0 1 4.17-2.65"/><path d="M10.66 5c4.01-.36 8.14.9 11.34 3.76"/><path d="m2 2 20 20"/></svg>
<h1>${title}</h1>
<p>${text}</p>
<button type="button" id="retry">${retry}</button>
</main>
<script${nonceAttr}>
document.getElementById("retry").addEventListener("click",function(){location.reload()});
</script>
</body>
</html>
`;
}
