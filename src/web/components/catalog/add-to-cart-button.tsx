import { ShoppingCart } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { ProductKind } from "../../../contracts/catalog";
import { DEFAULT_ADD_QUANTITY } from "../../../contracts/messages";
import { api } from "../../lib/api";
import { useCart } from "../../lib/cart";
import { cn } from "../../lib/cn";
import { useRootData } from "../../lib/root-data";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/** GA4's add_to_cart event on the tag manager's data layer. */
function pushAddToCart(product: { id: number; kind: ProductKind; title: string }) {
  const w = window as DataLayerWindow;
  w.dataLayer ??= [];
  w.dataLayer.push({
    event: "add_to_cart",
    ecommerce: {
      currency: "BDT",
      items: [
        {
          item_id: product.id,
          item_name: product.title,
          item_category: product.kind,
          quantity: DEFAULT_ADD_QUANTITY,
        },
      ],
    },
  });
}

/** The cart's `source` for an add on this page: a referral code from `?ref=`, else the page's name. */
export function useCartSource(page: string): string {
  const [params] = useSearchParams();
  const ref = params.get("ref")?.trim();
  return ref ? ref.slice(0, 64) : page;
}

/**
 * §3/§4/§7: adds one of the product to the cart. A visitor is sent to sign in first (and back
 * here after). On 201 the cart summary reloads and the tracking event fires; any failure is only
 * logged (§8).
 */
export function AddToCartButton({
  product,
  source,
  className,
}: {
  product: { id: number; kind: ProductKind; title: string; in_stock: boolean };
  /** Where the add came from, for the sales-by-source report. */
  source: string;
  className?: string;
}) {
  const { user } = useRootData();
  const cart = useCart();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [busy, setBusy] = useState(false);

  if (!product.in_stock) {
    return (
      <Button disabled className={cn("w-full sm:w-auto", className)}>
        Out of stock
      </Button>
    );
  }

  async function add() {
    if (!user) {
      navigate(`/auth/login?redirect=${encodeURIComponent(pathname + search)}`);
      return;
    }
    setBusy(true);
    try {
      const res = await api("POST", "/api/cart", {
        bookId: product.id,
        quantity: DEFAULT_ADD_QUANTITY,
        source,
        type: product.kind,
      });
      if (res.statusCode === 201) {
        await cart.reload();
        pushAddToCart(product);
        toast({ title: "Added to cart" });
      } else {
        console.error("cart: unexpected answer to add", res);
      }
    } catch (err) {
      console.error("cart: could not add", err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button loading={busy} onClick={add} className={cn("w-full sm:w-auto sm:px-8", className)}>
      <ShoppingCart aria-hidden="true" className="h-5 w-5" />
      Add to cart
    </Button>
  );
}
