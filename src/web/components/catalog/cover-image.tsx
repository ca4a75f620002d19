import { coverHeight, imageUrl, srcSet } from "../../../contracts/images";
import { cn } from "../../lib/cn";
import { useMediaBase } from "../../lib/root-data";

// Placeholder tints (dark enough for white text), picked by the title so a shelf of books
// without covers does not look like one grey wall.
const TINTS = ["bg-brand-800", "bg-sky-800", "bg-indigo-800", "bg-rose-800", "bg-amber-800", "bg-slate-700"];

function tintOf(title: string): string {
  let h = 0;
  for (const ch of title) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return TINTS[h % TINTS.length]!;
}

/**
 * A 2:3 product image from its stored widths, the box sized before the file arrives (no layout
 * shift). Lazy unless `priority` (the page's LCP image: eager and fetched first). Without an
 * image, a tinted block with the title.
 */
export function CoverImage({
  image,
  title,
  width,
  sizes,
  priority = false,
  eager = false,
  className,
}: {
  image: string | null;
  title: string;
  /** The width the image is laid out at on a wide screen, for its width/height attributes. */
  width: number;
  sizes: string;
  priority?: boolean;
  eager?: boolean;
  className?: string;
}) {
  const mediaBase = useMediaBase();
  const box = cn("relative aspect-[2/3] w-full overflow-hidden rounded-md", className);
  if (!image) {
    return (
      <div
        role="img"
        aria-label={title}
        translate="no"
        className={cn(box, tintOf(title), "flex items-center p-3")}
      >
        <span
          aria-hidden="true"
          className="line-clamp-5 w-full text-center text-sm leading-snug font-semibold break-words text-white"
        >
          {title}
        </span>
      </div>
    );
  }
  return (
    <div className={cn(box, "bg-slate-100")}>
      <img
        src={imageUrl(mediaBase, image, 320)}
        srcSet={srcSet(mediaBase, image)}
        sizes={sizes}
        alt={title}
        width={width}
        height={coverHeight(width)}
        loading={priority || eager ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={priority ? "sync" : "async"}
        className="h-full w-full object-cover"
      />
    </div>
  );
}
