import type { PaymentMethod } from "./checkout";

/** What an invoice says, frozen when it is issued; later edits to products or orders leave it as it was. */
export type InvoiceSnapshot = {
  number: string;
  issuedAt: string;
  shop: { name: string; url: string | null };
  order: {
    id: number;
    number: string;
    placedAt: string;
    paymentMethod: PaymentMethod;
    couponCode: string | null;
  };
  buyer: { name: string; phone: string; email: string | null };
  deliverTo: { district: string; area: string; address: string };
  lines: {
    productId: number;
    kind: string;
    title: string;
    unitPrice: number;
    quantity: number;
    lineTotal: number;
    discount: number;
  }[];
  subtotal: number;
  discount: number;
  delivery: number;
  total: number;
};

export type InvoiceView = { id: number; orderId: number; snapshot: InvoiceSnapshot };
