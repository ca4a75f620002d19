import type { z } from "zod";
import type { envelopeFields } from "./answers/shared";

/** Every API answer (architecture rule 6); the HTTP status equals statusCode. */
export type Envelope<T = unknown> = z.infer<typeof envelopeFields> & { data?: T };
