import { useId, useState } from "react";
import { Link } from "react-router";
import { blockReasonSchema } from "../../../contracts/admin-users";
import { parseTaka } from "../../../contracts/money";
import { describeOrderStatus } from "../../../contracts/order-status";
import { idParams } from "../../../contracts/paging";
import { ADMIN_AREA_LABELS, type AdminArea } from "../../../contracts/permissions";
import { type StoreCreditView, storeCreditAdjustmentSchema } from "../../../contracts/store-credit";
import { StoreCreditHistory } from "../../components/account/store-credit-history";
import { useMutation } from "../../components/admin/mutation";
import { ROLE_WORDS } from "../../components/admin/role-words";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field";
import { translate, useFormat, useLingui } from "../../i18n";
import { pageLocale, pageTitle } from "../../lib/meta";
import type { Route } from "./+types/user";
import { loadUser } from "./users.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: pageTitle(
      matches,
      loaderData
        ? translate(pageLocale(matches), /*i18n*/ "{name} · Users", { name: loaderData.user.name })
        : /*i18n*/ "User",
    ),
  },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw new Response("No such account", { status: 404 });
  return loadUser(context, parsed.data.id);
}

const KIND_WORDS: Record<string, string> = { ebook: /*i18n*/ "E-book", content: /*i18n*/ "Course" };

