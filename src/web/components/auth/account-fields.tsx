import type { ComponentProps } from "react";
import { HSC_BATCHES } from "../../../contracts/messages";
import { useFormat, useLingui } from "../../i18n";
import { SelectField, TextField } from "../ui/field";

type TextProps = Omit<ComponentProps<typeof TextField>, "label" | "type" | "inputMode" | "autoComplete"> & {
  label?: string;
};

/** A Bangladeshi mobile number (sign-up, the profile, checkout). */
export function PhoneField({ label, ...props }: TextProps) {
  const { i18n } = useLingui();
  return (
    <TextField
      label={label ?? i18n._("Phone number")}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      {...props}
    />
  );
}

/** The 6-digit code of an SMS or an email (contracts/auth's otpCodeField: six digits). */
export function CodeField(props: TextProps & { label: string }) {
  return (
    <TextField
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      pattern="[0-9]{6}"
      maxLength={6}
      {...props}
    />
  );
}

/** An HSC batch as a person reads it in the page's language ("HSC 2026", "এইচএসসি ২০২৬"); the value stays. */
export function useHscBatchLabel(): (batch: string) => string {
  const { i18n } = useLingui();
  const { year } = useFormat();
  return (batch) => {
    if (batch === "Others") return i18n._("Others");
    const y = /^HSC (\d{4})$/.exec(batch)?.[1];
    return y ? i18n._("HSC {year}", { year: year(Number(y)) }) : batch;
  };
}

/** The HSC batch, chosen from the fixed list (HSC 2024, HSC 2025, HSC 2026, Others). */
export function HscBatchField(
  props: Omit<ComponentProps<typeof SelectField>, "label" | "options" | "placeholder">,
) {
  const { i18n } = useLingui();
  const batchLabel = useHscBatchLabel();
  return (
    <SelectField
      label={i18n._("HSC batch")}
      options={HSC_BATCHES}
      optionLabel={batchLabel}
      placeholder={i18n._("Choose your batch")}
      {...props}
    />
  );
}
