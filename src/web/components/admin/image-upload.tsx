/**
 * A picture field: choose a file, see it at once, and it is uploaded (with progress) to
 * `POST /api/admin/images`; the stored picture's key is reported through `onChange`, which the
 * form then saves as `image`. "Remove" reports null. Works from the keyboard (the file input and
 * the buttons are ordinary controls); the server's refusal (not an image, too large) is shown
 * under the field, as is the form's own `error`.
 */
import { useId, useRef, useState } from "react";
import { imageUrl } from "../../../contracts/images";
import {
  formatBytes,
  IMAGE_UPLOAD_TYPES,
  type ImageCrop,
  MAX_IMAGE_UPLOAD_BYTES,
  type StoredImageAnswer,
} from "../../../contracts/uploads";
import { translateMessage, useFormat, useLingui } from "../../i18n";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useMediaBase } from "../../lib/root-data";
import { UPLOAD_ABORTED, uploadFile } from "../../lib/upload";
import { Button } from "../ui/button";

export type ImageUploadProps = {
  label: string;
  /** The stored picture's key, or null for none. */
  value: string | null | undefined;
  onChange: (key: string | null) => void;
  /** How the server crops it: a 2:3 cover (products, the default), a square, or as it is. */
  crop?: ImageCrop;
  /** The form's own message for the field (e.g. the server's field error). */
  error?: string;
  hint?: string;
  disabled?: boolean;
};

function readAsDataUrl(file: File): Promise<string> {
  // A data: address, not blob:, because the pages' Content-Security-Policy allows images from
  // the shop itself and data: only.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The picture formats, by their names (the same in every language). */
const FORMATS = { jpeg: "JPEG", png: "PNG", webp: "WebP", avif: "AVIF" };

export function ImageUpload({
  label,
  value,
  onChange,
  crop = "cover",
  error,
  hint,
  disabled,
}: ImageUploadProps) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const id = useId();
  const mediaBase = useMediaBase();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState("");
  const uploading = progress !== null;
  const shown = preview ?? (value ? imageUrl(mediaBase, value, 320) : null);
  const message = problem || error;

  async function choose(file: File | undefined) {
    setProblem("");
    if (!file) return;
    if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
      setProblem(i18n._("Choose a {jpeg}, {png}, {webp} or {avif} picture", FORMATS));
      return;
    }
    if (file.size > MAX_IMAGE_UPLOAD_BYTES) {
      setProblem(
        i18n._("The picture is {size}; the largest allowed is {max}", {
          size: formatBytes(file.size),
          max: formatBytes(MAX_IMAGE_UPLOAD_BYTES),
        }),
      );
      return;
    }
    setPreview(await readAsDataUrl(file).catch(() => null));
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const answer = await uploadFile<StoredImageAnswer>(`/api/admin/images?crop=${crop}`, file, {
        method: "POST",
        onProgress: setProgress,
        signal: controller.signal,
      });
      if (answer.data) onChange(answer.data.key);
    } catch (err) {
      setPreview(null);
      if (!(err instanceof ApiError && err.message === UPLOAD_ABORTED)) {
        setProblem(
          err instanceof ApiError
            ? translateMessage(i18n, err.message)
            : i18n._("Something went wrong. Please try again."),
        );
      }
    } finally {
      abort.current = null;
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  }

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-wrap items-start gap-4">
        <div
          className={cn(
            "flex w-24 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50 text-xs text-slate-500",
            crop === "cover" ? "aspect-[2/3]" : "aspect-square",
          )}
        >
          {shown ? (
            <img
              src={shown}
              alt={i18n._("{label}: preview", { label })}
              className="h-full w-full object-cover"
            />
          ) : (
            i18n._("No picture")
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={IMAGE_UPLOAD_TYPES.join(",")}
            disabled={disabled || uploading}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-msg`}
            onChange={(e) => void choose(e.target.files?.[0])}
            className="block w-full max-w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50"
          />
          {uploading ? (
            <div className="flex flex-wrap items-center gap-3">
              <progress
                value={percent}
                max={100}
                aria-label={i18n._("{label}: upload progress", { label })}
                className="h-2 w-40 accent-brand-700"
              />
              <span className="text-sm text-slate-700" aria-live="polite">
                {percent < 100
                  ? i18n._("Uploading… {percent}%", { percent: number(percent) })
                  : i18n._("Resizing…")}
              </span>
              <Button variant="secondary" onClick={() => abort.current?.abort()}>
                {i18n._("Cancel")}
              </Button>
            </div>
          ) : value ? (
            <Button
              variant="ghost"
              disabled={disabled}
              onClick={() => {
                setPreview(null);
                onChange(null);
              }}
            >
              {i18n._("Remove picture")}
            </Button>
          ) : null}
          <p
            id={`${id}-msg`}
            role={message ? "alert" : undefined}
            className={message ? "text-sm text-red-700" : "text-sm text-slate-600"}
          >
            {message ||
              hint ||
              i18n._("{jpeg}, {png}, {webp} or {avif}, at most {max}", {
                jpeg: FORMATS.jpeg,
                png: FORMATS.png,
                webp: FORMATS.webp,
                avif: FORMATS.avif,
                max: formatBytes(MAX_IMAGE_UPLOAD_BYTES),
              })}
          </p>
        </div>
      </div>
    </div>
  );
}
