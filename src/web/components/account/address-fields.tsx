import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import { districtLabel, districtOptions } from "../../../contracts/districts";
import { useLingui, useLocale } from "../../i18n";
import { SelectField, TextAreaField, TextField } from "../ui/field";

/**
 * The three fields of a delivery address (district, area or thana, the street address), one way
 * for the address book and the checkout: the same labels, autocomplete hints, limits (the
 * contract's, as native constraints, for a form posted without JavaScript) and district names in
 * the page's language. Each form hands in its own props for each field (a react-hook-form
 * registration, or a plain form's name, first value and handler) and the field errors.
 */
export function AddressFields({
  district,
  area,
  address,
  errors,
  districtHint,
  districtAside,
  addressClassName,
}: {
  district: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };
  area: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  address: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };
  errors: { district?: string; area?: string; address?: string };
  /** Under the district: the checkout says whether it is inside Dhaka. */
  districtHint?: string;
  /** Beside the district: the checkout's button that prices delivery for it without JavaScript. */
  districtAside?: ReactNode;
  /** The street address's box in the form's grid (a whole row in the checkout's two columns). */
  addressClassName?: string;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const districtField = (
    <SelectField
      label={i18n._("District")}
      className={districtAside ? "min-w-0 flex-1" : undefined}
      options={districtOptions(locale)}
      optionLabel={(d) => districtLabel(d, locale)}
      autoComplete="address-level1"
      required
      hint={districtHint}
      error={errors.district}
      {...district}
    />
  );
  return (
    <>
      {districtAside ? (
        <div className="flex items-start gap-2">
          {districtField}
          {districtAside}
        </div>
      ) : (
        districtField
      )}
      <TextField
        label={i18n._("Area / thana")}
        autoComplete="address-level2"
        required
        minLength={2}
        maxLength={80}
        error={errors.area}
        {...area}
      />
      <TextAreaField
        label={i18n._("Address")}
        className={addressClassName}
        autoComplete="street-address"
        placeholder={i18n._("House, road, village or landmark")}
        required
        minLength={5}
        maxLength={300}
        error={errors.address}
        {...address}
      />
    </>
  );
}
