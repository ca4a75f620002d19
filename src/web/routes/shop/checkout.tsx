import { zodResolver } from "@hookform/resolvers/zod";
import { Trans } from "@lingui/react";
import { ShoppingCart, Tag, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { SavedAddress } from "../../../contracts/addresses";
import type { CartInfo } from "../../../contracts/cart";
import { type CheckoutResult, checkoutSchema, shippingCheckoutSchema } from "../../../contracts/checkout";
import { districtLabel } from "../../../contracts/districts";
import type { z } from "../../../contracts/zod";
import { AddressFields } from "../../components/account/address-fields";
import { CoverImage } from "../../components/catalog/cover-image";
import { DeliveryEstimateLine } from "../../components/catalog/delivery-estimate";
import { PageHeading } from "../../components/page-heading";
import { Button, buttonClass } from "../../components/ui/button";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field";
import { translateMessage, useFormat, useLingui } from "../../i18n";
import { pushBeginCheckout } from "../../lib/analytics";
import { ApiError, api, applyFieldErrors } from "../../lib/api";
import { useCart, useCartInfo } from "../../lib/cart";
import { cn } from "../../lib/cn";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/checkout";
import { loadCheckout } from "./checkout.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Checkout") }];

/** The cart (as GET /api/cart/info answers it) and the buyer's name and phone for the form. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadCheckout(context);
}

type FormInput = z.input<typeof checkoutSchema>;
type FormOutput = z.output<typeof checkoutSchema>;
const FIELDS = ["name", "phone", "district", "area", "address", "note", "paymentMethod"] as const;

/** The API's taka, shown as the shop shows money. */

const isDigital = (type: CartInfo["lines"][number]["type"]) => type === "ebook" || type === "content";

