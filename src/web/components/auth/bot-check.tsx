import { useEffect, useRef } from "react";
import { documentAllowsOutside } from "../../../contracts/consent";
import { useLocale } from "../../i18n";
import { useRootData } from "../../lib/root-data";

type Turnstile = {
  render(
    el: HTMLElement,
    opts: { sitekey: string; language?: string; "response-field-name"?: string },
  ): string;
  remove(id: string): void;
  reset(id?: string): void;
};
type TurnstileWindow = Window & { turnstile?: Turnstile; __pathagarTurnstileReady?: () => void };

const SCRIPT =
  "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=__pathagarTurnstileReady";
let loading: Promise<Turnstile> | undefined;

/** Turnstile's script, once per page, with the page's nonce. */
function loadTurnstile(): Promise<Turnstile> {
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const w = window as TurnstileWindow;
    w.__pathagarTurnstileReady = () =>
      w.turnstile ? resolve(w.turnstile) : reject(new Error("no turnstile"));
    const s = document.createElement("script");
    s.src = SCRIPT;
    s.async = true;
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
    if (nonce) s.nonce = nonce;
    s.onerror = () => reject(new Error("Turnstile did not load"));
    document.head.append(s);
  });
  return loading;
}

/**
 * The bot check's widget (decision 56; services/accounts/bot-check.ts), inside a form that signs up or asks
 * for an SMS code, when TURNSTILE_SITE_KEY is set. It writes its token into the form as
 * `cf-turnstile-response`, which the form posts, and the page's script sends as `botToken`
 * (`botTokenOf`). Without JavaScript it cannot show: the form still posts, under the stricter
 * limits.
 */
export function BotCheck() {
  const { botCheckSiteKey } = useRootData();
  const locale = useLocale();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!botCheckSiteKey || !el || !documentAllowsOutside()) return;
    let id: string | undefined;
    let gone = false;
    void loadTurnstile()
      .then((t) => {
        if (!gone) id = t.render(el, { sitekey: botCheckSiteKey, language: locale });
      })
      .catch(() => {
        // A blocked host: the form posts without a token, under the stricter limits.
      });
    return () => {
      gone = true;
      if (id !== undefined) (window as TurnstileWindow).turnstile?.remove(id);
    };
  }, [botCheckSiteKey, locale]);
  if (!botCheckSiteKey) return null;
  return <div ref={ref} className="min-h-[65px]" />;
}

/** The widget's token in a form, for a JSON body's `botToken`; undefined when there is none. */
export function botTokenOf(form: HTMLFormElement | null | undefined): string | undefined {
  const v = form?.querySelector<HTMLInputElement>('input[name="cf-turnstile-response"]')?.value;
  return v ? v : undefined;
}

/** A new token for the next try (a token is good once, and a refused try used it). */
export function resetBotCheck(): void {
  (window as TurnstileWindow).turnstile?.reset();
}
