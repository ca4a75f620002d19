/**
 * Reads PDFs back in tests with pdfjs-dist (its Node build). pdfjs-dist 5 expects
 * Promise.withResolvers, which Node 20 lacks.
 */
if (!("withResolvers" in Promise)) {
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (v: T) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<T>((a, b) => {
        resolve = a;
        reject = b;
      });
      return { promise, resolve, reject };
    },
  });
}

const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");

/** One run of text on a page: its words, size, and where it starts and points on the page as seen (y down). */
export type TextRun = { str: string; size: number; x: number; y: number; dx: number; dy: number };

/** Each page's text runs, placed on the page as a viewer shows it (rotation and crop applied). */
export async function pdfTextRuns(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; runs: TextRun[] }[]> {
  const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const pages = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const view = page.getViewport({ scale: 1 });
      const runs: TextRun[] = [];
      for (const item of (await page.getTextContent()).items) {
        if (!("str" in item)) continue;
        const [a, b, , , e, f] = item.transform as number[];
        const [x, y] = view.convertToViewportPoint(e!, f!) as [number, number];
        const [x2, y2] = view.convertToViewportPoint(e! + a!, f! + b!) as [number, number];
        runs.push({ str: item.str, size: Math.hypot(a!, b!), x, y, dx: x2 - x, dy: y2 - y });
      }
      pages.push({ width: view.width, height: view.height, runs });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** The pages of a PDF as text, one string per page. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  return (await pdfTextRuns(bytes)).map((p) => p.runs.map((r) => r.str).join(" "));
}

/** The titles of a PDF's outline (bookmarks) as pdf.js reads them, top level then each one's children. */
export async function pdfOutlineTitles(bytes: Uint8Array): Promise<string[]> {
  const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false }).promise;
  try {
    type Item = { title: string; items: Item[] };
    const flat = (items: Item[]): string[] => items.flatMap((i) => [i.title, ...flat(i.items)]);
    return flat(((await doc.getOutline()) ?? []) as Item[]);
  } finally {
    await doc.destroy();
  }
}
