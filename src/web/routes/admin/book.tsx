import { idField } from "../../../contracts/paging";
import { HistoryLink } from "../../components/admin/history-link";
import { ProductEdit } from "../../components/admin/product-edit";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/book";
import { loadProduct } from "./books.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Edit book") },
];

export function loader({ params, context }: Route.LoaderArgs) {
  const id = idField.safeParse(params.id);
  if (!id.success) throw new Response("No such book", { status: 404 });
  return loadProduct(context, "books", id.data);
}

export default function EditBookPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { product, ledger } = loaderData;
  return (
    <div>
      <PageHeading title={i18n._("Edit book")}>
        <p>
          {product.kind === "ebook" ? i18n._("E-book") : i18n._("Printed book")} · {product.title}{" "}
          <HistoryLink entity="product" id={product.id} />
        </p>
      </PageHeading>
      <ProductEdit area="books" product={product} ledger={ledger} listPath="/admin/books" />
    </div>
  );
}
