import { useState } from "react";
import { imageUrl } from "../../../contracts/images";
import { useFormat, useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import { useMediaBase } from "../../lib/root-data";
import { CoverImage } from "./cover-image";

/** A product's images: the chosen one large (the first is the page's LCP image), thumbnails to pick. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const [current, setCurrent] = useState(0);
  const { i18n } = useLingui();
  const { number } = useFormat();
  const mediaBase = useMediaBase();
  if (images.length <= 1) {
    return (
      <CoverImage
        image={images[0] ?? null}
        title={title}
        width={320}
        sizes="(min-width: 768px) 320px, 208px"
        priority
        className="shadow-md"
      />
    );
  }
  return (
    <div>
      <CoverImage
        key={images[current]}
        image={images[current] ?? null}
        title={i18n._("{title}, image {index} of {count}", {
          title,
          index: number(current + 1),
          count: number(images.length),
        })}
        width={320}
        sizes="(min-width: 768px) 320px, 208px"
        priority={current === 0}
        eager
        className="shadow-md"
      />
      <ul className="mt-3 flex flex-wrap justify-center gap-2 md:justify-start">
        {images.map((key, i) => (
          <li key={key}>
            <button
              type="button"
              onClick={() => setCurrent(i)}
              aria-pressed={i === current}
              aria-label={i18n._("Show image {index} of {count}", {
                index: number(i + 1),
                count: number(images.length),
              })}
              className={cn(
                "block w-12 overflow-hidden rounded border-2 focus-visible:outline-2 focus-visible:outline-brand-700",
                i === current ? "border-brand-700" : "border-transparent hover:border-slate-400",
              )}
            >
              <img
                src={imageUrl(mediaBase, key, 160)}
                alt=""
                width={48}
                height={72}
                loading="lazy"
                decoding="async"
                className="aspect-[2/3] w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
