import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import type { AdminUser } from "../../../contracts/user";
import { DataTable, FilterSelect } from "../../components/admin/data-table";
import { PageHeading } from "../../components/page-heading";
import { formatDhakaDate } from "../../lib/dates";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/users";
import { loadUsers } from "./users.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Users") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadUsers(context, request);
}

const col = createColumnHelper<AdminUser>();
const columns = [
  col.accessor("name", {
    header: "Name",
    meta: { sort: "name", cardTitle: true },
    cell: ({ row }) => (
      <Link to={`/admin/users/${row.original.id}`} className="font-medium text-brand-800 underline">
        {row.original.name}
      </Link>
    ),
  }),
  col.accessor("phone", {
    header: "Phone",
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {row.original.phone ?? "—"}
        {row.original.phoneVerified ? (
          <span className="ml-1 text-emerald-800" title="Phone verified">
            ✓<span className="sr-only"> verified</span>
          </span>
        ) : null}
      </span>
    ),
  }),
  col.accessor("email", { header: "Email", cell: ({ getValue }) => getValue() ?? "—" }),
  col.accessor("hscBatch", { header: "HSC batch", cell: ({ getValue }) => getValue() ?? "—" }),
  col.accessor("role", {
    header: "Role",
    cell: ({ getValue }) => <span className="capitalize">{getValue()}</span>,
  }),
  col.accessor("blockedAt", {
    header: "Status",
    cell: ({ getValue }) =>
      getValue() ? (
        <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Blocked</span>
      ) : (
        <span className="text-slate-700">Active</span>
      ),
  }),
  col.accessor("createdAt", {
    header: "Joined",
    meta: { sort: "createdAt" },
    cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDhakaDate(getValue())}</span>,
  }),
];

const ROLE_OPTIONS = [
  { value: "customer", label: "Customer" },
  { value: "staff", label: "Staff" },
  { value: "admin", label: "Admin" },
];
const YES_NO = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  return (
    <div>
      <PageHeading title="Users">
        <p>{page.total.toLocaleString("en-US")} accounts</p>
      </PageHeading>
      <DataTable
        label="Users"
        columns={columns}
        page={page}
        sort={query?.sort ?? "-createdAt"}
        getRowId={(u) => u.id}
        searchLabel="Search name, phone or email"
        filters={
          <>
            <FilterSelect name="role" label="Role" options={ROLE_OPTIONS} />
            <FilterSelect name="blocked" label="Blocked" options={YES_NO} />
            <FilterSelect name="phoneVerified" label="Phone verified" options={YES_NO} />
          </>
        }
        emptyMessage={query?.q ? `No account matches “${query.q}”.` : "No account matches this view."}
        error={error}
      />
    </div>
  );
}
