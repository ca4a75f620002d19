import { Link } from "react-router";
import { FilterSelect } from "../../components/admin/data-table";
import { ProductList } from "../../components/admin/product-list";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/bundles";
import { loadProductList } from "./books.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Bundles") }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadProductList(context, request, "bundles");
}

const editPath = (p: { id: number }) => `/admin/bundles/${p.id}`;

export default function BundlesPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  return (
    <div>
      <PageHeading title="Bundles">
        <Link to="/admin/bundles/create" className={buttonClass("primary")}>
          Add bundle
        </Link>
      </PageHeading>
      <ProductList
        area="bundles"
        label="Bundles"
        page={page}
        sort={query?.sort ?? "-updatedAt"}
        error={error}
        editPath={editPath}
        searchLabel="Search bundle titles"
        emptyMessage="No bundle matches this view."
        filters={
          <FilterSelect
            name="published"
            label="Published"
            options={[
              { value: "true", label: "Yes" },
              { value: "false", label: "No" },
            ]}
          />
        }
      />
    </div>
  );
}
