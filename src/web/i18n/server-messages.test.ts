import { describe, expect, it } from "vitest";
import { NO_SUCH_ADDRESS } from "../../contracts/addresses";
import { ACCOUNT_BLOCKED } from "../../contracts/admin-users";
import { WRONG_CURRENT_PASSWORD } from "../../contracts/auth";
import { DATABASE_UNAVAILABLE } from "../../server/db/unavailable";
import { RESET_SENT } from "../../server/http/api/auth";
import { SIGN_IN_TO_CONTINUE } from "../../server/services/access";
import { EMAIL_NOT_SET_UP, NO_PASSWORD_YET, SAME_EMAIL } from "../../server/services/accounts/accounts";
import {
  GOOGLE_EMAIL_UNVERIFIED,
  GOOGLE_NOT_SET_UP,
  GOOGLE_OTHER_ACCOUNT,
  GOOGLE_TOKEN_EXPIRED,
  GOOGLE_TOKEN_REFUSED,
} from "../../server/services/accounts/google-sign-in";
import { CODE_EXPIRED, CODE_WRONG, EMAIL_CODE_WRONG } from "../../server/services/accounts/one-time-codes";
import { EMAIL_TAKEN, PHONE_TAKEN, WRONG_CREDENTIALS } from "../../server/services/accounts/users";
import { DIGITAL_REFUSALS } from "../../server/services/cart/cart";
import { COD_PHYSICAL_ONLY, EMPTY_CART } from "../../server/services/cart/checkout";
import { INVOICE_NOT_FOUND } from "../../server/services/money/invoices";
import { ORDER_NOT_FOUND } from "../../server/services/orders/lifecycle";
import { RATE_LIMITS } from "../../server/services/platform/rate-limits";
import { SERVER_MESSAGES } from "./server-messages";

describe("the server's messages in the catalogues", () => {
  it("list the customer's refusals and notices exactly as the server writes them", () => {
    const server: string[] = [
      ACCOUNT_BLOCKED,
      WRONG_CURRENT_PASSWORD,
      NO_SUCH_ADDRESS,
      RESET_SENT,
      SIGN_IN_TO_CONTINUE,
      EMAIL_NOT_SET_UP,
      NO_PASSWORD_YET,
      SAME_EMAIL,
      COD_PHYSICAL_ONLY,
      EMPTY_CART,
      GOOGLE_EMAIL_UNVERIFIED,
      GOOGLE_NOT_SET_UP,
      GOOGLE_OTHER_ACCOUNT,
      GOOGLE_TOKEN_EXPIRED,
      GOOGLE_TOKEN_REFUSED,
      INVOICE_NOT_FOUND,
      CODE_EXPIRED,
      CODE_WRONG,
      EMAIL_CODE_WRONG,
      ORDER_NOT_FOUND,
      EMAIL_TAKEN,
      PHONE_TAKEN,
      WRONG_CREDENTIALS,
      DATABASE_UNAVAILABLE,
      // Every rate limit's message: each can reach a customer.
      ...Object.values(RATE_LIMITS).map((limit) => limit.message),
      // An e-book's or a course's refusals in the cart.
      ...Object.values(DIGITAL_REFUSALS).flatMap((refusals) => Object.values(refusals)),
    ];
    const listed = new Set<string>(SERVER_MESSAGES);
    expect(server.filter((m) => !listed.has(m))).toEqual([]);
  });
});
