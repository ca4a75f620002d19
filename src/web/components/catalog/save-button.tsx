import { Heart } from "lucide-react";
import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { VIEW_WISHLIST } from "../../../contracts/wishlist-messages";
import { useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import { useHydrated } from "../../lib/hydrated";
import { useRootData } from "../../lib/root-data";
import { toast } from "../../lib/toast";
import { buttonClass } from "../ui/button";

/** What the save action answers a tap sent by the page's scripts (routes/shop/wishlist.server.ts). */
export type SaveAnswer = { saved: boolean; message: string; refused?: boolean };

export const SAVE_LABEL = /*i18n*/ "Save for later";
export const SAVED_LABEL = /*i18n*/ "Saved";

/**
 * "Save for later" (a heart): a form that posts to the wishlist's action (HTML first), which
 * comes back to this page. Once the page's scripts run and the visitor is signed in, a fetcher
 * sends it without leaving the page and the heart fills at once. A visitor signed out is sent
 * to sign in, and the save is made as soon as they have (decision 69).
 */
export function SaveButton({
  productId,
  title,
  card = false,
  className,
}: {
  productId: number;
  title: string;
  /** On a product card: a round heart over the cover, named after the product. */
  card?: boolean;
  className?: string;
}) {
  const { user, saved: savedIds } = useRootData();
  const fetcher = useFetcher<SaveAnswer>();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const { i18n } = useLingui();
  const sending = fetcher.formData?.get("intent");
  const saved =
    typeof sending === "string"
      ? sending === "save"
      : fetcher.data && !fetcher.data.refused
        ? fetcher.data.saved
        : savedIds.includes(productId);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    toast(
      answer.refused
        ? { title: i18n._(answer.message), variant: "destructive" }
        : { title: i18n._(answer.message), link: { href: "/wishlist", label: i18n._(VIEW_WISHLIST) } },
    );
  }, [fetcher.data, fetcher.state, i18n]);

  const enhanced = hydrated && user !== null;
  const Form = enhanced ? fetcher.Form : "form";
  const label = i18n._(saved ? SAVED_LABEL : SAVE_LABEL);
  return (
    <Form method="post" action="/wishlist/save" className={cn(card ? "contents" : null)}>
      <input type="hidden" name="intent" value={saved ? "unsave" : "save"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="back" value={pathname + search} />
      {enhanced ? <input type="hidden" name="js" value="1" /> : null}
      {card ? (
        <button
          type="submit"
          aria-pressed={saved}
          aria-label={`${label}: ${title}`}
          title={label}
          className={cn(
            "flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-red-700 shadow ring-1 ring-slate-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700",
            className,
          )}
        >
          <Heart aria-hidden="true" className="h-5 w-5" fill={saved ? "currentColor" : "none"} />
        </button>
      ) : (
        <button type="submit" aria-pressed={saved} className={buttonClass("secondary", className)}>
          <Heart aria-hidden="true" className="h-4 w-4 text-red-700" fill={saved ? "currentColor" : "none"} />
          {label}
        </button>
      )}
    </Form>
  );
}
