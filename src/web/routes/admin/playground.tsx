import { useState } from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import type { ProductCard } from "../../../contracts/catalog";
import { isDigitalKind } from "../../../contracts/catalog";
import { districtLabel, districtOptions } from "../../../contracts/districts";
import { effectivePrice } from "../../../contracts/money";
import {
  formatPlaygroundItems,
  type PlaygroundItem,
  parsePlaygroundItems,
} from "../../../contracts/playground";
import type { AdminUser } from "../../../contracts/user";
import { PriceLines } from "../../components/admin/price-lines";
import { SearchPicker } from "../../components/admin/search-picker";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { SelectField } from "../../components/ui/field";
import { useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/playground";
import { loadPlayground } from "./playground.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Pricing playground") },
];

export function loader({ context, request }: Route.LoaderArgs) {
  return loadPlayground(context, request);
}

const KIND_WORD = {
  book: /*i18n*/ "Book",
  ebook: /*i18n*/ "E-book",
  bundle: /*i18n*/ "Bundle",
  stationary: /*i18n*/ "Stationery",
  content: /*i18n*/ "Course",
};

/** The page's state is its query string: every change writes it, and the loader prices it. */
function usePlaygroundQuery() {
  const [params, setParams] = useSearchParams();
  const parsedItems = parsePlaygroundItems(params.get("items") ?? "");
  const items: PlaygroundItem[] = typeof parsedItems === "string" ? [] : parsedItems;
  const update = (patch: Partial<Record<"items" | "coupon" | "district" | "user", string | null>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const setItems = (next: PlaygroundItem[]) => update({ items: formatPlaygroundItems(next) || null });
  return { params, items, update, setItems };
}

export default function PricingPlaygroundPage({ loaderData }: Route.ComponentProps) {
  const { price, error, mayPickCustomer } = loaderData;
  const { params, items, update, setItems } = usePlaygroundQuery();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/admin/playground";
  const [coupon, setCoupon] = useState(params.get("coupon") ?? "");
  const [copied, setCopied] = useState(false);
  const district = price?.district ?? params.get("district") ?? "Dhaka";
  const { i18n } = useLingui();
  const { taka, number, locale } = useFormat();

  return (
    <div className="max-w-4xl">
      <PageHeading title={i18n._("Pricing playground")} />
      <p className="mb-4 text-sm text-slate-600">
        {i18n._(
          "Put a cart together and see exactly what the customer would be charged, priced as the cart prices it. The link holds everything: share it to show a colleague.",
        )}
      </p>
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
        <section aria-label={i18n._("The cart")} className="min-w-0 space-y-4">
          <SearchPicker<ProductCard>
            label={i18n._("Add products")}
            hint={i18n._("Published products, as the shop sells them")}
            picked={[]}
            onChange={(added) => {
              const next = [...items];
              for (const p of added) {
                const line = next.find((i) => i.productId === p.id);
                if (!line) next.push({ productId: p.id, quantity: 1 });
              }
              setItems(next);
            }}
            search={(q) => `/api/search?${new URLSearchParams({ q, limit: "8" })}`}
            toPicked={(p) => ({
              id: p.id,
              label: p.title,
              detail: [
                i18n._(KIND_WORD[p.kind]),
                taka(effectivePrice(p)),
                p.inStock ? "" : i18n._("out of stock"),
              ]
                .filter(Boolean)
                .join(" · "),
            })}
          />
          {price && price.lines.length > 0 ? (
            <table className="w-full text-sm">
              <caption className="sr-only">{i18n._("Lines")}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  <th className="py-2 pr-2 font-medium">{i18n._("Product")}</th>
                  <th className="py-2 pr-2 font-medium">{i18n._("Qty")}</th>
                  <th className="py-2 pr-2 text-right font-medium">{i18n._("Line")}</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">{i18n._("Remove")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {price.lines.map((l) => (
                  <tr key={l.productId} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-2">
                      <Link to={l.url} className="font-medium text-brand-800 underline">
                        {l.title}
                      </Link>
                      <span className="block text-xs text-slate-600">
                        {i18n._(KIND_WORD[l.kind])} · {i18n._("{price} each", { price: taka(l.unitPrice) })}
                        {l.discount > 0
                          ? ` · ${i18n._("coupon −{amount}", { amount: taka(l.discount) })}`
                          : ""}
                      </span>
                      {l.note ? <span className="block text-xs text-amber-800">{i18n._(l.note)}</span> : null}
                    </td>
                    <td className="py-2 pr-2">
                      {isDigitalKind(l.kind) ? (
                        number(1)
                      ) : (
                        <input
                          key={`${l.productId}-${l.quantity}`}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={100}
                          defaultValue={l.quantity}
                          aria-label={i18n._("Quantity of {title}", { title: l.title })}
                          className="min-h-11 w-20 rounded-md border border-slate-300 px-2"
                          onChange={(e) => {
                            const n = Number(e.target.value);
                            if (Number.isInteger(n) && n >= 1 && n <= 100) {
                              setItems(
                                items.map((i) => (i.productId === l.productId ? { ...i, quantity: n } : i)),
                              );
                            }
                          }}
                        />
                      )}
                    </td>
                    <td className="py-2 pr-2 text-right whitespace-nowrap tabular-nums">
                      {taka(l.lineTotal)}
                    </td>
                    <td className="py-2 text-right">
                      <button
                        type="button"
                        className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-slate-100"
                        aria-label={i18n._("Remove {title}", { title: l.title })}
                        onClick={() => setItems(items.filter((i) => i.productId !== l.productId))}
                      >
                        ×
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : price ? (
            <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
              {i18n._("No products yet: search for one above.")}
            </p>
          ) : null}
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const code = coupon.trim().toUpperCase();
              setCoupon(code);
              update({ coupon: code || null });
            }}
          >
            <div className="min-w-0 flex-1">
              <label htmlFor="playground-coupon" className="mb-1 block text-sm font-medium text-slate-800">
                {i18n._("Coupon code")}
              </label>
              <input
                id="playground-coupon"
                value={coupon}
                onChange={(e) => setCoupon(e.target.value)}
                autoCapitalize="characters"
                className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 uppercase"
              />
            </div>
            <Button type="submit" variant="secondary">
              {i18n._("Apply")}
            </Button>
            {params.get("coupon") ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setCoupon("");
                  update({ coupon: null });
                }}
              >
                {i18n._("Remove")}
              </Button>
            ) : null}
          </form>
          <SelectField
            label={i18n._("Delivery district")}
            options={districtOptions(locale)}
            optionLabel={(d) => districtLabel(d, locale)}
            value={district}
            onChange={(e) => update({ district: e.target.value })}
          />
          {mayPickCustomer ? (
            <SearchPicker<AdminUser>
              label={i18n._("Customer (optional)")}
              hint={i18n._("Their own uses of the coupon count; without one, a customer who never used it")}
              multiple={false}
              picked={
                price?.user
                  ? [
                      {
                        id: price.user.id,
                        label: price.user.name ?? `#${price.user.id}`,
                        detail: price.user.phone ?? undefined,
                      },
                    ]
                  : []
              }
              onChange={(picked) => update({ user: picked[0] ? String(picked[0].id) : null })}
              search={(q) => `/api/admin/users?${new URLSearchParams({ q, limit: "8" })}`}
              toPicked={(u) => ({ id: u.id, label: u.name, detail: u.phone ?? u.email ?? undefined })}
            />
          ) : null}
        </section>
        <section
          aria-label={i18n._("What the customer pays")}
          aria-busy={busy}
          className="h-fit rounded-lg border border-slate-200 bg-white p-4 md:sticky md:top-4"
        >
          <h2 className="mb-3 font-semibold text-slate-900">{i18n._("What the customer pays")}</h2>
          {error ? (
            <div role="alert" className="text-sm text-red-700">
              <p>{i18n._(error)}</p>
              <Link to="/admin/playground" className="mt-2 inline-block underline">
                {i18n._("Start again")}
              </Link>
            </div>
          ) : price ? (
            <>
              <PriceLines
                subtotalLabel={
                  price.qty === 1
                    ? i18n._("Subtotal (1 item)")
                    : i18n._("Subtotal ({count} items)", { count: number(price.qty) })
                }
                subtotal={price.subtotal}
                coupon={price.coupon}
                discount={price.discount}
                district={price.district}
                delivery={price.delivery}
                total={price.total}
                totalTestId="playground-total"
              />
              {price.coupon ? (
                <p
                  role="status"
                  className={
                    price.coupon.applied ? "mt-3 text-sm text-emerald-800" : "mt-3 text-sm text-red-700"
                  }
                >
                  {price.coupon.applied
                    ? i18n._("{code} applied", { code: price.coupon.code })
                    : `${price.coupon.code}: ${price.coupon.message ? i18n._(price.coupon.message) : ""}`}
                </p>
              ) : null}
              {price.user ? (
                <p className="mt-2 text-xs text-slate-600">
                  {price.user.name
                    ? i18n._("Priced for {name}", { name: price.user.name })
                    : i18n._("Priced for customer {id}", { id: price.user.id })}
                </p>
              ) : null}
            </>
          ) : null}
          <Button
            variant="secondary"
            className="mt-4 w-full"
            onClick={async () => {
              await navigator.clipboard?.writeText(window.location.href).catch(() => undefined);
              setCopied(true);
            }}
          >
            {copied ? i18n._("Link copied") : i18n._("Copy link")}
          </Button>
        </section>
      </div>
    </div>
  );
}
