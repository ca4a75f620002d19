import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import type { CartInfo, CartItem } from "../../contracts/cart";
import { COUPON_APPLIED, COUPON_NOT_VALID, DEFAULT_ADD_QUANTITY } from "../../contracts/messages";
import { pushAddToCart } from "./analytics";
import { ApiError, api } from "./api";
import { takePendingAdd } from "./pending-add";
import { toast } from "./toast";

export type { CartItem };

/** The cart summary the pages show, read from GET /api/cart/info. */
export type CartSummary = {
  totalItems: number;
  totalPrice: number;
  discountedAmount: number;
  netPrice: number;
  deliveryCharges: number;
  couponApplied: number | null;
  joiningId: number | null;
  isStationary: boolean;
  loading: boolean;
  couponLoading: boolean;
};

type CartContextValue = CartSummary & {
  /** The whole answer (lines, district, coupon code and message); null until first read. */
  info: CartInfo | null;
  reload: () => Promise<void>;
  /**
   * On 201 runs `onAdded`, reloads the summary and fires add_to_cart; true when added. `addKey`
   * names the tap: the server adds once per key however often it arrives.
   */
  add: (
    item: CartItem,
    opts: { source: string; quantity?: number; addKey?: string; onAdded?: () => void },
  ) => Promise<boolean>;
  /** The product an add kept from before signing in was added to the cart, once it was. */
  addedAfterSignIn: number | null;
  updateQuantity: (lineId: number, quantity: number) => Promise<void>;
  remove: (lineId: number) => Promise<void>;
  /**
   * Toasts "Coupon applied successfully", or the server's reason titled "Error", or "Your coupon
   * is not valid" when the call itself fails; true when the coupon was applied.
   */
  applyCoupon: (code: string) => Promise<boolean>;
  removeCoupon: () => Promise<void>;
  /** Prices the cart for a district (remembered as the last chosen). */
  chooseDistrict: (district: string) => Promise<void>;
  /** Takes a cart a loader read on the server as the latest. */
  accept: (info: CartInfo) => void;
};

const EMPTY: CartSummary = {
  totalItems: 0,
  totalPrice: 0,
  discountedAmount: 0,
  netPrice: 0,
  deliveryCharges: 0,
  couponApplied: null,
  joiningId: null,
  isStationary: false,
  loading: false,
  couponLoading: false,
};

const noop = async () => {};
const CartContext = createContext<CartContextValue>({
  ...EMPTY,
  info: null,
  reload: noop,
  add: async () => false,
  addedAfterSignIn: null,
  updateQuantity: noop,
  remove: noop,
  applyCoupon: async () => false,
  removeCoupon: noop,
  chooseDistrict: noop,
  accept: () => {},
});

/**
 * Holds the cart; every change (add, quantity, removal, coupon) goes through the cart API and then
 * reloads the summary. Failures are only logged, except the coupon's toasts. /admin paths skip
 * cart initialisation.
 */
