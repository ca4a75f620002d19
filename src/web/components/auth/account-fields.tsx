import type { ComponentProps } from "react";
import { HSC_BATCHES } from "../../../contracts/messages";
import { SelectField, TextField } from "../ui/field";

type TextProps = Omit<ComponentProps<typeof TextField>, "label" | "type" | "inputMode" | "autoComplete"> & {
  label?: string;
};

/** A Bangladeshi mobile number (sign-up, the profile, checkout). */
export function PhoneField({ label = "Phone number", ...props }: TextProps) {
  return <TextField label={label} type="tel" inputMode="tel" autoComplete="tel" {...props} />;
}

/** The HSC batch, chosen from the fixed list (HSC 2024, HSC 2025, HSC 2026, Others). */
export function HscBatchField(
  props: Omit<ComponentProps<typeof SelectField>, "label" | "options" | "placeholder">,
) {
  return <SelectField label="HSC batch" options={HSC_BATCHES} placeholder="Choose your batch" {...props} />;
}
