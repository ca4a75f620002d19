import { useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import type { CheckoutResult } from "../../../contracts/checkout";
import { useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useHydrated } from "../../lib/hydrated";
import { toast } from "../../lib/toast";
import { Button, type ButtonProps, buttonClass } from "../ui/button";
import { Dialog } from "../ui/dialog";

/**
 * A form to the orders page's action (HTML first; routes/shop/orders.server.ts): what it does,
 * which order, and the page to come back to.
 */
function OrderForm({
  intent,
  orderId,
  className,
  children,
}: {
  intent: "cancel" | "pay";
  orderId: number;
  className?: string;
  children: React.ReactNode;
}) {
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/orders" className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={orderId} />
      <input type="hidden" name="back" value={pathname + search} />
      {children}
    </form>
  );
}

// The toaster gives a known English message in the page's language.
const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : /*i18n*/ "Something went wrong. Please try again.";

/**
 * Starts a new payment for an unpaid order (POST /api/orders/:id/pay) and goes to the gateway's
 * page. The button keeps saying "Please wait..." while the browser leaves. Until the page's
 * scripts run, a tap posts the same to the orders page's action.
 */
export function PayNowButton({
  orderId,
  children,
  ...props
}: { orderId: number } & Omit<ButtonProps, "onClick" | "loading">) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [paying, setPaying] = useState(false);

  async function pay() {
    setPaying(true);
    try {
      const { data } = await api<CheckoutResult>("POST", `/api/orders/${orderId}/pay`);
      if (data?.redirectUrl) {
        window.location.assign(data.redirectUrl);
        return;
      }
      setPaying(false);
      if (data) navigate(`/payment/${encodeURIComponent(data.tranx)}/success`);
    } catch (err) {
      setPaying(false);
      toast({
        title: i18n._("Could not start the payment"),
        description: messageOf(err),
        variant: "destructive",
      });
      void revalidator.revalidate();
    }
  }

  return (
    // `contents`: the button is laid out as it was without the form around it.
    <OrderForm intent="pay" orderId={orderId} className="contents">
      <Button
        {...props}
        type="submit"
        loading={paying}
        onClick={(e) => {
          e.preventDefault();
          void pay();
        }}
      >
        {children}
      </Button>
    </OrderForm>
  );
}

/**
 * Cancels an order (unpaid, or confirmed and not yet being packed) after the buyer confirms it in
 * a dialog; `paid` says the money comes back, as the cancellation policy promises. Until the
 * page's scripts run (or without them) the confirmation is a disclosure below the button holding
 * the same words and a form to the orders page's action (HTML first).
 */
export function CancelOrderButton({
  orderId,
  orderNumber,
  paid = false,
  onCancelled,
  ...props
}: {
  orderId: number;
  orderNumber: string;
  paid?: boolean;
  onCancelled?: () => void;
} & Omit<ButtonProps, "onClick" | "loading" | "children">) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const title = i18n._("Cancel order {number}?", { number: orderNumber });
  const description = paid
    ? i18n._(
        "The order will not be delivered and its items go back on sale. What you paid is refunded in full to the way you paid. This cannot be undone.",
      )
    : i18n._("The order will not be delivered and its items go back on sale. This cannot be undone.");

  async function cancel() {
    setCancelling(true);
    try {
      await api("POST", `/api/orders/${orderId}/cancel`);
      toast({ title: i18n._("Order {number} cancelled", { number: orderNumber }) });
      onCancelled?.();
    } catch (err) {
      toast({
        title: i18n._("Could not cancel the order"),
        description: messageOf(err),
        variant: "destructive",
      });
    } finally {
      setCancelling(false);
      setOpen(false);
      void revalidator.revalidate();
    }
  }

  if (!hydrated) {
    // Open, it takes a row of its own below the card's other buttons.
    return (
      <details className="open:w-full">
        <summary
          className={buttonClass(
            props.variant ?? "secondary",
            cn("cursor-pointer list-none [&::-webkit-details-marker]:hidden", props.className),
          )}
        >
          {i18n._("Cancel order")}
        </summary>
        <OrderForm
          intent="cancel"
          orderId={orderId}
          className="mt-2 space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 text-slate-900"
        >
          <p className="font-semibold">{title}</p>
          <p className="text-sm text-slate-800">{description}</p>
          <Button type="submit" variant="destructive">
            {i18n._("Yes, cancel it")}
          </Button>
        </OrderForm>
      </details>
    );
  }

  return (
    <>
      <Button variant="secondary" {...props} onClick={() => setOpen(true)}>
        {i18n._("Cancel order")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !cancelling && setOpen(next)}
        title={title}
        description={description}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={cancelling} onClick={() => setOpen(false)}>
            {i18n._("Keep the order")}
          </Button>
          <Button variant="destructive" loading={cancelling} onClick={() => void cancel()}>
            {i18n._("Yes, cancel it")}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
