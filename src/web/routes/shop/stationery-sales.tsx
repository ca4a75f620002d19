import { Trans } from "@lingui/react";
import { Link } from "react-router";
import { ProductGrid } from "../../components/catalog/product-grid";
import { PageHeading } from "../../components/page-heading";
import { useFormat, useLingui } from "../../i18n";
import { listMeta } from "../../lib/catalog-meta";
import type { Route } from "./+types/stationery-sales";
import { findStationeryCategories, listStationerySales } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  listMeta(matches, {
    title: /*i18n*/ "Stationery offers",
    description: /*i18n*/ "Stationery on sale: pens, notebooks, calculators and exam kits at reduced prices.",
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
  const { i18n } = useLingui();
  const { number } = useFormat();
  const allLink = { 0: <Link to="/stationery" className="font-semibold text-brand-800 underline" /> };
  return (
    <div>
      <PageHeading title={i18n._("Stationery offers")}>
        <p>
          {items.length === 1 ? (
            <Trans
              id="1 item on sale, the biggest discount first. <0>All stationery</0>"
              components={allLink}
            />
          ) : (
            <Trans
              id="{count} items on sale, the biggest discount first. <0>All stationery</0>"
              values={{ count: number(items.length) }}
              components={allLink}
            />
          )}
        </p>
      </PageHeading>
      <ProductGrid
        items={items}
        labels={categories}
        className="lg:grid-cols-5"
        empty={
          <p className="font-semibold text-slate-900">
            <Trans
              id="No stationery is on sale right now. <0>Browse all stationery</0>"
              components={{ 0: <Link to="/stationery" className="text-brand-800 underline" /> }}
            />
          </p>
        }
      />
    </div>
  );
}
