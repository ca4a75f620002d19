import { data } from "react-router";
import { BundleYearLinks } from "../../components/catalog/bundle-years";
import { CatalogListing } from "../../components/catalog/listing";
import { listMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/bundles-year";
import { listCatalog, parseListQuery } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData
    ? listMeta(matches, {
        title: `HSC ${loaderData.year} bundles`,
        description: `Book and study bundles for the HSC ${loaderData.year} batch.`,
        path: `/bundles/${loaderData.year}`,
        page: loaderData.list.page,
      })
    : errorMeta(matches, error);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const year = /^\d{4}$/.test(params.year) ? Number(params.year) : Number.NaN;
  if (!(year >= 2000 && year <= 2100)) throw data("year must be a year, such as 2026", { status: 400 });
  return {
    year,
    list: await listCatalog(context, parseListQuery(request, { kind: "bundle", hscYear: year })),
  };
}

export default function BundlesYearPage({ loaderData }: Route.ComponentProps) {
  const { year, list } = loaderData;
  return (
    <CatalogListing
      title={`HSC ${year} bundles`}
      intro={<p>Sets put together for students sitting the HSC in {year}.</p>}
      before={<BundleYearLinks current={year} />}
      list={list}
      filters={{ sorts: ["best_selling", "newest", "price_asc", "price_desc"], defaultSort: "best_selling" }}
      empty={<p className="font-semibold text-slate-900">No bundles for HSC {year} yet.</p>}
    />
  );
}
