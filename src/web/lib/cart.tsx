import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { api } from "./api";

/** The cart summary of §3, read from GET /api/cart/info. */
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

type CartInfo = {
  qty: number;
  totalPrice: number;
  discountedAmount: number;
  netPrice: number;
  deliveryCharges: number;
  couponId: number | null;
  joiningId: number | null;
  isStationary: boolean;
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

type CartContextValue = CartSummary & { reload: () => Promise<void> };
const CartContext = createContext<CartContextValue>({ ...EMPTY, reload: async () => {} });

/** Holds the cart summary; /admin paths skip cart initialisation (§2). */
export function CartProvider({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const [summary, setSummary] = useState<CartSummary>(EMPTY);
  const { pathname } = useLocation();
  const isAdmin = pathname === "/admin" || pathname.startsWith("/admin/");

  const reload = useCallback(async () => {
    setSummary((s) => ({ ...s, loading: true }));
    try {
      const { data } = await api<CartInfo>("GET", "/api/cart/info");
      if (!data) throw new Error("empty cart answer");
      setSummary((s) => ({
        ...s,
        totalItems: data.qty,
        totalPrice: data.totalPrice,
        discountedAmount: data.discountedAmount,
        netPrice: data.netPrice,
        deliveryCharges: data.deliveryCharges,
        couponApplied: data.couponId,
        joiningId: data.joiningId,
        isStationary: data.isStationary,
        loading: false,
      }));
    } catch (err) {
      // §8: cart failures are only logged; the shopper sees no message.
      console.error("cart: could not load the cart", err);
      setSummary((s) => ({ ...s, loading: false }));
    }
  }, []);

  useEffect(() => {
    if (isAdmin) return;
    if (signedIn) void reload();
    else setSummary(EMPTY);
  }, [isAdmin, signedIn, reload]);

  return <CartContext.Provider value={{ ...summary, reload }}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  return useContext(CartContext);
}
