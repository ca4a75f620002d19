import { BookOpen } from "lucide-react";
import { Link } from "react-router";
import { TRACK_INFO } from "../../../contracts/catalog";
import { languageName } from "../../components/catalog/labels";
import { Facts, Paragraphs, ProductSummary } from "../../components/catalog/product-detail";
import { ProductRow } from "../../components/catalog/product-row";
import { ReviewsSection } from "../../components/catalog/reviews-later";
import { buttonClass } from "../../components/ui/button";
import { useFormat, useLingui } from "../../i18n";
import { productMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/book";
import { loadProduct, parseId } from "./catalog.server";
import { reviewAction } from "./reviews.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData ? productMeta(matches, loaderData.product) : errorMeta(matches, error);

export async function loader({ params, context }: Route.LoaderArgs) {
  return { product: await loadProduct(context, "book", parseId(params.id, "book")) };
}

/** The review form posted without JavaScript (HTML first; reviews.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return reviewAction(context, request);
}

export default function BookPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const book = product.book;
  const { i18n } = useLingui();
  const { number } = useFormat();
  const trackLinks = product.tracks.length ? (
    <span className="flex flex-wrap gap-x-3">
      {product.tracks.map((t) => (
        <Link key={t} to={TRACK_INFO[t].path} className="text-brand-800 underline">
          {i18n._(TRACK_INFO[t].name)}
        </Link>
      ))}
    </span>
  ) : null;
  return (
    <article>
      <ProductSummary product={product} source="book">
        {book?.ebookId ? (
          <Link to={`/ebook/${book.ebookId}`} className={buttonClass("secondary", "mt-3 w-full sm:w-auto")}>
            <BookOpen aria-hidden="true" className="h-5 w-5" />
            {i18n._("Read the e-book")}
          </Link>
        ) : null}
        <section aria-labelledby="book-details" className="mt-8">
          <h2 id="book-details" className="mb-3 text-lg font-bold text-slate-900">
            {i18n._("Details")}
          </h2>
          <Facts
            rows={[
              [/*i18n*/ "Publisher", book?.publisher],
              [/*i18n*/ "Edition", book?.edition],
              [/*i18n*/ "ISBN", book?.isbn],
              [/*i18n*/ "Pages", book?.pages == null ? null : number(book.pages)],
              [/*i18n*/ "Language", i18n._(languageName(product.language))],
              [/*i18n*/ "HSC year", product.hscYear],
              [/*i18n*/ "Tracks", trackLinks],
            ]}
          />
        </section>
      </ProductSummary>
      {product.description ? (
        <section aria-labelledby="about" className="mt-10 max-w-3xl">
          <h2 id="about" className="mb-3 text-xl font-bold text-slate-900">
            {i18n._("About this book")}
          </h2>
          <Paragraphs text={product.description} />
        </section>
      ) : null}
      <div className="mt-10">
        <ProductRow title={i18n._("You may also like")} items={product.related} />
      </div>
      <ReviewsSection productId={product.id} productType={product.kind} rating={product.rating} />
    </article>
  );
}
