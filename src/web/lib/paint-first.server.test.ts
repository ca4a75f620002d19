import { Readable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import {
  IMAGE_WAIT_MS,
  paintFirstLoader,
  paintFirstStream,
  rewriteForPaintFirst,
} from "./paint-first.server";

const MODULE =
  'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-1.js");';
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><title>Pathagar</title>' +
  '<link nonce="" rel="modulepreload" href="/assets/pdf.min-1.mjs"/>' +
  '<link rel="modulepreload" href="/assets/manifest-1.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="abc"/></head><body><main>Books</main>' +
  '<script nonce="abc">window.__reactRouterContext = {};</script>' +
  `<script nonce="abc" type="module" async="">${MODULE}</script>` +
  '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>';

async function streamed(html: string, cuts: number[]): Promise<string> {
  const pieces: Buffer[] = [];
  let from = 0;
  for (const at of [...cuts, html.length]) {
    pieces.push(Buffer.from(html.slice(from, at)));
    from = at;
  }
  let out = "";
  for await (const chunk of Readable.from(pieces).pipe(paintFirstStream())) out += String(chunk);
  return out;
}

describe("the page paints before the app's code loads", () => {
  it("names no module to fetch while the HTML is read: the preloads wait under a rel browsers ignore", () => {
    const html = rewriteForPaintFirst(PAGE);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain('<link rel="x-modulepreload" href="/assets/entry.client-1.js" nonce="abc"/>');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
  });

  it("turns the module script into a classic one with the same nonce, which starts the modules after a frame", () => {
    const html = rewriteForPaintFirst(PAGE);
    expect(html).toContain(`<script nonce="abc" async="">${paintFirstLoader(MODULE)}</script>`);
    expect(paintFirstLoader(MODULE)).toMatch(/requestAnimationFrame\(/);
    expect(paintFirstLoader(MODULE)).toContain(`img[fetchpriority="high"]`);
    expect(paintFirstLoader(MODULE)).toContain(`setTimeout(start,${IMAGE_WAIT_MS})`);
  });

  it("keeps the module's text exactly, even a `</script>` in it", () => {
    const text = 'console.log("</script>")';
    const loader = paintFirstLoader(text);
    expect(loader).not.toContain("</script>");
    const literal = /\}\)\}\)\((".*?"),document\.currentScript/.exec(loader)?.[1];
    expect(JSON.parse(literal ?? '""')).toBe(text);
  });

  it("runs the page's messages statement first, asked for only when the module script is reached", async () => {
    const first = vi.fn(() => "self.__pageMessages={};");
    const cut = PAGE.indexOf("<main>");
    let out = "";
    for await (const chunk of Readable.from([PAGE.slice(0, cut), PAGE.slice(cut)]).pipe(
      paintFirstStream(first),
    ))
      out += String(chunk);
    expect(first).toHaveBeenCalledTimes(1);
    expect(out).toContain(`<script nonce="abc" async="">self.__pageMessages={};(function(t,n){`);
  });

  it("leaves a route's own preload alone (the reader's pdf.js starts at once)", async () => {
    expect(rewriteForPaintFirst(PAGE)).toContain(
      '<link nonce="" rel="modulepreload" href="/assets/pdf.min-1.mjs"/>',
    );
    expect(await streamed(PAGE, [PAGE.indexOf("</head>") + 3])).toContain(
      '<link nonce="" rel="modulepreload" href="/assets/pdf.min-1.mjs"/>',
    );
  });

  it("leaves the rest of the page as it was", () => {
    const html = rewriteForPaintFirst(PAGE);
    expect(html.startsWith(PAGE.slice(0, PAGE.indexOf("<link rel=")))).toBe(true);
    expect(html).toContain("</head><body><main>Books</main>");
    expect(html).toContain('<script nonce="abc">window.__reactRouterContext = {};</script>');
    expect(rewriteForPaintFirst("<p>no scripts</p>")).toBe("<p>no scripts</p>");
  });

  it("gives the same page however the stream cuts it, in a tag or in the script", async () => {
    const whole = rewriteForPaintFirst(PAGE);
    const script = PAGE.indexOf('type="module"');
    for (const cuts of [
      [],
      [PAGE.indexOf("modulepreload") + 3],
      [script - 5, script + 40],
      [10, 120, 200, 260, 330, 400],
    ]) {
      expect(await streamed(PAGE, cuts)).toBe(whole);
    }
  });

  it("keeps a Bangla letter cut between two chunks whole", async () => {
    const page = "<p>পদার্থবিজ্ঞান</p>";
    const bytes = Buffer.from(page);
    let out = "";
    for await (const chunk of Readable.from([bytes.subarray(0, 6), bytes.subarray(6)]).pipe(
      paintFirstStream(),
    ))
      out += String(chunk);
    expect(out).toBe(page);
  });
});
