/** Pieces the e-book's pages page and its demo page share. */
import { Link } from "react-router";
import { type EbookPdf, thumbnailUrl } from "../../../contracts/uploads";
import { useFormat, useLingui } from "../../i18n";

/** A printed book's id given where an e-book's is wanted, and it has no e-book edition. */
export function PrintedWithoutEbook({ printed }: { printed: { id: number; title: string } }) {
  const { i18n } = useLingui();
  return (
    <div className="max-w-prose rounded-lg border border-slate-200 bg-white p-4">
      <p>
        {i18n._(
          "“{title}” is a printed book without an e-book edition, so it has no PDF pages or preview pages.",
          { title: printed.title },
        )}
      </p>
      <p className="mt-2">
        <Link to={`/admin/books/${printed.id}`} className="text-brand-700 underline">
          {i18n._("Back to the book")}
        </Link>
      </p>
    </div>
  );
}

/** The e-book's pages as small pictures, in order; the preview pages marked. */
export function ThumbnailGrid({ ebook }: { ebook: EbookPdf }) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const demo = new Set(ebook.demoPages);
  const pages = Array.from({ length: ebook.pageCount }, (_, i) => i + 1);
  return (
    <ol className="grid grid-cols-[repeat(auto-fill,minmax(6rem,1fr))] gap-3" aria-label={i18n._("Pages")}>
      {pages.map((n) => (
        <li key={n} className="text-center">
          <figure>
            <img
              src={thumbnailUrl(ebook.id, n, ebook.fileVersion ?? undefined)}
              alt={i18n._("Page {n}", { n: number(n) })}
              loading="lazy"
              width={160}
              height={226}
              className="h-auto w-full rounded border border-slate-200 bg-white shadow-sm"
            />
            <figcaption className="mt-1 text-xs text-slate-700">
              {number(n)}
              {demo.has(n) ? (
                <span className="ml-1 rounded bg-emerald-100 px-1 text-emerald-900">{i18n._("Preview")}</span>
              ) : null}
            </figcaption>
          </figure>
        </li>
      ))}
    </ol>
  );
}
