import { Link } from "react-router";
import { effectivePrice, formatTaka } from "../../../contracts/money";
import { languageName } from "../../components/catalog/labels";
import { Facts, Paragraphs, ProductSummary } from "../../components/catalog/product-detail";
import { ProductRow } from "../../components/catalog/product-row";
import { ReviewsSection } from "../../components/catalog/reviews-section";
import { productMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/ebook";
import { loadProduct, parseId } from "./catalog.server";
import { loadReadLink } from "./ebook.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData ? productMeta(matches, loaderData.product) : errorMeta(matches, error);

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id, "e-book");
  const [product, read] = await Promise.all([loadProduct(context, "ebook", id), loadReadLink(context, id)]);
  return { product, read };
}

/** "pages 1, 2, 3, 15" / "page 4". */
function pagesText(pages: number[]): string {
  const sorted = [...pages].sort((a, b) => a - b);
  return `${sorted.length === 1 ? "page" : "pages"} ${sorted.join(", ")}`;
}

export default function EbookPage({ loaderData }: Route.ComponentProps) {
  const { product, read } = loaderData;
  const ebook = product.ebook;
  const printed = ebook?.book;
  return (
    <article>
      <ProductSummary
        product={product}
        source="ebook"
        read={read.owned || ebook?.demoPages.length ? read : undefined}
      >
        {ebook && ebook.demoPages.length > 0 ? (
          <p className="mt-4 rounded-md bg-brand-50 px-3 py-2 text-brand-900">
            <span className="font-semibold">Free preview:</span> {pagesText(ebook.demoPages)}
          </p>
        ) : null}
        <p className="mt-3 text-sm text-slate-700">
          Read in your browser on any phone or computer; your page is remembered on every device.
        </p>
        {printed ? (
          <p className="mt-3 text-slate-800">
            Also in print:{" "}
            <Link to={printed.url} className="font-semibold text-brand-800 underline">
              {printed.title}
            </Link>{" "}
            ({formatTaka(effectivePrice(printed))})
          </p>
        ) : null}
        <section aria-labelledby="ebook-details" className="mt-8">
          <h2 id="ebook-details" className="mb-3 text-lg font-bold text-slate-900">
            Details
          </h2>
          <Facts
            rows={[
              ["Pages", ebook?.pageCount || null],
              ["Free preview", ebook?.demoPages.length ? pagesText(ebook.demoPages) : null],
              ["Language", languageName(product.language)],
              ["HSC year", product.hscYear],
              ["Format", "Read online (no download)"],
            ]}
          />
        </section>
      </ProductSummary>
      {product.description ? (
        <section aria-labelledby="about" className="mt-10 max-w-3xl">
          <h2 id="about" className="mb-3 text-xl font-bold text-slate-900">
            About this e-book
          </h2>
          <Paragraphs text={product.description} />
        </section>
      ) : null}
      <div className="mt-10">
        <ProductRow title="More e-books" items={product.related} seeAll="/ebook" />
      </div>
      <ReviewsSection productId={product.id} productType={product.kind} rating={product.rating} />
    </article>
  );
}
