import { useNavigate } from "react-router";
import { ProductForm } from "../../components/admin/product-form";
import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/content-create";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "New content") }];

export default function NewCoursePage() {
  const navigate = useNavigate();
  return (
    <div>
      <PageHeading title="New content" />
      <ProductForm
        area="content"
        kind="content"
        onSaved={(p) => navigate(`/admin/content/${p.id}`, { replace: true })}
      />
    </div>
  );
}
