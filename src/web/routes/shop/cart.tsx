import { Minus, Plus, ShoppingCart, Tag, Trash2, X } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import type { CartInfo } from "../../../contracts/cart";
import { isDigitalKind } from "../../../contracts/catalog";
import { districtLabel, districtOptions } from "../../../contracts/districts";
import { CoverImage } from "../../components/catalog/cover-image";
import { KIND_SINGULAR } from "../../components/catalog/labels";
import { LineAvailability } from "../../components/catalog/line-availability";
import { ParcelsEstimateLine } from "../../components/catalog/parcels-estimate";
import { PageHeading } from "../../components/page-heading";
import { Button, buttonClass } from "../../components/ui/button";
import { SelectField, TextField } from "../../components/ui/field";
import { useFormat, useLingui } from "../../i18n";
import { useCart, useCartInfo } from "../../lib/cart";
import { useHydrated } from "../../lib/hydrated";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/cart";
import { cartAction, loadCart } from "./cart.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Cart") }];

/** The cart as the API answers it, read on the server for the first paint. */
export async function loader({ context }: Route.LoaderArgs) {
  return { cart: await loadCart(context) };
}

/** The cart page's forms, posted without JavaScript (HTML first; cart.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return cartAction(context, request);
}

type Refusal = { errors?: Record<string, string>; values?: Record<string, string> } | undefined;

/** A form's fields for the cart's action: what it does and which line. */
function Intent({ intent, id }: { intent: string; id?: number }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {id === undefined ? null : <input type="hidden" name="id" value={id} />}
    </>
  );
}

type Line = CartInfo["lines"][number];

function Stepper({ line, busy, onChange }: { line: Line; busy: boolean; onChange: (q: number) => void }) {
  const digital = isDigitalKind(line.type);
  const { i18n } = useLingui();
  const { number } = useFormat();
  const button =
    "inline-flex h-11 w-11 items-center justify-center text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent";
  return (
    <form
      method="post"
      action="/cart"
      className="inline-flex items-center rounded-md border border-slate-300"
    >
      <Intent intent="quantity" id={line.id} />
      <button
        type="submit"
        name="quantity"
        value={line.quantity - 1}
        className={button}
        aria-label={i18n._("One fewer {title}", { title: line.title })}
        disabled={digital || busy || line.quantity <= 1}
        onClick={(e) => {
          e.preventDefault();
          onChange(line.quantity - 1);
        }}
      >
        <Minus aria-hidden="true" className="h-4 w-4" />
      </button>
      <output
        aria-label={i18n._("Quantity of {title}", { title: line.title })}
        className="min-w-8 text-center font-semibold tabular-nums"
      >
        {number(line.quantity)}
      </output>
      <button
        type="submit"
        name="quantity"
        value={line.quantity + 1}
        className={button}
        aria-label={i18n._("One more {title}", { title: line.title })}
        disabled={digital || busy || line.quantity >= line.maxQuantity}
        onClick={(e) => {
          e.preventDefault();
          onChange(line.quantity + 1);
        }}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
      </button>
    </form>
  );
}

