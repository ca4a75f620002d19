import type {
  Consignment,
  ConsignmentRef,
  Courier,
  CourierStatus,
  DemoStandIn,
  ShipmentStatus,
} from "./provider";
import { CourierError } from "./provider";

/**
 * The demo's courier, inside the shop: it books every parcel at once and moves it along by the
 * clock (booked, then with the rider, then delivered), so a demo shop can book and follow parcels
 * on its first start. No parcel goes anywhere and no company is involved; staff pages name it
 * "Demo courier". The booking time is written into the tracking code, so a restart loses nothing.
 *
 * Chosen when no courier is configured outside production (config.ts); never in production unless
 * COURIER_PROVIDER=demo is set. It then stands in under each courier's name that has no keys
 * (`demo-steadfast`, `demo-pathao`, `demo-redx`: "Steadfast (demo)"), so the clerk can try booking
 * with each; the plain `demo` courier stays connected to follow the parcels booked with it before.
 */
export const DEMO_TIMELINE: readonly { afterMs: number; status: ShipmentStatus; word: string }[] = [
  { afterMs: 0, status: "in_review", word: "booked" },
  { afterMs: 5 * 60_000, status: "in_transit", word: "with the rider" },
  { afterMs: 30 * 60_000, status: "delivered", word: "delivered" },
];

const CODE = /^DEMO-([A-Z0-9_-]+)-([0-9A-Z]+)$/i;

export interface DemoCourier extends Courier {
  readonly name: "demo" | DemoStandIn;
  createConsignment(req: Parameters<Courier["createConsignment"]>[0]): Promise<Consignment>;
  fetchStatus(ref: ConsignmentRef): Promise<CourierStatus>;
}

export function createDemoCourier(
  now: () => number = Date.now,
  name: "demo" | DemoStandIn = "demo",
): DemoCourier {
  return {
    name,
    async createConsignment(req) {
      if (!/^[A-Za-z0-9_-]{1,60}$/.test(req.invoice)) {
        throw new CourierError(
          name,
          "invalid_request",
          `The demo courier cannot take invoice ${req.invoice}`,
        );
      }
      const code = `DEMO-${req.invoice}-${now().toString(36)}`.toUpperCase();
      return { consignmentId: code, trackingCode: code, status: "in_review", raw: { demo: true, code } };
    },
    async fetchStatus(ref) {
      const code = ref.trackingCode ?? ref.consignmentId ?? "";
      const m = CODE.exec(code);
      const bookedAt = m ? Number.parseInt(m[2]!, 36) : Number.NaN;
      if (!Number.isFinite(bookedAt)) {
        throw new CourierError(name, "not_found", `The demo courier booked no parcel ${code}`);
      }
      const age = now() - bookedAt;
      const step = [...DEMO_TIMELINE].reverse().find((s) => age >= s.afterMs) ?? DEMO_TIMELINE[0]!;
      return { status: step.status, courierStatus: step.word, raw: { demo: true, code, ageMs: age } };
    },
  };
}
