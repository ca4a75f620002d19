export type DomainErrorKind =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  /** An upload of a media type the endpoint does not take. */
  | "unsupported_type"
  | "rate_limited"
  /** A service we depend on (a payment gateway) did not answer; nothing was changed. */
  | "unavailable";

/** The one error kind services throw; http/middleware/errors.ts maps it to a status. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent as the answer's `data`: a stale edit's 409 carries the record as it now is. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  unavailable: 503,
};
