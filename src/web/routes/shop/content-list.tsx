import { CatalogListing } from "../../components/catalog/listing";
import { listMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/content-list";
import { listCatalog, parseListQuery } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData
    ? listMeta(matches, {
        title: "Learning content",
        description: "Courses of video lessons, PDF notes and text chapters for HSC and admission tests.",
        path: "/content",
        page: loaderData.list.page,
      })
    : errorMeta(matches, error);

export async function loader({ request, context }: Route.LoaderArgs) {
  return { list: await listCatalog(context, parseListQuery(request, { kind: "content" })) };
}

export default function ContentListPage({ loaderData }: Route.ComponentProps) {
  return (
    <CatalogListing
      title="Learning content"
      intro={<p>Chapters of video lessons, PDF notes and text. Try the free chapters before you buy.</p>}
      list={loaderData.list}
      filters={{
        sorts: ["best_selling", "newest", "price_asc", "price_desc"],
        defaultSort: "best_selling",
        stockFilter: false,
      }}
    />
  );
}
