import { type FormEvent, useId } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import type { ProductKind, Sort } from "../../../contracts/catalog";
import type { FilterChoices } from "../../../contracts/catalog-query";
import { SUBJECT_CODES, SUBJECTS } from "../../../contracts/subjects";
import { useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import { buttonClass } from "../ui/button";
import { KIND_LABEL, SORT_LABEL } from "./labels";

export type FilterOptions = {
  /** Offer a kind filter with these kinds. */
  kinds?: readonly ProductKind[];
  sorts: readonly Sort[];
  /** The sort of an unsorted list (what "" means). */
  defaultSort: Sort;
  /** Search parameters the form carries over unchanged (the search words). */
  keep?: readonly string[];
  /** Offer the in-stock filter (not for digital-only lists). */
  stockFilter?: boolean;
  /** Offer the subject filter (not for stationery). */
  subjectFilter?: boolean;
  /** The authors and publishers to offer (those of the cards shown); none, no such filter. */
  choices?: FilterChoices;
};

const FILTER_PARAMS = [
  "kind",
  "subject",
  "author",
  "publisher",
  "in_stock",
  "min_price",
  "max_price",
  "sort",
] as const;

/** How many filters the URL sets, for the collapsed panel's label. */
export function activeFilterCount(params: URLSearchParams): number {
  return FILTER_PARAMS.filter((k) => (params.get(k) ?? "") !== "").length;
}

const control =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus:outline-2 focus:outline-brand-700";
const labelClass = "mb-1 block text-sm font-medium text-slate-800";

/** The offered publisher the URL names, case aside (the filter compares publishers so). */
function chosenPublisher(publishers: string[], param: string | null): string {
  const wanted = param?.trim().toLowerCase();
  return (wanted && publishers.find((p) => p.toLowerCase() === wanted)) || "";
}

/**
 * Filters and sort as a GET form: works as a plain form before the page's JavaScript arrives;
 * after, it drops empty fields from the URL and applies a new sort or stock choice at once.
 */
export function Filters({
  kinds,
  sorts,
  defaultSort,
  keep = [],
  stockFilter = true,
  subjectFilter = true,
  choices,
  className,
}: FilterOptions & { className?: string }) {
  const id = useId();
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  function apply(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const [k, v] of new FormData(e.currentTarget)) {
      if (typeof v === "string" && v.trim() !== "") next.append(k, v.trim());
    }
    const qs = next.toString();
    e.currentTarget.closest("details")?.removeAttribute("open");
    navigate(qs ? `${pathname}?${qs}` : pathname);
  }

  const clear = new URLSearchParams();
  for (const k of keep) {
    const v = params.get(k);
    if (v) clear.set(k, v);
  }
  const clearHref = clear.size ? `${pathname}?${clear}` : pathname;
  const submitNow = (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) =>
    e.currentTarget.form?.requestSubmit();

  return (
    // key: a new URL (a page link, "Clear") resets the fields to what it says.
    <form
      key={search}
      method="get"
      action={pathname}
      onSubmit={apply}
      className={cn("grid gap-4", className)}
    >
      {keep.map((k) => {
        const v = params.get(k);
        return v ? <input key={k} type="hidden" name={k} value={v} /> : null;
      })}
      <div>
        <label htmlFor={`${id}-sort`} className={labelClass}>
          {i18n._("Sort by")}
        </label>
        <select
          id={`${id}-sort`}
          name="sort"
          defaultValue={params.get("sort") ?? ""}
          onChange={submitNow}
          className={control}
        >
          <option value="">{i18n._(SORT_LABEL[defaultSort])}</option>
          {sorts
            .filter((s) => s !== defaultSort)
            .map((s) => (
              <option key={s} value={s}>
                {i18n._(SORT_LABEL[s])}
              </option>
            ))}
        </select>
      </div>
      {kinds ? (
        <div>
          <label htmlFor={`${id}-kind`} className={labelClass}>
            {i18n._("Type")}
          </label>
          <select
            id={`${id}-kind`}
            name="kind"
            defaultValue={params.get("kind") ?? ""}
            onChange={submitNow}
            className={control}
          >
            <option value="">{i18n._("Everything")}</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {i18n._(KIND_LABEL[k])}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {subjectFilter ? (
        <div>
          <label htmlFor={`${id}-subject`} className={labelClass}>
            {i18n._("Subject")}
          </label>
          <select
            id={`${id}-subject`}
            name="subject"
            defaultValue={params.get("subject") ?? ""}
            onChange={submitNow}
            className={control}
          >
            <option value="">{i18n._("All subjects")}</option>
            {SUBJECT_CODES.map((s) => (
              <option key={s} value={s}>
                {i18n._(SUBJECTS[s].name)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {choices && choices.authors.length > 0 ? (
        <div>
          <label htmlFor={`${id}-author`} className={labelClass}>
            {i18n._("Author")}
          </label>
          <select
            id={`${id}-author`}
            name="author"
            defaultValue={params.get("author") ?? ""}
            onChange={submitNow}
            className={control}
          >
            <option value="">{i18n._("All authors")}</option>
            {choices.authors.map((a) => (
              <option key={a.slug} value={a.slug} translate="no">
                {a.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {choices && choices.publishers.length > 0 ? (
        <div>
          <label htmlFor={`${id}-publisher`} className={labelClass}>
            {i18n._("Publisher")}
          </label>
          <select
            id={`${id}-publisher`}
            name="publisher"
            defaultValue={chosenPublisher(choices.publishers, params.get("publisher"))}
            onChange={submitNow}
            className={control}
          >
            <option value="">{i18n._("All publishers")}</option>
            {choices.publishers.map((p) => (
              <option key={p} value={p} translate="no">
                {p}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <fieldset>
        <legend className={labelClass}>{i18n._("Price (৳)")}</legend>
        <div className="flex items-center gap-2">
          <label className="flex-1">
            <span className="sr-only">{i18n._("Lowest price in taka")}</span>
            <input
              type="number"
              name="min_price"
              min={0}
              step={1}
              inputMode="numeric"
              placeholder={i18n._("Min")}
              defaultValue={params.get("min_price") ?? ""}
              className={control}
            />
          </label>
          <span aria-hidden="true" className="text-slate-700">
            –
          </span>
          <label className="flex-1">
            <span className="sr-only">{i18n._("Highest price in taka")}</span>
            <input
              type="number"
              name="max_price"
              min={0}
              step={1}
              inputMode="numeric"
              placeholder={i18n._("Max")}
              defaultValue={params.get("max_price") ?? ""}
              className={control}
            />
          </label>
        </div>
      </fieldset>
      {stockFilter ? (
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-slate-800">
          <input
            type="checkbox"
            name="in_stock"
            value="true"
            defaultChecked={params.get("in_stock") === "true" || params.get("in_stock") === "1"}
            onChange={submitNow}
            className="h-5 w-5 accent-brand-700"
          />
          {i18n._("In stock only")}
        </label>
      ) : null}
      <div className="flex items-center gap-2">
        <button type="submit" className={buttonClass("primary", "flex-1")}>
          {i18n._("Apply")}
        </button>
        <Link to={clearHref} className={buttonClass("ghost")}>
          {i18n._("Clear")}
        </Link>
      </div>
    </form>
  );
}
