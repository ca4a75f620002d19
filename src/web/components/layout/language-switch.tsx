import { type FormEvent, useState } from "react";
import { useLocation } from "react-router";
import { LOCALE_NAMES, type Locale } from "../../../contracts/locale";
import { useLingui, useLocale } from "../../i18n";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";

/**
 * English / বাংলা: offers the other language, named in itself. A form to `/locale` (HTML first:
 * it works before and without the page's scripts), which keeps the choice in the language cookie
 * (and the profile when signed in) and comes back to this page in it. With the scripts the same
 * form goes through `POST /api/locale` and the page is loaded again, with only that language's
 * catalogue.
 */
export function LanguageSwitch() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const other: Locale = locale === "bn" ? "en" : "bn";
  const [busy, setBusy] = useState(false);

  async function choose(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    try {
      await api("POST", "/api/locale", { locale: other });
      window.location.reload();
    } catch (err) {
      setBusy(false);
      toast({
        variant: "destructive",
        title: i18n._("Could not change the language"),
        description: (err as Error).message,
      });
    }
  }

  return (
    <form method="post" action="/locale" onSubmit={choose}>
      <input type="hidden" name="locale" value={other} />
      <input type="hidden" name="back" value={pathname + search} />
      <button
        type="submit"
        lang={other}
        disabled={busy}
        className="inline-flex min-h-11 items-center rounded-md px-1.5 text-sm font-semibold text-brand-800 hover:bg-slate-100 disabled:opacity-60 sm:px-2"
      >
        {LOCALE_NAMES[other]}
      </button>
    </form>
  );
}
