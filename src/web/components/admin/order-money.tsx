import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import {
  type AdminOrder,
  describeRefundMethod,
  REFUND_METHODS,
  type RefundInput,
  type RefundView,
  refundSchema,
} from "../../../contracts/admin-order";
import { useFormat, useLingui } from "../../i18n";
import { api } from "../../lib/api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormMessage, SelectField, TextAreaField, TextField } from "../ui/field";
import { useAdminForm } from "./admin-form";
import { MoneyField } from "./money-field";
import { useMutation } from "./mutation";

function Figure({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  const { taka } = useFormat();
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? "font-semibold" : ""}`}>{taka(value)}</dd>
    </>
  );
}

/**
 * The money of one order (decision 29): its invoice and credit notes, the payments' sum, the
 * refunds (an owed one can be marked paid), the buyer's balance, and the Refund button.
 */
export function OrderMoney({
  order,
  refundOpen,
  onRefundOpen,
}: {
  order: AdminOrder;
  refundOpen: boolean;
  onRefundOpen: (open: boolean) => void;
}) {
  const { ledger, invoice } = order;
  const [paying, setPaying] = useState<RefundView | null>(null);
  const { run, pending } = useMutation();
  const { i18n } = useLingui();
  const { taka, dateTime } = useFormat();
  const method = (m: string) => i18n._(describeRefundMethod(m));
  const balance =
    ledger.buyerBalance > 0
      ? i18n._("The buyer still owes {amount}", { amount: taka(ledger.buyerBalance) })
      : ledger.buyerBalance < 0
        ? i18n._("The shop owes the buyer {amount}", { amount: taka(-ledger.buyerBalance) })
        : i18n._("Settled: nobody owes anything");
  return (
    <section aria-labelledby="money-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="money-heading" className="text-lg font-semibold text-slate-900">
          {i18n._("Money")}
        </h2>
        {ledger.refundable > 0 ? (
          <Button variant="secondary" onClick={() => onRefundOpen(true)}>
            {i18n._("Refund")}
          </Button>
        ) : null}
      </div>
      {invoice ? (
        <p className="mb-2 text-sm">
          {i18n._("Invoice")}{" "}
          <Link to={`/admin/invoice/${invoice.id}`} className="font-medium text-brand-800 underline">
            {invoice.number}
          </Link>{" "}
          · {dateTime(invoice.issuedAt)}
        </p>
      ) : (
        <p className="mb-2 text-sm text-slate-600">
          {i18n._("No invoice yet (issued when the order is confirmed).")}
        </p>
      )}
      <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <Figure label={i18n._("Invoiced")} value={ledger.invoiced} />
        <Figure label={i18n._("Credited")} value={ledger.credited} />
        <Figure label={i18n._("Paid online")} value={ledger.collectedOnline} />
        <Figure label={i18n._("Cash collected on delivery")} value={ledger.codCollected} />
        <Figure label={i18n._("Refunds paid")} value={ledger.refundsPaid} />
        <Figure label={i18n._("Refunds owed")} value={ledger.refundsOwed} />
        <Figure label={i18n._("Can still be refunded")} value={ledger.refundable} strong />
      </dl>
      <p className="mt-2 text-sm font-medium text-slate-900" data-testid="order-balance">
        {balance}
      </p>

      {invoice?.creditNotes.length ? (
        <div className="mt-4">
          <h3 className="mb-1 text-sm font-semibold text-slate-900">{i18n._("Credit notes")}</h3>
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
            {invoice.creditNotes.map((c) => (
              <li key={c.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-3 py-2">
                <span className="font-medium" data-testid="credit-note-number">
                  {c.number}
                </span>
                <span className="tabular-nums">{taka(c.amount)}</span>
                <span className="w-full text-slate-600">
                  {c.reason} · {dateTime(c.issuedAt)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {order.refunds.length ? (
        <div className="mt-4">
          <h3 className="mb-1 text-sm font-semibold text-slate-900">{i18n._("Refunds")}</h3>
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
            {order.refunds.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2"
              >
                <span className="tabular-nums font-medium">{taka(r.amount)}</span>
                <span>{method(r.method)}</span>
                <span
                  data-testid="refund-status"
                  className={
                    r.status === "paid"
                      ? "rounded bg-emerald-100 px-2 py-0.5 text-emerald-900"
                      : r.status === "failed"
                        ? "rounded bg-red-100 px-2 py-0.5 text-red-900"
                        : "rounded bg-amber-100 px-2 py-0.5 text-amber-950"
                  }
                >
                  {r.status === "paid"
                    ? r.gateway && r.paidBy === null
                      ? i18n._("Refunded by {gateway}", { gateway: gatewayName(r.gateway) })
                      : i18n._("Paid")
                    : r.status === "pending"
                      ? i18n._("Waiting for {gateway}", { gateway: gatewayName(r.gateway ?? "") })
                      : r.status === "failed"
                        ? i18n._("Refused by {gateway}", { gateway: gatewayName(r.gateway ?? "") })
                        : i18n._("Owed")}
                </span>
                <span className="w-full text-slate-600">
                  {[
                    r.reason,
                    r.reference ? i18n._("ref {reference}", { reference: r.reference }) : "",
                    r.creditNote?.number ?? "",
                    r.createdBy
                      ? i18n._("recorded by {name} {when}", {
                          name: r.createdBy,
                          when: dateTime(r.createdAt),
                        })
                      : i18n._("recorded {when}", { when: dateTime(r.createdAt) }),
                    r.paidAt
                      ? r.paidBy
                        ? i18n._("paid by {name} {when}", { name: r.paidBy, when: dateTime(r.paidAt) })
                        : i18n._("paid {when}", { when: dateTime(r.paidAt) })
                      : "",
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
                {r.status !== "paid" && r.gatewayReason ? (
                  <span
                    className={`w-full ${r.status === "failed" ? "font-medium text-red-800" : "text-slate-600"}`}
                    data-testid="refund-gateway-reason"
                  >
                    {r.gatewayReason}
                  </span>
                ) : null}
                {r.status === "failed" ? (
                  <div className="flex w-full flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      loading={pending}
                      onClick={() =>
                        void run({
                          method: "POST",
                          path: `/api/admin/refunds/${r.id}/retry`,
                          body: { version: r.version },
                        })
                      }
                    >
                      {i18n._("Send to {gateway} again", { gateway: gatewayName(r.gateway ?? "") })}
                    </Button>
                    <Button variant="secondary" onClick={() => setPaying(r)}>
                      {i18n._("Paid by hand")}
                    </Button>
                  </div>
                ) : null}
                {r.status === "owed" ? (
                  <Button variant="secondary" onClick={() => setPaying(r)}>
                    {i18n._("Mark paid")}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <RefundDialog order={order} open={refundOpen} onClose={() => onRefundOpen(false)} />
      <MarkPaidDialog refund={paying} onClose={() => setPaying(null)} />
    </section>
  );
}

/** A gateway's name as a clerk knows it. */
function gatewayName(provider: string): string {
  return provider === "bkash"
    ? "bKash"
    : provider === "sslcommerz"
      ? "SSLCommerz"
      : provider === "sandbox"
        ? "the sandbox gateway"
        : provider;
}

/** The gateway the order was paid at, when a refund can go back through it. */
function paidGateway(order: AdminOrder): string | null {
  const paid = order.payments.find((p) => p.status === "paid");
  return paid && ["sslcommerz", "bkash", "sandbox"].includes(paid.provider) ? paid.provider : null;
}

/** Records a refund: the amount starts at all that can still be refunded (the "Refunded" button). */
function RefundDialog({ order, open, onClose }: { order: AdminOrder; open: boolean; onClose: () => void }) {
  const { i18n } = useLingui();
  const { taka } = useFormat();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={i18n._("Refund order {number}", { number: order.number })}
      description={i18n._(
        "At most {amount}: the money the shop has for this order. Refunding all of it makes the order refunded.",
        { amount: taka(order.ledger.refundable) },
      )}
    >
      {open ? <RefundForm order={order} onDone={onClose} /> : null}
    </Dialog>
  );
}

function RefundForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const revalidator = useRevalidator();
  const { i18n } = useLingui();
  const gateway = paidGateway(order);
  const defaults: RefundInput = {
    amount: order.ledger.refundable,
    method: order.paymentMethod === "cod" ? "cash" : "bkash",
    reason: "",
    reference: "",
    paid: gateway === null,
    gateway: gateway !== null,
  };
  const { form, onSubmit, formError } = useAdminForm({
    schema: refundSchema,
    defaultValues: defaults,
    toValues: () => defaults,
    savedMessage: i18n._("Refund recorded: see it under Money"),
    save: async (values) => {
      const body = values.gateway ? { ...values, paid: false, method: undefined, reference: null } : values;
      const res = await api<RefundView>("POST", `/api/admin/orders/${order.id}/refunds`, body);
      await revalidator.revalidate();
      onDone();
      return res.data;
    },
  });
  const { register, formState, control, watch } = form;
  const through = watch("gateway");
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormMessage>{formError}</FormMessage>
      <MoneyField control={control} name="amount" label={i18n._("Amount (taka)")} />
      {gateway ? (
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="h-5 w-5" {...register("gateway")} />
          {i18n._("Send it back through {gateway} (the way the buyer paid)", {
            gateway: gatewayName(gateway),
          })}
        </label>
      ) : null}
      <TextAreaField
        label={i18n._("Reason")}
        maxLength={500}
        error={formState.errors.reason?.message}
        {...register("reason")}
      />
      {through ? null : <ManualFields form={form} />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {i18n._("Cancel")}
        </Button>
        <Button type="submit" variant="destructive" loading={formState.isSubmitting}>
          {through ? i18n._("Refund through the gateway") : i18n._("Record refund")}
        </Button>
      </div>
    </form>
  );
}

/** A refund sent by hand: how, its reference, and whether it has gone already. */
function ManualFields({ form }: { form: ReturnType<typeof useAdminForm<typeof refundSchema>>["form"] }) {
  const { i18n } = useLingui();
  const { register, formState } = form;
  return (
    <>
      <SelectField
        label={i18n._("Method")}
        options={REFUND_METHODS}
        optionLabel={(m) => i18n._(describeRefundMethod(m))}
        error={formState.errors.method?.message}
        {...register("method")}
      />
      <TextField
        label={i18n._("Reference (the transfer's number)")}
        maxLength={100}
        error={formState.errors.reference?.message}
        {...register("reference")}
      />
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" className="h-5 w-5" {...register("paid")} />
        {i18n._("The money has been sent (otherwise it is recorded as owed)")}
      </label>
    </>
  );
}

/** An owed refund has been sent: its reference (and the way, when another) is recorded. */
function MarkPaidDialog({ refund, onClose }: { refund: RefundView | null; onClose: () => void }) {
  const { run, pending } = useMutation();
  const [reference, setReference] = useState("");
  const [method, setMethod] = useState<string>("");
  const { i18n } = useLingui();
  const { taka } = useFormat();
  return (
    <Dialog
      open={refund !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={refund ? i18n._("Mark the refund of {amount} paid", { amount: taka(refund.amount) }) : ""}
      description={i18n._("The buyer gets an SMS that the money was sent.")}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!refund) return;
          const done = await run({
            method: "PATCH",
            path: `/api/admin/refunds/${refund.id}`,
            body: { status: "paid", reference, method: method || refund.method, version: refund.version },
          });
          if (done) {
            setReference("");
            setMethod("");
            onClose();
          }
        }}
      >
        <SelectField
          label={i18n._("Method")}
          options={REFUND_METHODS}
          optionLabel={(m) => i18n._(describeRefundMethod(m))}
          value={method || refund?.method || "cash"}
          onChange={(e) => setMethod(e.target.value)}
        />
        <TextField
          label={i18n._("Reference (the transfer's number)")}
          name="reference"
          maxLength={100}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {i18n._("Cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {i18n._("Mark paid")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
