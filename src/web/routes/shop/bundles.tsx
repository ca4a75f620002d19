import { BundleYearLinks } from "../../components/catalog/bundle-years";
import { CatalogListing } from "../../components/catalog/listing";
import { useLingui } from "../../i18n";
import { listMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/bundles";
import { listCatalog, parseListQuery } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData
    ? listMeta(matches, {
        title: /*i18n*/ "Bundles",
        description:
          /*i18n*/ "Complete sets of books and study material for HSC and admission tests, at a lower price.",
        path: "/bundle",
        page: loaderData.list.page,
      })
    : errorMeta(matches, error);

export async function loader({ request, context }: Route.LoaderArgs) {
  return { list: await listCatalog(context, parseListQuery(request, { kind: "bundle" })) };
}

export default function BundlesPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <CatalogListing
      title={i18n._("Bundles")}
      intro={<p>{i18n._("Complete sets for one exam or subject, cheaper than buying each item alone.")}</p>}
      before={<BundleYearLinks />}
      list={loaderData.list}
      filters={{ sorts: ["best_selling", "newest", "price_asc", "price_desc"], defaultSort: "best_selling" }}
    />
  );
}
