/** Every API answer (architecture rule 6); the HTTP status equals statusCode. */
export type Envelope<T = unknown> = {
  statusCode: number;
  message: string;
  data?: T;
  errors?: Record<string, string>;
};
