import { Trans } from "@lingui/react";
import { Link } from "react-router";
import { effectivePrice } from "../../../contracts/money";
import { CoverImage } from "../../components/catalog/cover-image";
import { Paragraphs, ProductSummary } from "../../components/catalog/product-detail";
import { ProductRow } from "../../components/catalog/product-row";
import { ReviewsSection } from "../../components/catalog/reviews-later";
import { useFormat, useLingui } from "../../i18n";
import { productMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/bundle";
import { loadProduct } from "./catalog.server";
import { reviewAction } from "./reviews.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData ? productMeta(matches, loaderData.product) : errorMeta(matches, error);

export async function loader({ params, context }: Route.LoaderArgs) {
  return { product: await loadProduct(context, "bundle", params.slug) };
}

/** The review form posted without JavaScript (HTML first; reviews.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return reviewAction(context, request);
}

export default function BundlePage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const bundle = product.bundle ?? { items: [], itemsTotal: 0, saving: 0 };
  const own = effectivePrice(product);
  const count = bundle.items.reduce((n, i) => n + i.quantity, 0);
  const { i18n } = useLingui();
  const { taka, number, year } = useFormat();
  const strong = { 0: <span className="font-bold" /> };
  return (
    <article>
      <ProductSummary product={product} source="bundle">
        {bundle.saving > 0 ? (
          <p className="mt-4 rounded-md bg-brand-50 px-3 py-2 text-brand-900">
            {count === 1 ? (
              <Trans
                id="<0>You save {saving}</0> on 1 item worth {total} bought separately."
                values={{ saving: taka(bundle.saving), total: taka(bundle.itemsTotal) }}
                components={strong}
              />
            ) : (
              <Trans
                id="<0>You save {saving}</0> on {count} items worth {total} bought separately."
                values={{ saving: taka(bundle.saving), count: number(count), total: taka(bundle.itemsTotal) }}
                components={strong}
              />
            )}
          </p>
        ) : null}
        {product.hscYear ? (
          <p className="mt-3 text-slate-800">
            <Trans
              id="For the <0>HSC {year}</0> batch"
              values={{ year: year(product.hscYear) }}
              components={{
                0: (
                  <Link
                    to={`/bundles/${product.hscYear}`}
                    className="font-semibold text-brand-800 underline"
                  />
                ),
              }}
            />
          </p>
        ) : null}
      </ProductSummary>
      <section aria-labelledby="bundle-items" className="mt-10 max-w-3xl">
        <h2 id="bundle-items" className="mb-3 text-xl font-bold text-slate-900">
          {i18n._("What’s in this bundle")}
        </h2>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {bundle.items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 p-3">
              <div className="w-12 shrink-0">
                <CoverImage image={item.image} title={item.title} width={48} sizes="48px" />
              </div>
              <div className="min-w-0 flex-1">
                <Link
                  to={item.url}
                  translate="no"
                  className="line-clamp-2 font-semibold text-slate-900 hover:text-brand-800 hover:underline"
                >
                  {item.title}
                </Link>
                {item.authors.length ? (
                  <p translate="no" className="line-clamp-1 text-sm text-slate-700">
                    {item.authors.map((a) => a.name).join(", ")}
                  </p>
                ) : null}
              </div>
              <div className="shrink-0 text-right text-sm">
                <p className="font-semibold text-slate-900">× {number(item.quantity)}</p>
                <p className="text-slate-700">{taka(effectivePrice(item) * item.quantity)}</p>
              </div>
            </li>
          ))}
        </ul>
        <dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-slate-800">
          <dt>{i18n._("Items bought separately")}</dt>
          <dd className="text-right">{taka(bundle.itemsTotal)}</dd>
          <dt>{i18n._("Bundle price")}</dt>
          <dd className="text-right font-semibold">{taka(own)}</dd>
          {bundle.saving > 0 ? (
            <>
              <dt className="font-bold text-brand-800">{i18n._("You save")}</dt>
              <dd className="text-right font-bold text-brand-800">{taka(bundle.saving)}</dd>
            </>
          ) : null}
        </dl>
      </section>
      {product.description ? (
        <section aria-labelledby="about" className="mt-10 max-w-3xl">
          <h2 id="about" className="mb-3 text-xl font-bold text-slate-900">
            {i18n._("About this bundle")}
          </h2>
          <Paragraphs text={product.description} />
        </section>
      ) : null}
      <div className="mt-10">
        <ProductRow title={i18n._("More bundles")} items={product.related} seeAll="/bundle" />
      </div>
      <ReviewsSection productId={product.id} productType={product.kind} rating={product.rating} />
    </article>
  );
}
