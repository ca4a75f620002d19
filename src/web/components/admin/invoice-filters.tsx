import { useId } from "react";
import { useListParams } from "./list-params";

/** A day filter of an admin list (`YYYY-MM-DD`, Dhaka) bound to one URL parameter. */
export function InvoiceDayFilter({ name, label }: { name: string; label: string }) {
  const { get, set } = useListParams();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={get(name)}
        onChange={(e) => set({ [name]: e.target.value })}
        className="block min-h-11 rounded-md border border-slate-300 bg-white px-2"
      />
    </div>
  );
}
