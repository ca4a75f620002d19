import { CatalogListing } from "../../components/catalog/listing";
import { useLingui } from "../../i18n";
import { listMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/content-list";
import { listCatalog, parseListQuery } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData
    ? listMeta(matches, {
        title: /*i18n*/ "Learning content",
        description:
          /*i18n*/ "Courses of video lessons, PDF notes and text chapters for HSC and admission tests.",
        path: "/content",
        page: loaderData.list.page,
      })
    : errorMeta(matches, error);

export async function loader({ request, context }: Route.LoaderArgs) {
  return { list: await listCatalog(context, parseListQuery(request, { kind: "content" })) };
}

export default function ContentListPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <CatalogListing
      title={i18n._("Learning content")}
      intro={
        <p>
          {i18n._("Chapters of video lessons, PDF notes and text. Try the free chapters before you buy.")}
        </p>
      }
      list={loaderData.list}
      filters={{
        sorts: ["best_selling", "newest", "price_asc", "price_desc"],
        defaultSort: "best_selling",
        stockFilter: false,
      }}
    />
  );
}
