import { type FormEvent, useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { Button, buttonClass } from "../ui/button";

/**
 * The cookie notice (decision 56), at the foot of the window until a choice is made: Accept,
 * Decline, or Choose on the cookie page. A form to `/consent` first (it works before and without
 * the page's scripts, and comes back to this page); with them the same buttons go through
 * `POST /api/consent`, the notice goes, and the root's data (the choice) is read again, which
 * starts what was allowed.
 */
export function ConsentNotice() {
  const { i18n } = useLingui();
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  const [gone, setGone] = useState(false);
  const [busy, setBusy] = useState(false);
  const back = pathname + search;
  if (gone) return null;

  async function choose(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const choice = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") ?? "decline";
    setBusy(true);
    try {
      await api("POST", "/api/consent", { choice });
      setGone(true);
      void revalidator.revalidate();
    } catch (err) {
      setBusy(false);
      toast({
        variant: "destructive",
        title: i18n._("Could not save your choice"),
        description: (err as Error).message,
      });
    }
  }

  return (
    <section
      aria-label={i18n._("Cookie notice")}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white px-3 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] sm:px-4"
    >
      <form
        method="post"
        action="/consent"
        onSubmit={choose}
        className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center"
      >
        <input type="hidden" name="back" value={back} />
        <p className="flex-1 text-sm text-slate-800">
          {i18n._(
            "We use cookies the shop needs to work. With your consent we also load analytics and ads tags that help us improve the shop.",
          )}{" "}
          <Link to="/info/privacy-policy" className="font-medium text-brand-800 underline">
            {i18n._("Privacy policy")}
          </Link>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="choice" value="accept" disabled={busy}>
            {i18n._("Accept")}
          </Button>
          <Button type="submit" name="choice" value="decline" variant="secondary" disabled={busy}>
            {i18n._("Decline")}
          </Button>
          <Link to={`/consent?back=${encodeURIComponent(back)}`} className={buttonClass("ghost")}>
            {i18n._("Choose")}
          </Link>
        </div>
      </form>
    </section>
  );
}