export function CartProvider({
  signedIn,
  initialItems = 0,
  children,
}: {
  signedIn: boolean;
  /** The cart's count as the server made the page: shown until the cart is read here. */
  initialItems?: number;
  children: ReactNode;
}) {
  const [info, setInfo] = useState<CartInfo | null>(null);
  const [loading, setLoading] = useState(false);
  const [couponLoading, setCouponLoading] = useState(false);
  const { pathname } = useLocation();
  const isAdmin = pathname === "/admin" || pathname.startsWith("/admin/");

  // Reads can overlap (a district picked twice quickly): only the latest one's answer is kept.
  const latestRead = useRef(0);
  const read = useCallback(async (query = "") => {
    const mine = ++latestRead.current;
    setLoading(true);
    try {
      const { data } = await api<CartInfo>("GET", `/api/cart/info${query}`);
      if (!data) throw new Error("empty cart answer");
      if (mine === latestRead.current) setInfo(data);
    } catch (err) {
      // Cart failures are only logged; the shopper sees no message.
      console.error("cart: could not load the cart", err);
    } finally {
      if (mine === latestRead.current) setLoading(false);
    }
  }, []);
  const reload = useCallback(() => read(), [read]);

  useEffect(() => {
    if (isAdmin) return;
    if (signedIn) void reload();
    else setInfo(null);
  }, [isAdmin, signedIn, reload]);

  const add = useCallback<CartContextValue["add"]>(
    async (item, { source, quantity = DEFAULT_ADD_QUANTITY, addKey, onAdded }) => {
      try {
        const res = await api("POST", "/api/cart", {
          bookId: item.id,
          quantity,
          source,
          type: item.kind,
          ...(addKey ? { addKey } : {}),
        });
        if (res.statusCode !== 201) {
          console.error("cart: unexpected answer to add", res);
          return false;
        }
        onAdded?.();
        await reload();
        pushAddToCart(item, quantity);
        return true;
      } catch (err) {
        console.error("cart: could not add", err);
        return false;
      }
    },
    [reload],
  );

  // An add tapped while signed out is made once the visitor is signed in (sign-in page, dialog or
  // a new account): the cart is where every page learns of the sign-in.
  const [addedAfterSignIn, setAddedAfterSignIn] = useState<number | null>(null);
  useEffect(() => {
    if (!signedIn || isAdmin) return;
    const pending = takePendingAdd();
    if (!pending) return;
    void add(pending, { source: pending.source, addKey: pending.addKey }).then((added) => {
      if (added) {
        setAddedAfterSignIn(pending.id);
        toast({ title: "Added to cart", description: pending.title });
      } else {
        toast({ title: "Could not add to cart", description: pending.title, variant: "destructive" });
      }
    });
  }, [signedIn, isAdmin, add]);

  /** A change to the cart: the call, then the summary reloaded whatever the answer. */
  const change = useCallback(
    async (what: string, call: () => Promise<unknown>) => {
      try {
        await call();
      } catch (err) {
        console.error(`cart: could not ${what}`, err);
      }
      await reload();
    },
    [reload],
  );

  const updateQuantity = useCallback(
    (id: number, quantity: number) =>
      change("change the quantity", () => api("PUT", "/api/cart/quantity", { id, quantity })),
    [change],
  );
  const remove = useCallback(
    (id: number) => change("remove the item", () => api("DELETE", "/api/cart", { id })),
    [change],
  );
  const removeCoupon = useCallback(
    () => change("remove the coupon", () => api("DELETE", "/api/coupon")),
    [change],
  );

  const applyCoupon = useCallback(
    async (code: string) => {
      setCouponLoading(true);
      try {
        await api("POST", "/api/coupon/apply", { code });
        toast({ title: COUPON_APPLIED });
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.statusCode > 0) {
          // Rejected: a destructive toast titled "Error" with the server's words.
          toast({ title: "Error", description: err.message, variant: "destructive" });
        } else {
          // The call itself failed.
          toast({ title: COUPON_NOT_VALID });
        }
        return false;
      } finally {
        await reload();
        setCouponLoading(false);
      }
    },
    [reload],
  );

  /** A loader's read is newer than any read still on its way. */
  const accept = useCallback((data: CartInfo) => {
    latestRead.current++;
    setInfo(data);
    setLoading(false);
  }, []);

  const chooseDistrict = useCallback(
    (district: string) => read(`?district=${encodeURIComponent(district)}`),
    [read],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      totalItems: info?.qty ?? (signedIn ? initialItems : 0),
      totalPrice: info?.totalPrice ?? 0,
      discountedAmount: info?.discountedAmount ?? 0,
      netPrice: info?.netPrice ?? 0,
      deliveryCharges: info?.deliveryCharges ?? 0,
      couponApplied: info?.couponId ?? null,
      joiningId: info?.joiningId ?? null,
      isStationary: info?.isStationary ?? false,
      loading,
      couponLoading,
      info,
      reload,
      add,
      addedAfterSignIn,
      updateQuantity,
      remove,
      applyCoupon,
      removeCoupon,
      chooseDistrict,
      accept,
    }),
    [
      addedAfterSignIn,
      info,
      initialItems,
      signedIn,
      loading,
      couponLoading,
      reload,
      add,
      updateQuantity,
      remove,
      applyCoupon,
      removeCoupon,
      chooseDistrict,
      accept,
    ],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  return useContext(CartContext);
}

/**
 * The cart a page shows: its loader's read when the page is (re)loaded, then the cart's own reads
 * (a quantity, coupon or district changed on the page).
 */
export function useCartInfo(fromLoader: CartInfo): CartInfo {
  const { accept, info } = useCart();
  useEffect(() => accept(fromLoader), [accept, fromLoader]);
  return info ?? fromLoader;
}
