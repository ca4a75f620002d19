import { banglaDigits } from "../../../contracts/locale";
import { BundleYearLinks } from "../../components/catalog/bundle-years";
import { CatalogListing } from "../../components/catalog/listing";
import { useFormat, useLingui } from "../../i18n";
import { listMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import { pageLocale } from "../../lib/meta";
import type { Route } from "./+types/bundles-year";
import { listCatalog, parseListQuery, parseYear } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData
    ? listMeta(matches, {
        title: /*i18n*/ "HSC {year} bundles",
        description: /*i18n*/ "Book and study bundles for the HSC {year} batch.",
        values: {
          year:
            pageLocale(matches) === "bn" ? banglaDigits(String(loaderData.year)) : String(loaderData.year),
        },
        path: `/bundles/${loaderData.year}`,
        page: loaderData.list.page,
      })
    : errorMeta(matches, error);

/** Any year is a page (empty when it has no bundles); anything else is "Page not found". */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const year = parseYear(params.year, request);
  return {
    year,
    list: await listCatalog(context, parseListQuery(request, { kind: "bundle", hscYear: year })),
  };
}

export default function BundlesYearPage({ loaderData }: Route.ComponentProps) {
  const { year, list } = loaderData;
  const { i18n } = useLingui();
  const values = { year: useFormat().year(year) };
  return (
    <CatalogListing
      title={i18n._("HSC {year} bundles", values)}
      intro={<p>{i18n._("Sets put together for students sitting the HSC in {year}.", values)}</p>}
      before={<BundleYearLinks current={year} />}
      list={list}
      filters={{ sorts: ["best_selling", "newest", "price_asc", "price_desc"], defaultSort: "best_selling" }}
      empty={
        <p className="font-semibold text-slate-900">{i18n._("No bundles for HSC {year} yet.", values)}</p>
      }
    />
  );
}
