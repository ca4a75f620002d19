import { ShoppingCart } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { type Availability, isOrderable } from "../../../contracts/availability";
import { useLingui } from "../../i18n";
import { type CartItem, useCart } from "../../lib/cart";
import { cn } from "../../lib/cn";
import { lazyOnClient } from "../../lib/lazy-on-client";
import { newAddKey, storePendingAdd } from "../../lib/pending-add";
import { useRootData } from "../../lib/root-data";
import { toast } from "../../lib/toast";
import { Button, buttonClass } from "../ui/button";

// "Notify me" (an out-of-stock product's) is a form that posts without scripts: its code loads as
// the page hydrates, after the first scripts (decision 4).
const NotifyMeButton = lazyOnClient(() => import("./notify-me-button").then((m) => m.NotifyMeButton));

export const ADDED_TEXT = /*i18n*/ "Added ✓ — View cart";

/**
 * Adds one of the product to the cart, then becomes "Added ✓ — View cart", a link to the cart.
 * One tap adds one copy: the button is disabled while the add is on its way, a second tap before
 * it re-renders is ignored, and the tap's idempotency key makes the server add once whatever
 * arrives twice. A visitor is sent to sign in first (and back here after); the add is kept and
 * made as soon as they are signed in (lib/pending-add), so the book is in the cart when they
 * come back. On 201 the cart summary reloads and the add-to-cart tracking event fires
 * (lib/cart); a failure is only logged. The server records a referral code from the visitor's
 * `ref` cookie as the source instead of the page name when there is one.
 */
export function AddToCartButton({
  product,
  source,
  className,
  card = false,
}: {
  product: CartItem & { inStock: boolean; availability?: Availability };
  /** The page's name (book, ebook, bundle, …): where the add came from, for the sales-by-source report. */
  source: string;
  className?: string;
  /** On a product card: a smaller button named after the product (many on one page). */
  card?: boolean;
}) {
  const { user } = useRootData();
  const cart = useCart();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [busy, setBusy] = useState(false);
  const { i18n } = useLingui();
  const [added, setAdded] = useState(false);
  const inFlight = useRef(false);
  // One key per button: every tap of it is the same add until it has been made.
  const addKey = useRef<string | null>(null);
  // The key a tap posted before the scripts ran carries (the scripts' own taps use `addKey`).
  const [serverKey] = useState(newAddKey);

  // Pre-orders and back-orders are bought as any other (contracts/availability.ts).
  const orderable = product.availability ? isOrderable(product.availability) : product.inStock;
  const preorder = product.availability?.state === "preorder";
  if (!orderable) {
    // A card says "Out of stock" (or "Out of print") on its cover already.
    if (card) return null;
    return (
      <>
        <Button disabled className={cn("w-full sm:w-auto", className)}>
          {i18n._(product.availability?.state === "out_of_print" ? "Out of print" : "Out of stock")}
        </Button>
        {product.kind === "book" || product.kind === "stationary" ? (
          <NotifyMeButton productId={product.id} />
        ) : null}
      </>
    );
  }

  if (added || cart.addedAfterSignIn === product.id) {
    return (
      <Link
        to="/cart"
        className={buttonClass("secondary", card ? "w-full px-2" : cn("w-full sm:w-auto sm:px-8", className))}
        data-testid="added-to-cart"
      >
        {i18n._(ADDED_TEXT)}
      </Link>
    );
  }

  async function add() {
    if (inFlight.current) return;
    addKey.current ??= newAddKey();
    if (!user) {
      storePendingAdd({
        id: product.id,
        kind: product.kind,
        title: product.title,
        price: product.price,
        salePrice: product.salePrice,
        source,
        addKey: addKey.current,
      });
      navigate(`/auth/login?redirect=${encodeURIComponent(pathname + search)}`);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    try {
      const ok = await cart.add(product, {
        source,
        addKey: addKey.current,
        onAdded: () => toast({ title: i18n._("Added to cart") }),
      });
      if (ok) setAdded(true);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  // HTML first: a form to the cart's action (routes/shop/cart-add.tsx), which a tap posts until
  // the page's scripts run; then the tap is the API's add above, as the specification has it.
  return (
    <form method="post" action="/cart/add" className={card ? className : cn("w-full sm:w-auto", className)}>
      <input type="hidden" name="bookId" value={product.id} />
      <input type="hidden" name="type" value={product.kind} />
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="back" value={pathname + search} />
      <input type="hidden" name="addKey" value={serverKey} suppressHydrationWarning />
      <Button
        type="submit"
        loading={busy}
        onClick={(e) => {
          e.preventDefault();
          void add();
        }}
        aria-label={
          card
            ? i18n._(preorder ? "Pre-order {title}" : "Add {title} to cart", { title: product.title })
            : undefined
        }
        className={card ? "w-full px-2" : cn("w-full sm:w-auto sm:px-8", className)}
      >
        <ShoppingCart aria-hidden="true" className="h-5 w-5" />
        {i18n._(preorder ? "Pre-order" : "Add to cart")}
      </Button>
    </form>
  );
}
