import { type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import SearchCommand from "../../components/admin/search-command";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/search";
import { loadSearch } from "./search.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Search") }];

export function loader({ context, request }: Route.LoaderArgs) {
  return loadSearch(context, request);
}

// The box searches as one types and writes `?q=` as it goes: that alone need not load the page again.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const [, setSearchParams] = useSearchParams();
  return (
    <div className="max-w-2xl">
      <PageHeading title={i18n._("Search")} />
      <p className="mb-4 text-sm text-slate-600">
        {i18n._(
          "Orders by number, phone, invoice or consignment; users by phone, email or name; products by title or ISBN. Press {shortcut} or / on any admin page to search from there.",
          { shortcut: "Ctrl+K" },
        )}
      </p>
      <div className="rounded-lg border border-slate-200 bg-white p-3">
        <SearchCommand
          initialQuery={loaderData.q}
          initialResult={loaderData.result}
          onQueryChange={(q) => setSearchParams(q ? { q } : {}, { replace: true, preventScrollReset: true })}
        />
      </div>
    </div>
  );
}
