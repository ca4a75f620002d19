import { Link, useNavigate, useSearchParams } from "react-router";
import { ProductForm } from "../../components/admin/product-form";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/book-create";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "New book") }];

export default function NewBookPage() {
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const kind = params.get("kind") === "ebook" ? "ebook" : "book";
  return (
    <div>
      <PageHeading title={i18n._("New book")} />
      <nav aria-label={i18n._("Kind of book")} className="mb-4 flex gap-2">
        {(
          [
            ["book", i18n._("Printed book")],
            ["ebook", i18n._("E-book")],
          ] as const
        ).map(([k, label]) => (
          <Link
            key={k}
            to={k === "book" ? "?" : "?kind=ebook"}
            replace
            aria-current={kind === k ? "page" : undefined}
            className={cn(
              "min-h-11 rounded-md border px-4 py-2.5 text-sm",
              kind === k
                ? "border-brand-700 bg-brand-700 font-semibold text-white"
                : "border-slate-300 bg-white",
            )}
          >
            {label}
          </Link>
        ))}
      </nav>
      <ProductForm
        key={kind}
        area="books"
        kind={kind}
        onSaved={(p) => navigate(`/admin/books/${p.id}`, { replace: true })}
      />
    </div>
  );
}
