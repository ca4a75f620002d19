import { EBookList } from "../../components/admin/ebook-list";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/ebooks";
import { loadEBookList } from "./books.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "E-books") }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadEBookList(context, request);
}

/** The spec's e-book page of the back office; `/admin/books/ebooks` shows the same list. */
export default function EBooksPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { page, query, error } = loaderData;
  return (
    <div>
      <PageHeading title={i18n._("E-books")} />
      <EBookList page={page} sort={query?.sort ?? "-updatedAt"} error={error} />
    </div>
  );
}
