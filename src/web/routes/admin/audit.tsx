import { useId } from "react";
import { Form, Link } from "react-router";
import {
  AUDIT_AREAS,
  type AuditEntry,
  auditCsvPath,
  auditDiff,
  auditPath,
  auditValueText,
} from "../../../contracts/admin-audit";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { translateMessage, useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/audit";
import { loadAudit } from "./audit.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Audit log") },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAudit(context, request);
}

const FILTERS = ["staff", "area", "record", "from", "to"] as const;

/** The page of a changed record, for the areas that have one. */
function recordPage(entity: string, id: string): string | null {
  if (!/^\d+$/.test(id)) return null;
  if (entity === "order") return `/admin/orders/${id}`;
  if (entity === "user") return `/admin/users/${id}`;
  return null;
}

const inputClass = "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-2";
const labelClass = "mb-1 block text-sm font-medium text-slate-800";

function AreaWord({ entity }: { entity: string }) {
  const { i18n } = useLingui();
  const word = (AUDIT_AREAS as Record<string, string>)[entity];
  return <>{word ? translateMessage(i18n, word) : entity}</>;
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { i18n } = useLingui();
  const f = useFormat();
  const changes = auditDiff(entry.before, entry.after);
  const page = recordPage(entry.entity, entry.entityId);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium text-slate-900">
          {entry.actor ? (
            <Link to={`/admin/audit?staff=${entry.actor.id}`} className="text-brand-800 underline">
              {entry.actor.name || `#${entry.actor.id}`}
            </Link>
          ) : (
            <span>{i18n._("The system")}</span>
          )}{" "}
          <span className="font-mono text-sm text-slate-700">{entry.action}</span>
        </p>
        <time dateTime={entry.at} className="text-sm whitespace-nowrap text-slate-700">
          {f.dateTime(entry.at)}
        </time>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        <AreaWord entity={entry.entity} />{" "}
        {page ? (
          <Link to={page} className="text-brand-800 underline">
            #{entry.entityId}
          </Link>
        ) : (
          <span>#{entry.entityId}</span>
        )}
        {" · "}
        <Link to={auditPath(entry.entity, entry.entityId)} className="text-brand-800 underline">
          {i18n._("Its history")}
        </Link>
      </p>
      {changes.length ? (
        <dl className="mt-2 grid grid-cols-1 gap-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
          {changes.map((c) => (
            <div key={c.path} className="contents">
              <dt className="font-mono break-all text-slate-800">{c.path}</dt>
              <dd className="mb-1 break-words sm:mb-0">
                <del className="bg-red-50 text-red-900">{auditValueText(c.before)}</del>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> {i18n._("became")} </span>
                <ins className="bg-emerald-50 text-emerald-900 no-underline">{auditValueText(c.after)}</ins>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{i18n._("No field changed.")}</p>
      )}
    </li>
  );
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { actors, params, page, error } = loaderData;
  const id = useId();
  const filters = Object.fromEntries(FILTERS.flatMap((k) => (params[k] ? [[k, params[k]]] : [])));
  const nextHref = page.next
    ? `/admin/audit?${new URLSearchParams({ ...filters, before: String(page.next) })}`
    : null;
  const filtered = Object.keys(filters).length > 0;
  return (
    <div>
      <PageHeading title={i18n._("Audit log")}>
        <p>{i18n._("Every change staff made: who, what and when, with the record before and after.")}</p>
      </PageHeading>
      <Form method="get" className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
        <div>
          <label htmlFor={`${id}-staff`} className={labelClass}>
            {i18n._("Staff member")}
          </label>
          <select id={`${id}-staff`} name="staff" defaultValue={params.staff ?? ""} className={inputClass}>
            <option value="">{i18n._("Anyone")}</option>
            {actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name || `#${a.id}`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-area`} className={labelClass}>
            {i18n._("Area")}
          </label>
          <select id={`${id}-area`} name="area" defaultValue={params.area ?? ""} className={inputClass}>
            <option value="">{i18n._("Every area")}</option>
            {Object.entries(AUDIT_AREAS).map(([value, word]) => (
              <option key={value} value={value}>
                {translateMessage(i18n, word)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-record`} className={labelClass}>
            {i18n._("Record id")}
          </label>
          <input
            id={`${id}-record`}
            name="record"
            defaultValue={params.record ?? ""}
            inputMode="numeric"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-from`} className={labelClass}>
            {i18n._("From")}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            name="from"
            defaultValue={params.from ?? ""}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className={labelClass}>
            {i18n._("To")}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            name="to"
            defaultValue={params.to ?? ""}
            className={inputClass}
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass("primary", "flex-1")}>
            {i18n._("Filter")}
          </button>
          {filtered ? (
            <Link to="/admin/audit" className={buttonClass("secondary")}>
              {i18n._("Clear")}
            </Link>
          ) : null}
        </div>
      </Form>
      <p className="mb-3">
        <a href={auditCsvPath(filters)} className={buttonClass("secondary")} download>
          {i18n._("Download CSV")}
        </a>
      </p>
      {error ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : null}
      {page.items.length ? (
        <ol className="space-y-3">
          {page.items.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </ol>
      ) : error ? null : (
        <p className="rounded-md bg-slate-50 p-4 text-slate-700">
          {i18n._("No change matches these filters.")}
        </p>
      )}
      <nav className="mt-4 flex flex-wrap gap-2" aria-label={i18n._("Pages of the log")}>
        {params.before ? (
          <Link to={`/admin/audit?${new URLSearchParams(filters)}`} className={buttonClass("secondary")}>
            {i18n._("Newest")}
          </Link>
        ) : null}
        {nextHref ? (
          <Link to={nextHref} className={buttonClass("secondary")}>
            {i18n._("Older changes")}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
