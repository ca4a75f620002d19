import { Link } from "react-router";
import { ProductGrid } from "../../components/catalog/product-grid";
import { PageHeading } from "../../components/page-heading";
import { listMeta } from "../../lib/catalog-meta";
import type { Route } from "./+types/stationery-sales";
import { findStationeryCategories, listStationerySales } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  listMeta(matches, {
    title: "Stationery offers",
    description: "Stationery on sale: pens, notebooks, calculators and exam kits at reduced prices.",
    path: "/sales/stationary",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const items = await listStationerySales(context);
  const categories = await findStationeryCategories(
    context,
    items.map((i) => i.id),
  );
  return { items, categories };
}

export default function StationerySalesPage({ loaderData }: Route.ComponentProps) {
  const { items, categories } = loaderData;
  return (
    <div>
      <PageHeading title="Stationery offers">
        <p>
          {items.length === 1 ? "1 item" : `${items.length} items`} on sale, the biggest discount first.{" "}
          <Link to="/stationery" className="font-semibold text-brand-800 underline">
            All stationery
          </Link>
        </p>
      </PageHeading>
      <ProductGrid
        items={items}
        labels={categories}
        className="lg:grid-cols-5"
        empty={
          <p className="font-semibold text-slate-900">
            No stationery is on sale right now.{" "}
            <Link to="/stationery" className="text-brand-800 underline">
              Browse all stationery
            </Link>
          </p>
        }
      />
    </div>
  );
}
