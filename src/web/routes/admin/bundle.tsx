import { useMemo } from "react";
import { idField } from "../../../contracts/paging";
import { bundleItemsSection } from "../../components/admin/bundle-items";
import { ProductEdit } from "../../components/admin/product-edit";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/bundle";
import { loadProduct } from "./books.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Edit bundle") },
];

export function loader({ params, context }: Route.LoaderArgs) {
  const id = idField.safeParse(params.id);
  if (!id.success) throw new Response("No such bundle", { status: 404 });
  return loadProduct(context, "bundles", id.data);
}

export default function EditBundlePage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { product, ledger } = loaderData;
  const items = useMemo(() => bundleItemsSection(product), [product]);
  return (
    <div>
      <PageHeading title={i18n._("Edit bundle")}>
        <p>
          {i18n._("Bundle")} · {product.title}
        </p>
      </PageHeading>
      <ProductEdit
        area="bundles"
        product={product}
        ledger={ledger}
        listPath="/admin/bundles"
        kindSection={items}
      />
    </div>
  );
}
