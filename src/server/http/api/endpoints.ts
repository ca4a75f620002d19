/**
 * Every endpoint under /api, described, in the order the reference page shows them: each file
 * under src/server/http/api describes its own beside its handlers (an endpoint is added there).
 */

import { docsEndpoints } from "../api-docs";
import { courierWebhooksEndpoints } from "../courier-webhooks";
import type { Endpoint } from "../endpoint";
import { paymentCallbacksEndpoints } from "../payment-callbacks";
import { addressesEndpoints } from "./addresses";
import { adminAuditEndpoints } from "./admin-audit";
import { adminAuthorsEndpoints } from "./admin-authors";
import { adminBooksCsvEndpoints } from "./admin-books-csv";
import { adminChaptersEndpoints } from "./admin-chapters";
import { adminCouponsEndpoints } from "./admin-coupons";
import { adminInfoPagesEndpoints } from "./admin-info-pages";
import { adminInvoicesEndpoints } from "./admin-invoices";
import { adminJobsEndpoints } from "./admin-jobs";
import { adminOrderEndpoints } from "./admin-order";
import { adminOrdersEndpoints } from "./admin-orders";
import { adminPhoneOrdersEndpoints } from "./admin-phone-orders";
import { adminProductsEndpoints } from "./admin-products";
import { adminReportsEndpoints } from "./admin-reports";
import { adminSalesEndpoints } from "./admin-sales";
import { adminSearchEndpoints } from "./admin-search";
import { adminUsersEndpoints } from "./admin-users";
import { authEndpoints } from "./auth";
import { cartEndpoints } from "./cart";
import { catalogEndpoints } from "./catalog";
import { consentEndpoints } from "./consent";
import { coursesEndpoints } from "./courses";
import { fulfilmentEndpoints } from "./fulfilment";
import { libraryEndpoints } from "./library";
import { localeEndpoints } from "./locale";
import { ordersEndpoints } from "./orders";
import { payLinksEndpoints } from "./pay-links";
import { readingEndpoints } from "./reading";
import { reviewsEndpoints } from "./reviews";
import { stockAlertsEndpoints } from "./stock-alerts";
import { trackingEndpoints } from "./tracking";
import { uploadsEndpoints } from "./uploads";
import { wishlistEndpoints } from "./wishlist";

export const ENDPOINTS: Endpoint[] = [
  ...authEndpoints,
  ...localeEndpoints,
  ...consentEndpoints,
  ...catalogEndpoints,
  ...reviewsEndpoints,
  ...addressesEndpoints,
  ...stockAlertsEndpoints,
  ...wishlistEndpoints,
  ...cartEndpoints,
  ...ordersEndpoints,
  ...payLinksEndpoints,
  ...paymentCallbacksEndpoints,
  ...courierWebhooksEndpoints,
  ...trackingEndpoints,
  ...libraryEndpoints,
  ...readingEndpoints,
  ...coursesEndpoints,
  ...adminProductsEndpoints,
  ...adminBooksCsvEndpoints,
  ...adminInvoicesEndpoints,
  ...adminCouponsEndpoints,
  ...adminUsersEndpoints,
  ...adminAuditEndpoints,
  ...adminInfoPagesEndpoints,
  ...adminSearchEndpoints,
  ...adminSalesEndpoints,
  ...adminReportsEndpoints,
  ...adminJobsEndpoints,
  ...adminAuthorsEndpoints,
  ...adminOrdersEndpoints,
  ...adminPhoneOrdersEndpoints,
  ...fulfilmentEndpoints,
  ...adminOrderEndpoints,
  ...adminChaptersEndpoints,
  ...uploadsEndpoints,
  ...docsEndpoints,
];
