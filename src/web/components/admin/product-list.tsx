import type { ColumnDef } from "@tanstack/react-table";
import { type ReactNode, useMemo, useState } from "react";
import type { AdminPage } from "../../../contracts/admin";
import type { ProductArea } from "../../../contracts/admin-products";
import type { AdminProductRow, BulkResult } from "../../../contracts/answers/staff-catalog";
import { translateMessage, useFormat, useLingui } from "../../i18n";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { TextField } from "../ui/field";
import { DataTable } from "./data-table";
import { useMutation } from "./mutation";
import { productColumns } from "./product-columns";

/**
 * An area's product list: the data table with the product columns (plus the area's own), and the
 * bulk actions every product list has — publish, unpublish, change the price by a percentage.
 */
export function ProductList({
  area,
  label,
  page,
  sort,
  error,
  editPath,
  extraColumns = [],
  filters,
  searchLabel,
  emptyMessage,
}: {
  area: ProductArea;
  label: string;
  page: AdminPage<AdminProductRow>;
  sort: string;
  error?: string;
  editPath: (row: AdminProductRow) => string;
  /** Columns shown after the title. */
  extraColumns?: ColumnDef<AdminProductRow>[];
  filters?: ReactNode;
  searchLabel: string;
  emptyMessage: string;
}) {
  const { i18n } = useLingui();
  const format = useFormat();
  const { number } = format;
  const { run } = useMutation();
  const [priceFor, setPriceFor] = useState<number[] | null>(null);
  // The formats change only with the language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: format follows format.locale
  const columns = useMemo(() => {
    const [title, ...rest] = productColumns(editPath, { i18n, ...format });
    return [title!, ...extraColumns, ...rest];
  }, [editPath, extraColumns, i18n, format.locale]);
  const bulk = async (ids: number[], action: "publish" | "unpublish") => {
    const done = await run<BulkResult>({
      method: "POST",
      path: `/api/admin/${area}/bulk`,
      body: { ids, action },
      success:
        action === "publish"
          ? i18n._("Publishing done: each product's result is shown")
          : ids.length === 1
            ? i18n._("Unpublished 1 product")
            : i18n._("Unpublished {count} products", { count: number(ids.length) }),
    });
    // What could not be published (an e-book without its PDF, …) is named with the reason.
    const refused = done?.results.filter((r) => !r.ok) ?? [];
    if (action === "publish" && done) {
      const titles = new Map(page.items.map((p) => [p.id, p.title]));
      const published = done.results.length - refused.length;
      toast({
        variant: refused.length ? "destructive" : "default",
        title:
          published === 1
            ? i18n._("Published 1 product")
            : i18n._("Published {count} products", { count: number(published) }),
        description:
          refused
            .map((r) => `${titles.get(r.id) ?? `#${r.id}`}: ${translateMessage(i18n, r.message)}`)
            .join("\n") || undefined,
      });
    }
  };
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        page={page}
        sort={sort}
        error={error}
        getRowId={(p) => p.id}
        rowName={(p) => p.title}
        searchLabel={searchLabel}
        filters={filters}
        emptyMessage={emptyMessage}
        bulkActions={[
          { label: i18n._("Publish"), run: (ids) => bulk(ids, "publish") },
          { label: i18n._("Unpublish"), run: (ids) => bulk(ids, "unpublish") },
          { label: i18n._("Change price…"), run: (ids) => setPriceFor(ids) },
        ]}
      />
      <BulkPriceDialog area={area} ids={priceFor} onClose={() => setPriceFor(null)} />
    </>
  );
}

function BulkPriceDialog({
  area,
  ids,
  onClose,
}: {
  area: ProductArea;
  ids: number[] | null;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const { run, pending } = useMutation();
  const [percent, setPercent] = useState("");
  const [error, setError] = useState("");
  const n = ids?.length ?? 0;
  return (
    <Dialog
      open={ids !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={
        n === 1
          ? i18n._("Change the price of 1 product")
          : i18n._("Change the price of {count} products", { count: number(n) })
      }
      description={i18n._(
        "By a percentage: 10 raises prices by 10%, −10 lowers them. New prices are rounded to whole taka; a sale price that would no longer be below the new price is removed.",
      )}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          const value = Number(percent.replace("−", "-"));
          if (percent.trim() === "" || !Number.isFinite(value) || value === 0 || value < -90 || value > 500) {
            setError(i18n._("Enter a percentage from −90 to 500, other than 0"));
            return;
          }
          const done = await run<BulkResult>({
            method: "POST",
            path: `/api/admin/${area}/bulk`,
            body: { ids, action: "price", percent: value },
            success:
              n === 1
                ? i18n._("Changed the price of 1 product")
                : i18n._("Changed the price of {count} products", { count: number(n) }),
          });
          if (done) {
            setPercent("");
            setError("");
            onClose();
          }
        }}
      >
        <TextField
          label={i18n._("Change (%)")}
          inputMode="decimal"
          value={percent}
          error={error}
          onChange={(e) => setPercent(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {i18n._("Cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {i18n._("Change prices")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
