import { Link } from "react-router";
import { FilterSelect } from "../../components/admin/data-table";
import { ProductList } from "../../components/admin/product-list";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/content-list";
import { loadProductList } from "./books.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Content") }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadProductList(context, request, "content");
}

const editPath = (p: { id: number }) => `/admin/content/${p.id}`;

export default function CoursesPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  return (
    <div>
      <PageHeading title="Content">
        <Link to="/admin/content/create" className={buttonClass("primary")}>
          Add course
        </Link>
      </PageHeading>
      <ProductList
        area="content"
        label="Content"
        page={page}
        sort={query?.sort ?? "-updatedAt"}
        error={error}
        editPath={editPath}
        searchLabel="Search course titles"
        emptyMessage="No course matches this view."
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
