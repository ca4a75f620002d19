import { ShoppingCart } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { type CartItem, useCart } from "../../lib/cart";
import { cn } from "../../lib/cn";
import { useRootData } from "../../lib/root-data";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";

/**
 * Adds one of the product to the cart. A visitor is sent to sign in first (and back here after).
 * On 201 the cart summary reloads and the add-to-cart tracking event fires (lib/cart); a failure
 * is only logged, with no message to the shopper. The server records a referral code from the
 * visitor's `ref` cookie as the source instead of the page name when there is one.
 */
export function AddToCartButton({
  product,
  source,
  className,
}: {
  product: CartItem & { inStock: boolean };
  /** The page's name (book, ebook, bundle, …): where the add came from, for the sales-by-source report. */
  source: string;
  className?: string;
}) {
  const { user } = useRootData();
  const cart = useCart();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [busy, setBusy] = useState(false);

  if (!product.inStock) {
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
      await cart.add(product, { source, onAdded: () => toast({ title: "Added to cart" }) });
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
