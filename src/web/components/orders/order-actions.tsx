import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { CheckoutResult } from "../../../contracts/checkout";
import { useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { Button, type ButtonProps } from "../ui/button";
import { Dialog } from "../ui/dialog";

// The toaster gives a known English message in the page's language.
const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : /*i18n*/ "Something went wrong. Please try again.";

/**
 * Starts a new payment for an unpaid order (POST /api/orders/:id/pay) and goes to the gateway's
 * page. The button keeps saying "Please wait..." while the browser leaves.
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
    <Button {...props} loading={paying} onClick={() => void pay()}>
      {children}
    </Button>
  );
}

/**
 * Cancels an order (unpaid, or confirmed and not yet being packed) after the buyer confirms it in
 * a dialog; `paid` says the money comes back, as the cancellation policy promises.
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
  const [open, setOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);

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

  return (
    <>
      <Button variant="secondary" {...props} onClick={() => setOpen(true)}>
        {i18n._("Cancel order")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !cancelling && setOpen(next)}
        title={i18n._("Cancel order {number}?", { number: orderNumber })}
        description={
          paid
            ? i18n._(
                "The order will not be delivered and its items go back on sale. What you paid is refunded in full to the way you paid. This cannot be undone.",
              )
            : i18n._("The order will not be delivered and its items go back on sale. This cannot be undone.")
        }
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
