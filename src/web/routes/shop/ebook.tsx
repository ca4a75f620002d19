import { Trans } from "@lingui/react";
import { Link } from "react-router";
import { effectivePrice } from "../../../contracts/money";
import { languageName } from "../../components/catalog/labels";
import { Facts, Paragraphs, ProductSummary } from "../../components/catalog/product-detail";
import { ProductRow } from "../../components/catalog/product-row";
import { ReviewsSection } from "../../components/catalog/reviews-later";
import { useFormat, useLingui } from "../../i18n";
import { productMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/ebook";
import { loadProduct, parseId } from "./catalog.server";
import { loadReadLink } from "./ebook.server";
import { reviewAction } from "./reviews.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData ? productMeta(matches, loaderData.product) : errorMeta(matches, error);

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id, "e-book");
  const [product, read] = await Promise.all([loadProduct(context, "ebook", id), loadReadLink(context, id)]);
  return { product, read };
}

/** The review form posted without JavaScript (HTML first; reviews.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return reviewAction(context, request);
}

/** "pages 1, 2, 3, 15" / "page 4", in the page's language. */
function usePagesText(): (pages: number[]) => string {
  const { i18n } = useLingui();
  const { number } = useFormat();
  return (pages) => {
    const sorted = [...pages].sort((a, b) => a - b);
    const list = sorted.map(number).join(", ");
    return sorted.length === 1
      ? i18n._("page {pages}", { pages: list })
      : i18n._("pages {pages}", { pages: list });
  };
}

export default function EbookPage({ loaderData }: Route.ComponentProps) {
  const { product, read } = loaderData;
  const ebook = product.ebook;
  const printed = ebook?.book;
  const { i18n } = useLingui();
  const { number, taka, year } = useFormat();
  const pagesText = usePagesText();
  const readLink = { ...read, values: read.page ? { page: number(read.page) } : undefined };
  return (
    <article>
      <ProductSummary
        product={product}
        source="ebook"
        read={read.owned || ebook?.demoPages.length ? readLink : undefined}
      >
        {ebook && ebook.demoPages.length > 0 ? (
          <p className="mt-4 rounded-md bg-brand-50 px-3 py-2 text-brand-900">
            <Trans
              id="<0>Free preview:</0> {pages}"
              values={{ pages: pagesText(ebook.demoPages) }}
              components={{ 0: <span className="font-semibold" /> }}
            />
          </p>
        ) : null}
        <p className="mt-3 text-sm text-slate-700">
          {i18n._("Read in your browser on any phone or computer; your page is remembered on every device.")}
        </p>
        {printed ? (
          <p className="mt-3 text-slate-800">
            <Trans
              id="Also in print: <0>{title}</0> ({price})"
              values={{ title: printed.title, price: taka(effectivePrice(printed)) }}
              components={{
                0: (
                  <Link to={printed.url} translate="no" className="font-semibold text-brand-800 underline" />
                ),
              }}
            />
          </p>
        ) : null}
        <section aria-labelledby="ebook-details" className="mt-8">
          <h2 id="ebook-details" className="mb-3 text-lg font-bold text-slate-900">
            {i18n._("Details")}
          </h2>
          <Facts
            rows={[
              [/*i18n*/ "Pages", ebook?.pageCount ? number(ebook.pageCount) : null],
              [/*i18n*/ "Free preview", ebook?.demoPages.length ? pagesText(ebook.demoPages) : null],
              [/*i18n*/ "Language", i18n._(languageName(product.language))],
              [/*i18n*/ "HSC year", product.hscYear ? year(product.hscYear) : null],
              [/*i18n*/ "Format", i18n._("Read online (no download)")],
            ]}
          />
        </section>
      </ProductSummary>
      {product.description ? (
        <section aria-labelledby="about" className="mt-10 max-w-3xl">
          <h2 id="about" className="mb-3 text-xl font-bold text-slate-900">
            {i18n._("About this e-book")}
          </h2>
          <Paragraphs text={product.description} />
        </section>
      ) : null}
      <div className="mt-10">
        <ProductRow title={i18n._("More e-books")} items={product.related} seeAll="/ebook" />
      </div>
      <ReviewsSection productId={product.id} productType={product.kind} rating={product.rating} />
    </article>
  );
}
