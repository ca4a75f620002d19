import { zodResolver } from "@hookform/resolvers/zod";
import { ShoppingCart, Tag, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { CartInfo } from "../../../contracts/cart";
import { type CheckoutResult, checkoutSchema } from "../../../contracts/checkout";
import { DISTRICT_NAMES } from "../../../contracts/districts";
import { formatTaka } from "../../../contracts/money";
import type { z } from "../../../contracts/zod";
import { CoverImage } from "../../components/catalog/cover-image";
import { PageHeading } from "../../components/page-heading";
import { Button, buttonClass } from "../../components/ui/button";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field";
import { pushBeginCheckout } from "../../lib/analytics";
import { ApiError, api, applyFieldErrors } from "../../lib/api";
import { useCart, useCartInfo } from "../../lib/cart";
import { cn } from "../../lib/cn";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/checkout";
import { loadCheckout } from "./checkout.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Checkout") }];

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
function Checkout({ info, buyer }: { info: CartInfo; buyer: { name: string; phone: string } }) {
  const cart = useCart();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<{ message: string; conflict: boolean } | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  // A refusal is shown at the top of the form: on a phone that is a screen away from the button.
  useEffect(() => {
    if (refusal) refusalRef.current?.scrollIntoView({ behavior: "smooth", block: "center" });
  }, [refusal]);
  const [leaving, setLeaving] = useState(false);
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
    resolver: zodResolver(checkoutSchema),
    defaultValues: {
      name: buyer.name,
      phone: buyer.phone,
      district: info.district,
      area: "",
      address: "",
      note: "",
      paymentMethod: "gateway",
    },
  });
  const method = useWatch({ control, name: "paymentMethod" });

  // Cash on delivery is for printed items only: an e-book or course in the cart rules it out.
  useEffect(() => {
    if (digital && method === "cod") setValue("paymentMethod", "gateway");
  }, [digital, method, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const { data } = await api<CheckoutResult>("POST", "/api/checkout", values);
      if (!data) throw new ApiError(500, "Unexpected answer from the server. Please check My orders.");
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
        toast({ title: "Could not place your order", description: message, variant: "destructive" });
      } else {
        toast({ title: "Please check the highlighted fields", variant: "destructive" });
      }
      // Stock, prices or the coupon may have changed: show the cart as it is now.
      if (conflict) void cart.chooseDistrict(values.district);
    }
  });

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <form id={FORM_ID} onSubmit={onSubmit} noValidate className="min-w-0 space-y-4" aria-label="Checkout">
        {refusal ? (
          <div
            ref={refusalRef}
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900"
          >
            <p className="font-semibold">Your order was not placed</p>
            <p className="mt-0.5 text-sm">{refusal.message}</p>
            {refusal.conflict ? (
              <p className="mt-1 text-sm">
                Nothing was charged and your details are kept.{" "}
                <Link to="/cart" className="font-semibold underline">
                  Review your cart
                </Link>
                , then come back to place the order.
              </p>
            ) : null}
          </div>
        ) : null}
        <Section title="Contact">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              label="Full name"
              autoComplete="name"
              error={errors.name?.message}
              {...register("name")}
            />
            <TextField
              label="Phone number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              hint="The rider calls this number"
              error={errors.phone?.message}
              {...register("phone")}
            />
          </div>
        </Section>
        <Section title={physical ? "Delivery address" : "Billing address"}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <SelectField
              label="District"
              options={DISTRICT_NAMES}
              autoComplete="address-level1"
              hint={physical ? (info.zone === "dhaka" ? "Inside Dhaka" : "Outside Dhaka") : undefined}
              error={errors.district?.message}
              {...register("district", { onChange: (e) => void cart.chooseDistrict(e.target.value) })}
            />
            <TextField
              label="Area / thana"
              autoComplete="address-level2"
              error={errors.area?.message}
              {...register("area")}
            />
            <TextAreaField
              label="Address"
              className="sm:col-span-2"
              autoComplete="street-address"
              placeholder="House, road, village or landmark"
              hint={
                physical ? undefined : "Printed on your invoice; nothing is posted for e-books and courses"
              }
              maxLength={300}
              error={errors.address?.message}
              {...register("address")}
            />
            <TextAreaField
              label="Note (optional)"
              className="sm:col-span-2"
              rows={2}
              maxLength={500}
              placeholder={physical ? "Anything the rider should know" : undefined}
              error={errors.note?.message}
              {...register("note")}
            />
          </div>
        </Section>
        <Section title="Payment method">
          <fieldset aria-describedby={errors.paymentMethod ? "payment-method-error" : undefined}>
            <legend className="sr-only">Payment method</legend>
            <div className="space-y-3">
              <PaymentOption
                title="Online payment"
                detail="Pay now with mobile banking or a card on the payment gateway's secure page."
                value="gateway"
                {...register("paymentMethod")}
              />
              <PaymentOption
                title="Cash on delivery"
                detail="Pay the rider in cash when your parcel arrives."
                value="cod"
                disabled={digital}
                reason={
                  digital ? "Not available: e-books and courses in your cart must be paid online." : undefined
                }
                {...register("paymentMethod")}
              />
            </div>
            {errors.paymentMethod?.message ? (
              <p id="payment-method-error" className="mt-2 text-sm text-red-700">
                {errors.paymentMethod.message}
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
  return (
    <section
      aria-labelledby="checkout-summary"
      className="h-fit min-w-0 rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-24"
    >
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 id="checkout-summary" className="text-lg font-bold text-slate-900">
          Order summary
        </h2>
        <Link to="/cart" className="text-sm font-semibold text-brand-800 underline">
          Edit cart
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
                {l.quantity} × {formatTaka(l.unitPrice)}
              </p>
              {!isDigital(l.type) && l.quantity > l.maxQuantity ? (
                <p className="text-sm font-semibold text-amber-800">
                  {l.maxQuantity === 0 ? "Out of stock now" : `Only ${l.maxQuantity} left in stock`}
                </p>
              ) : null}
            </div>
            <p className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">
              {formatTaka(l.lineTotal)}
            </p>
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
            Subtotal ({info.qty} {info.qty === 1 ? "item" : "items"})
          </dt>
          <dd className="tabular-nums">{formatTaka(info.totalPrice)}</dd>
        </div>
        {info.discountedAmount > 0 ? (
          <div className="flex justify-between gap-3 text-emerald-800">
            <dt className="flex min-w-0 items-center gap-1.5">
              <Tag aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span className="truncate">Discount{info.couponCode ? ` (${info.couponCode})` : ""}</span>
            </dt>
            <dd className="tabular-nums">−{formatTaka(info.discountedAmount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3">
          <dt>Delivery{physical ? ` to ${info.district}` : ""}</dt>
          <dd className="tabular-nums">{physical ? formatTaka(info.deliveryCharges) : "None (digital)"}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
          <dt>Total</dt>
          <dd className="tabular-nums" aria-live="polite">
            {formatTaka(info.netPrice)}
          </dd>
        </div>
      </dl>
      {info.couponCode && !info.couponId ? (
        <p className="mt-3 flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            Coupon {info.couponCode} cannot be used: {info.couponMessage ?? "it does not apply to this cart"}.{" "}
            <Link to="/cart" className="font-semibold underline">
              Remove it in your cart
            </Link>{" "}
            to continue.
          </span>
        </p>
      ) : null}
      <Button type="submit" form={FORM_ID} loading={busy} className="mt-4 w-full text-base">
        {method === "cod" ? "Place order" : "Continue to payment"}
      </Button>
      <p className="mt-3 text-xs text-slate-600">
        By placing the order you agree to our{" "}
        <Link to="/info/termsandconditions" className="underline">
          terms
        </Link>{" "}
        and{" "}
        <Link to="/info/refund" className="underline">
          refund policy
        </Link>
        .
      </p>
    </section>
  );
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const info = useCartInfo(loaderData.cart);

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
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Your cart is empty</h1>
        <p className="mt-2 text-slate-700">Add books, e-books or stationery to your cart, then check out.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClass("primary")}>
            Browse the shop
          </Link>
          <Link to="/orders" className={buttonClass("secondary")}>
            My orders
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div>
      <PageHeading title="Checkout" />
      <Checkout info={info} buyer={loaderData.buyer} />
    </div>
  );
}
