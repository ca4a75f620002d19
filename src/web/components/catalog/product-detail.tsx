import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { isOrderable } from "../../../contracts/availability";
import type { ProductDetail } from "../../../contracts/catalog";
import { isDigitalKind } from "../../../contracts/catalog";
import { useFormat, useLingui } from "../../i18n";
import { pushViewItem } from "../../lib/analytics-views";
import { cn } from "../../lib/cn";
import { lazyOnClient } from "../../lib/lazy-on-client";
import { buttonClass } from "../ui/button";
import { AddToCartButton } from "./add-to-cart-button";
import { CoverImage } from "./cover-image";
import { DeliveryEstimateLine } from "./delivery-estimate";
import { KIND_LABEL, KIND_PATH, stockState, stockText } from "./labels";
import { Price, Saving } from "./price";
import { Stars } from "./stars";

// "Save for later" is a form that posts without scripts: its code loads as the page hydrates,
// after the first scripts (decision 4).
const SaveButton = lazyOnClient(() => import("./save-button").then((m) => m.SaveButton));

/** Where the page sits: Home › list › this product. The last item is the page itself. */
export function Breadcrumbs({ items }: { items: { label: string; to?: string }[] }) {
  const { i18n } = useLingui();
  return (
    <nav aria-label={i18n._("Breadcrumb")} className="mb-4 text-sm text-slate-700">
      <ol className="flex flex-wrap items-center gap-x-1">
        <li>
          <Link to="/" className="inline-flex min-h-11 items-center hover:text-brand-800 hover:underline">
            {i18n._("Home")}
          </Link>
        </li>
        {items.map((item) => (
          // On a phone the page's own title (the h1 just below) is left out of the trail.
          <li
            key={item.label}
            className={cn("min-w-0 items-center gap-x-1", item.to ? "flex" : "hidden sm:flex")}
          >
            <span aria-hidden="true">›</span>
            {item.to ? (
              <Link
                to={item.to}
                className="inline-flex min-h-11 items-center hover:text-brand-800 hover:underline"
              >
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" translate="no" className="line-clamp-1 break-all sm:break-normal">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

const STOCK_TONE = {
  ok: "text-emerald-800",
  low: "text-amber-800",
  later: "text-brand-800",
  out: "text-red-700",
} as const;

/** Paragraphs of a plain-text description (blank lines separate them). */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  const parts = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className={cn("space-y-3 leading-relaxed text-slate-800", className)}>
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text
        <p key={i} className="whitespace-pre-line">
          {p}
        </p>
      ))}
    </div>
  );
}

/** A labelled list of facts ("Publisher: …"); rows without a value are left out. */
export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  const { i18n } = useLingui();
  const shown = rows.filter(([, v]) => v !== null && v !== undefined && v !== "");
  if (shown.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-800">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{i18n._(label)}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The top of a product page: the cover (the page's LCP image), title, authors, rating, price,
 * stock and the add-to-cart button; `children` adds what the kind needs below the button.
 */
export function ProductSummary({
  product,
  source,
  media,
  read,
  children,
}: {
  product: ProductDetail;
  source: string;
  /** Replaces the single cover (a gallery). */
  media?: ReactNode;
  /**
   * The way into what was bought: an owner gets "Read" (a course: "Continue where you left off")
   * and "In your library" instead of the price and the add-to-cart button; anyone else a second
   * button for the free preview (`label` "Read free preview") below it.
   */
  read?: { to: string; owned: boolean; label: string; values?: Record<string, unknown> };
  children?: ReactNode;
}) {
  const stock = stockState(product);
  const { i18n } = useLingui();
  const format = useFormat();
  const { number, decimal } = format;
  // view_item, once per product shown (decision 56: read by the tags only where allowed).
  const { id, title, kind, price, salePrice } = product;
  useEffect(() => pushViewItem({ id, title, kind, price, salePrice }), [id, title, kind, price, salePrice]);
  return (
    <>
      <Breadcrumbs
        items={[
          { label: i18n._(KIND_LABEL[product.kind]), to: KIND_PATH[product.kind] },
          { label: product.title },
        ]}
      />
      <div className="grid gap-6 md:grid-cols-[20rem_minmax(0,1fr)] md:gap-10">
        <div className="mx-auto w-full max-w-52 md:max-w-none">
          {media ?? (
            <CoverImage
              image={product.image}
              title={product.title}
              width={320}
              sizes="(min-width: 768px) 320px, 208px"
              priority
              className="shadow-md"
            />
          )}
        </div>
        <div className="min-w-0">
          <h1 translate="no" className="text-2xl leading-tight font-bold text-slate-900 sm:text-3xl">
            {product.title}
          </h1>
          {product.titleBn ? (
            <p lang="bn" className="mt-1 text-lg text-slate-700">
              {product.titleBn}
            </p>
          ) : null}
          {product.authors.length > 0 ? (
            <p className="mt-2 text-slate-800">
              {i18n._("by")}{" "}
              {product.authors.map((a, i) => (
                <span key={a.slug} translate="no">
                  {i > 0 ? ", " : null}
                  <Link
                    to={`/author/${a.slug}`}
                    className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                  >
                    {a.name}
                  </Link>
                </span>
              ))}
            </p>
          ) : null}
          {product.rating.average !== null ? (
            <a
              href="#reviews"
              className="mt-2 inline-flex min-h-11 items-center gap-2 text-sm text-slate-700 hover:underline"
            >
              <Stars value={product.rating.average} />
              {decimal(product.rating.average)} (
              {product.rating.count === 1
                ? i18n._("1 review")
                : i18n._("{count} reviews", { count: number(product.rating.count) })}
              )
            </a>
          ) : null}
          {/* An owner has bought it: no price or stock to weigh, only the way in. */}
          {read?.owned ? null : (
            <>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <Price price={product.price} salePrice={product.salePrice} size="lg" />
                <Saving price={product.price} salePrice={product.salePrice} />
              </div>
              <p className={cn("mt-2 font-semibold", STOCK_TONE[stock.tone])} data-testid="availability">
                {stockText(i18n, format, stock)}
              </p>
              {isOrderable(product.availability) && !isDigitalKind(product.kind) ? (
                <DeliveryEstimateLine className="mt-1" availability={product.availability} />
              ) : null}
            </>
          )}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            {read?.owned ? (
              <>
                <Link to={read.to} className={buttonClass("primary")}>
                  {i18n._(read.label, read.values)}
                </Link>
                <span className="font-semibold text-green-800">{i18n._("In your library")}</span>
              </>
            ) : (
              <>
                <AddToCartButton product={product} source={source} />
                <SaveButton productId={product.id} title={product.title} />
                {read ? (
                  <Link to={read.to} className={buttonClass("secondary")}>
                    {i18n._(read.label, read.values)}
                  </Link>
                ) : null}
              </>
            )}
          </div>
          {children}
        </div>
      </div>
    </>
  );
}
