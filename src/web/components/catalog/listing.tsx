import { SlidersHorizontal } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link, useLocation, useNavigation, useSearchParams } from "react-router";
import type { Page, ProductCard } from "../../../contracts/catalog";
import { useFormat, useLingui } from "../../i18n";
import { pushViewItemList } from "../../lib/analytics-views";
import { useSlowNavigation } from "../layout/navigation-progress";
import { PageHeading } from "../page-heading";
import { activeFilterCount, type FilterOptions, Filters } from "./filters";
import { Pagination } from "./pagination";
import { ProductGrid, ProductGridSkeleton } from "./product-grid";

const COUNT = {
  product: {
    one: /*i18n*/ "1 product",
    many: /*i18n*/ "{count} products",
    more: /*i18n*/ "{count}+ products",
  },
  result: { one: /*i18n*/ "1 result", many: /*i18n*/ "{count} results", more: /*i18n*/ "{count}+ results" },
} as const;

/** "24 products" / "1 product" / "100+ results", in the page's language. */
export function useCountLabel() {
  const { i18n } = useLingui();
  const { number } = useFormat();
  return (n: number, noun: keyof typeof COUNT = "product", more = false) => {
    const words = COUNT[noun];
    return i18n._(more ? words.more : n === 1 ? words.one : words.many, { count: number(n) });
  };
}

/**
 * A list page: heading, filters (a sidebar on a wide screen, a collapsed panel on a phone), the
 * grid of cards and the page links.
 */
export function CatalogListing({
  title,
  intro,
  list,
  filters,
  labels,
  empty,
  before,
  noun = "product",
}: {
  title: string;
  intro?: ReactNode;
  list: Page<ProductCard>;
  filters: FilterOptions;
  labels?: Record<number, string>;
  empty?: ReactNode;
  /** Shown above the grid (links to related lists). */
  before?: ReactNode;
  /** What the count counts. */
  noun?: "product" | "result";
}) {
  const [params] = useSearchParams();
  const { i18n } = useLingui();
  const { number } = useFormat();
  const countLabel = useCountLabel();
  const active = activeFilterCount(params);
  // A new filter, sort or page of this same list: its grid greys out into a skeleton at once.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const reloading = useSlowNavigation() && navigation.location?.pathname === pathname;
  // view_item_list, once per list page shown (its items change with a filter, a sort or a page),
  // named by its path, the same in both languages.
  const { items } = list;
  useEffect(() => {
    if (items.length) pushViewItemList(pathname, items);
  }, [items, pathname]);
  return (
    <div>
      <PageHeading title={title}>{intro}</PageHeading>
      {before}
      <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
        <aside aria-labelledby="filters-heading" className="hidden lg:block">
          <h2 id="filters-heading" className="mb-3 text-lg font-bold text-slate-900">
            {i18n._("Filter and sort")}
          </h2>
          <Filters {...filters} />
        </aside>
        <div className="min-w-0">
          <details className="group mb-4 rounded-lg border border-slate-200 lg:hidden">
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              <SlidersHorizontal aria-hidden="true" className="h-5 w-5 text-brand-800" />
              {i18n._("Filter and sort")}
              {active > 0 ? (
                <span className="rounded-full bg-brand-700 px-2 text-xs leading-5 text-white">
                  <span aria-hidden="true">{number(active)}</span>
                  <span className="sr-only">{i18n._("{count} active", { count: number(active) })}</span>
                </span>
              ) : null}
              <span aria-hidden="true" className="ml-auto text-slate-700 group-open:rotate-180">
                ▾
              </span>
            </summary>
            <Filters {...filters} className="border-t border-slate-200 p-3 sm:grid-cols-2" />
          </details>
          <p className="mb-3 text-sm text-slate-700">
            {countLabel(list.total, noun, list.more)}
            {list.total > list.limit
              ? ` · ${i18n._("page {page} of {pages}", {
                  page: number(list.page),
                  pages: number(Math.max(1, Math.ceil(list.total / list.limit))),
                })}`
              : ""}
          </p>
          {reloading ? (
            <ProductGridSkeleton />
          ) : (
            <ProductGrid
              items={list.items}
              labels={labels}
              empty={
                empty ?? (
                  <>
                    <p className="font-semibold text-slate-900">{i18n._("Nothing matches these filters.")}</p>
                    {active > 0 ? (
                      <p className="mt-2">
                        <Link to="?" className="font-semibold text-brand-800 underline">
                          {i18n._("Clear the filters")}
                        </Link>
                      </p>
                    ) : null}
                  </>
                )
              }
            />
          )}
          <Pagination page={list.page} limit={list.limit} total={list.total} />
        </div>
      </div>
    </div>
  );
}
