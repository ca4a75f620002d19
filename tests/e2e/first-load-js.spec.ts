import { join } from "node:path";
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadFiles, KB } from "../support/first-load-js";
import { expect, test } from "./helpers";

// The first-load JavaScript of the built shop's `/` and a book page (decision 4): every script and
// module preload the page's HTML names and, when the HTML does not carry the page's messages, the
// catalogue its entry imports before hydrating, gzipped, read as the bench reads it
// (tests/support/first-load-js.ts).
//
// The budget is FIRST_LOAD_JS_BUDGET_KB. Until decision 4's remaining parts land, a page may load
// up to its CEILING_KB: measured when it was set, and lowered as the pages shrink, never raised.
// Raised once, by 0.2 and 0.3 KB, for the third-party tags' consent (decision 56: the root's
// effect, the notice's place in the shell, the product page's view_item). Raised a second time, by
// 1.2 and 1.6 KB, for what every card now says and does (decisions 69, 72 and 74): its availability
// by the one rule ("Only N left", "Pre-order, releases on …", "ships in N days"), its rating, and
// "Save for later" (whose code itself loads as the page hydrates). To be won back.
const CEILING_KB: Record<string, number> = { "/": 126.4, "/book/{id}": 130.0 };

const CLIENT_DIR = join(process.cwd(), "build", "client");

async function firstLoadKB(page: import("@playwright/test").Page, path: string) {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  const { files } = firstLoadFiles(CLIENT_DIR, path, await res.text());
  return { files, kb: files.reduce((s, f) => s + f.gzipBytes, 0) / KB };
}

for (const name of ["/", "/book/{id}"]) {
  test(`${name} loads at most its ceiling of JavaScript up front (the budget is ${FIRST_LOAD_JS_BUDGET_KB} KB)`, async ({
    page,
  }) => {
    let path = name;
    if (name === "/book/{id}") {
      const list = await page.request.get("/api/books?limit=1");
      path = ((await list.json()) as { data: { items: { url: string }[] } }).data.items[0]!.url;
    }
    const { files, kb } = await firstLoadKB(page, path);
    const listing = files.map((f) => `${f.file} ${(f.gzipBytes / KB).toFixed(1)} KB (${f.via})`).join("\n");
    expect(kb, `${path}: ${kb.toFixed(1)} KB gzipped\n${listing}`).toBeLessThanOrEqual(CEILING_KB[name]!);
  });
}
