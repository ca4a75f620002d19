import { Trans } from "@lingui/react";
import { Link } from "react-router";
import { CatalogListing } from "../../components/catalog/listing";
import { useLingui } from "../../i18n";
import { listMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/stationery";
import { findStationeryCategories, listCatalog, parseListQuery } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData
    ? listMeta(matches, {
        title: /*i18n*/ "Stationery",
        description: /*i18n*/ "Pens, notebooks, calculators and exam kits, delivered across Bangladesh.",
        path: "/stationery",
        page: loaderData.list.page,
      })
    : errorMeta(matches, error);

export async function loader({ request, context }: Route.LoaderArgs) {
  const list = await listCatalog(context, parseListQuery(request, { kind: "stationary" }));
  const categories = await findStationeryCategories(
    context,
    list.items.map((i) => i.id),
  );
  return { list, categories };
}

export default function StationeryPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <CatalogListing
      title={i18n._("Stationery")}
      intro={
        <p>
          <Trans
            id="Pens, notebooks, calculators and exam kits. <0>See today’s offers</0>"
            components={{
              0: <Link to="/sales/stationary" className="font-semibold text-brand-800 underline" />,
            }}
          />
        </p>
      }
      list={loaderData.list}
      labels={loaderData.categories}
      filters={{
        sorts: ["best_selling", "newest", "price_asc", "price_desc"],
        defaultSort: "best_selling",
        subjectFilter: false,
      }}
    />
  );
}
