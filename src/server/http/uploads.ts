/**
 * The upload endpoints, the one exception to JSON-only writes (decision 23): the media types each
 * takes as its raw body and its body limit. `requireJsonBody` lets these types through on these
 * paths only, and `limitBodies` gives them their limits; the services then check the bytes
 * themselves, whatever the type claims.
 */

import { IMPORT_PATH, MAX_IMPORT_BYTES } from "../../contracts/admin-books-csv";
import {
  IMAGE_UPLOAD_TYPES,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_PDF_BYTES,
  PDF_UPLOAD_TYPE,
} from "../../contracts/uploads";

export type UploadRoute = { pattern: RegExp; types: readonly string[]; maxSize: number };

export const UPLOAD_ROUTES: readonly UploadRoute[] = [
  { pattern: /^\/api\/admin\/images$/, types: IMAGE_UPLOAD_TYPES, maxSize: MAX_IMAGE_UPLOAD_BYTES },
  { pattern: /^\/api\/admin\/ebooks\/[^/]+\/pdf$/, types: [PDF_UPLOAD_TYPE], maxSize: MAX_PDF_BYTES },
  {
    pattern: /^\/api\/admin\/content\/[^/]+\/chapters\/[^/]+\/pdf$/,
    types: [PDF_UPLOAD_TYPE],
    maxSize: MAX_PDF_BYTES,
  },
  // The books import reads a CSV file (up to 10,000 rows): like the files above, a type a page on
  // another site cannot send without a preflight (text/plain, which a form can send, stays refused).
  {
    pattern: new RegExp(`^${IMPORT_PATH.replace(/[/]/g, "\\/")}$`),
    types: ["text/csv"],
    maxSize: MAX_IMPORT_BYTES,
  },
];

/** The upload route of a path, if it is one. */
export function uploadRouteOf(path: string): UploadRoute | undefined {
  return UPLOAD_ROUTES.find((r) => r.pattern.test(path));
}
