/**
 * Choose a PDF and upload it to `url` (an upload endpoint taking the file as its body, e.g.
 * `/api/admin/ebooks/7/pdf?version=3`), with a progress bar and a Cancel button while it goes.
 * The server checks the file by its bytes; here only its size is checked first, so a file far
 * too large is not sent at all. Refusals (not a PDF, damaged, a colleague's newer version) are
 * shown under the field; `onUploaded` gets the answer's envelope.
 */
import { useId, useRef, useState } from "react";
import type { Envelope } from "../../../contracts/api";
import { formatBytes, MAX_PDF_BYTES, PDF_UPLOAD_TYPE } from "../../../contracts/uploads";
import { translateMessage, useFormat, useLingui } from "../../i18n";
import { ApiError } from "../../lib/api";
import { UPLOAD_ABORTED, uploadFile } from "../../lib/upload";
import { Button } from "../ui/button";

export type PdfUploadProps<T> = {
  /** Where the file is sent (PUT), version included. */
  url: string;
  /** The field's label (already in the page's language; "PDF file" when absent). */
  label?: string;
  /** The button's words ("Upload PDF", "Replace PDF"). */
  action?: string;
  onUploaded: (answer: Envelope<T>) => void | Promise<void>;
  /** Told when the server refuses the file (e.g. 409: a colleague's newer version). */
  onRefused?: (err: ApiError) => void;
  disabled?: boolean;
};

export function PdfUpload<T = unknown>({
  url,
  label,
  action,
  onUploaded,
  onRefused,
  disabled,
}: PdfUploadProps<T>) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState("");
  const abort = useRef<AbortController | null>(null);
  const uploading = progress !== null;

  function choose(f: File | null) {
    setError("");
    setFile(f);
    if (f && f.size > MAX_PDF_BYTES) {
      setError(
        i18n._("The file is {size}; the largest allowed is {max}", {
          size: formatBytes(f.size),
          max: formatBytes(MAX_PDF_BYTES),
        }),
      );
    }
  }

  async function send() {
    if (!file || error) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    setError("");
    try {
      const answer = await uploadFile<T>(url, file, {
        type: PDF_UPLOAD_TYPE,
        onProgress: setProgress,
        signal: controller.signal,
      });
      setFile(null);
      if (input.current) input.current.value = "";
      await onUploaded(answer);
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.message !== UPLOAD_ABORTED) setError(translateMessage(i18n, err.message));
        if (err.statusCode >= 400) onRefused?.(err);
      } else {
        setError(i18n._("Something went wrong. Please try again."));
      }
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          {label ?? i18n._("PDF file")}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept="application/pdf,.pdf"
          disabled={disabled || uploading}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-msg`}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          className="block w-full max-w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50"
        />
        <p
          id={`${id}-msg`}
          className={error ? "mt-1 text-sm text-red-700" : "mt-1 text-sm text-slate-600"}
          role={error ? "alert" : undefined}
        >
          {error ||
            (file
              ? `${file.name}, ${formatBytes(file.size)}`
              : i18n._("A PDF of at most {max}", { max: formatBytes(MAX_PDF_BYTES) }))}
        </p>
      </div>
      {uploading ? (
        <div className="flex flex-wrap items-center gap-3">
          <progress
            value={percent}
            max={100}
            aria-label={i18n._("Upload progress")}
            className="h-2 w-full max-w-xs overflow-hidden rounded-full accent-brand-700"
          />
          <span className="text-sm text-slate-700" aria-live="polite">
            {percent < 100
              ? i18n._("Uploading… {percent}%", { percent: number(percent) })
              : i18n._("Checking the file…")}
          </span>
          <Button variant="secondary" onClick={() => abort.current?.abort()}>
            {i18n._("Cancel")}
          </Button>
        </div>
      ) : (
        <Button onClick={send} disabled={disabled || !file || Boolean(error)}>
          {action ?? i18n._("Upload PDF")}
        </Button>
      )}
    </div>
  );
}
