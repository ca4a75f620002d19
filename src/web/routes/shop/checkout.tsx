import { Trans } from "@lingui/react";
import { ShoppingCart, Tag, TriangleAlert, Truck } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { SavedAddress } from "../../../contracts/addresses";
import type { CartInfo } from "../../../contracts/cart";
import { cartKeyOf } from "../../../contracts/cart-key";
import { isDigitalKind } from "../../../contracts/catalog";
import type { CheckoutResult } from "../../../contracts/checkout";
import { CHECKOUT_FIELDS, type CheckoutField, type CheckoutNotice } from "../../../contracts/checkout-form";
import { districtLabel } from "../../../contracts/districts";
import { comesLater } from "../../../contracts/parcel-estimates";
import { AddressFields } from "../../components/account/address-fields";
import { CoverImage } from "../../components/catalog/cover-image";
import { LineAvailability } from "../../components/catalog/line-availability";
import { ParcelsEstimateLine, useParcelEstimates } from "../../components/catalog/parcels-estimate";
import { GatewayHandOff, gatewayOf } from "../../components/orders/gateway-hand-off";
import { PageHeading } from "../../components/page-heading";
import { Button, buttonClass } from "../../components/ui/button";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field";
import { translateMessage, useFormat, useLingui } from "../../i18n";
import { pushBeginCheckout } from "../../lib/analytics";
import { ApiError, api } from "../../lib/api";
import { useCart, useCartInfo } from "../../lib/cart";
import { cn } from "../../lib/cn";
import { useHydrated } from "../../lib/hydrated";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/checkout";
import { checkoutAction, loadCheckout, type OnlineWays } from "./checkout.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Checkout") }];

/**
 * The cart (as GET /api/cart/info answers it, priced for the address filled in), the buyer's name
 * and phone, and the address book for the form.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return loadCheckout(context);
}

/** The checkout form posted without JavaScript (HTML first; checkout.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return checkoutAction(context, request);
}

/** The action's answer: a refusal (the fields' messages) or a notice, each with what was typed. */
type Answer =
  | CheckoutNotice
  | {
      ok: false;
      status: number;
      message: string;
      errors: Record<string, string>;
      values: Record<string, string>;
    }
  | undefined;

type Errors = Partial<Record<CheckoutField, string>>;
type Refusal = { message: string; conflict: boolean };

const isDigital = (type: CartInfo["lines"][number]["type"]) => isDigitalKind(type);

const FORM_ID = "checkout-form";
const CHECK_THE_FIELDS = /*i18n*/ "Please check the highlighted fields";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-3 text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function PaymentOption({
  title,
  detail,
  reason,
  disabled,
  ...input
}: {
  title: string;
  detail: string;
  reason?: string;
  disabled?: boolean;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const reasonId = `${input.value}-reason`;
  return (
    <label
      className={cn(
        "flex gap-3 rounded-md border p-3",
        disabled
          ? "cursor-not-allowed border-slate-200 bg-slate-50"
          : "cursor-pointer border-slate-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700",
      )}
    >
      <input
        type="radio"
        name="paymentMethod"
        className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
        disabled={disabled}
        aria-describedby={reason ? reasonId : undefined}
        {...input}
      />
      <span className="min-w-0">
        <span className={cn("block font-semibold", disabled ? "text-slate-600" : "text-slate-900")}>
          {title}
        </span>
        <span className="block text-sm text-slate-700">{detail}</span>
        {reason ? (
          <span id={reasonId} className="mt-1 block text-sm font-medium text-amber-900">
            {reason}
          </span>
        ) : null}
      </span>
    </label>
  );
}

/** One of the two ways to ship an order with items that come later (`waitShipping`). */
function WaitOption({
  title,
  detail,
  arrives,
  ...input
}: { title: string; detail: string; arrives: string | null } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700">
      <input type="radio" name="waitShipping" className="mt-1 h-4 w-4 shrink-0 accent-brand-700" {...input} />
      <span className="min-w-0">
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-700">{detail}</span>
        {arrives ? (
          <span className="mt-1 flex gap-1.5 text-sm font-medium text-brand-800">
            <Truck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {arrives}
          </span>
        ) : null}
      </span>
    </label>
  );
}

/** A field of the form, as the scripts read or change it. */
const fieldOf = (form: HTMLFormElement | null, name: string) =>
  form?.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;

const addressLabel = (a: SavedAddress) => `${a.address}, ${a.area}, ${a.district}`;

