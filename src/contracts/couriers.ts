/**
 * The courier each district's parcels go with (`/admin/orders/couriers`, `GET` and
 * `PUT /api/admin/couriers/districts`), and the prices the connected couriers ask for a parcel.
 * Decision 67.
 */
import { DISTRICTS, findDistrict } from "./districts";
import { z } from "./zod";

/**
 * A connected courier staff choose to book with (`steadfast`, `pathao`, `redx`, or a demo's
 * `demo-pathao`); whether it is connected is the server's to say.
 */
export const courierChoice = z
  .string({ error: "courier must be a courier's name, such as pathao" })
  .trim()
  .toLowerCase()
  .min(1, { error: "Choose a courier" })
  .max(40, { error: "A courier name has at most 40 characters" })
  .regex(/^[a-z][a-z-]*$/, { error: "courier must be a courier's name, such as pathao" });

/** One district's change: a courier's name, or null for the shop's default courier. */
const districtChange = z.object({
  district: z
    .string({ error: "district must be one of the 64 districts" })
    .trim()
    .max(60, { error: "district must be one of the 64 districts" })
    .transform((v, c) => {
      const found = findDistrict(v);
      if (!found) {
        c.addIssue({ code: "custom", message: `${v} is not one of the 64 districts` });
        return z.NEVER;
      }
      return found.name;
    }),
  courier: courierChoice.nullable().meta({ description: "null: the shop's default courier" }),
});

/**
 * `PUT /api/admin/couriers/districts`: only the districts the clerk changed, each written on its
 * own, so two clerks changing different districts both keep their changes; the same district
 * changed in two tabs ends as the later write says.
 */
export const courierDistrictsChangeSchema = z.object({
  districts: z
    .array(districtChange, { error: "districts must be a list of changes" })
    .min(1, { error: "Change at least one district" })
    .max(DISTRICTS.length, { error: `At most ${DISTRICTS.length} districts` })
    .superRefine((list, c) => {
      const seen = new Set<string>();
      for (const d of list) {
        if (seen.has(d.district)) c.addIssue({ code: "custom", message: `${d.district} is named twice` });
        seen.add(d.district);
      }
    }),
});
export type CourierDistrictsChange = z.input<typeof courierDistrictsChangeSchema>;

/** A courier staff can book with, as the pages show it. */
export const courierOptionSchema = z.object({
  name: z.string().meta({ description: "What is sent as `courier`: steadfast, pathao, redx, demo-pathao…" }),
  label: z.string().meta({ description: 'How the shop writes it: "Pathao", "Pathao (demo)"' }),
  demo: z.boolean().meta({ description: "The demo courier standing in: nothing is sent anywhere" }),
  prices: z.boolean().meta({ description: "Whether the courier has a price API the shop asks" }),
});
export type CourierOption = z.infer<typeof courierOptionSchema>;

export const courierDistrictsSchema = z
  .object({
    couriers: z.array(courierOptionSchema),
    shopDefault: z.string().nullable().meta({ description: "The shop's default courier (COURIER_PROVIDER)" }),
    districts: z.array(
      z.object({
        district: z.string(),
        division: z.string(),
        courier: z.string().nullable().meta({ description: "null: the shop's default" }),
        connected: z
          .boolean()
          .meta({ description: "false: the courier set is no longer connected; the shop's default books" }),
        updatedAt: z.string().nullable(),
        updatedBy: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "CourierDistricts" });
export type CourierDistricts = z.infer<typeof courierDistrictsSchema>;

/** What one courier asks for an order's parcel, or why there is no figure. */
export const courierPriceSchema = z.object({
  courier: z.string(),
  label: z.string(),
  state: z.enum(["priced", "none", "failed"]).meta({
    description: "none: the courier has no price API; failed: it did not answer in time, or refused",
  }),
  total: z.number().int().nullable().meta({ description: "Poisha: delivery and the cash-on-delivery fee" }),
  delivery: z.number().int().nullable(),
  codFee: z.number().int().nullable(),
  message: z.string().nullable(),
});
export const courierPricesSchema = z
  .object({
    districtCourier: z.string().nullable().meta({
      description: "The courier the order goes with unless staff choose: its district's, else the shop's",
    }),
    prices: z.array(courierPriceSchema),
  })
  .meta({ id: "CourierPrices" });
export type CourierPrices = z.infer<typeof courierPricesSchema>;

/** How long the order page's prices wait for a courier before saying it did not answer. */
export const COURIER_PRICE_WAIT_MS = 2500;
