import type { UseFormRegisterReturn } from "react-hook-form";
import { districtLabel, districtOptions } from "../../../contracts/districts";
import { useLingui, useLocale } from "../../i18n";
import { SelectField, TextAreaField, TextField } from "../ui/field";

/**
 * The three fields of a delivery address (district, area or thana, the street address), one way
 * for the address book and the checkout: the same labels, autocomplete hints, limits and district
 * names in the page's language. Each form hands in its own registrations (the checkout's district
 * also reprices the cart) and field errors.
 */
export function AddressFields({
  district,
  area,
  address,
  errors,
  districtHint,
  addressClassName,
}: {
  district: UseFormRegisterReturn;
  area: UseFormRegisterReturn;
  address: UseFormRegisterReturn;
  errors: { district?: string; area?: string; address?: string };
  /** Under the district: the checkout says whether it is inside Dhaka. */
  districtHint?: string;
  /** The street address's box in the form's grid (a whole row in the checkout's two columns). */
  addressClassName?: string;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <>
      <SelectField
        label={i18n._("District")}
        options={districtOptions(locale)}
        optionLabel={(d) => districtLabel(d, locale)}
        autoComplete="address-level1"
        hint={districtHint}
        error={errors.district}
        {...district}
      />
      <TextField label={i18n._("Area / thana")} autoComplete="address-level2" error={errors.area} {...area} />
      <TextAreaField
        label={i18n._("Address")}
        className={addressClassName}
        autoComplete="street-address"
        placeholder={i18n._("House, road, village or landmark")}
        maxLength={300}
        error={errors.address}
        {...address}
      />
    </>
  );
}
