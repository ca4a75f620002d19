import { Trans } from "@lingui/react";
import { useEffect } from "react";
import { Link } from "react-router";
import { PRODUCT_KINDS, TRACK_INFO, TRACKS } from "../../../contracts/catalog";
import { CatalogListing } from "../../components/catalog/listing";
import { ProductRow } from "../../components/catalog/product-row";
import { translate, useLingui } from "../../i18n";
import { pushSearch } from "../../lib/analytics-views";
import { errorMeta } from "../../lib/error-meta";
import { pageLocale } from "../../lib/meta";
import { seoMeta } from "../../lib/seo";
import type { Route } from "./+types/search";
import { listCatalogWithChoices, listPopular, parseListQuery } from "./catalog.server";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return errorMeta(matches, error);
  const { q } = loaderData;
  const locale = pageLocale(matches);
  return seoMeta(matches, {
    title: q ? translate(locale, /*i18n*/ "Search: {q}", { q }) : /*i18n*/ "All products",
    description: q
      ? translate(locale, /*i18n*/ "Books, e-books and more matching “{q}”.", { q })
      : /*i18n*/ "Everything in the shop.",
    path: "/search",
    noindex: true,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseListQuery(request);
  // "Search instead for …": the words as typed, without correcting typos.
  const exact = new URL(request.url).searchParams.get("exact") === "1";
  const { list, choices } = await listCatalogWithChoices(context, { ...query, exact });
  // Nothing found: offer the best sellers instead of an empty page.
  const popular = query.q && list.total === 0 ? await listPopular(context) : [];
  return { q: query.q ?? "", list, choices, popular };
}

/** The line above corrected results: what was searched for, and a way back to the typed words. */
function DidYouMean({ q, searchedFor }: { q: string; searchedFor: string }) {
  const { i18n } = useLingui();
  return (
    <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-slate-800" role="status">
      <Trans
        id="Did you mean <0>{searchedFor}</0>? Showing results for “{searchedFor}”."
        values={{ searchedFor }}
        components={{
          0: (
            <Link
              to={`/search?q=${encodeURIComponent(searchedFor)}`}
              className="font-semibold text-brand-800 underline"
            />
          ),
        }}
      />{" "}
      <Link
        to={`/search?q=${encodeURIComponent(q)}&exact=1`}
        className="inline-flex min-h-11 items-center text-brand-800 underline sm:min-h-0"
      >
        {i18n._("Search instead for “{q}”", { q })}
      </Link>
    </p>
  );
}

function NoResults({ q }: { q: string }) {
  const { i18n } = useLingui();
  return (
    <div className="mx-auto max-w-md text-left">
      <p className="text-lg font-semibold text-slate-900">{i18n._("No results for “{q}”", { q })}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
        <li>{i18n._("Check the spelling, or type fewer words.")}</li>
        <li>{i18n._("Search by the book’s title, the author, or the subject, in English or Bangla.")}</li>
        <li>{i18n._("Remove filters that might be too narrow.")}</li>
      </ul>
      <p className="mt-4 text-slate-800">{i18n._("Or browse a track:")}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {TRACKS.map((t) => (
          <li key={t}>
            <Link
              to={TRACK_INFO[t].path}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-brand-700 hover:text-brand-800"
            >
              {i18n._(TRACK_INFO[t].name)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, list, choices, popular } = loaderData;
  const { i18n } = useLingui();
  // search, once per term searched (decision 56).
  useEffect(() => {
    if (q) pushSearch(q);
  }, [q]);
  return (
    <div>
      {q && list.searchedFor ? <DidYouMean q={q} searchedFor={list.searchedFor} /> : null}
      <CatalogListing
        title={q ? i18n._("Results for “{q}”", { q }) : i18n._("All products")}
        noun="result"
        list={list}
        filters={{
          kinds: PRODUCT_KINDS,
          sorts: q
            ? ["relevance", "best_selling", "newest", "price_asc", "price_desc"]
            : ["best_selling", "newest", "price_asc", "price_desc"],
          defaultSort: q ? "relevance" : "best_selling",
          keep: ["q", "exact"],
          choices,
        }}
        empty={q ? <NoResults q={q} /> : undefined}
      />
      {popular.length > 0 ? (
        <div className="mt-10">
          <ProductRow title={i18n._("Popular right now")} items={popular} />
        </div>
      ) : null}
    </div>
  );
}