export default function UserPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { number, taka, date, dateTime } = useFormat();
  const { user, orders, orderCount, owned, mayBlock, storeCredit } = loaderData;
  const [asking, setAsking] = useState(false);
  const blocked = user.blockedAt !== null;
  return (
    <div className="space-y-8">
      <div>
        <Link to="/admin/users" className="text-sm text-brand-800 underline">
          ← {i18n._("Users")}
        </Link>
        <PageHeading title={user.name}>
          {blocked ? (
            <p className="inline-block rounded bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">
              {i18n._("Blocked since {when}", { when: dateTime(user.blockedAt!) })}
            </p>
          ) : null}
        </PageHeading>
      </div>

      <section aria-labelledby="account-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="account-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {i18n._("Account")}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">{i18n._("Phone")}</dt>
          <dd>
            {user.phone ?? "—"}{" "}
            {user.phone ? (user.phoneVerified ? i18n._("(verified)") : i18n._("(not verified)")) : null}
          </dd>
          <dt className="text-slate-600">{i18n._("Email")}</dt>
          <dd className="break-all">{user.email ?? "—"}</dd>
          <dt className="text-slate-600">{i18n._("HSC batch")}</dt>
          <dd>{user.hscBatch ?? "—"}</dd>
          <dt className="text-slate-600">{i18n._("Role")}</dt>
          <dd>
            {i18n._(ROLE_WORDS[user.role])}
            {user.role === "staff" && user.permissions.length
              ? ` (${user.permissions
                  .map((p) => (p in ADMIN_AREA_LABELS ? i18n._(ADMIN_AREA_LABELS[p as AdminArea]) : p))
                  .join(", ")})`
              : ""}
          </dd>
          <dt className="text-slate-600">{i18n._("Joined")}</dt>
          <dd>{date(user.createdAt)}</dd>
          <dt className="text-slate-600">{i18n._("Status")}</dt>
          <dd>{blocked ? i18n._("Blocked: cannot sign in") : i18n._("Active")}</dd>
        </dl>
        {mayBlock ? (
          <Button
            variant={blocked ? "secondary" : "destructive"}
            className="mt-4"
            onClick={() => setAsking(true)}
          >
            {blocked ? i18n._("Unblock account") : i18n._("Block account")}
          </Button>
        ) : null}
      </section>

      <StoreCreditSection userId={user.id} credit={storeCredit} />

      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {i18n._("Orders ({count})", { count: number(orderCount) })}
        </h2>
        {orders.length === 0 ? (
          <p className="text-slate-600">{i18n._("No orders yet.")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
            {orders.map((o) => (
              <li
                key={o.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2"
              >
                <Link to={`/admin/orders/${o.id}`} className="font-medium text-brand-800 underline">
                  {o.number}
                </Link>
                <span className="text-slate-700">{date(o.createdAt)}</span>
                <span>{i18n._(describeOrderStatus(o.status))}</span>
                <span className="tabular-nums">{taka(o.total)}</span>
              </li>
            ))}
          </ul>
        )}
        {orderCount > orders.length ? (
          <p className="mt-2 text-sm text-slate-600">
            {i18n._("The newest {count} are shown.", { count: number(orders.length) })}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="owned-heading">
        <h2 id="owned-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {i18n._("E-books and courses ({count})", { count: number(owned.length) })}
        </h2>
        {owned.length === 0 ? (
          <p className="text-slate-600">{i18n._("None.")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
            {owned.map((o) => (
              <li key={o.productId} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-2">
                <span className="font-medium">{o.title}</span>
                <span className="text-slate-700">
                  {KIND_WORDS[o.kind] ? i18n._(KIND_WORDS[o.kind]!) : o.kind} ·{" "}
                  {i18n._("since {when}", { when: date(o.grantedAt) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <BlockDialog
        open={asking}
        onClose={() => setAsking(false)}
        userId={user.id}
        name={user.name}
        blocked={blocked}
      />
    </div>
  );
}

/** The confirm dialog of Block and Unblock: the reason is asked for and kept in the audit log. */
function BlockDialog({
  open,
  onClose,
  userId,
  name,
  blocked,
}: {
  open: boolean;
  onClose: () => void;
  userId: number;
  name: string;
  blocked: boolean;
}) {
  const { i18n } = useLingui();
  const { run, pending } = useMutation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const formId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={blocked ? i18n._("Unblock {name}?", { name }) : i18n._("Block {name}?", { name })}
      description={
        blocked
          ? i18n._("The account will be able to sign in again.")
          : i18n._(
              "The account will be signed out everywhere at once and cannot sign in until it is unblocked.",
            )
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const parsed = blockReasonSchema.safeParse({ reason });
          if (!parsed.success) {
            setError(i18n._(parsed.error.issues[0]?.message ?? "Say why"));
            return;
          }
          setError("");
          const done = await run({
            method: "POST",
            path: `/api/admin/users/${userId}/${blocked ? "unblock" : "block"}`,
            body: parsed.data,
          });
          if (done) {
            setReason("");
            onClose();
          }
        }}
        className="space-y-4"
      >
        <TextAreaField
          label={i18n._("Reason (kept in the audit log)")}
          name="reason"
          value={reason}
          maxLength={500}
          required
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            setError("");
          }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {i18n._("Cancel")}
          </Button>
          <Button type="submit" variant={blocked ? "primary" : "destructive"} loading={pending}>
            {blocked ? i18n._("Unblock account") : i18n._("Block account")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The customer's store credit (decision 71): the balance and history as they see it, and a form to
 * add or take away an amount with the reason, which the audit log keeps. Never below zero: the
 * server refuses a take larger than the balance.
 */
function StoreCreditSection({ userId, credit }: { userId: number; credit: StoreCreditView }) {
  const { i18n } = useLingui();
  const { run, pending } = useMutation();
  const [direction, setDirection] = useState<"add" | "take">("add");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  return (
    <section
      aria-labelledby="store-credit-heading"
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-testid="admin-store-credit"
    >
      <h2 id="store-credit-heading" className="mb-3 text-lg font-semibold text-slate-900">
        {i18n._("Store credit")}
      </h2>
      <StoreCreditHistory credit={credit} />
      <form
        noValidate
        className="mt-4 grid grid-cols-1 gap-3 border-t border-slate-100 pt-4 sm:grid-cols-[10rem_10rem_1fr_auto] sm:items-end"
        onSubmit={async (e) => {
          e.preventDefault();
          const taka = parseTaka(amount);
          if (taka === null || Number.isNaN(taka) || taka === 0) {
            setErrors({ amount: i18n._("Type an amount in taka, such as 50 or 12.50") });
            return;
          }
          const parsed = storeCreditAdjustmentSchema.safeParse({
            amount: direction === "take" ? -taka : taka,
            reason,
          });
          if (!parsed.success) {
            const first = parsed.error.issues[0];
            setErrors({
              [first?.path[0] === "reason" ? "reason" : "amount"]: i18n._(first?.message ?? "Check this"),
            });
            return;
          }
          setErrors({});
          const done = await run({
            method: "POST",
            path: `/api/admin/users/${userId}/store-credit`,
            body: parsed.data,
          });
          if (done) {
            setAmount("");
            setReason("");
          }
        }}
      >
        <SelectField
          label={i18n._("Adjustment")}
          name="direction"
          value={direction}
          options={["add", "take"]}
          optionLabel={(v) => (v === "take" ? i18n._("Take credit away") : i18n._("Add credit"))}
          onChange={(e) => setDirection(e.target.value === "take" ? "take" : "add")}
        />
        <TextField
          label={i18n._("Amount (৳)")}
          name="amount"
          inputMode="decimal"
          value={amount}
          error={errors.amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setErrors((x) => ({ ...x, amount: undefined }));
          }}
        />
        <TextField
          label={i18n._("Reason (kept in the audit log)")}
          name="reason"
          value={reason}
          maxLength={300}
          error={errors.reason}
          onChange={(e) => {
            setReason(e.target.value);
            setErrors((x) => ({ ...x, reason: undefined }));
          }}
        />
        <Button type="submit" loading={pending}>
          {i18n._("Save adjustment")}
        </Button>
      </form>
    </section>
  );
}
