import { useNavigate } from "react-router";
import { bundleItemsSection } from "../../components/admin/bundle-items";
import { ProductForm } from "../../components/admin/product-form";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/bundle-create";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "New bundle") },
];

const items = bundleItemsSection();

export default function NewBundlePage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  return (
    <div>
      <PageHeading title={i18n._("New bundle")} />
      <ProductForm
        area="bundles"
        kind="bundle"
        kindSection={items}
        onSaved={(p) => navigate(`/admin/bundles/${p.id}`, { replace: true })}
      />
    </div>
  );
}
