import { Transform } from "node:stream";

/**
 * The page paints before the app's code loads (docs/decisions/0035, speed on slow phones). React Router writes, at the
 * end of the body, `<link rel="modulepreload" href>` for every module of the page and one inline
 * `<script type="module">` that imports them and then the entry, which hydrates. A slow phone
 * fetches those ~130 KB while the HTML is still being painted, and on a slow line they share it
 * with the cover image that is the page's largest paint. This rewrites them as the HTML streams:
 *
 * - each `rel="modulepreload"` becomes `rel="x-modulepreload"`, which browsers ignore (nothing
 *   fetched yet);
 * - the module script becomes a classic inline script (same nonce, same element) that, after the
 *   first frame and the page's high-priority images (at most `IMAGE_WAIT_MS`), gives those links
 *   their `rel` back and inserts the module script with the original text.
 *
 * Only `<Scripts />`'s preloads are held (React writes them into the head, `rel` first and with
 * the page's nonce); a route's own preloads from `<Links nonce="" />` (the reader's pdf.js) are
 * meant to start at once and are left alone. The elements stay where React rendered them (React
 * Router marks them `suppressHydrationWarning`), so hydration finds the document it expects.
 */
const MODULE_SCRIPT =
  /<script((?:\s+[\w-]+(?:="[^"]*")?)*?)\s+type="module"((?:\s+[\w-]+(?:="[^"]*")?)*)>([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" (href="[^"]*" nonce="[^"]+")/g;
const HELD_PRELOAD = '<link rel="x-modulepreload" $1';

/** At most this long (ms) the app's modules wait for the page's high-priority images. */
export const IMAGE_WAIT_MS = 2_000;

/**
 * The classic script that starts the app's modules: after the first frame, and after the
 * page's high-priority images (its largest paint: a cover) have arrived and been painted, or
 * `IMAGE_WAIT_MS` at most, so that the cover does not share a slow line with the scripts.
 */
export function paintFirstLoader(moduleText: string, first = ""): string {
  const text = JSON.stringify(moduleText).replace(/</g, "\\u003c");
  return (
    first +
    `(function(t,n){var started=false;` +
    `function start(){if(started)return;started=true;` +
    `document.querySelectorAll('link[rel="x-modulepreload"]').forEach(function(l){l.rel="modulepreload"});` +
    `var s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=t;` +
    `document.head.append(s);s.remove()}` +
    `function afterFrame(f){requestAnimationFrame(function(){setTimeout(f,0)})}` +
    `afterFrame(function(){` +
    `var wait=[].filter.call(document.querySelectorAll('img[fetchpriority="high"]'),function(i){return !i.complete});` +
    `var left=wait.length;if(!left)return start();` +
    `function one(){if(--left===0)afterFrame(start)}` +
    `wait.forEach(function(i){i.addEventListener("load",one);i.addEventListener("error",one)});` +
    `setTimeout(start,${IMAGE_WAIT_MS})})` +
    `})(${text},document.currentScript&&document.currentScript.nonce)`
  );
}

/**
 * The HTML with the app's modules started after the first paint (see above); other text as it was.
 * `first`, asked for when the module script is reached, is a statement the loader runs first (the
 * page's messages: i18n/page-messages.server.ts).
 */
export function rewriteForPaintFirst(html: string, withScript = true, first?: () => string): string {
  const held = html.replace(MODULE_PRELOAD, HELD_PRELOAD);
  if (!withScript) return held;
  return held.replace(MODULE_SCRIPT, (_all, before: string, after: string, text: string) => {
    return `<script${before}${after}>${paintFirstLoader(text, first?.())}</script>`;
  });
}

/**
 * A stream of the page's HTML, rewritten by `rewriteForPaintFirst`. A tag cut between two chunks
 * is held back until it is whole, and so is the module script until its end tag (only the first
 * one: React Router writes one).
 */
export function paintFirstStream(first?: () => string): Transform {
  let pending = "";
  let scriptDone = false;
  const decoder = new TextDecoder();
  /** Where the text can be cut: before an unfinished tag or an unfinished module script. */
  const safeEnd = (text: string): number => {
    if (!scriptDone) {
      const open = text.search(/<script(?:\s+[\w-]+(?:="[^"]*")?)*?\s+type="module"/);
      if (open >= 0 && !text.includes("</script>", open)) return open;
    }
    const lt = text.lastIndexOf("<");
    return lt >= 0 && !text.includes(">", lt) ? lt : text.length;
  };
  const rewrite = (text: string): string => {
    const out = rewriteForPaintFirst(text, !scriptDone, first);
    if (!scriptDone && MODULE_SCRIPT.test(text)) scriptDone = true;
    return out;
  };
  return new Transform({
    transform(chunk: Buffer | string, _enc, callback) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
      const end = safeEnd(text);
      pending = text.slice(end);
      callback(null, end > 0 ? rewrite(text.slice(0, end)) : undefined);
    },
    flush(callback) {
      const text = pending + decoder.decode();
      pending = "";
      callback(null, text ? rewrite(text) : undefined);
    },
  });
}