/** The key of the cart this page shows (contracts/cart-key.ts), sent with the order. */
const keyOf = (info: CartInfo) =>
  cartKeyOf(
    info.lines.map((l) => ({
      productId: l.productId,
      kind: l.type,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    })),
    info.couponId,
  );

/**
 * The form and, beside it (below on a phone), the summary with the button that sends it. HTML
 * first (decision 53): a plain form posted to this page's action, with the fields' first values
 * (or what was typed, after a refusal) as default values; once the scripts run, the same form's
 * submit sends `POST /api/checkout` instead, reading the fields from the form, so nothing typed
 * before then is lost. Without JavaScript the district and a saved address have buttons of their
 * own (delivery priced, the address filled in); with it, choosing them is enough.
 */
function Checkout({
  info,
  buyer,
  addresses,
  prefill,
  onlineWays,
  codRisk,
  storeCredit,
  answer,
}: {
  info: CartInfo;
  buyer: { name: string; phone: string };
  addresses: SavedAddress[];
  prefill: SavedAddress | null;
  onlineWays: OnlineWays;
  /** Earlier parcels to the phone filled in came back: what cash on delivery means for it. */
  codRisk: { action: "call" | "pay_online"; words: string } | null;
  /** The buyer's store credit (poisha); 0 shows no choice. */
  storeCredit: number;
  answer: Answer;
}) {
  const cart = useCart();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const { i18n } = useLingui();
  const { taka } = useFormat();
  const digital = info.lines.some((l) => isDigital(l.type));
  const physical = info.lines.some((l) => !isDigital(l.type));
  // Pre-ordered (or back-ordered) items beside items that ship now: the buyer chooses one parcel or two.
  const later = (l: CartInfo["lines"][number]) => comesLater(l.availability);
  const mixed = info.lines.some(later) && info.lines.some((l) => !isDigital(l.type) && !later(l));
  // When each choice's parcels come: both dated beside their radio, so either reads right without scripts.
  const arrives = useParcelEstimates(info.zone, info.lines);

  // The last used address of the book (else its default) is filled in; after a post, what was typed.
  const first: Record<string, string> = {
    name: physical && prefill ? prefill.name : buyer.name,
    phone: physical && prefill ? prefill.phone : buyer.phone,
    district: physical && prefill ? prefill.district : info.district,
    area: physical && prefill ? prefill.area : "",
    address: physical && prefill ? prefill.address : "",
    note: "",
    // Printed items only: cash on delivery, as most buyers here pay; anything digital is paid online.
    paymentMethod: physical && !digital && codRisk?.action !== "pay_online" ? "cod" : "gateway",
    saved: prefill ? String(prefill.id) : "",
    ...answer?.values,
  };
  // Cash on delivery is for printed items only: an e-book or course in the cart rules it out.
  const [method, setMethod] = useState(first.paymentMethod === "cod" && !digital ? "cod" : "gateway");

  // The answer of a post without JavaScript, until the scripts' own answer replaces it.
  const [errors, setErrors] = useState<Errors>(() => (answer && !answer.ok ? answer.errors : {}));
  const [refusal, setRefusal] = useState<Refusal | null>(() =>
    answer && !answer.ok
      ? {
          message: CHECKOUT_FIELDS.some((k) => answer.errors[k]) ? CHECK_THE_FIELDS : answer.message,
          conflict: answer.status === 409,
        }
      : null,
  );
  const refusalRef = useRef<HTMLDivElement>(null);
  // A refusal is shown at the top of the form: on a phone that is a screen away from the button.
  useEffect(() => {
    if (refusal && hydrated) refusalRef.current?.scrollIntoView({ behavior: "smooth", block: "center" });
  }, [refusal, hydrated]);
  const [sending, setSending] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // A second tap while the first is on its way sends nothing (and the cart key answers a repeat
  // from another tab with the same order).
  const busy = useRef(false);

  // What was chosen before the scripts ran is kept (hydration does not reset the form): the
  // button's words follow the payment method checked, and the cart is priced for the district
  // chosen (the loader priced it for the one filled in).
  const { chooseDistrict } = cart;
  const openedFor = useRef(info.district);
  useEffect(() => {
    const checked = form.current?.querySelector<HTMLInputElement>('input[name="paymentMethod"]:checked');
    if (checked) setMethod(checked.value);
    const district = fieldOf(form.current, "district")?.value;
    if (district && district !== openedFor.current) void chooseDistrict(district);
  }, [chooseDistrict]);

  function chooseSaved(id: string) {
    const a = addresses.find((x) => String(x.id) === id);
    if (!a) return;
    for (const k of ["name", "phone", "district", "area", "address"] as const) {
      const el = fieldOf(form.current, k);
      if (el) el.value = a[k];
    }
    setErrors((e) => ({
      ...e,
      name: undefined,
      phone: undefined,
      district: undefined,
      area: undefined,
      address: undefined,
    }));
    void cart.chooseDistrict(a.district);
  }

  // An e-book or course arriving in the cart while cash on delivery is chosen: online it is.
  useEffect(() => {
    if (!digital || method !== "cod") return;
    const online = form.current?.querySelector<HTMLInputElement>(
      'input[name="paymentMethod"][value="gateway"]',
    );
    if (online) online.checked = true;
    setMethod("gateway");
  }, [digital, method]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy.current) return;
    const sent = new FormData(e.currentTarget);
    const body: Record<string, string> = {};
    for (const k of CHECKOUT_FIELDS) {
      const v = sent.get(k);
      if (typeof v === "string") body[k] = v;
    }
    busy.current = true;
    setSending(true);
    setRefusal(null);
    setErrors({});
    try {
      const { data } = await api<CheckoutResult>("POST", "/api/checkout", { ...body, cartKey: keyOf(info) });
      if (!data)
        throw new ApiError(500, i18n._("Unexpected answer from the server. Please check My orders."));
      if (data.redirectUrl) {
        // The order is placed; the gateway's page takes the payment.
        setLeaving(true);
        window.location.assign(data.redirectUrl);
        return;
      }
      navigate(`/payment/${encodeURIComponent(data.tranx)}/success`);
    } catch (err) {
      const placed: Errors = {};
      if (err instanceof ApiError) {
        for (const [k, m] of Object.entries(err.errors ?? {})) {
          if ((CHECKOUT_FIELDS as readonly string[]).includes(k)) placed[k as CheckoutField] = m;
        }
      }
      const conflict = err instanceof ApiError && err.statusCode === 409;
      if (Object.keys(placed).length > 0) {
        setErrors(placed);
        toast({ title: i18n._(CHECK_THE_FIELDS), variant: "destructive" });
      } else {
        const message =
          err instanceof ApiError ? err.message : /*i18n*/ "Something went wrong. Please try again.";
        setRefusal({ message, conflict });
        toast({ title: i18n._("Could not place your order"), description: message, variant: "destructive" });
      }
      // Stock, prices or the coupon may have changed: show the cart as it is now.
      if (conflict) {
        if (body.district) void cart.chooseDistrict(body.district);
        else void cart.reload();
      }
    } finally {
      busy.current = false;
      setSending(false);
    }
  }

  // A field's message goes once it is changed.
  function changed(e: FormEvent<HTMLFormElement>) {
    const name = (e.target as HTMLInputElement).name;
    if (name && name in errors) setErrors((x) => ({ ...x, [name]: undefined }));
  }

  const nothingTyped = answer === undefined;
  return (
    <div className="group grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <form
        ref={form}
        id={FORM_ID}
        key={nothingTyped ? "first" : JSON.stringify(answer.values)}
        method="post"
        action="/cart/checkout"
        onSubmit={submit}
        onInput={changed}
        // With the scripts the server's messages are shown; without them the browser checks first.
        noValidate={hydrated}
        className="min-w-0 space-y-4"
        aria-label={i18n._("Checkout")}
      >
        {hydrated ? null : (
          // Enter in a field places the order, as the page's button does (not a button below).
          <button
            type="submit"
            name="intent"
            value="place"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
          />
        )}
        <input type="hidden" name="cartKey" value={keyOf(info)} />
        <input type="hidden" name="pricedFor" value={info.district} />
        {physical && addresses.length > 0 ? (
          <input type="hidden" name="savedShown" value={first.saved} />
        ) : null}
        {answer?.ok ? (
          <p
            role="status"
            className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
          >
            {i18n._(answer.notice)}
          </p>
        ) : null}
        {refusal ? (
          <div
            ref={refusalRef}
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900"
          >
            <p className="font-semibold">{i18n._("Your order was not placed")}</p>
            <p className="mt-0.5 text-sm">{translateMessage(i18n, refusal.message)}</p>
            {refusal.conflict ? (
              <p className="mt-1 text-sm">
                <Trans
                  id="Nothing was charged and your details are kept. <0>Review your cart</0>, then come back to place the order."
                  components={{ 0: <Link to="/cart" className="font-semibold underline" /> }}
                />
              </p>
            ) : null}
          </div>
        ) : null}
        <Section title={i18n._("Contact")}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              label={i18n._("Full name")}
              name="name"
              autoComplete="name"
              required
              minLength={2}
              maxLength={80}
              defaultValue={first.name}
              error={errors.name}
            />
            <TextField
              label={i18n._("Phone number")}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              minLength={10}
              maxLength={20}
              defaultValue={first.phone}
              hint={physical ? i18n._("The rider calls this number") : undefined}
              error={errors.phone}
            />
          </div>
        </Section>
        {physical ? (
          <Section title={i18n._("Delivery address")}>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {addresses.length > 0 ? (
                <div className="flex items-start gap-2 sm:col-span-2">
                  <SelectField
                    label={i18n._("Saved addresses")}
                    name="saved"
                    className="min-w-0 flex-1"
                    options={addresses.map((a) => String(a.id))}
                    optionLabel={(id) => {
                      const a = addresses.find((x) => String(x.id) === id);
                      return a ? addressLabel(a) : id;
                    }}
                    defaultValue={first.saved}
                    placeholder={i18n._("Choose a saved address")}
                    hint={i18n._("Manage them in My profile")}
                    onChange={(e) => chooseSaved(e.target.value)}
                  />
                  {hydrated ? null : (
                    <Button
                      type="submit"
                      name="intent"
                      value="saved"
                      formNoValidate
                      variant="secondary"
                      className="mt-7"
                      aria-label={i18n._("Use the saved address")}
                    >
                      {i18n._("Use")}
                    </Button>
                  )}
                </div>
              ) : null}
              <AddressFields
                district={{
                  name: "district",
                  defaultValue: first.district,
                  onChange: (e) => void cart.chooseDistrict(e.target.value),
                }}
                area={{ name: "area", defaultValue: first.area }}
                address={{ name: "address", defaultValue: first.address }}
                errors={{ district: errors.district, area: errors.area, address: errors.address }}
                districtHint={info.zone === "dhaka" ? i18n._("Inside Dhaka") : i18n._("Outside Dhaka")}
                districtAside={
                  hydrated ? null : (
                    <Button
                      type="submit"
                      name="intent"
                      value="district"
                      formNoValidate
                      variant="secondary"
                      className="mt-7"
                      aria-label={i18n._("Update the delivery charge")}
                    >
                      {i18n._("Update")}
                    </Button>
                  )
                }
                addressClassName="sm:col-span-2"
              />
              <TextAreaField
                label={i18n._("Note (optional)")}
                name="note"
                className="sm:col-span-2"
                rows={2}
                maxLength={500}
                defaultValue={first.note}
                placeholder={i18n._("Anything the rider should know")}
                error={errors.note}
              />
            </div>
          </Section>
        ) : (
          <Section title={i18n._("Note")}>
            <p className="mb-3 text-sm text-slate-700">
              {i18n._("E-books and courses are in your library as soon as you have paid: no address needed.")}
            </p>
            <TextAreaField
              label={i18n._("Note (optional)")}
              name="note"
              rows={2}
              maxLength={500}
              defaultValue={first.note}
              error={errors.note}
            />
          </Section>
        )}
        {mixed ? (
          <Section title={i18n._("Delivery of pre-orders")}>
            <fieldset>
              <legend className="mb-3 text-sm text-slate-700">
                {i18n._(
                  "Some items come later (a pre-order or from the publisher). How should we ship them?",
                )}
              </legend>
              <div className="space-y-3">
                <WaitOption
                  value="split"
                  defaultChecked={first.waitShipping !== "together"}
                  title={i18n._("Ship what is available now, the rest when it comes")}
                  detail={i18n._("Two parcels; you receive the available items sooner.")}
                  arrives={arrives.split}
                />
                <WaitOption
                  value="together"
                  defaultChecked={first.waitShipping === "together"}
                  title={i18n._("Wait and ship everything together")}
                  detail={i18n._("One parcel, once every item has come.")}
                  arrives={arrives.together}
                />
              </div>
            </fieldset>
          </Section>
        ) : null}
        <Section title={i18n._("Payment method")}>
          {storeCredit > 0 ? (
            <label
              className="mb-3 flex cursor-pointer gap-3 rounded-md border border-emerald-300 bg-emerald-50 p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
              data-testid="use-store-credit"
            >
              <input
                type="checkbox"
                name="useStoreCredit"
                defaultChecked={first.useStoreCredit === "on"}
                className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
              />
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">
                  {i18n._("Use my store credit ({amount} available)", { amount: taka(storeCredit) })}
                </span>
                <span className="block text-sm text-slate-700">
                  {i18n._("It pays as much of the total as it can; pay the rest below.")}
                </span>
              </span>
            </label>
          ) : null}
          <fieldset aria-describedby={errors.paymentMethod ? "payment-method-error" : undefined}>
            <legend className="sr-only">{i18n._("Payment method")}</legend>
            <div className="space-y-3">
              <PaymentOption
                title={i18n._("Online payment")}
                detail={
                  onlineWays === "bkash"
                    ? i18n._("Pay now with bKash on bKash's secure page.")
                    : i18n._(
                        "Pay now with bKash, Nagad, Rocket or a card on the payment gateway's secure page.",
                      )
                }
                value="gateway"
                defaultChecked={method === "gateway"}
                onChange={() => setMethod("gateway")}
              />
              <PaymentOption
                title={i18n._("Cash on delivery")}
                detail={i18n._("Pay the rider in cash when your parcel arrives.")}
                value="cod"
                defaultChecked={method === "cod"}
                onChange={() => setMethod("cod")}
                disabled={digital}
                reason={
                  digital
                    ? i18n._("Not available: e-books and courses in your cart must be paid online.")
                    : undefined
                }
              />
            </div>
            {codRisk && !digital && !errors.paymentMethod ? (
              <p
                className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
                data-testid="cod-risk-notice"
              >
                {translateMessage(i18n, codRisk.words)}
              </p>
            ) : null}
            {errors.paymentMethod ? (
              <p id="payment-method-error" className="mt-2 text-sm text-red-700">
                {translateMessage(i18n, errors.paymentMethod)}
              </p>
            ) : null}
          </fieldset>
        </Section>
      </form>
      <CheckoutSummary
        info={info}
        busy={sending || leaving}
        method={hydrated ? method : null}
        storeCredit={storeCredit}
      />
    </div>
  );
}

