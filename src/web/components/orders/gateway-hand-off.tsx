import { useLingui } from "../../i18n";
import { buttonClass } from "../ui/button";

/** The gateway's page an action answered with (lib/actions.server.ts `toGateway`), or null. */
export function gatewayOf(actionData: unknown): string | null {
  const d = actionData as { ok?: unknown; gateway?: unknown } | undefined;
  return d && d.ok === true && typeof d.gateway === "string" && /^https?:\/\//.test(d.gateway)
    ? d.gateway
    : null;
}

/**
 * After a form's post, on to the payment gateway's page on another site: the browser goes there
 * at once (a refresh to it, which needs no script), and the link is there if it does not.
 */
export function GatewayHandOff({ url }: { url: string }) {
  const { i18n } = useLingui();
  return (
    <div className="mx-auto max-w-md py-10 text-center">
      <meta httpEquiv="refresh" content={`0;url=${url}`} />
      <h1 className="text-2xl font-bold text-slate-900">{i18n._("Opening the payment page…")}</h1>
      <p className="mt-2 text-slate-700">
        {i18n._("Your order is placed. Pay on the gateway's secure page.")}
      </p>
      <a href={url} className={buttonClass("primary", "mt-6")}>
        {i18n._("Continue to payment")}
      </a>
    </div>
  );
}
