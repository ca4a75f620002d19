import { Trans } from "@lingui/react";
import { CircleCheck, CircleX, Package, PackageSearch, RotateCcw, Search, Truck } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { districtLabel } from "../../../contracts/districts";
import type { OrderStatus } from "../../../contracts/order-status";
import { describeOrderStatus } from "../../../contracts/order-status";
import type { TrackingView } from "../../../contracts/tracking";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { translate, useFormat, useLingui, useMessage } from "../../i18n";
import { cn as classes } from "../../lib/cn";
import { pageLocale, pageTitle } from "../../lib/meta";
import type { Route } from "./+types/tracking";
import { loadTracking } from "./tracking.server";

export const meta: Route.MetaFunction = ({ matches, params }) => [
  { title: pageTitle(matches, translate(pageLocale(matches), /*i18n*/ "Tracking {cn}", { cn: params.cn })) },
  { name: "robots", content: "noindex" },
];

/** The parcel's timeline; an unknown number is a 404 page that offers to look up another. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  // The search box sends ?cn=…: the number belongs in the path.
  const other = new URL(request.url).searchParams.get("cn")?.trim();
  if (other) throw redirect(`/tracking/${encodeURIComponent(other)}`);
  const tracking = await loadTracking(context, params.cn);
  if (!tracking) return data({ cn: params.cn, tracking: null }, { status: 404 });
  return { cn: params.cn, tracking };
}

const STATUS_ICON: Record<OrderStatus, typeof Truck> = {
  pending_payment: Package,
  payment_failed: CircleX,
  confirmed: Package,
  processing: Package,
  shipped: Truck,
  delivered: CircleCheck,
  cancelled: CircleX,
  refunded: RotateCcw,
  returned: RotateCcw,
};

const STATUS_TONE: Record<OrderStatus, string> = {
  pending_payment: "bg-amber-50 text-amber-900 ring-amber-200",
  payment_failed: "bg-red-50 text-red-900 ring-red-200",
  confirmed: "bg-sky-50 text-sky-900 ring-sky-200",
  processing: "bg-sky-50 text-sky-900 ring-sky-200",
  shipped: "bg-brand-50 text-brand-900 ring-brand-100",
  delivered: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  cancelled: "bg-red-50 text-red-900 ring-red-200",
  refunded: "bg-slate-100 text-slate-900 ring-slate-200",
  returned: "bg-orange-50 text-orange-900 ring-orange-200",
};

function TrackAnother() {
  const { i18n } = useLingui();
  return (
    <Form method="get" role="search" aria-label={i18n._("Track a parcel")} className="flex items-end gap-2">
      <TextField
        label={i18n._("Consignment number")}
        name="cn"
        required
        maxLength={40}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        className="min-w-0 flex-1"
      />
      <Button type="submit" aria-label={i18n._("Track")}>
        <Search aria-hidden="true" className="h-4 w-4" />
        <span className="hidden sm:inline">{i18n._("Track")}</span>
      </Button>
    </Form>
  );
}

function Timeline({ events }: { events: TrackingView["events"] }) {
  const { i18n } = useLingui();
  const message = useMessage();
  const { dateTime } = useFormat();
  // Newest first: on a phone the latest news is what the visitor came for.
  const newestFirst = [...events].reverse();
  return (
    <ol className="relative">
      {newestFirst.map((e, i) => {
        const current = i === 0;
        return (
          <li
            key={`${e.status}-${e.at}`}
            aria-current={current ? "step" : undefined}
            className="relative flex gap-3 pb-5 last:pb-0"
          >
            {i < newestFirst.length - 1 ? (
              <span aria-hidden="true" className="absolute top-5 bottom-0 left-[9px] w-0.5 bg-slate-200" />
            ) : null}
            <span
              aria-hidden="true"
              className={classes(
                "relative mt-0.5 h-5 w-5 shrink-0 rounded-full border-2",
                current ? "border-brand-700 bg-brand-700 ring-4 ring-brand-100" : "border-slate-300 bg-white",
              )}
            />
            <div className="min-w-0">
              <p className={classes(current ? "font-bold text-slate-900" : "font-medium text-slate-800")}>
                {message(e.text)}
                {current ? <span className="sr-only"> {i18n._("(current status)")}</span> : null}
              </p>
              <p className="text-sm text-slate-600">
                <time dateTime={e.at}>{dateTime(e.at)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function Found({ t }: { t: TrackingView }) {
  const { i18n } = useLingui();
  const { locale, number, dateTime } = useFormat();
  const Icon = STATUS_ICON[t.status];
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0 space-y-6">
        <section
          aria-labelledby="current-status"
          className={classes("flex items-center gap-3 rounded-lg p-4 ring-1", STATUS_TONE[t.status])}
        >
          <Icon aria-hidden="true" className="h-8 w-8 shrink-0" />
          <div className="min-w-0">
            <p className="text-sm">{i18n._("Current status")}</p>
            <h2 id="current-status" className="text-xl font-bold">
              {i18n._(describeOrderStatus(t.status))}
            </h2>
          </div>
        </section>
        <section
          aria-labelledby="timeline"
          className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
        >
          <h2 id="timeline" className="mb-4 text-lg font-bold text-slate-900">
            {i18n._("Timeline")}
          </h2>
          {t.events.length > 0 ? (
            <Timeline events={t.events} />
          ) : (
            <p className="text-slate-700">{i18n._("No news yet.")}</p>
          )}
          {t.checkedAt && t.courier ? (
            <p className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-600">
              <Trans
                id="Last checked with {courier}: <0>{time}</0>"
                values={{ courier: t.courier, time: dateTime(t.checkedAt) }}
                components={{ 0: <time dateTime={t.checkedAt} /> }}
              />
            </p>
          ) : null}
        </section>
      </div>
      <aside className="h-fit space-y-6">
        <section aria-labelledby="parcel" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="parcel" className="mb-3 text-lg font-bold text-slate-900">
            {t.parcel
              ? i18n._("Parcel {seq} of {of}", { seq: number(t.parcel.seq), of: number(t.parcel.of) })
              : i18n._("Parcel")}
          </h2>
          <dl className="space-y-2 text-slate-800">
            <div className="flex justify-between gap-3">
              <dt>{i18n._("Consignment")}</dt>
              <dd className="font-mono font-semibold wrap-anywhere">{t.consignment}</dd>
            </div>
            {t.courier ? (
              <div className="flex justify-between gap-3">
                <dt>{i18n._("Courier")}</dt>
                <dd>{t.courier}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-3">
              <dt>{i18n._("Order")}</dt>
              <dd>
                <span aria-hidden="true">•••</span>
                <span className="sr-only">{i18n._("ending in")} </span>
                {t.orderEnding}
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt>{i18n._("Delivery to")}</dt>
              <dd>{districtLabel(t.district, locale)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt>{i18n._("Items")}</dt>
              <dd className="tabular-nums">{number(t.items)}</dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="another" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="another" className="mb-3 text-lg font-bold text-slate-900">
            {i18n._("Track another parcel")}
          </h2>
          <TrackAnother />
        </section>
      </aside>
    </div>
  );
}

function NotFound({ cn }: { cn: string }) {
  const { i18n } = useLingui();
  return (
    <div className="mx-auto max-w-md py-6 text-center">
      <PackageSearch aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold wrap-anywhere text-slate-900">
        {i18n._("No consignment {cn}", { cn })}
      </h1>
      <p className="mt-2 text-slate-700">
        {i18n._("Check the number in the message we sent when your order shipped, and try again.")}
      </p>
      <div className="mt-6 text-left">
        <TrackAnother />
      </div>
    </div>
  );
}

export default function TrackingPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { cn, tracking } = loaderData;
  if (!tracking) return <NotFound cn={cn} />;
  return (
    <div>
      <div className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{i18n._("Track your parcel")}</h1>
        <p className="mt-1 text-slate-700">
          <Trans
            id="Consignment <0>{cn}</0>"
            values={{ cn: tracking.consignment }}
            components={{ 0: <span className="font-mono font-semibold wrap-anywhere" /> }}
          />
        </p>
      </div>
      <Found t={tracking} />
    </div>
  );
}
