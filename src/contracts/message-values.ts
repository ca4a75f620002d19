/**
 * Messages with values that the API writes in English and the page shows in its language
 * (decision 33). The server fills them with `fillMessage`; the page's `translateMessage` matches
 * the filled English against the same templates, in this order (a template that another one's
 * text would also match comes first), and gives the catalogue's Bangla with the values put back.
 * The API's English answers stay exactly as they were.
 */
export const MESSAGE_TEMPLATES = {
  // Checkout and payment refusals: an e-book or course the buyer would get twice.
  ownedInBundle: /*i18n*/ "You already own {item}, which comes in {bundle}; remove {bundle} from your cart",
  owned: /*i18n*/ "You already own {item}; remove it from your cart",
  unpaidInBundle:
    /*i18n*/ "{item}, which comes in {bundle}, is already in your order {orderNumber}, which is waiting for payment: pay for that order or cancel it in My orders before ordering it again",
  unpaid:
    /*i18n*/ "{item} is already in your order {orderNumber}, which is waiting for payment: pay for that order or cancel it in My orders before ordering it again",
  twiceInBundle: /*i18n*/ "{item} comes twice in your cart (also in {bundle}); remove one of them",
  twice: /*i18n*/ "{item} comes twice in your cart; remove one of them",
  payOwned:
    /*i18n*/ "You already own {item} (order {orderNumber}), so this order can no longer be paid; please cancel it",
  payUnpaid:
    /*i18n*/ "{item} is also in your order {orderNumber}, which is waiting for payment: pay for that order, or cancel it first",
  // The cart.
  atMostOfOne: /*i18n*/ "You can have at most {max} of one item",
  onlyLeft: /*i18n*/ "Only {count} left in stock",
  // The back office.
  orderNothingToShipDigital: /*i18n*/ "Order {orderNumber} holds nothing to ship (only e-books or courses)",
  orderNothingToShip: /*i18n*/ "Order {orderNumber} holds nothing to ship",
  orderHasConsignment: /*i18n*/ "Order {orderNumber} already has consignment {consignment}",
  orderNoConsignment: /*i18n*/ "Order {orderNumber} has no consignment yet",
  orderConsignmentChanged: /*i18n*/ "Order {orderNumber} changed its consignment meanwhile; try again",
  orderNotCod: /*i18n*/ "Order {orderNumber} was not paid cash on delivery",
  orderNotDelivered: /*i18n*/ "Order {orderNumber} is not delivered yet",
  noSuchOrderId: /*i18n*/ "No such order: {id}",
  courierUnknownConsignment: /*i18n*/ "The courier does not know this consignment: {reason}",
  imageFormatRefused: /*i18n*/ "{format} images are not accepted: upload a JPEG, PNG, WebP or AVIF",
  imageTooLarge: /*i18n*/ "The image is {width}×{height} pixels; the largest allowed is {side}×{side}",
  // Uploaded PDFs that would take the server's memory or time to draw (decision 27).
  pdfPageImageTooLarge:
    /*i18n*/ "Page {page} has an image of {width} × {height} pixels; the most a page image may have is {limit} pixels",
  pdfImageTooLarge:
    /*i18n*/ "The PDF holds an image of {width} × {height} pixels; the most a page image may have is {limit} pixels",
  pdfPageTooSlow:
    /*i18n*/ "Page {page} takes longer than {seconds} seconds to draw: save the PDF again with smaller images and upload the new file",
  pdfPageTooHeavy:
    /*i18n*/ "Page {page} needs more memory to draw than one page may use: save the PDF again with smaller images and upload the new file",
  noSuchProductId: /*i18n*/ "There is no product #{id}",
  // Nothing sells that cannot be delivered (decision 50): a bundle's items, a course in a bundle.
  bundleEbookWithoutPdf:
    /*i18n*/ "This bundle holds {item}, an e-book without its PDF: upload its PDF before the bundle is sold",
  bundleCourseWithoutChapter:
    /*i18n*/ "This bundle holds {item}, a course without a chapter to show: add one before the bundle is sold",
  courseInPublishedBundle:
    /*i18n*/ "This course comes in the published bundle {bundle}, so it keeps a chapter to show: unpublish the bundle first",
  stockTooLow: /*i18n*/ "Only {count} on hand: cannot remove {change}",
  // The COD risk check, to a buyer whose phone's earlier parcels came back (decision 68).
  codRiskCall:
    /*i18n*/ "Some earlier parcels to {phone} came back undelivered. You can still pay cash on delivery: we will call you at {phone} before we pack your order.",
  codRiskPayOnline:
    /*i18n*/ "Some earlier parcels to {phone} came back undelivered, so cash on delivery is not available for this phone number. Please pay online (bKash, Nagad, Rocket or card).",
  // A buyer's order cancelled by a form (HTML first), as the page's own toast says it.
  orderCancelled: /*i18n*/ "Order {number} cancelled",
  // Signed in by the sign-in page's form (HTML first), as the sign-in dialog's toast says it.
  welcomeBack: /*i18n*/ "Welcome back, {name}",
  // Last: its reason may be any message, which is translated on its own.
  orderRefusal: /*i18n*/ "Order {orderNumber}: {reason}",
} as const;

export type MessageTemplate = (typeof MESSAGE_TEMPLATES)[keyof typeof MESSAGE_TEMPLATES];

/**
 * Values that are counts: the page writes them in its own digits. Every other value (an order or
 * consignment number, an id, a phone number) stays as written.
 */
export const COUNT_VALUES: readonly string[] = ["min", "max", "count", "change"];

/** A template with its values put in, as the API answers it in English. */
export function fillMessage(template: MessageTemplate, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}
