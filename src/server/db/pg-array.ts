/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) sent as one text parameter: every driver passes it
 * the same way, where a JS array would become one parameter per element.
 */
export function pgArrayLiteral(values: readonly (string | number | boolean | null)[]): string {
  const items = values.map((v) => {
    if (v === null) return "NULL";
    if (typeof v === "number") return String(v);
    if (typeof v === "boolean") return v ? "t" : "f";
    return `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(",")}}`;
}
