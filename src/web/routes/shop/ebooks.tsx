import { CatalogListing } from "../../components/catalog/listing";
import { useLingui } from "../../i18n";
import { listMeta } from "../../lib/catalog-meta";
import { errorMeta } from "../../lib/error-meta";
import type { Route } from "./+types/ebooks";
import { listCatalogWithChoices, parseListQuery } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData
    ? listMeta(matches, {
        title: /*i18n*/ "E-books",
        description:
          /*i18n*/ "E-books for HSC and admission tests: read in your browser on any phone, with free preview pages.",
        path: "/ebook",
        page: loaderData.list.page,
      })
    : errorMeta(matches, error);

export async function loader({ request, context }: Route.LoaderArgs) {
  return listCatalogWithChoices(context, parseListQuery(request, { kind: "ebook" }));
}

export default function EbooksPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <CatalogListing
      title={i18n._("E-books")}
      intro={
        <p>{i18n._("Read in your browser on any phone or computer. Every e-book has free preview pages.")}</p>
      }
      list={loaderData.list}
      filters={{
        sorts: ["best_selling", "newest", "price_asc", "price_desc"],
        defaultSort: "best_selling",
        stockFilter: false,
        choices: loaderData.choices,
      }}
    />
  );
}
