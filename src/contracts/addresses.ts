import { deliveryAddressFields, recipientFields } from "./checkout";
import { z } from "./zod";

/** Most addresses one account keeps. */
export const MAX_ADDRESSES = 10;

/** An address of the address book, as the form and `POST`/`PUT /api/addresses` take it. */
export const addressSchema = z.object({
  ...recipientFields,
  ...deliveryAddressFields,
  isDefault: z.boolean({ error: "isDefault must be true or false" }).optional(),
});
export type AddressInput = z.input<typeof addressSchema>;

export type SavedAddress = {
  id: number;
  name: string;
  phone: string;
  district: string;
  area: string;
  address: string;
  isDefault: boolean;
  lastUsedAt: string | null;
};

export const TOO_MANY_ADDRESSES = `You can keep at most ${MAX_ADDRESSES} addresses: delete one first`;
export const NO_SUCH_ADDRESS = /*i18n*/ "No such address";
