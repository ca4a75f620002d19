import { Check, Copy, Share2 } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { BOUGHT_STATUSES, describeOrderStatus } from "../../../contracts/order-status";
import { formatMonth, type ReferralReport } from "../../../contracts/tracking";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { useFormat, useLingui } from "../../i18n";
import { cn } from "../../lib/cn";
import { formatBanglaMonth } from "../../lib/dates";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/reports";
import { loadReferralReport } from "./reports.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "My referral sales") },
];

/** The sign-in guard above has run: the report is the caller's own. */
export async function loader({ context }: Route.LoaderArgs) {
  return { report: await loadReferralReport(context) };
}

function ShareCard({ report }: { report: ReferralReport }) {
  const { i18n } = useLingui();
  const { number, taka } = useFormat();
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(report.shareUrl);
      setCopied(true);
      toast({ title: i18n._("Link copied") });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an old browser, or not allowed): select the link for a long-press copy.
      input.current?.select();
      toast({ title: i18n._("Select the link and copy it") });
    }
  }

  return (
    <section aria-labelledby="your-code" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="your-code" className="text-sm font-medium text-slate-700">
        {i18n._("Your referral code")}
      </h2>
      <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-slate-900">{report.code}</p>
      <p className="mt-3 text-slate-700">
        {i18n._(
          "Share your link. When friends buy after opening it, their orders count here (for {days} days after their visit). You never see who they are.",
          { days: number(30) },
        )}
      </p>
      {report.creditPerFriend > 0 ? (
        <p className="mt-2 font-semibold text-emerald-900" data-testid="reward-offer">
          {i18n._(
            "When a friend's first order is delivered, you get {amount} store credit to spend on your next order.",
            { amount: taka(report.creditPerFriend) },
          )}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor="share-link" className="mb-1 block text-sm font-medium text-slate-800">
            {i18n._("Share link")}
          </label>
          <input
            id="share-link"
            ref={input}
            readOnly
            value={report.shareUrl}
            onFocus={(e) => e.currentTarget.select()}
            className="block min-h-11 w-full rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900"
          />
        </div>
        <Button variant="primary" onClick={copy} className="shrink-0">
          {copied ? (
            <Check aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Copy aria-hidden="true" className="h-4 w-4" />
          )}
          {copied ? i18n._("Copied") : i18n._("Copy link")}
        </Button>
      </div>
    </section>
  );
}

function Totals({ report }: { report: ReferralReport }) {
  const { i18n } = useLingui();
  const { number, taka } = useFormat();
  return (
    <dl className="grid grid-cols-2 gap-3">
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <dt className="text-sm text-slate-700">{i18n._("Orders")}</dt>
        <dd className="text-2xl font-bold text-slate-900 tabular-nums">{number(report.orders)}</dd>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <dt className="text-sm text-slate-700">{i18n._("Sales")}</dt>
        <dd className="text-2xl font-bold text-slate-900 tabular-nums">{taka(report.amount)}</dd>
      </div>
      <div
        className="col-span-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4"
        data-testid="credit-earned"
      >
        <dt className="text-sm text-emerald-900">{i18n._("Store credit your shares earned")}</dt>
        <dd className="text-2xl font-bold text-emerald-950 tabular-nums">{taka(report.creditEarned)}</dd>
        <dd className="mt-1 text-sm text-emerald-900">
          {i18n._("Friends whose first order was delivered: {count}", {
            count: number(report.friendsRewarded),
          })}
        </dd>
        <dd className="mt-1 text-sm">
          <Link to="/profile#store-credit" className="font-semibold text-emerald-900 underline">
            {i18n._("See your store credit")}
          </Link>
        </dd>
      </div>
    </dl>
  );
}

function ByMonth({ months }: { months: ReferralReport["months"] }) {
  const { i18n } = useLingui();
  const { locale, number, taka } = useFormat();
  return (
    <section aria-labelledby="by-month" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="by-month" className="mb-3 text-lg font-bold text-slate-900">
        {i18n._("By month")}
      </h2>
      <table className="w-full text-left">
        <thead className="text-sm text-slate-600">
          <tr>
            <th scope="col" className="pb-2 font-medium">
              {i18n._("Month")}
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              {i18n._("Orders")}
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              {i18n._("Sales")}
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className="border-t border-slate-100">
              <th scope="row" className="py-2 font-medium text-slate-900">
                {locale === "bn" ? formatBanglaMonth(m.month) : formatMonth(m.month)}
              </th>
              <td className="py-2 text-right tabular-nums">{number(m.orders)}</td>
              <td className="py-2 text-right tabular-nums">{taka(m.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Recent({ orders }: { orders: ReferralReport["recent"] }) {
  const { i18n } = useLingui();
  const { taka, dateTime } = useFormat();
  return (
    <section aria-labelledby="recent" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="recent" className="mb-1 text-lg font-bold text-slate-900">
        {i18n._("Orders through your link")}
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        {i18n._("Only confirmed orders count towards your sales.")}
      </p>
      <ul>
        {orders.map((o) => (
          <li
            key={`${o.orderEnding}-${o.placedAt}`}
            className="flex items-start justify-between gap-3 border-t border-slate-100 py-3"
          >
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {i18n._("Order")} <span aria-hidden="true">•••</span>
                <span className="sr-only">{i18n._("ending in")} </span>
                {o.orderEnding}
              </p>
              <p className="text-sm text-slate-600">
                <time dateTime={o.placedAt}>{dateTime(o.placedAt)}</time>
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p
                className={cn(
                  "font-semibold tabular-nums",
                  BOUGHT_STATUSES.includes(o.status) ? "text-slate-900" : "text-slate-500 line-through",
                )}
              >
                {taka(o.amount)}
              </p>
              <p
                className={cn(
                  "mt-0.5 inline-block rounded px-2 py-0.5 text-xs font-semibold",
                  BOUGHT_STATUSES.includes(o.status)
                    ? "bg-emerald-100 text-emerald-900"
                    : "bg-slate-100 text-slate-700",
                )}
              >
                {i18n._(describeOrderStatus(o.status))}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function MyReferralSalesPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { report } = loaderData;
  return (
    <div>
      <PageHeading title={i18n._("My referral sales")}>
        <p>{i18n._("What your referral code has sold. Amounts are after discounts, without delivery.")}</p>
      </PageHeading>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <ShareCard report={report} />
          {report.recent.length > 0 ? (
            <Recent orders={report.recent} />
          ) : (
            <section className="rounded-lg border border-dashed border-slate-300 p-6 text-center">
              <Share2 aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
              <p className="mt-3 font-semibold text-slate-900">{i18n._("No orders through your link yet")}</p>
              <p className="mt-1 text-slate-700">
                {i18n._("Share it with your friends and batchmates to get started.")}
              </p>
            </section>
          )}
        </div>
        <aside className="h-fit min-w-0 space-y-6">
          <Totals report={report} />
          {report.months.length > 0 ? <ByMonth months={report.months} /> : null}
        </aside>
      </div>
    </div>
  );
}
