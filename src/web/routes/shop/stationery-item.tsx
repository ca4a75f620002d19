import { Trans } from "@lingui/react";
import { Link } from "react-router";
import { Gallery } from "../../components/catalog/gallery";
import { Facts, Paragraphs, ProductSummary } from "../../components/catalog/product-detail";
import { ProductRow } from "../../components/catalog/product-row";
import { ReviewsSection } from "../../components/catalog/reviews-later";
import { translateMessage, useFormat, useLingui } from "../../i18n";
import { productMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/stationery-item";
import { loadProduct, parseId } from "./catalog.server";
import { reviewAction } from "./reviews.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData ? productMeta(matches, loaderData.product) : errorMeta(matches, error);

export async function loader({ params, context }: Route.LoaderArgs) {
  return { product: await loadProduct(context, "stationary", parseId(params.id, "stationery item")) };
}

/** The review form posted without JavaScript (HTML first; reviews.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return reviewAction(context, request);
}

export default function StationeryItemPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const details = product.stationery;
  const { i18n } = useLingui();
  const { taka } = useFormat();
  const category = details?.category ? (
    <span className="capitalize">{translateMessage(i18n, details.category)}</span>
  ) : null;
  // The product image first, then the item's other photos, each once.
  const images = [...new Set([product.image, ...(details?.images ?? [])].filter((k): k is string => !!k))];
  return (
    <article>
      <ProductSummary
        product={product}
        source="stationery"
        media={<Gallery images={images} title={product.title} />}
      >
        <p className="mt-3 text-sm text-slate-700">
          <Trans
            id="Delivery {dhaka} inside Dhaka, {outside} elsewhere. <0>Stationery offers</0>"
            values={{ dhaka: taka(4000), outside: taka(6000) }}
            components={{
              0: <Link to="/sales/stationary" className="font-semibold text-brand-800 underline" />,
            }}
          />
        </p>
        <section aria-labelledby="item-details" className="mt-8">
          <h2 id="item-details" className="mb-3 text-lg font-bold text-slate-900">
            {i18n._("Details")}
          </h2>
          <Facts
            rows={[
              [/*i18n*/ "Brand", details?.brand],
              [/*i18n*/ "Category", category],
            ]}
          />
        </section>
      </ProductSummary>
      {product.description ? (
        <section aria-labelledby="about" className="mt-10 max-w-3xl">
          <h2 id="about" className="mb-3 text-xl font-bold text-slate-900">
            {i18n._("About this item")}
          </h2>
          <Paragraphs text={product.description} />
        </section>
      ) : null}
      <div className="mt-10">
        <ProductRow title={i18n._("More stationery")} items={product.related} seeAll="/stationery" />
      </div>
      <ReviewsSection productId={product.id} productType={product.kind} rating={product.rating} />
    </article>
  );
}
