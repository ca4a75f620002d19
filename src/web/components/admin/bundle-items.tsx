import { useState } from "react";
import type { AdminProduct } from "../../../contracts/answers/staff-catalog";
import { effectivePrice } from "../../../contracts/money";
import { useFormat, useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import type { KindSection } from "./product-form";
import { SearchPicker } from "./search-picker";

type Item = { productId: number; quantity: number };
/** What the page knows about a product it can put in a bundle (from the picker or the bundle). */
type Known = { title: string; kind: string; price: number; salePrice: number | null; stock: number | null };
type Row = Known & { id: number };

const PICK_FROM = [
  { area: "books", label: /*i18n*/ "Books and e-books" },
  { area: "stationery", label: /*i18n*/ "Stationery" },
] as const;

/** How many bundles the printed items' stock makes: digital items do not limit; null when none limit. */
export function bundlesAvailable(items: { quantity: number; stock: number | null }[]): number | null {
  const limits = items
    .filter((i) => i.stock !== null)
    .map((i) => Math.floor(Math.max(0, i.stock!) / i.quantity));
  return limits.length === 0 ? null : Math.min(...limits);
}

/**
 * The bundle's items for ProductForm's `kindSection`: products picked by search (books and
 * e-books, or stationery), each with a quantity from 1 to 99, and the items' sum beside the
 * bundle's price as it is typed, with the saving.
 */
export function bundleItemsSection(product?: AdminProduct): KindSection {
  return ({ form }) => <BundleItems form={form} product={product} />;
}

function BundleItems({
  form,
  product,
}: {
  form: Parameters<KindSection>[0]["form"];
  product?: AdminProduct;
}) {
  const { i18n } = useLingui();
  const { taka, number } = useFormat();
  const { watch, setValue, formState } = form;
  const items = (watch("items") ?? []) as Item[];
  const price = watch("price") as number;
  const salePrice = watch("salePrice") as number | null;
  const [area, setArea] = useState<(typeof PICK_FROM)[number]["area"]>("books");
  const [known, setKnown] = useState(
    () =>
      new Map<number, Known>(
        (product?.items ?? []).map((i) => [
          i.productId,
          { title: i.title, kind: i.kind, price: i.price, salePrice: i.salePrice, stock: i.stock },
        ]),
      ),
  );
  const itemErrors = (
    formState.errors as { items?: { message?: string; [i: number]: { quantity?: { message?: string } } } }
  ).items;
  const error = itemErrors?.message ? i18n._(itemErrors.message) : undefined;
  const set = (next: Item[]) => setValue("items", next as never, { shouldDirty: true });
  const sum = items.reduce((n, i) => {
    const k = known.get(i.productId);
    return k ? n + effectivePrice(k) * i.quantity : n;
  }, 0);
  const bundlePrice = Number.isFinite(price) ? effectivePrice({ price, salePrice: salePrice ?? null }) : null;
  const saving = bundlePrice === null ? null : sum - bundlePrice;
  const available = bundlesAvailable(
    items.map((i) => ({ quantity: i.quantity, stock: known.get(i.productId)?.stock ?? null })),
  );

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">{i18n._("Items")}</legend>
      {items.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {items.map((item, index) => {
            const k = known.get(item.productId);
            const name = k?.title ?? i18n._("Product #{id}", { id: item.productId });
            return (
              <li key={item.productId} className="flex flex-wrap items-center gap-2 p-2">
                <span className="min-w-48 flex-1">
                  <span className="block font-medium">{name}</span>
                  <span className="block text-xs text-slate-600">
                    {k
                      ? k.stock !== null
                        ? i18n._("{price} each · {count} in stock", {
                            price: taka(effectivePrice(k)),
                            count: number(k.stock),
                          })
                        : i18n._("{price} each · digital", { price: taka(effectivePrice(k)) })
                      : ""}
                  </span>
                </span>
                <label className="flex items-center gap-1 text-sm">
                  {i18n._("Quantity")}
                  <input
                    type="number"
                    min={1}
                    max={99}
                    inputMode="numeric"
                    aria-label={i18n._("Quantity of {name}", { name })}
                    aria-invalid={itemErrors?.[index]?.quantity ? true : undefined}
                    value={Number.isFinite(item.quantity) ? item.quantity : ""}
                    className="min-h-11 w-20 rounded-md border border-slate-300 px-2"
                    onChange={(e) =>
                      set(
                        items.map((x, j) =>
                          j === index
                            ? { ...x, quantity: e.target.value === "" ? Number.NaN : Number(e.target.value) }
                            : x,
                        ),
                      )
                    }
                  />
                </label>
                {itemErrors?.[index]?.quantity?.message ? (
                  <span className="text-sm text-red-700">{i18n._(itemErrors[index].quantity.message)}</span>
                ) : null}
                <button
                  type="button"
                  className="min-h-11 rounded-md px-3 text-sm text-red-800 hover:bg-red-50"
                  aria-label={i18n._("Remove {name}", { name })}
                  onClick={() => set(items.filter((_, j) => j !== index))}
                >
                  {i18n._("Remove")}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">
          {i18n._("No items yet: add the products this bundle sells together.")}
        </p>
      )}
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{i18n._("Add from")}</legend>
        {PICK_FROM.map((p) => (
          <button
            key={p.area}
            type="button"
            aria-pressed={area === p.area}
            onClick={() => setArea(p.area)}
            className={cn(
              "min-h-11 rounded-md border px-3 text-sm",
              area === p.area
                ? "border-brand-700 bg-brand-700 font-semibold text-white"
                : "border-slate-300 bg-white",
            )}
          >
            {i18n._(p.label)}
          </button>
        ))}
      </fieldset>
      <SearchPicker<Row>
        key={area}
        label={i18n._("Products to add")}
        hint={i18n._("Search by title; each product once, with its quantity above")}
        error={error}
        picked={[]}
        search={(q) => `/api/admin/${area}?${new URLSearchParams({ q, limit: "10" })}`}
        toPicked={(r) => {
          setKnown((m) =>
            m.has(r.id)
              ? m
              : new Map(m).set(r.id, {
                  title: r.title,
                  kind: r.kind,
                  price: r.price,
                  salePrice: r.salePrice,
                  stock: r.stock,
                }),
          );
          return {
            id: r.id,
            label: r.title,
            detail:
              r.stock === null
                ? i18n._("{price} · digital", { price: taka(effectivePrice(r)) })
                : i18n._("{price} · {count} in stock", {
                    price: taka(effectivePrice(r)),
                    count: number(r.stock),
                  }),
          };
        }}
        onChange={(picked) => {
          const add = picked.filter((p) => !items.some((i) => i.productId === p.id));
          if (add.length > 0) set([...items, ...add.map((p) => ({ productId: p.id, quantity: 1 }))]);
        }}
      />
      <dl
        className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm"
        aria-live="polite"
      >
        <dt>{i18n._("Items bought one by one")}</dt>
        <dd className="text-right font-medium" data-testid="bundle-sum">
          {taka(sum)}
        </dd>
        <dt>{i18n._("Saving with the bundle")}</dt>
        <dd className="text-right font-medium" data-testid="bundle-saving">
          {saving === null
            ? "—"
            : saving >= 0
              ? taka(saving)
              : i18n._("None: {amount} dearer", { amount: taka(-saving) })}
        </dd>
        <dt>{i18n._("Available")}</dt>
        <dd className="text-right font-medium">
          {available === null
            ? i18n._("No printed items: not limited")
            : available === 1
              ? i18n._("1 bundle")
              : i18n._("{count} bundles", { count: number(available) })}
        </dd>
      </dl>
    </fieldset>
  );
}
