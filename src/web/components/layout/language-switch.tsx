import { useState } from "react";
import { LOCALE_NAMES, type Locale } from "../../../contracts/locale";
import { useLingui, useLocale } from "../../i18n";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";

/**
 * English / বাংলা: offers the other language, named in itself. The choice goes to the language
 * cookie (and the profile when signed in); the page is then loaded again in it, with only that
 * language's catalogue.
 */
export function LanguageSwitch() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const other: Locale = locale === "bn" ? "en" : "bn";
  const [busy, setBusy] = useState(false);

  async function choose() {
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
    <button
      type="button"
      lang={other}
      onClick={choose}
      disabled={busy}
      className="inline-flex min-h-11 items-center rounded-md px-1.5 text-sm font-semibold text-brand-800 hover:bg-slate-100 disabled:opacity-60 sm:px-2"
    >
      {LOCALE_NAMES[other]}
    </button>
  );
}
