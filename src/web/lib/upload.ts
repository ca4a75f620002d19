/**
 * Sends a file as the request body (the upload endpoints take a picture or a PDF that way, with
 * its own type), reporting progress as it goes: `fetch` cannot tell how much of a body has been
 * sent, XMLHttpRequest can. Answers and refusals as `api()` gives them: the envelope, or ApiError.
 * Only admin components import this.
 */
import type { Envelope } from "../../contracts/api";
import { ApiError } from "./api";

export type UploadOptions = {
  /** The body's media type; the file's own type by default. */
  type?: string;
  method?: "POST" | "PUT";
  /** 0 to 1, as the body is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

export const UPLOAD_ABORTED = "Upload cancelled";

export function uploadFile<T = unknown>(
  url: string,
  file: Blob,
  opts: UploadOptions = {},
): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? "PUT", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("content-type", opts.type ?? (file.type || "application/octet-stream"));
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let envelope: Envelope<T>;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        envelope = { statusCode: xhr.status, message: xhr.statusText || "Unexpected answer from the server" };
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve(envelope);
      } else {
        reject(new ApiError(envelope.statusCode ?? xhr.status, envelope.message, envelope.errors));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, "No connection. Check your internet and try again."));
    xhr.onabort = () => reject(new ApiError(0, UPLOAD_ABORTED));
    if (opts.signal) {
      if (opts.signal.aborted) return xhr.abort();
      opts.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}