function CartLine({ line }: { line: Line }) {
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const digital = isDigitalKind(line.type);
  const { i18n } = useLingui();
  const { number, taka } = useFormat();
  async function run(change: () => Promise<void>) {
    setBusy(true);
    try {
      await change();
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex gap-3 border-b border-slate-200 py-4 last:border-b-0">
      <Link to={line.url} className="w-16 shrink-0 sm:w-20" tabIndex={-1} aria-hidden="true">
        <CoverImage image={line.image} title={line.title} width={80} sizes="80px" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Link to={line.url} className="line-clamp-2 font-semibold text-slate-900 hover:underline">
              {line.title}
            </Link>
            <p className="text-sm text-slate-700">
              {i18n._(KIND_SINGULAR[line.type])} ·{" "}
              {digital ? taka(line.unitPrice) : i18n._("{price} each", { price: taka(line.unitPrice) })}
            </p>
          </div>
          <p className="shrink-0 font-bold text-slate-900 tabular-nums">{taka(line.lineTotal)}</p>
        </div>
        <LineAvailability line={line} />
        {!digital && line.quantity > line.maxQuantity ? (
          <p className="mt-1 text-sm font-semibold text-amber-800">
            {line.maxQuantity === 0
              ? i18n._("Out of stock now")
              : i18n._("Only {count} left in stock", { count: number(line.maxQuantity) })}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <Stepper line={line} busy={busy} onChange={(q) => run(() => cart.updateQuantity(line.id, q))} />
          <form method="post" action="/cart">
            <Intent intent="remove" id={line.id} />
            <Button
              type="submit"
              variant="ghost"
              disabled={busy}
              aria-label={i18n._("Remove {title}", { title: line.title })}
              onClick={(e) => {
                e.preventDefault();
                void run(() => cart.remove(line.id));
              }}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              <span className="hidden sm:inline">{i18n._("Remove")}</span>
            </Button>
          </form>
        </div>
      </div>
    </li>
  );
}

function CouponBox({ info, refusal }: { info: CartInfo; refusal: Refusal }) {
  const cart = useCart();
  const [removing, setRemoving] = useState(false);
  const { i18n } = useLingui();
  const { taka } = useFormat();
  const form = useRef<HTMLFormElement>(null);

  // The code is read from the field itself, so what was typed before the scripts ran is kept.
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get("coupon") ?? "").trim();
    if (!code) return;
    if (await cart.applyCoupon(code)) form.current?.reset();
  }

  if (info.couponCode) {
    return (
      <div className="rounded-md border border-slate-200 py-2 pr-1 pl-3">
        <div className="flex items-center justify-between gap-2">
          <p className="flex min-w-0 items-center gap-2 font-semibold text-slate-900">
            <Tag aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
            <span className="truncate">{info.couponCode}</span>
          </p>
          <form method="post" action="/cart" className="shrink-0">
            <Intent intent="coupon-remove" />
            <Button
              type="submit"
              variant="ghost"
              loading={removing}
              aria-label={i18n._("Remove coupon {code}", { code: info.couponCode })}
              onClick={async (e) => {
                e.preventDefault();
                setRemoving(true);
                try {
                  await cart.removeCoupon();
                } finally {
                  setRemoving(false);
                }
              }}
            >
              <X aria-hidden="true" className="h-4 w-4" />
              {i18n._("Remove")}
            </Button>
          </form>
        </div>
        {info.couponId ? (
          <p className="text-sm text-emerald-800">
            {i18n._("Applied: you save {amount}", { amount: taka(info.discountedAmount) })}
          </p>
        ) : (
          <p className="text-sm text-amber-800">
            {info.couponMessage ? i18n._(info.couponMessage) : i18n._("Not applied")}
          </p>
        )}
      </div>
    );
  }
  return (
    <form ref={form} method="post" action="/cart" onSubmit={submit} className="flex items-start gap-2">
      <Intent intent="coupon" />
      <TextField
        label={i18n._("Coupon code")}
        name="coupon"
        className="min-w-0 flex-1"
        defaultValue={refusal?.values?.coupon ?? ""}
        error={refusal?.errors?.coupon}
        required
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
      />
      <Button type="submit" variant="secondary" className="mt-7" loading={cart.couponLoading}>
        {i18n._("Apply")}
      </Button>
    </form>
  );
}

function Summary({ info, refusal }: { info: CartInfo; refusal: Refusal }) {
  const cart = useCart();
  const hydrated = useHydrated();
  const physical = info.lines.some((l) => !isDigitalKind(l.type));
  const { i18n } = useLingui();
  const { number, taka, locale } = useFormat();
  return (
    <section
      aria-labelledby="cart-summary"
      className="h-fit min-w-0 rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-24"
    >
      <h2 id="cart-summary" className="mb-3 text-lg font-bold text-slate-900">
        {i18n._("Order summary")}
      </h2>
      <div className="space-y-4">
        {physical ? (
          // Without scripts the district is sent by its button; with them, as soon as it is chosen.
          <form method="post" action="/cart" className="flex items-end gap-2">
            <Intent intent="district" />
            <SelectField
              key={info.district}
              label={i18n._("Delivery district")}
              name="district"
              className="min-w-0 flex-1"
              hint={info.zone === "dhaka" ? i18n._("Inside Dhaka") : i18n._("Outside Dhaka")}
              options={districtOptions(locale)}
              optionLabel={(d) => districtLabel(d, locale)}
              defaultValue={info.district}
              onChange={(e) => void cart.chooseDistrict(e.target.value)}
            />
            {hydrated ? null : (
              <Button type="submit" variant="secondary" className="mb-6">
                {i18n._("Update")}
              </Button>
            )}
          </form>
        ) : null}
        <CouponBox info={info} refusal={refusal} />
        <dl className="space-y-2 border-t border-slate-200 pt-3 text-slate-800">
          <div className="flex justify-between gap-3">
            <dt>
              {info.qty === 1
                ? i18n._("Subtotal (1 item)")
                : i18n._("Subtotal ({count} items)", { count: number(info.qty) })}
            </dt>
            <dd className="tabular-nums">{taka(info.totalPrice)}</dd>
          </div>
          {info.discountedAmount > 0 ? (
            <div className="flex justify-between gap-3 text-emerald-800">
              <dt>{i18n._("Discount")}</dt>
              <dd className="tabular-nums">−{taka(info.discountedAmount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-3">
            <dt>{i18n._("Delivery")}</dt>
            <dd className="tabular-nums">
              {physical ? taka(info.deliveryCharges) : i18n._("None (digital)")}
            </dd>
          </div>
          <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
            <dt>{i18n._("Total")}</dt>
            <dd className="tabular-nums" aria-live="polite">
              {taka(info.netPrice)}
            </dd>
          </div>
        </dl>
        {physical ? <ParcelsEstimateLine zone={info.zone} className="mt-3" lines={info.lines} /> : null}
        <Link to="/cart/checkout" className={buttonClass("primary", "w-full")}>
          {i18n._("Proceed to checkout")}
        </Link>
      </div>
    </section>
  );
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const info = useCartInfo(loaderData.cart);
  const { i18n } = useLingui();

  if (info.lines.length === 0) {
    return (
      <div className="mx-auto max-w-md py-10 text-center">
        <ShoppingCart aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{i18n._("Your cart is empty")}</h1>
        <p className="mt-2 text-slate-700">
          {i18n._("Books, e-books and stationery you add will wait for you here.")}
        </p>
        <Link to="/" className={buttonClass("primary", "mt-6")}>
          {i18n._("Browse the shop")}
        </Link>
      </div>
    );
  }

  return (
    <div>
      <PageHeading title={i18n._("Cart")} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-labelledby="cart-items"
          className="min-w-0 self-start rounded-lg border border-slate-200 bg-white px-3 sm:px-4"
        >
          <h2 id="cart-items" className="sr-only">
            {i18n._("Items in your cart")}
          </h2>
          <ul>
            {info.lines.map((line) => (
              <CartLine key={line.id} line={line} />
            ))}
          </ul>
        </section>
        <Summary info={info} refusal={actionData as Refusal} />
      </div>
    </div>
  );
}
