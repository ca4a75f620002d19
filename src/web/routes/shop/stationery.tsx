import { Link } from "react-router";
import { CatalogListing } from "../../components/catalog/listing";
import { listMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/stationery";
import { findStationeryCategories, listCatalog, parseListQuery } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData
    ? listMeta(matches, {
        title: "Stationery",
        description: "Pens, notebooks, calculators and exam kits, delivered across Bangladesh.",
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
  return (
    <CatalogListing
      title="Stationery"
      intro={
        <p>
          Pens, notebooks, calculators and exam kits.{" "}
          <Link to="/sales/stationary" className="font-semibold text-brand-800 underline">
            See today’s offers
          </Link>
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
