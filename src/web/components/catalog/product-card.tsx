import { Star } from "lucide-react";
import { Link, useLocation } from "react-router";
import { isOrderable } from "../../../contracts/availability";
import type { ProductCard as Card } from "../../../contracts/catalog";
import type { OwnedItem } from "../../../contracts/library";
import { translateIfKnown, useFormat, useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import { lazyOnClient } from "../../lib/lazy-on-client";
import { useOwned } from "../../lib/root-data";
import { buttonClass } from "../ui/button";
import { AddToCartButton } from "./add-to-cart-button";
import { CoverImage } from "./cover-image";
import { stockState, stockText } from "./labels";
import { Price, percentOff } from "./price";

// "Save for later" is a form that posts without scripts: its code loads as the page hydrates,
// after the first scripts (decision 4).
const SaveButton = lazyOnClient(() => import("./save-button").then((m) => m.SaveButton));

/** Layout widths of a card in a grid: 2 columns on a phone up to 5 on a desktop. */
export const GRID_SIZES = "(min-width: 1024px) 200px, (min-width: 640px) 30vw, 46vw";

/** Where an owner of an e-book or course goes from its card, instead of being offered to buy it again. */
export function ownedAction(card: Pick<Card, "kind">, owned: OwnedItem | null) {
  if (!owned) return null;
  if (card.kind === "ebook")
    return { to: owned.to, label: owned.started ? /*i18n*/ "Continue" : /*i18n*/ "Read" };
  if (card.kind === "content")
    return { to: owned.to, label: owned.started ? /*i18n*/ "Continue" : /*i18n*/ "Open course" };
  return null;
}

/** The page a card's add came from, for the sales-by-source report: its first path segment ("home" for `/`). */
export function sourceOf(pathname: string): string {
  const first = pathname.split("/")[1]?.toLowerCase() ?? "";
  return /^[a-z][a-z0-9-]{0,39}$/.test(first) ? first : "home";
}

/**
 * A card's rating, compact enough for two cards across a 360 px phone: one star, the average and
 * the count ("★ 4.3 (12)", in Bangla digits on Bangla pages). A screen reader hears it in words
 * ("4.3 out of 5 · 12 reviews") instead of the figures and brackets.
 */
function CardRating({ rating }: { rating: Card["rating"] }) {
  const { i18n } = useLingui();
  const { number, decimal } = useFormat();
  const average = decimal(rating.average ?? 0, 1);
  return (
    <span className="flex items-center gap-1 text-sm text-slate-700">
      <Star aria-hidden="true" width={14} height={14} className="shrink-0 fill-amber-500 text-amber-600" />
      <span aria-hidden="true">
        <span className="font-semibold text-slate-900">{average}</span> ({number(rating.count)})
      </span>
      <span className="sr-only">
        {rating.count === 1
          ? i18n._("{rating} out of 5 · 1 review", { rating: average })
          : i18n._("{rating} out of 5 · {count} reviews", { rating: average, count: number(rating.count) })}
      </span>
    </span>
  );
}

/**
 * A product in a list: the whole card is one link to its page, with "Add to cart" below it when in
 * stock and "Save for later" over its cover (forms first: they work before the page's scripts run). An e-book or course the signed-in
 * user owns says so instead of its price, with "Read" (a course: "Open course") below, "Continue" once started.
 */
export function ProductCard({
  card,
  sizes = GRID_SIZES,
  eager = false,
  priority = false,
  label,
}: {
  card: Card;
  sizes?: string;
  /** Above the fold: load the cover at once. */
  eager?: boolean;
  /** The page's largest paint (a list's first row): eager and fetched before the page's scripts. */
  priority?: boolean;
  /** A line above the title (a stationery item's category). */
  label?: string;
}) {
  const off = percentOff(card.price, card.salePrice);
  const action = ownedAction(card, useOwned(card.id));
  const { i18n } = useLingui();
  const format = useFormat();
  const { number } = format;
  const { pathname } = useLocation();
  const orderable = isOrderable(card.availability);
  const stock = stockState(card);
  const link = (
    <Link
      to={card.url}
      prefetch="intent"
      className={cn(
        "group flex flex-col rounded-lg p-1 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700",
        action || orderable ? "flex-1" : "h-full",
      )}
    >
      <div className="relative">
        <CoverImage
          image={card.image}
          title={card.title}
          width={200}
          sizes={sizes}
          eager={eager}
          priority={priority}
        />
        {!orderable ? (
          <span className="absolute top-2 left-2 rounded bg-slate-900/85 px-2 py-0.5 text-xs font-semibold text-white">
            {stockText(i18n, format, stock)}
          </span>
        ) : card.availability.state === "preorder" ? (
          <span className="absolute top-2 left-2 rounded bg-brand-800 px-2 py-0.5 text-xs font-semibold text-white">
            {i18n._("Pre-order")}
          </span>
        ) : off > 0 && !action ? (
          <span className="absolute top-2 left-2 rounded bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
            {i18n._("{percent}% off", { percent: number(off) })}
          </span>
        ) : null}
      </div>
      <div className="mt-2 flex flex-1 flex-col gap-0.5 px-0.5">
        {label ? (
          <span translate="no" className="text-xs font-medium text-slate-700 uppercase">
            {translateIfKnown(i18n, label)}
          </span>
        ) : null}
        <span
          translate="no"
          className="line-clamp-2 leading-snug font-semibold text-slate-900 group-hover:text-brand-800 group-hover:underline"
        >
          {card.title}
        </span>
        {card.titleBn ? (
          <span lang="bn" className="line-clamp-1 text-sm text-slate-700">
            {card.titleBn}
          </span>
        ) : null}
        {card.authors.length > 0 ? (
          <span translate="no" className="line-clamp-1 text-sm text-slate-700">
            {card.authors.map((a) => a.name).join(", ")}
          </span>
        ) : null}
        {card.rating.average !== null ? <CardRating rating={card.rating} /> : null}
        <span className="mt-auto pt-1">
          {action ? (
            <span className="text-sm font-semibold text-green-800">{i18n._("In your library")}</span>
          ) : (
            <Price price={card.price} salePrice={card.salePrice} />
          )}
        </span>
        {!action && orderable && stock.tone !== "ok" ? (
          // "Only 3 left", "Pre-order, releases on …", "From the publisher, ships in 7 days".
          <span
            className={cn(
              "text-xs font-semibold",
              stock.tone === "low" ? "text-amber-800" : "text-slate-700",
            )}
            data-testid="card-availability"
          >
            {stockText(i18n, format, stock)}
          </span>
        ) : null}
      </div>
    </Link>
  );
  if (!action) {
    // "Save for later" over the cover's corner: a form of its own, beside the card's link.
    const save = (
      <SaveButton productId={card.id} title={card.title} card className="absolute top-2 right-2 z-10" />
    );
    if (!orderable) {
      return (
        <div className="relative h-full">
          {link}
          {save}
        </div>
      );
    }
    return (
      <div className="relative flex h-full flex-col">
        {link}
        {save}
        <AddToCartButton product={card} source={sourceOf(pathname)} className="mx-1 mt-1" card />
      </div>
    );
  }
  return (
    <div className="flex h-full flex-col">
      {link}
      <Link
        to={action.to}
        aria-label={`${i18n._(action.label)}: ${card.title}`}
        className={buttonClass("primary", "mx-1 mt-1")}
      >
        {i18n._(action.label)}
      </Link>
    </div>
  );
}
