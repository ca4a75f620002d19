import { useEffect, useState } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { parseTaka } from "../../../contracts/money";
import { TextField } from "../ui/field";

const show = (poisha: unknown) =>
  typeof poisha === "number" && Number.isFinite(poisha)
    ? String(poisha % 100 === 0 ? poisha / 100 : (poisha / 100).toFixed(2))
    : "";

/**
 * An amount staff type in taka ("1,250.50") while the form holds integer poisha, as the API
 * does. Empty is null (e.g. no sale price); anything else that is not an amount is NaN, which the
 * contract's schema refuses with its own message.
 */
export function MoneyField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  hint?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const [text, setText] = useState(show(field.value));
  // A value set from outside (a colleague's saved version) replaces what is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside change of the value
  useEffect(() => {
    const typed = parseTaka(text);
    if (!(typed === field.value || (Number.isNaN(typed) && Number.isNaN(field.value))))
      setText(show(field.value));
  }, [field.value]);
  return (
    <TextField
      label={label}
      hint={hint}
      error={fieldState.error?.message}
      inputMode="decimal"
      autoComplete="off"
      name={field.name}
      ref={field.ref}
      value={text}
      onBlur={field.onBlur}
      onChange={(e) => {
        setText(e.target.value);
        field.onChange(parseTaka(e.target.value));
      }}
    />
  );
}
