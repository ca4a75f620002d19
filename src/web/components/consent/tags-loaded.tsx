import type { ThirdPartyTag } from "../../../contracts/consent";
import { useLingui } from "../../i18n";

/** What each tag is and why it is loaded, as the privacy policy and the cookie page list them. */
export const TAG_PURPOSES: Record<
  ThirdPartyTag,
  { name: string; purpose: string; needs: "analytics" | "ads" }
> = {
  gtm: {
    name: /*i18n*/ "Google Tag Manager and Google Analytics",
    purpose: /*i18n*/ "Counts visits, searches and sales, so that we know which books students look for.",
    needs: "analytics",
  },
  clarity: {
    name: /*i18n*/ "Microsoft Clarity",
    purpose:
      /*i18n*/ "Records how pages are used (taps and scrolling, never what you type), so that we can fix what confuses.",
    needs: "analytics",
  },
  metaPixel: {
    name: /*i18n*/ "Meta Pixel",
    purpose: /*i18n*/ "Tells Facebook which of our ads led to a purchase.",
    needs: "ads",
  },
};

/** The configured tags, each with its purpose and the consent it needs. */
export function TagsLoaded({ tags }: { tags: readonly ThirdPartyTag[] }) {
  const { i18n } = useLingui();
  if (!tags.length) {
    return (
      <p>{i18n._("This shop loads no third-party tags: no analytics, no session recordings, no ads.")}</p>
    );
  }
  return (
    <ul className="list-disc space-y-2 pl-5">
      {tags.map((t) => (
        <li key={t}>
          <strong>{i18n._(TAG_PURPOSES[t].name)}</strong>: {i18n._(TAG_PURPOSES[t].purpose)}{" "}
          {TAG_PURPOSES[t].needs === "ads"
            ? i18n._("Loaded only if you allow ads measurement.")
            : i18n._("Loaded only if you allow analytics.")}
        </li>
      ))}
    </ul>
  );
}
