/** What the orders service hands a gateway to start one payment attempt. */
export type PaymentInit = {
  /** Our unique transaction id for this payment attempt (ASCII, at most 30 characters). */
  tranx: string;
  /** Poisha (integer). */
  amount: number;
  currency: "BDT";
  orderNumber: string;
  customer: {
    name: string;
    phone: string;
    email?: string | null;
    address: string;
    area: string;
    district: string;
  };
  /** Short description, e.g. "3 items". */
  productName: string;
  productCategory: "physical" | "digital" | "mixed";
  /** How many items the order holds (SSLCommerz's `num_of_item`); 1 when left out. */
  itemCount?: number;
  /** Absolute URLs on our server the gateway sends the customer / its server to. */
  urls: { success: string; fail: string; cancel: string; ipn: string };
};

export type PaymentStart = {
  /** Where to send the customer's browser: the gateway's payment page. */
  redirectUrl: string;
  /** The gateway's id for the attempt (SSLCommerz `sessionkey`, bKash `paymentID`); keep it for verify(). */
  gatewayRef: string | null;
};

export type PaymentVerification =
  | {
      status: "paid";
      tranx: string;
      /** Poisha, exactly as the gateway confirmed it. */
      amount: number;
      currency: string;
      /** The gateway's id of the money movement: record the payment once per id. */
      gatewayTxnId: string;
      /**
       * Set when the gateway took the money but flags the payment as risky (SSLCommerz
       * `risk_level` 1): the money is there, but staff should look before goods or files go out.
       */
      risk?: { level: number; title: string };
      raw: unknown;
    }
  | {
      status: "failed" | "cancelled" | "pending";
      /** For the log and for finding the attempt; may come from the callback itself. */
      tranx: string | null;
      reason: string;
      /**
       * True when the gateway itself said so (not only the callback): only then does the order
       * give back its stock and coupon at once. A forged "failed" callback changes nothing; the
       * order lapses after its 30 minutes instead.
       */
      confirmedByGateway?: boolean;
      raw: unknown;
    };

/** What a refund through the gateway needs of the payment it gives money back from. */
export type RefundRequest = {
  /** Our id for this refund attempt (SSLCommerz `refe_id`, bKash `sku`); unique per attempt. */
  refundRef: string;
  /** Poisha, at most what is left of the payment. */
  amount: number;
  reason: string;
  payment: {
    tranx: string;
    /** What start() returned: SSLCommerz `sessionkey`, bKash `paymentID`. */
    gatewayRef: string | null;
    /** The gateway's id of the money movement: SSLCommerz `bank_tran_id`, bKash `trxID`. */
    gatewayTxnId: string | null;
    amount: number;
  };
};

/**
 * A gateway's word on a refund: `refunded` (the money has gone back), `pending` (accepted, still
 * processing), or `failed` (refused; `reason` says why). `gatewayRefundId` is its id for the
 * refund (SSLCommerz `refund_ref_id`, bKash `refundTrxID`), when it gave one.
 */
export type RefundAnswer = {
  status: "refunded" | "pending" | "failed";
  gatewayRefundId: string | null;
  reason: string;
  raw: unknown;
};

/**
 * A payment gateway. `start()` and `verify()` make network calls: never call them inside a
 * database transaction.
 */
export interface PaymentProvider {
  readonly name: "sandbox" | "sslcommerz" | "bkash";
  /** Opens a payment at the gateway; throws PaymentGatewayError when it cannot ("payment could not be started"). */
  start(init: PaymentInit): Promise<PaymentStart>;
  /**
   * Verifies a callback (browser return or server IPN) WITH THE GATEWAY; the callback's own claims
   * are never trusted alone. `params` are the callback's query+form fields; `gatewayRef` is what
   * start() returned. Throws PaymentGatewayError when the gateway cannot be asked (try again later).
   */
  verify(input: { params: Record<string, string>; gatewayRef: string | null }): Promise<PaymentVerification>;
  /**
   * Asks the gateway to give money of a paid payment back. Throws PaymentGatewayError when no
   * answer came (`timeout`, `unreachable`, `bad_answer`: the refund may or may not have been made,
   * ask `refundStatus` later); a refusal is answered as `failed`.
   */
  refund(input: RefundRequest): Promise<RefundAnswer>;
  /**
   * Where a refund asked for earlier stands. `gatewayRefundId` is what `refund` answered (null
   * when its answer never came). Throws PaymentGatewayError when the gateway cannot be asked.
   */
  refundStatus(input: RefundRequest & { gatewayRefundId: string | null }): Promise<RefundAnswer>;
}

/**
 * Why a gateway call failed. `timeout` and `unreachable` may succeed on a retry; `rejected` means
 * the gateway answered with a refusal (bad credentials, invalid request); `bad_answer` means an
 * answer we cannot read.
 */
export type PaymentGatewayErrorCode =
  | "invalid_request"
  | "rejected"
  | "timeout"
  | "unreachable"
  | "bad_answer";

export class PaymentGatewayError extends Error {
  constructor(
    readonly gateway: string,
    readonly code: PaymentGatewayErrorCode,
    message: string,
    readonly details: { httpStatus?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "PaymentGatewayError";
  }
}
