import { Link, useNavigate } from "react-router";
import type { ProductArea } from "../../../contracts/admin-products";
import type { AdminProduct, StockLedger } from "../../../contracts/answers/staff-catalog";
import { useLingui } from "../../i18n";
import { Button, buttonClass } from "../ui/button";
import { useMutation } from "./mutation";
import { type KindSection, ProductForm } from "./product-form";
import { StockPanel } from "./stock-panel";

/** The pages about a product beside its form, by kind; labels are English messages. */
function relatedLinks(p: AdminProduct): { to: string; label: string }[] {
  switch (p.kind) {
    case "book":
      return [
        { to: `/admin/books/${p.id}/sales`, label: /*i18n*/ "Sales" },
        { to: `/admin/books/${p.id}/reviews`, label: /*i18n*/ "Reviews" },
      ];
    case "ebook":
      return [
        { to: `/admin/books/${p.id}/pages`, label: /*i18n*/ "PDF and pages" },
        { to: `/admin/books/${p.id}/demo`, label: /*i18n*/ "Free preview pages" },
        { to: `/admin/books/${p.id}/sales`, label: /*i18n*/ "Sales" },
        { to: `/admin/books/${p.id}/reviews`, label: /*i18n*/ "Reviews" },
      ];
    case "bundle":
      return [{ to: `/admin/bundles/${p.id}/sales`, label: /*i18n*/ "Sales" }];
    case "content":
      return [{ to: `/admin/content/${p.id}/chapters`, label: /*i18n*/ "Chapters" }];
    case "stationary":
      return [];
  }
}

/**
 * A product's admin page below its heading: links to its other pages, the form (remounted on
 * each saved version), the stock panel for stocked kinds, and delete.
 */
export function ProductEdit({
  area,
  product,
  ledger,
  listPath,
  kindSection,
}: {
  area: ProductArea;
  product: AdminProduct;
  ledger: StockLedger | null;
  /** Where to go after deleting. */
  listPath: string;
  kindSection?: KindSection;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { run, pending } = useMutation();
  return (
    <div className="space-y-6">
      <nav aria-label={i18n._("About this product")} className="flex flex-wrap gap-2">
        <a href={product.url} className={buttonClass("secondary")} target="_blank" rel="noreferrer">
          {i18n._("View in the shop")}
        </a>
        {relatedLinks(product).map((l) => (
          <Link key={l.to} to={l.to} className={buttonClass("secondary")}>
            {i18n._(l.label)}
          </Link>
        ))}
      </nav>
      <ProductForm
        key={product.version}
        area={area}
        kind={product.kind}
        product={product}
        onSaved={() => undefined}
        kindSection={kindSection}
      />
      {ledger ? <StockPanel area={area} productId={product.id} ledger={ledger} /> : null}
      <section aria-labelledby="danger" className="rounded-lg border border-red-200 bg-white p-4">
        <h2 id="danger" className="font-semibold text-red-900">
          {i18n._("Delete")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {i18n._("Only a product nobody has ordered can be deleted; unpublish one that has orders.")}
        </p>
        <Button
          variant="destructive"
          className="mt-3"
          loading={pending}
          onClick={async () => {
            const done = await run({
              method: "DELETE",
              path: `/api/admin/${area}/${product.id}`,
              confirm: {
                title: i18n._("Delete “{title}”?", { title: product.title }),
                description: i18n._("It leaves the shop and the back office for good."),
                confirmLabel: i18n._("Delete"),
                destructive: true,
              },
            });
            if (done) navigate(listPath, { replace: true });
          }}
        >
          {i18n._("Delete")}
        </Button>
      </section>
    </div>
  );
}
