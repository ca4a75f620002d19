/**
 * A PDF's outline (the bookmarks a PDF viewer shows beside the pages), read with pdf-lib's
 * low-level objects: each entry's title, the page it points at and how deep it sits. Entries that
 * point nowhere readable (another file, a URL, a page that is not there) are left out; a damaged
 * or looping outline gives what could be read before the damage, never an error.
 */
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFString,
} from "pdf-lib";

export type PdfOutlineEntry = { title: string; page: number; depth: number };

/** Enough for any real book, small enough that a hostile file cannot make the walk expensive. */
const MAX_ENTRIES = 1000;
const MAX_DEPTH = 8;
const MAX_TITLE = 200;

function text(obj: PDFObject | undefined): string | null {
  if (obj instanceof PDFString || obj instanceof PDFHexString) return obj.decodeText();
  return null;
}

export function readOutline(doc: PDFDocument): PdfOutlineEntry[] {
  try {
    return walk(doc);
  } catch {
    return [];
  }
}

function walk(doc: PDFDocument): PdfOutlineEntry[] {
  const { context, catalog } = doc;
  const root = catalog.lookupMaybe(PDFName.of("Outlines"), PDFDict);
  if (!root) return [];
  const pageOf = new Map<string, number>();
  doc.getPages().forEach((p, i) => {
    pageOf.set(p.ref.toString(), i + 1);
  });
  const dests = catalog.lookupMaybe(PDFName.of("Dests"), PDFDict);
  const names = catalog.lookupMaybe(PDFName.of("Names"), PDFDict)?.lookupMaybe(PDFName.of("Dests"), PDFDict);

  /** Looks a string up in a name tree (its /Names pairs and /Kids), at most a few levels deep. */
  const inNameTree = (node: PDFDict | undefined, key: string, depth = 0): PDFObject | undefined => {
    if (!node || depth > MAX_DEPTH) return undefined;
    const pairs = node.lookupMaybe(PDFName.of("Names"), PDFArray);
    if (pairs) {
      for (let i = 0; i + 1 < pairs.size(); i += 2) {
        if (text(pairs.lookup(i)) === key) return pairs.lookup(i + 1);
      }
    }
    const kids = node.lookupMaybe(PDFName.of("Kids"), PDFArray);
    if (kids) {
      for (let i = 0; i < kids.size(); i++) {
        const found = inNameTree(kids.lookupMaybe(i, PDFDict), key, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  };

  /** The 1-based page a destination (an array, a name or a string naming one) points at. */
  const pageOfDest = (dest: PDFObject | undefined, hops = 0): number | null => {
    if (!dest || hops > 2) return null;
    const d = dest instanceof PDFRef ? context.lookup(dest) : dest;
    if (d instanceof PDFArray) {
      const target = d.get(0);
      return target instanceof PDFRef ? (pageOf.get(target.toString()) ?? null) : null;
    }
    if (d instanceof PDFDict) return pageOfDest(d.get(PDFName.of("D")), hops + 1);
    if (d instanceof PDFName) return pageOfDest(dests?.get(d), hops + 1);
    const name = text(d as PDFObject);
    if (name !== null) return pageOfDest(inNameTree(names, name), hops + 1);
    return null;
  };

  const out: PdfOutlineEntry[] = [];
  const seen = new Set<PDFDict>();
  const visit = (first: PDFDict | undefined, depth: number) => {
    let item = first;
    while (item && !seen.has(item) && out.length < MAX_ENTRIES) {
      seen.add(item);
      const title = text(item.lookup(PDFName.of("Title")))
        ?.replace(/\s+/g, " ")
        .trim()
        .slice(0, MAX_TITLE);
      let page = pageOfDest(item.get(PDFName.of("Dest")));
      if (page === null) {
        const action = item.lookupMaybe(PDFName.of("A"), PDFDict);
        if (action?.lookupMaybe(PDFName.of("S"), PDFName) === PDFName.of("GoTo"))
          page = pageOfDest(action.get(PDFName.of("D")));
      }
      if (title && page !== null) out.push({ title, page, depth });
      if (depth + 1 < MAX_DEPTH) visit(item.lookupMaybe(PDFName.of("First"), PDFDict), depth + 1);
      item = item.lookupMaybe(PDFName.of("Next"), PDFDict);
    }
  };
  visit(root.lookupMaybe(PDFName.of("First"), PDFDict), 0);
  return out;
}
