// What a shop page loads up front, read from its HTML and the built client (shared by the bench's
// `js` part and the e2e test that holds the budget): every /assets/*.js the page names and, when
// the HTML does not carry the page's messages, the language's message catalogue its entry imports
// before hydrating, gzipped as a slow phone gets them.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** The first-load JavaScript a shop page may have (gzip, 1 KB = 1024 B; decision 0004). */
export const FIRST_LOAD_JS_BUDGET_KB = 125;

export const KB = 1024;

/** Every /assets/*.js the page loads up front: <script src>, <link rel=modulepreload>, inline imports. */
export function firstLoadScripts(html: string): { scripts: Map<string, string>; inlineJs: string } {
  const scripts = new Map<string, string>(); // path -> how it is referenced
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
      .exec(tag)
      ?.slice(1)
      .find(Boolean);
  const add = (src: string | undefined, via: string) => {
    if (!src) return;
    const path = new URL(src, "http://x/").pathname;
    if (path.startsWith("/assets/") && path.endsWith(".js") && !scripts.has(path)) scripts.set(path, via);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    // `x-modulepreload`: held until the first paint, then the same (src/web/lib/paint-first.server.ts).
    const rel = attr(tag, "rel") ?? "";
    if (/^(?:x-)?modulepreload$/i.test(rel)) add(attr(tag, "href"), rel.toLowerCase());
  }
  let inlineJs = "";
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(`<script ${m[1]}>`, "src");
    if (src) {
      add(src, "script src");
      continue;
    }
    const body = m[2] ?? "";
    inlineJs += `${body}\n`;
    // React Router's hydration script imports the route modules by URL (held until the first
    // paint, it is a string in a classic script: its quotes escaped).
    for (const i of body.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?\(?\s*\\?["']([^"'\\]+)\\?["']/g))
      add(i[1], "inline import");
  }
  return { scripts, inlineJs };
}

/**
 * The messages the server's render of the page used, which its HTML carries for hydration
 * (`self.__pageMessages={…};`, src/web/i18n/page-messages.server.ts): the statement, or null.
 */
export function pageMessagesIn(inlineJs: string): string | null {
  return /self\.__pageMessages=\{.*?\};(?=\(function)/s.exec(inlineJs)?.[0] ?? null;
}

/**
 * The page's message catalogue: the entry imports `./bn-{hash}.js` or `./en-{hash}.js` (by
 * `<html lang>`) before it hydrates, so it is first-load JavaScript although no tag names it.
 */
export function catalogueChunk(clientDir: string, html: string, scripts: Map<string, string>): string | null {
  const lang = /<html\b[^>]*\slang="([a-z]{2})"/i.exec(html)?.[1];
  if (!lang) return null;
  const re = new RegExp(`import\\(\\s*["']\\./(${lang}-[\\w-]+\\.js)["']\\s*\\)`);
  for (const path of scripts.keys()) {
    const text = readFileSync(join(clientDir, path), "utf8");
    const m = re.exec(text);
    if (m) return `/assets/${m[1]}`;
  }
  return null;
}

export type FirstLoadFile = { file: string; via: string; bytes: number; gzipBytes: number };

/**
 * Each file the page loads up front (its scripts, and its catalogue unless the HTML carries the
 * page's messages: then the catalogue loads after hydration) with its size, largest gzipped first.
 */
export function firstLoadFiles(
  clientDir: string,
  page: string,
  html: string,
): { files: FirstLoadFile[]; inlineJs: string; pageMessages: string | null } {
  const { scripts, inlineJs } = firstLoadScripts(html);
  if (scripts.size === 0) throw new Error(`no /assets/*.js found in the HTML of ${page}`);
  const pageMessages = pageMessagesIn(inlineJs);
  const catalogue = pageMessages ? null : catalogueChunk(clientDir, html, scripts);
  if (catalogue) scripts.set(catalogue, "catalogue (entry import)");
  const files: FirstLoadFile[] = [];
  for (const [path, via] of scripts) {
    const onDisk = join(clientDir, path);
    if (!existsSync(onDisk)) throw new Error(`${path} is referenced by ${page} but not in build/client`);
    const buf = readFileSync(onDisk);
    files.push({ file: path, via, bytes: buf.length, gzipBytes: gzipSync(buf, { level: 9 }).length });
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, inlineJs, pageMessages };
}
