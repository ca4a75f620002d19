import type { Availability } from "../../../contracts/availability";
import { useFormat, useLingui } from "../../i18n";
import { stockState, stockText } from "./labels";

/**
 * A cart or checkout line that comes later: "Pre-order, releases on …" or "From the publisher,
 * ships in N days" (nothing for a line served from stock, which the line's stock note covers).
 */
export function LineAvailability({
  line,
}: {
  line: { type: Parameters<typeof stockState>[0]["kind"]; availability: Availability };
}) {
  const { i18n } = useLingui();
  const format = useFormat();
  const a = line.availability;
  if (a.state !== "preorder" && a.state !== "backorder") return null;
  return (
    <p className="text-sm font-semibold text-brand-800" data-testid="line-availability">
      {stockText(i18n, format, stockState({ kind: line.type, availability: a }))}
    </p>
  );
}

/**
 * What a cart's delivery estimate counts from: nothing special while anything printed ships now
 * (the lines that come later say when), else the line that comes last (its release, or its lead time).
 */
export function laterOf(
  lines: readonly { type: string; availability: Availability }[],
): Availability | undefined {
  const printed = lines.filter((l) => l.type !== "ebook" && l.type !== "content");
  if (printed.length === 0) return undefined;
  let last: Availability | undefined;
  for (const { availability: a } of printed) {
    if (a.state !== "preorder" && a.state !== "backorder") return undefined;
    if (!last || expectedKey(a) > expectedKey(last)) last = a;
  }
  return last;
}

// A back-order's days against a release date: both as a sortable text, days far below any date.
const expectedKey = (a: Availability) =>
  a.state === "preorder" ? (a.releaseDate ?? "") : String(a.days ?? 0).padStart(3, "0");
