import type { InfoSlug } from "../../contracts/catalog";
import { infoPages } from "../db/schema";
import type { Ctx } from "../services/context";

export const SHOP_ADDRESS = "House 27, Road 4, Banglabazar, Dhaka 1100, Bangladesh";
export const SHOP_PHONE = "09610-000000";
export const SHOP_HOURS = "Saturday to Thursday, 10 am to 8 pm";

/**
 * The first text of the six /info pages, written for this shop's name. Bodies are plain
 * paragraphs with `## ` headings and `- ` list lines; staff edit them afterwards.
 */
export function infoPageTexts(shop: string): Record<InfoSlug, { title: string; body: string }> {
  return {
    about: {
      title: `About ${shop}`,
      body: `${shop} is an online bookshop for students in Bangladesh. We started with one idea: a student in Rangpur, Barishal or Cox's Bazar should be able to get the same HSC and admission books as a student in Dhaka, at the same price and without a day lost in traffic at Nilkhet or Banglabazar.

## What we sell

- Printed books for HSC (science, humanities and business studies), test papers and board question banks
- Admission preparation for engineering (BUET, CKRUET), medical and dental colleges, and Dhaka University and the other public universities
- E-books you read in the browser, on your phone or computer
- Bundles of the books a batch needs, at a lower price than buying them one by one
- Stationery: pens, notebooks, calculators, geometry boxes and files
- Learning content: chapter-by-chapter courses with videos, notes and PDF sheets

## How we work

We buy directly from publishers and their authorised distributors, so every book we send is an original print of the current edition. Orders are packed in Banglabazar, Dhaka and handed to our courier partners the same or the next working day. You can pay online by card or mobile banking, or in cash when the parcel arrives.

## Talk to us

Call ${SHOP_PHONE} (${SHOP_HOURS}) or visit us at ${SHOP_ADDRESS}.`,
    },
    contact: {
      title: "Contact us",
      body: `We are happy to help with orders, payments, delivery, e-books and anything else about ${shop}.

## Phone

${SHOP_PHONE}, ${SHOP_HOURS}. Please keep your order number ready when you call; you will find it on the Orders page and in the SMS we send when an order is placed.

## Office and pickup point

${SHOP_ADDRESS}. You are welcome to pick up a paid order here during opening hours; choose "Dhaka" at checkout and tell us when you call.

## Before you call

- Where is my parcel? Open Orders and tap Track: it shows every step the courier has recorded.
- I paid but the order says pending payment. Wait ten minutes and refresh; a payment confirmed by the bank or bKash is matched to the order automatically. If it is still pending after an hour, call us with the transaction ID.
- My e-book does not open. Sign in with the account that bought it and open My library; e-books are tied to the account, not the device.`,
    },
    cancelation: {
      title: "Cancellation policy",
      body: `You can cancel an order yourself until we start packing it, and with our help after that in the cases below.

## Before we start packing

Open My orders, find the order and press Cancel order. Cancelling is free. If you paid online, the full amount is refunded to the same card, bank account or mobile wallet as described in our refund policy.

## Packed but not yet shipped

Call ${SHOP_PHONE} and we will cancel it for you, free of charge, as long as the parcel has not been handed to the courier.

## After the parcel is shipped

A shipped order cannot be stopped on the way. If you no longer want it, you may refuse the parcel at the door; cash on delivery orders are then simply cancelled. For prepaid orders we refund the price of the items once the parcel is back with us, less the delivery charge, which the courier has already been paid.

## Orders we may cancel

We cancel an order and refund it in full when a book turns out to be out of print or out of stock after you ordered, when a price on the site was clearly wrong, or when we cannot reach you on the phone number given after three attempts for a cash on delivery order. We always tell you by SMS.

## E-books and learning content

Digital items are available the moment payment is confirmed, so an order for them cannot be cancelled afterwards. If you bought one by mistake and have not opened it, call us within 24 hours.`,
    },
    refund: {
      title: "Return and refund policy",
      body: `We want every book to reach you in good condition. If something is wrong, tell us and we will put it right.

## Damaged, misprinted or wrong books

Report the problem within 7 days of delivery, with a photo of the book and the invoice, by calling ${SHOP_PHONE}. We replace the book at no cost to you, or refund it if a replacement is not available. Missing or repeated pages, a torn cover and a different edition from the one ordered all count. We collect the item through the courier; you do not pay for the return.

## Change of mind

Unused books in their original condition may be returned within 7 days of delivery. The delivery charges both ways are paid by the customer.

## E-books and learning content

E-books and content are non-refundable once opened, because the whole file or course is available to you from the first view. If you cannot open an e-book you bought because of a fault on our side, and we cannot fix it, we refund it in full.

## How refunds are paid

- Card and online banking payments go back to the same card or account within 7 to 10 working days.
- bKash, Nagad and other mobile wallet payments go back to the same wallet number within 3 working days.
- For cash on delivery orders we send the money to a bKash or Nagad number you give us.

The delivery charge is refunded only when the whole order is returned because of our mistake.`,
    },
    "privacy-policy": {
      title: "Privacy policy",
      body: `This policy explains what ${shop} records about you and why. We collect only what we need to run the shop, and we never sell it.

## What we keep

- Your account: name, mobile number, optional email address, HSC batch and a hashed password (we cannot read your password).
- Your orders: the items, prices, delivery address, payment method and payment status.
- E-books and content you own, and your reading progress, so you can continue on any device.
- Technical records: your device's network address and browser, kept for security and to stop abuse such as repeated sign-in attempts.

## How we use it

We use your details to deliver orders, to send SMS about your order and one-time codes, to answer your calls, and to keep the shop secure. Couriers receive only the name, phone number and address they need for delivery. Payment gateways receive the amount and an order reference; we never see or store your card number or wallet PIN.

## E-book marks

Pages of the e-books you read show your name and phone number. This protects authors and publishers from illegal copies and is the condition on which they let us sell their books online.

## Cookies and analytics

A cookie keeps you signed in. If this shop uses analytics or advertising tags, they record which pages are visited and what is added to the cart, without your name or phone number.

## Your choices

You can see and change your details on the Profile page. To close your account, call ${SHOP_PHONE}; we delete your personal details, keeping only the invoices the law requires us to keep.`,
    },
    termsandconditions: {
      title: "Terms and conditions",
      body: `These terms apply when you use ${shop} or buy from it. By placing an order you accept them.

## Accounts

Keep your password to yourself; you are responsible for orders placed from your account. Give a mobile number you use, because delivery and one-time codes depend on it.

## Prices and payment

Prices are in Bangladeshi taka and include VAT where it applies. The price you pay is the one shown at checkout, including any coupon and the delivery charge for your district. You can pay online through our payment partners, or in cash on delivery for orders of printed books and stationery.

## Delivery

Inside Dhaka city orders usually arrive in 2 to 3 days, and elsewhere in Bangladesh in 3 to 5 days. Delays caused by the courier, public holidays, strikes or bad weather can make this longer; we will tell you by SMS if we know of one. Please check the parcel in front of the delivery person.

## E-books and learning content

When you buy an e-book or a course you get a personal licence to read or watch it in your ${shop} account. You may not copy, print, share or sell it. Pages carry your name and phone number, and an account that shares its files may be closed.

## Returns and cancellations

Our cancellation policy and our return and refund policy are part of these terms.

## Reviews

Reviews must be about the product and honest. We may hide reviews that are abusive, off-topic or advertising.

## Changes and contact

We may update these terms; the version on this page applies to orders placed while it is shown. Questions: call ${SHOP_PHONE} or write to us at ${SHOP_ADDRESS}.`,
    },
  };
}

/** Writes any of the six info pages that do not exist yet; pages staff have edited stay as they are. */
export async function ensureInfoPages(ctx: Pick<Ctx, "db" | "config">): Promise<void> {
  const texts = infoPageTexts(ctx.config.SHOP_NAME);
  await ctx.db
    .insert(infoPages)
    .values(Object.entries(texts).map(([slug, page]) => ({ slug, title: page.title, body: page.body })))
    .onConflictDoNothing();
}
