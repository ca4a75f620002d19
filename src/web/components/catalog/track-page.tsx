import { Link } from "react-router";
import {
  type Page,
  PRODUCT_KINDS,
  type ProductCard,
  TRACK_INFO,
  TRACKS,
  type Track,
} from "../../../contracts/catalog";
import type { FilterChoices } from "../../../contracts/catalog-query";
import { useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import { CatalogListing } from "./listing";

/** Links to the academic tracks, the current one marked. */
export function TrackLinks({ current }: { current?: Track }) {
  const { i18n } = useLingui();
  return (
    <nav
      aria-label={i18n._("Academic tracks")}
      className="relative -mx-3 mb-5 overflow-x-auto px-3 sm:mx-0 sm:px-0"
    >
      <ul className="flex gap-2">
        {TRACKS.map((t) => (
          <li key={t} className="shrink-0">
            <Link
              to={TRACK_INFO[t].path}
              aria-current={t === current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap",
                t === current
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-800 hover:border-brand-700 hover:text-brand-800",
              )}
            >
              {i18n._(TRACK_INFO[t].name)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An academic track's page: everything tagged for it, with filters. */
export function TrackPage({
  track,
  title,
  list,
  choices,
}: {
  track: Track;
  title: string;
  list: Page<ProductCard>;
  choices: FilterChoices;
}) {
  const { i18n } = useLingui();
  return (
    <CatalogListing
      title={i18n._(title)}
      intro={<p>{i18n._(TRACK_INFO[track].blurb)}</p>}
      before={<TrackLinks current={track} />}
      list={list}
      filters={{
        kinds: PRODUCT_KINDS,
        sorts: ["best_selling", "newest", "price_asc", "price_desc"],
        defaultSort: "best_selling",
        choices,
      }}
    />
  );
}
