import { Heart, ShoppingCart, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { isOrderable } from "../../../contracts/availability";
import type { WishlistItem } from "../../../contracts/wishlist";
import { CoverImage } from "../../components/catalog/cover-image";
import { type StockState, stockState, stockText } from "../../components/catalog/labels";
import { PageHeading } from "../../components/page-heading";
import { Button, buttonClass } from "../../components/ui/button";
import { useFormat, useLingui } from "../../i18n";
import { useCart } from "../../lib/cart";
import { cn } from "../../lib/cn";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/wishlist";
import { loadWishlistPage, wishlistAction } from "./wishlist.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "My wishlist") },
  { name: "robots", content: "noindex" },
];

/** The signed-in customer's wishlist (the guard-auth layout asks for sign-in). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadWishlistPage(context);
}

/** Remove, move to cart (one or all) and the SMS setting, posted as forms (HTML first). */
export async function action({ request, context }: Route.ActionArgs) {
  return wishlistAction(context, request);
}

/** The availability's colour: ready to order, few left, coming later, none to order. */
const TONE: Record<StockState["tone"], string> = {
  ok: "text-green-800",
  low: "text-amber-800",
  later: "text-brand-800",
  out: "text-red-800",
};

function ItemRow({ item }: { item: WishlistItem }) {
  const { i18n } = useLingui();
  const format = useFormat();
  const { taka, date } = format;
  const { card } = item;
  // The availability rule's words, as on the cards and the cart's lines (contracts/availability.ts).
  const stock = stockState(card);
  const orderable = isOrderable(card.availability);
  const drop = item.savedPrice - item.price;
  const headingId = `saved-${item.productId}`;
  return (
    <li aria-labelledby={headingId} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3">
      {/* The cover repeats the title's link: out of the tab order and of what a screen reader lists. */}
      <Link to={card.url} tabIndex={-1} aria-hidden="true" className="w-20 shrink-0 sm:w-24">
        <CoverImage image={card.image} title={card.title} width={96} sizes="96px" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          id={headingId}
          to={card.url}
          translate="no"
          className="line-clamp-2 font-semibold text-slate-900 hover:text-brand-800 hover:underline"
        >
          {card.title}
        </Link>
        {card.authors.length > 0 ? (
          <span translate="no" className="line-clamp-1 text-sm text-slate-700">
            {card.authors.map((a) => a.name).join(", ")}
          </span>
        ) : null}
        <p className="text-sm">
          <span className="text-base font-bold text-slate-900">{taka(item.price)}</span>{" "}
          {drop > 0 ? (
            <span className="rounded bg-green-100 px-1.5 py-0.5 font-semibold text-green-900">
              {i18n._("{amount} less than when you saved it", { amount: taka(drop) })}
            </span>
          ) : drop < 0 ? (
            <span className="text-slate-700">
              {i18n._("{amount} when you saved it", { amount: taka(item.savedPrice) })}
            </span>
          ) : null}
        </p>
        <p className={cn("text-sm font-medium", TONE[stock.tone])} data-testid="wishlist-availability">
          {stockText(i18n, format, stock)}
          <span className="font-normal text-slate-600">
            {" · "}
            {i18n._("Saved {date}", { date: date(item.savedAt) })}
          </span>
        </p>
        <div className="mt-1 flex flex-wrap gap-2">
          {orderable ? (
            <Form method="post">
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="productId" value={item.productId} />
              <Button
                type="submit"
                className="min-h-10 px-3 text-sm"
                aria-label={`${i18n._("Move to cart")}: ${card.title}`}
              >
                <ShoppingCart aria-hidden="true" className="h-4 w-4" />
                {i18n._("Move to cart")}
              </Button>
            </Form>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="unsave" />
            <input type="hidden" name="productId" value={item.productId} />
            <Button
              type="submit"
              variant="secondary"
              className="min-h-10 px-3 text-sm"
              aria-label={`${i18n._("Remove")}: ${card.title}`}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {i18n._("Remove")}
            </Button>
          </Form>
        </div>
      </div>
    </li>
  );
}

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const { items, limit, sms } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // A move posted by the page's scripts: the header's cart count is read again once it is done.
  const cart = useCart();
  const moving = useRef(false);
  useEffect(() => {
    const intent = navigation.formData?.get("intent");
    if (navigation.state === "submitting" && (intent === "move" || intent === "move-all"))
      moving.current = true;
    else if (navigation.state === "idle" && moving.current) {
      moving.current = false;
      void cart.reload();
    }
  }, [navigation.state, navigation.formData, cart]);
  const settings = (
    <Form method="post" className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <input type="hidden" name="intent" value="sms" />
      <label className="flex items-start gap-3 text-slate-900">
        <input type="checkbox" name="sms" defaultChecked={sms} className="mt-1 h-5 w-5 shrink-0" />
        <span>
          {i18n._("Text me when a saved item is back in stock or cheaper")}
          <span className="block text-sm text-slate-700">
            {i18n._("One SMS per item for each return to stock or price drop of 5% or more.")}
          </span>
        </span>
      </label>
      <Button type="submit" variant="secondary" className="mt-3" disabled={busy}>
        {i18n._("Save setting")}
      </Button>
    </Form>
  );
  if (items.length === 0) {
    return (
      <div className="mx-auto max-w-md py-10 text-center">
        <Heart aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{i18n._("Your wishlist is empty")}</h1>
        <p className="mt-2 text-slate-700">{i18n._("Tap the heart on any book to save it for later.")}</p>
        <Link to="/" className={buttonClass("primary", "mt-6")}>
          {i18n._("Browse the shop")}
        </Link>
        <div className="text-left">{settings}</div>
      </div>
    );
  }
  const available = items.filter((i) => isOrderable(i.card.availability)).length;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading title={i18n._("My wishlist")}>
        {i18n._("{count} of {limit} saved", { count: number(items.length), limit: number(limit) })}
      </PageHeading>
      {available > 0 ? (
        <Form method="post" className="mb-4">
          <input type="hidden" name="intent" value="move-all" />
          <Button type="submit" disabled={busy}>
            <ShoppingCart aria-hidden="true" className="h-4 w-4" />
            {i18n._("Move all to cart")}
          </Button>
        </Form>
      ) : null}
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <ItemRow key={item.productId} item={item} />
        ))}
      </ul>
      {settings}
    </div>
  );
}