/**
 * The order's lines and totals, and the button that sends the form. Its words follow the payment
 * method chosen: from the scripts' state once they run (`method`), before that (null) from the
 * checked radio by CSS, so the button reads "Place order" for cash on delivery without JavaScript.
 */
function CheckoutSummary({
  info,
  busy,
  method,
  storeCredit,
}: {
  info: CartInfo;
  busy: boolean;
  method: string | null;
  storeCredit: number;
}) {
  const cart = useCart();
  const physical = info.lines.some((l) => !isDigital(l.type));
  const { i18n } = useLingui();
  const { number, taka, locale } = useFormat();
  return (
    <section
      aria-labelledby="checkout-summary"
      className="h-fit min-w-0 rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-24"
    >
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 id="checkout-summary" className="text-lg font-bold text-slate-900">
          {i18n._("Order summary")}
        </h2>
        <Link to="/cart" className="text-sm font-semibold text-brand-800 underline">
          {i18n._("Edit cart")}
        </Link>
      </div>
      <ul className="divide-y divide-slate-200">
        {info.lines.map((l) => (
          <li key={l.id} className="flex items-center gap-3 py-2.5">
            <div className="w-10 shrink-0">
              <CoverImage image={l.image} title={l.title} width={40} sizes="40px" />
            </div>
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm font-semibold text-slate-900">{l.title}</p>
              <p className="text-sm text-slate-700 tabular-nums">
                {number(l.quantity)} × {taka(l.unitPrice)}
              </p>
              <LineAvailability line={l} />
              {!isDigital(l.type) && l.quantity > l.maxQuantity ? (
                <p className="text-sm font-semibold text-amber-800">
                  {l.maxQuantity === 0
                    ? i18n._("Out of stock now")
                    : i18n._("Only {count} left in stock", { count: number(l.maxQuantity) })}
                </p>
              ) : null}
            </div>
            <p className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">{taka(l.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <dl
        className={cn(
          "mt-2 space-y-2 border-t border-slate-200 pt-3 text-slate-800 transition-opacity",
          cart.loading && "opacity-60",
        )}
        aria-busy={cart.loading || undefined}
      >
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
            <dt className="flex min-w-0 items-center gap-1.5">
              <Tag aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span className="truncate">
                {i18n._("Discount")}
                {info.couponCode ? ` (${info.couponCode})` : ""}
              </span>
            </dt>
            <dd className="tabular-nums">−{taka(info.discountedAmount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3">
          <dt>
            {physical
              ? i18n._("Delivery to {district}", { district: districtLabel(info.district, locale) })
              : i18n._("Delivery")}
          </dt>
          <dd className="tabular-nums">{physical ? taka(info.deliveryCharges) : i18n._("None (digital)")}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
          <dt>{i18n._("Total")}</dt>
          <dd className="tabular-nums" aria-live="polite">
            {taka(info.netPrice)}
          </dd>
        </div>
        {storeCredit > 0 ? (
          // Shown while the store credit box is ticked, with or without the page's scripts.
          <>
            <div className="hidden justify-between gap-3 text-emerald-800 group-has-[input[name=useStoreCredit]:checked]:flex">
              <dt>{i18n._("Paid with store credit")}</dt>
              <dd className="tabular-nums">−{taka(Math.min(storeCredit, info.netPrice))}</dd>
            </div>
            <div className="hidden justify-between gap-3 font-bold text-slate-900 group-has-[input[name=useStoreCredit]:checked]:flex">
              <dt>{i18n._("Left to pay")}</dt>
              <dd className="tabular-nums" data-testid="left-to-pay">
                {taka(info.netPrice - Math.min(storeCredit, info.netPrice))}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      {physical ? <ParcelsEstimateLine zone={info.zone} className="mt-3" lines={info.lines} /> : null}
      {info.couponCode && !info.couponId ? (
        <p className="mt-3 flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            {i18n._("Coupon {code} cannot be used: {reason}.", {
              code: info.couponCode,
              reason: info.couponMessage ?? i18n._("it does not apply to this cart"),
            })}{" "}
            <Trans
              id="<0>Remove it in your cart</0> to continue."
              components={{ 0: <Link to="/cart" className="font-semibold underline" /> }}
            />
          </span>
        </p>
      ) : null}
      <Button
        type="submit"
        form={FORM_ID}
        name="intent"
        value="place"
        loading={busy}
        className="mt-4 w-full text-base"
      >
        {method === null ? (
          <>
            <span className="group-has-[input[name=paymentMethod][value=cod]:checked]:hidden">
              {i18n._("Continue to payment")}
            </span>
            <span className="hidden group-has-[input[name=paymentMethod][value=cod]:checked]:inline">
              {i18n._("Place order")}
            </span>
          </>
        ) : method === "cod" ? (
          i18n._("Place order")
        ) : (
          i18n._("Continue to payment")
        )}
      </Button>
      <p className="mt-3 text-xs text-slate-600">
        <Trans
          id="By placing the order you agree to our <0>terms</0> and <1>refund policy</1>."
          components={{
            0: <Link to="/info/termsandconditions" className="underline" />,
            1: <Link to="/info/refund" className="underline" />,
          }}
        />
      </p>
    </section>
  );
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const info = useCartInfo(loaderData.cart);
  const { i18n } = useLingui();

  // GA4 begin_checkout, once per visit to this page.
  const pushed = useRef(false);
  useEffect(() => {
    if (pushed.current || loaderData.cart.lines.length === 0) return;
    pushed.current = true;
    pushBeginCheckout(loaderData.cart);
  }, [loaderData.cart]);

  // Back from the gateway's page through the browser's cache: the cart was emptied, so read again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) window.location.reload();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  // Placed without the page's scripts: on to the gateway's page on another site.
  const gateway = gatewayOf(actionData);
  if (gateway) return <GatewayHandOff url={gateway} />;

  if (info.lines.length === 0) {
    return (
      <div className="mx-auto max-w-md py-10 text-center">
        <ShoppingCart aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{i18n._("Your cart is empty")}</h1>
        <p className="mt-2 text-slate-700">
          {i18n._("Add books, e-books or stationery to your cart, then check out.")}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClass("primary")}>
            {i18n._("Browse the shop")}
          </Link>
          <Link to="/orders" className={buttonClass("secondary")}>
            {i18n._("My orders")}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div>
      <PageHeading title={i18n._("Checkout")} />
      <Checkout
        info={info}
        buyer={loaderData.buyer}
        addresses={loaderData.addresses}
        prefill={loaderData.prefill}
        onlineWays={loaderData.onlineWays}
        codRisk={loaderData.codRisk}
        storeCredit={loaderData.storeCredit}
        answer={actionData as Answer}
      />
    </div>
  );
}