const FORM_ID = "checkout-form";

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
} & React.InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> }) {
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

/** The form and, beside it (below on a phone), the summary with the button that sends it. */
const addressLabel = (a: SavedAddress) => `${a.address}, ${a.area}, ${a.district}`;

function Checkout({
  info,
  buyer,
  addresses,
  prefill,
}: {
  info: CartInfo;
  buyer: { name: string; phone: string };
  addresses: SavedAddress[];
  prefill: SavedAddress | null;
}) {
  const cart = useCart();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<{ message: string; conflict: boolean } | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  // A refusal is shown at the top of the form: on a phone that is a screen away from the button.
  useEffect(() => {
    if (refusal) refusalRef.current?.scrollIntoView({ behavior: "smooth", block: "center" });
  }, [refusal]);
  const [leaving, setLeaving] = useState(false);
  const { i18n } = useLingui();
  const digital = info.lines.some((l) => isDigital(l.type));
  const physical = info.lines.some((l) => !isDigital(l.type));
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    // E-books and courses alone are bought without an address: nothing is posted.
    resolver: zodResolver(physical ? shippingCheckoutSchema : checkoutSchema),
    // The last used address of the book (else its default) is filled in.
    defaultValues: {
      name: physical && prefill ? prefill.name : buyer.name,
      phone: physical && prefill ? prefill.phone : buyer.phone,
      ...(physical
        ? prefill
          ? { district: prefill.district, area: prefill.area, address: prefill.address }
          : { district: info.district, area: "", address: "" }
        : {}),
      note: "",
      paymentMethod: "gateway",
    },
  });
  const method = useWatch({ control, name: "paymentMethod" });

  // The cart is priced for the district filled in.
  const prefillDistrict = physical ? prefill?.district : undefined;
  const openedFor = useRef(info.district);
  const { chooseDistrict } = cart;
  useEffect(() => {
    if (prefillDistrict && prefillDistrict !== openedFor.current) void chooseDistrict(prefillDistrict);
  }, [prefillDistrict, chooseDistrict]);

  function chooseSaved(label: string) {
    const a = addresses.find((x) => addressLabel(x) === label);
    if (!a) return;
    for (const k of ["name", "phone", "district", "area", "address"] as const) {
      setValue(k, a[k], { shouldValidate: true, shouldDirty: true });
    }
    void cart.chooseDistrict(a.district);
  }

  // Cash on delivery is for printed items only: an e-book or course in the cart rules it out.
  useEffect(() => {
    if (digital && method === "cod") setValue("paymentMethod", "gateway");
  }, [digital, method, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const { data } = await api<CheckoutResult>("POST", "/api/checkout", values);
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
      const message = applyFieldErrors(err, setError, FIELDS);
      const conflict = err instanceof ApiError && err.statusCode === 409;
      if (message) {
        setRefusal({ message, conflict });
        toast({ title: i18n._("Could not place your order"), description: message, variant: "destructive" });
      } else {
        toast({ title: i18n._("Please check the highlighted fields"), variant: "destructive" });
      }
      // Stock, prices or the coupon may have changed: show the cart as it is now.
      if (conflict) {
        if (values.district) void cart.chooseDistrict(values.district);
        else void cart.reload();
      }
    }
  });

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <form
        id={FORM_ID}
        onSubmit={onSubmit}
        noValidate
        className="min-w-0 space-y-4"
        aria-label={i18n._("Checkout")}
      >
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
              autoComplete="name"
              error={errors.name?.message}
              {...register("name")}
            />
            <TextField
              label={i18n._("Phone number")}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              hint={physical ? i18n._("The rider calls this number") : undefined}
              error={errors.phone?.message}
              {...register("phone")}
            />
          </div>
        </Section>
        {physical ? (
          <Section title={i18n._("Delivery address")}>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {addresses.length > 0 ? (
                <SelectField
                  label={i18n._("Saved addresses")}
                  className="sm:col-span-2"
                  options={addresses.map(addressLabel)}
                  defaultValue={prefill ? addressLabel(prefill) : ""}
                  placeholder={i18n._("Choose a saved address")}
                  hint={i18n._("Manage them in My profile")}
                  onChange={(e) => chooseSaved(e.target.value)}
                />
              ) : null}
              <AddressFields
                district={register("district", { onChange: (e) => void cart.chooseDistrict(e.target.value) })}
                area={register("area")}
                address={register("address")}
                errors={{
                  district: errors.district?.message,
                  area: errors.area?.message,
                  address: errors.address?.message,
                }}
                districtHint={info.zone === "dhaka" ? i18n._("Inside Dhaka") : i18n._("Outside Dhaka")}
                addressClassName="sm:col-span-2"
              />
              <TextAreaField
                label={i18n._("Note (optional)")}
                className="sm:col-span-2"
                rows={2}
                maxLength={500}
                placeholder={i18n._("Anything the rider should know")}
                error={errors.note?.message}
                {...register("note")}
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
              rows={2}
              maxLength={500}
              error={errors.note?.message}
              {...register("note")}
            />
          </Section>
        )}
        <Section title={i18n._("Payment method")}>
          <fieldset aria-describedby={errors.paymentMethod ? "payment-method-error" : undefined}>
            <legend className="sr-only">{i18n._("Payment method")}</legend>
            <div className="space-y-3">
              <PaymentOption
                title={i18n._("Online payment")}
                detail={i18n._("Pay now with mobile banking or a card on the payment gateway's secure page.")}
                value="gateway"
                {...register("paymentMethod")}
              />
              <PaymentOption
                title={i18n._("Cash on delivery")}
                detail={i18n._("Pay the rider in cash when your parcel arrives.")}
                value="cod"
                disabled={digital}
                reason={
                  digital
                    ? i18n._("Not available: e-books and courses in your cart must be paid online.")
                    : undefined
                }
                {...register("paymentMethod")}
              />
            </div>
            {errors.paymentMethod?.message ? (
              <p id="payment-method-error" className="mt-2 text-sm text-red-700">
                {i18n._(errors.paymentMethod.message)}
              </p>
            ) : null}
          </fieldset>
        </Section>
      </form>
      <CheckoutSummary info={info} busy={isSubmitting || leaving} method={method} />
    </div>
  );
}

function CheckoutSummary({ info, busy, method }: { info: CartInfo; busy: boolean; method: string }) {
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
      </dl>
      {physical ? <DeliveryEstimateLine zone={info.zone} className="mt-3" /> : null}
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
      <Button type="submit" form={FORM_ID} loading={busy} className="mt-4 w-full text-base">
        {method === "cod" ? i18n._("Place order") : i18n._("Continue to payment")}
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

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
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
      />
    </div>
  );
}
