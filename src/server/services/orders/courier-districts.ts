/**
 * Which courier books each district's parcels (decision 67): the couriers connected at once
 * (every one with its keys; a demo's stand-ins), the default per district staff set on
 * `/admin/orders/couriers`, and the courier an order goes with unless staff choose another.
 */
import { eq, inArray } from "drizzle-orm";
import {
  type CourierDistricts,
  type CourierOption,
  courierDistrictsChangeSchema,
} from "../../../contracts/couriers";
import { DISTRICTS } from "../../../contracts/districts";
import { courierLabel, isDemoCourier } from "../../../contracts/fulfilment";
import type { Db } from "../../db/client";
import { courierDistricts, users } from "../../db/schema";
import type { Courier } from "../../integrations/couriers/provider";
import { requirePermission } from "../access";
import { adminChange } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";

const SEE = "Only staff with the orders permission can see the couriers by district";
const CHANGE = "Only staff with the orders permission can choose the couriers by district";

/** A courier as the pages offer it. */
export function courierOption(c: Courier): CourierOption {
  return {
    name: c.name,
    label: courierLabel(c.name) ?? c.name,
    demo: isDemoCourier(c.name),
    prices: typeof c.priceFor === "function",
  };
}

/** The connected courier staff may book with by that name, or a 400 naming the ones they may. */
export function bookableCourier(ctx: Pick<Ctx, "couriers">, name: string): Courier {
  const found = ctx.couriers.bookable.find((c) => c.name === name);
  if (found) return found;
  const names = ctx.couriers.bookable.map((c) => c.name);
  const message =
    names.length === 0
      ? "No courier system is connected: book the parcel with the courier, then type its consignment number"
      : `${courierLabel(name) ?? name} is not connected: choose ${names.join(", ")}`;
  throw new DomainError("invalid", message, { courier: message });
}

/**
 * The courier a parcel to `district` is booked with unless staff choose another: the district's
 * default when that courier is connected, else the shop's default courier; null when neither.
 */
export async function districtCourier(
  ctx: Pick<Ctx, "couriers">,
  db: Db,
  district: string,
): Promise<Courier | null> {
  const [row] = await db
    .select({ courier: courierDistricts.courier })
    .from(courierDistricts)
    .where(eq(courierDistricts.district, district))
    .limit(1);
  const own = row ? ctx.couriers.bookable.find((c) => c.name === row.courier) : undefined;
  return own ?? ctx.couriers.preferred;
}

/** `GET /api/admin/couriers/districts`: the 64 districts by division, each with its courier. */
export async function getCourierDistricts(ctx: Ctx): Promise<CourierDistricts> {
  requirePermission(ctx, "orders", SEE, SEE);
  const rows = await ctx.db
    .select({
      district: courierDistricts.district,
      courier: courierDistricts.courier,
      updatedAt: courierDistricts.updatedAt,
      updatedBy: users.name,
    })
    .from(courierDistricts)
    .leftJoin(users, eq(users.id, courierDistricts.updatedBy));
  const byDistrict = new Map(rows.map((r) => [r.district, r]));
  const connected = new Set<string>(ctx.couriers.bookable.map((c) => c.name));
  const districts = [...DISTRICTS]
    .sort((a, b) => a.division.localeCompare(b.division) || a.name.localeCompare(b.name))
    .map((d) => {
      const r = byDistrict.get(d.name);
      return {
        district: d.name,
        division: d.division,
        courier: r?.courier ?? null,
        connected: r ? connected.has(r.courier) : true,
        updatedAt: r?.updatedAt.toISOString() ?? null,
        updatedBy: r?.updatedBy ?? null,
      };
    });
  return {
    couriers: ctx.couriers.bookable.map(courierOption),
    shopDefault: ctx.couriers.preferred?.name ?? null,
    districts,
  };
}

/**
 * `PUT /api/admin/couriers/districts`: the districts the clerk changed, each to a connected courier
 * or back to the shop's default (null). Each district is written on its own row under its lock,
 * so a clerk in another tab changing other districts loses nothing, and the same district set in
 * two tabs ends as the later write says. One audit entry per district that changed.
 */
export async function setCourierDistricts(ctx: Ctx, input: unknown): Promise<CourierDistricts> {
  await adminChange(
    ctx,
    "orders",
    courierDistrictsChangeSchema,
    input,
    async (tx, v) => {
      for (const d of v.districts) if (d.courier !== null) bookableCourier(ctx, d.courier);
      const names = v.districts.map((d) => d.district);
      const before = new Map(
        (
          await tx
            .select({ district: courierDistricts.district, courier: courierDistricts.courier })
            .from(courierDistricts)
            .where(inArray(courierDistricts.district, names))
            .for("update")
        ).map((r) => [r.district, r.courier]),
      );
      const now = ctx.now();
      const audit = [];
      for (const d of v.districts) {
        const was = before.get(d.district) ?? null;
        if (d.courier === null) {
          await tx.delete(courierDistricts).where(eq(courierDistricts.district, d.district));
        } else {
          const row = { district: d.district, courier: d.courier, updatedAt: now, updatedBy: ctx.user!.id };
          await tx
            .insert(courierDistricts)
            .values(row)
            .onConflictDoUpdate({
              target: courierDistricts.district,
              set: { courier: d.courier, updatedAt: now, updatedBy: ctx.user!.id },
            });
        }
        if (was !== d.courier) {
          audit.push({
            action: "courier_district.set",
            entity: "courier_district",
            entityId: d.district,
            before: { courier: was },
            after: { courier: d.courier },
          });
        }
      }
      return { result: null, audit };
    },
    { refusal: CHANGE, publicChange: false },
  );
  return getCourierDistricts(ctx);
}
