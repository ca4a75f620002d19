import { Link, useNavigate } from "react-router";
import { idField } from "../../../contracts/paging";
import { FilterSelect } from "../../components/admin/data-table";
import { ProductEdit } from "../../components/admin/product-edit";
import { type KindSection, ProductForm } from "../../components/admin/product-form";
import { ProductList } from "../../components/admin/product-list";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/stationery";
import { loadProduct, loadStationeryList } from "./books.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Stationery") },
];

/**
 * The spec has one route for stationery, so the list, the new-item form and an item's edit page
 * share it: `?create=1` shows the form, `?edit={id}` the item with its stock ledger, and anything
 * else the list (its own view in the other parameters).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  if (edit !== null) {
    const id = idField.safeParse(edit);
    if (!id.success) throw new Response("No such stationery item", { status: 404 });
    return { mode: "edit" as const, ...(await loadProduct(context, "stationery", id.data)) };
  }
  if (url.searchParams.get("create") === "1") return { mode: "create" as const };
  return { mode: "list" as const, ...(await loadStationeryList(context, request)) };
}

const editPath = (p: { id: number }) => `/admin/stationary?edit=${p.id}`;

const StationeryDetails: KindSection = ({ form }) => {
  const { i18n } = useLingui();
  const {
    register,
    formState: { errors },
  } = form;
  const err = (name: string) => {
    const message = (errors as Record<string, { message?: string } | undefined>)[name]?.message;
    return message ? i18n._(message) : undefined;
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label={i18n._("Brand")} error={err("brand")} {...register("brand")} />
      <TextField
        label={i18n._("Category")}
        hint={i18n._("Required, e.g. Pens, Notebooks, Geometry")}
        error={err("category")}
        {...register("category")}
      />
    </div>
  );
};

function Back() {
  const { i18n } = useLingui();
  return (
    <Link to="/admin/stationary" className={buttonClass("secondary")}>
      {i18n._("Back to the list")}
    </Link>
  );
}

export default function StationeryPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  if (loaderData.mode === "create") {
    return (
      <div>
        <PageHeading title={i18n._("New stationery item")}>
          <Back />
        </PageHeading>
        <ProductForm
          area="stationery"
          kind="stationary"
          kindSection={StationeryDetails}
          onSaved={(p) => navigate(editPath(p), { replace: true })}
        />
      </div>
    );
  }
  if (loaderData.mode === "edit") {
    const { product, ledger } = loaderData;
    return (
      <div>
        <PageHeading title={i18n._("Edit stationery item")}>
          <p className="mb-3">
            {i18n._("Stationery")} · {product.title}
          </p>
          <Back />
        </PageHeading>
        <ProductEdit
          area="stationery"
          product={product}
          ledger={ledger}
          listPath="/admin/stationary"
          kindSection={StationeryDetails}
        />
      </div>
    );
  }
  const { page, query, error, categories } = loaderData;
  return (
    <div>
      <PageHeading title={i18n._("Stationery")}>
        <Link to="/admin/stationary?create=1" className={buttonClass("primary")}>
          {i18n._("Add item")}
        </Link>
      </PageHeading>
      <ProductList
        area="stationery"
        label={i18n._("Stationery")}
        page={page}
        sort={query?.sort ?? "-updatedAt"}
        error={error}
        editPath={editPath}
        searchLabel={i18n._("Search stationery")}
        emptyMessage={i18n._("No stationery item matches this view.")}
        filters={
          <>
            <FilterSelect
              name="category"
              label={i18n._("Category")}
              options={categories.map((c) => ({ value: c, label: c }))}
            />
            <FilterSelect
              name="published"
              label={i18n._("Published")}
              options={[
                { value: "true", label: i18n._("Yes") },
                { value: "false", label: i18n._("No") },
              ]}
            />
            <FilterSelect
              name="lowStock"
              label={i18n._("Low stock")}
              options={[
                { value: "true", label: i18n._("Yes") },
                { value: "false", label: i18n._("No") },
              ]}
            />
          </>
        }
      />
    </div>
  );
}
