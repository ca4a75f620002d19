import { Bell, BellOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { StockAlertState } from "../../../contracts/stock-alerts";
import { useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { useRootData } from "../../lib/root-data";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";

/** A form to the "Notify me" action (HTML first; routes/shop/notify.tsx) for this page's product. */
function AlertForm({
  intent,
  productId,
  children,
}: {
  intent: "notify" | "stop";
  productId: number;
  children: React.ReactNode;
}) {
  const { pathname, search } = useLocation();
  return (
    // `contents`: the button is laid out as it was without the form around it.
    <form method="post" action="/notify" className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="back" value={pathname + search} />
      {children}
    </form>
  );
}

/**
 * "Notify me" on an out-of-stock book or stationery item: one SMS when it is back. A visitor is
 * sent to sign in first and comes back here. Until the page's scripts run, a tap posts the form
 * (routes/shop/notify.tsx): a signed-out visitor's alert is then made once they have signed in.
 */
export function NotifyMeButton({ productId }: { productId: number }) {
  const { user } = useRootData();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const { i18n } = useLingui();

  useEffect(() => {
    if (!user) return;
    let live = true;
    api<StockAlertState>("GET", `/api/stock-alerts/${productId}`)
      .then((res) => live && setSubscribed(res.data?.subscribed ?? false))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [user, productId]);

  async function change(on: boolean) {
    if (!user) {
      navigate(`/auth/login?redirect=${encodeURIComponent(pathname + search)}`);
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      const res = on
        ? await api<StockAlertState>("POST", "/api/stock-alerts", { productId })
        : await api<StockAlertState>("DELETE", `/api/stock-alerts/${productId}`);
      setSubscribed(res.data?.subscribed ?? on);
    } catch (err) {
      toast({
        title: i18n._("Could not change the alert"),
        description: err instanceof ApiError ? i18n._(err.message) : i18n._("Please try again."),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  if (subscribed) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-semibold text-green-800" role="status">
          {i18n._("We will text you when it is back ✓")}
        </p>
        <AlertForm intent="stop" productId={productId}>
          <Button
            type="submit"
            variant="secondary"
            loading={busy}
            onClick={(e) => {
              e.preventDefault();
              void change(false);
            }}
          >
            <BellOff aria-hidden="true" className="h-4 w-4" />
            {i18n._("Stop")}
          </Button>
        </AlertForm>
      </div>
    );
  }
  return (
    <AlertForm intent="notify" productId={productId}>
      <Button
        type="submit"
        variant="secondary"
        loading={busy}
        onClick={(e) => {
          e.preventDefault();
          void change(true);
        }}
      >
        <Bell aria-hidden="true" className="h-4 w-4" />
        {i18n._("Notify me")}
      </Button>
    </AlertForm>
  );
}
