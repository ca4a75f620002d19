import { useNavigate } from "react-router";
import { ProductForm } from "../../components/admin/product-form";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/content-create";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "New content") },
];

export default function NewCoursePage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  return (
    <div>
      <PageHeading title={i18n._("New content")} />
      <ProductForm
        area="content"
        kind="content"
        onSaved={(p) => navigate(`/admin/content/${p.id}`, { replace: true })}
      />
    </div>
  );
}
