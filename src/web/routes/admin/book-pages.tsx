import { Link, useRevalidator } from "react-router";
import { type EbookPdf, formatBytes } from "../../../contracts/uploads";
import { PrintedWithoutEbook, ThumbnailGrid } from "../../components/admin/ebook-pages";
import { PdfUpload } from "../../components/admin/pdf-upload";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/book-pages";
import { loadEbookPdf } from "./book-pages.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Book pages") },
];

export function loader({ params, context }: Route.LoaderArgs) {
  return loadEbookPdf(context, params.id, "pages");
}

export default function BookPagesPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const revalidator = useRevalidator();
  if (!loaderData.ebook) {
    return (
      <div>
        <PageHeading title={i18n._("Book pages")} />
        <PrintedWithoutEbook printed={loaderData.printed} />
      </div>
    );
  }
  const ebook = loaderData.ebook;
  const has = ebook.pageCount > 0;
  return (
    <div>
      <PageHeading title={i18n._("Book pages")}>
        <p className="font-medium">{ebook.title}</p>
      </PageHeading>
      <section
        aria-labelledby="pdf-state"
        className="mb-6 max-w-xl rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="pdf-state" className="text-lg font-semibold">
          {i18n._("The e-book’s PDF")}
        </h2>
        <p className="mt-1 text-slate-700" data-testid="pdf-state">
          {has
            ? [
                i18n._("{count} pages", { count: number(ebook.pageCount) }),
                ebook.fileBytes !== null ? formatBytes(ebook.fileBytes) : null,
                i18n._("{count} preview pages", { count: number(ebook.demoPages.length) }),
              ]
                .filter(Boolean)
                .join(" · ")
            : i18n._("No PDF yet: readers cannot open this e-book until one is uploaded.")}
        </p>
        <div className="mt-4">
          <PdfUpload<EbookPdf>
            url={`/api/admin/ebooks/${ebook.id}/pdf?version=${ebook.version}`}
            label={has ? i18n._("Replace the PDF") : i18n._("Upload the PDF")}
            action={has ? i18n._("Replace PDF") : i18n._("Upload PDF")}
            onUploaded={async (answer) => {
              toast({ title: answer.message, description: ebook.title });
              await revalidator.revalidate();
            }}
            onRefused={(err) => {
              // A colleague's newer version: show theirs; the file can be sent again on it.
              if (err.statusCode === 409) void revalidator.revalidate();
            }}
          />
        </div>
      </section>
      {has ? (
        <section aria-labelledby="pages-heading">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="pages-heading" className="text-lg font-semibold">
              {i18n._("Pages")}
            </h2>
            <Link to={`/admin/books/${ebook.id}/demo`} className={buttonClass("secondary")}>
              {i18n._("Choose preview pages")}
            </Link>
          </div>
          <ThumbnailGrid ebook={ebook} />
        </section>
      ) : null}
    </div>
  );
}
