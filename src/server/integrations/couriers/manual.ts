import type { Courier } from "./provider";

/** No courier system: staff book the parcel by hand, type its consignment number and set its status. */
export function createManualCourier(): Courier {
  return {
    name: "manual",
    async createConsignment() {
      return null;
    },
    async fetchStatus() {
      return null;
    },
  };
}
