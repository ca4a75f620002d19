import { useMemo, useState } from "react";
import type { CourierDistricts } from "../../../contracts/couriers";
import { DIVISIONS, districtLabel } from "../../../contracts/districts";
import { courierLabel } from "../../../contracts/fulfilment";
import { useMutation } from "../../components/admin/mutation";
import { OrdersNav } from "../../components/admin/orders-list";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { useFormat, useLingui, useLocale } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/orders-couriers";
import { loadCourierDistricts } from "./order.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Couriers by district") },
];

export function loader({ context }: Route.LoaderArgs) {
  return loadCourierDistricts(context);
}

const select = "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2 text-sm";

/**
 * The courier each district's parcels are booked with by default: a select per district, grouped
 * by division, a select that sets a whole division at once, and one save that sends only the
 * districts changed (another clerk's changes to other districts stay).
 */
export default function CourierDistrictsPage({ loaderData }: Route.ComponentProps) {
  const data: CourierDistricts = loaderData;
  const { i18n } = useLingui();
  const { number } = useFormat();
  const locale = useLocale();
  const { run, pending } = useMutation();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const saved = useMemo(
    () => Object.fromEntries(data.districts.map((d) => [d.district, d.courier ?? ""])),
    [data.districts],
  );
  const changed = Object.entries(draft).filter(([district, v]) => saved[district] !== v);
  const shopDefault = data.shopDefault ? courierLabel(data.shopDefault) : null;
  const defaultWord = shopDefault
    ? i18n._("Default: {courier}", { courier: shopDefault })
    : i18n._("No courier (type the number by hand)");
  const options = (current: string) => {
    const list = [
      { value: "", label: defaultWord },
      ...data.couriers.map((c) => ({ value: c.name, label: c.label })),
    ];
    if (current && !data.couriers.some((c) => c.name === current)) {
      list.push({
        value: current,
        label: i18n._("{courier} (not connected)", { courier: courierLabel(current) ?? current }),
      });
    }
    return list;
  };
  const setMany = (districts: string[], value: string) =>
    setDraft((d) => ({ ...d, ...Object.fromEntries(districts.map((x) => [x, value])) }));
  const save = async () => {
    const done = await run({
      method: "PUT",
      path: "/api/admin/couriers/districts",
      body: { districts: changed.map(([district, v]) => ({ district, courier: v || null })) },
    });
    if (done) setDraft({});
  };
  return (
    <div>
      <PageHeading title={i18n._("Couriers by district")}>
        <p>
          {i18n._(
            "A parcel is booked with its district's courier unless you choose another on the order. Districts left on the shop's default go with it.",
          )}
        </p>
      </PageHeading>
      <OrdersNav />
      {data.couriers.some((c) => c.demo) ? (
        <p className="mb-4 rounded bg-amber-50 p-2 text-sm text-amber-900">
          {i18n._(
            "This shop runs as a demo: the couriers marked (demo) stand in for the real ones and send nothing anywhere.",
          )}
        </p>
      ) : null}
      {data.couriers.length === 0 ? (
        <p className="mb-4 rounded bg-slate-100 p-2 text-sm text-slate-800">
          {i18n._("No courier is connected: set a courier's keys to book parcels from the shop.")}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {DIVISIONS.map((division) => {
          const districts = data.districts.filter((d) => d.division === division);
          const headingId = `division-${division}`;
          return (
            <section
              key={division}
              aria-labelledby={headingId}
              className="rounded-lg border border-slate-200 bg-white p-3"
            >
              <div className="mb-2 flex flex-wrap items-end justify-between gap-2">
                <h2 id={headingId} className="text-base font-semibold text-slate-900">
                  {i18n._("{division} division", { division: districtLabel(division, locale) })}
                </h2>
                <label className="w-full text-sm sm:w-56">
                  <span className="mb-1 block text-slate-700">{i18n._("Set the whole division")}</span>
                  <select
                    className={select}
                    value="-"
                    onChange={(e) =>
                      setMany(
                        districts.map((d) => d.district),
                        e.target.value,
                      )
                    }
                  >
                    <option value="-" disabled>
                      {i18n._("Choose…")}
                    </option>
                    {options("").map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              <ul className="divide-y divide-slate-100">
                {districts.map((d) => {
                  const value = draft[d.district] ?? saved[d.district] ?? "";
                  const id = `courier-${d.district}`;
                  const dirty = value !== saved[d.district];
                  return (
                    <li
                      key={d.district}
                      className="grid grid-cols-[1fr_11rem] items-center gap-2 py-1.5 sm:grid-cols-[1fr_13rem]"
                    >
                      <label htmlFor={id} className="text-sm text-slate-900">
                        {districtLabel(d.district, locale)}
                        {dirty ? (
                          <span aria-hidden="true" className="ml-1 text-amber-800">
                            •
                          </span>
                        ) : null}
                      </label>
                      <select
                        id={id}
                        className={select}
                        value={value}
                        onChange={(e) => setMany([d.district], e.target.value)}
                      >
                        {options(saved[d.district] ?? "").map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
      </div>
      <div className="sticky bottom-0 z-10 -mx-4 mt-4 border-t border-slate-200 bg-white/95 px-4 py-3">
        <div className="flex flex-wrap items-center justify-end gap-3">
          <span className="text-sm text-slate-700" aria-live="polite">
            {changed.length === 0
              ? i18n._("No changes")
              : i18n._("{count} districts changed", { count: number(changed.length) })}
          </span>
          <Button variant="secondary" disabled={changed.length === 0 || pending} onClick={() => setDraft({})}>
            {i18n._("Undo")}
          </Button>
          <Button disabled={changed.length === 0} loading={pending} onClick={() => void save()}>
            {i18n._("Save")}
          </Button>
        </div>
      </div>
    </div>
  );
}
