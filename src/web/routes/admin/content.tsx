import { idField } from "../../../contracts/paging";
import { ProductEdit } from "../../components/admin/product-edit";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/content";
import { loadProduct } from "./books.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Edit content") },
];

export function loader({ params, context }: Route.LoaderArgs) {
  const id = idField.safeParse(params.id);
  if (!id.success) throw new Response("No such course", { status: 404 });
  return loadProduct(context, "content", id.data);
}

export default function EditCoursePage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { product, ledger } = loaderData;
  return (
    <div>
      <PageHeading title={i18n._("Edit content")}>
        <p>
          {i18n._("Course")} · {product.title}
        </p>
      </PageHeading>
      <ProductEdit area="content" product={product} ledger={ledger} listPath="/admin/content" />
    </div>
  );
}
