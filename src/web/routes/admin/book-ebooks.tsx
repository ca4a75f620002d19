import { EBookList } from "../../components/admin/ebook-list";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/book-ebooks";
import { loadEBookList } from "./books.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Books with e-books") },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadEBookList(context, request);
}

/**
 * The e-books from within the books section (its menu's sub-page); the spec also lists
 * `/admin/ebook` as a page of its own, which shows the same list.
 */
export default function BooksWithEBooksPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { page, query, error } = loaderData;
  return (
    <div>
      <PageHeading title={i18n._("Books with e-books")} />
      <EBookList page={page} sort={query?.sort ?? "-updatedAt"} error={error} />
    </div>
  );
}
