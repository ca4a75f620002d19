import { describe, expect, it } from "vitest";
import { createDemoCourier } from "./demo";
import { CourierError } from "./provider";

const req = {
  invoice: "PG-1001",
  recipientName: "A",
  recipientPhone: "01711111111",
  recipientAddress: "Dhaka",
  codAmount: 0,
};

describe("demo courier", () => {
  it("books at once and moves the parcel along by the clock", async () => {
    let clock = Date.UTC(2026, 0, 1);
    const demo = createDemoCourier(() => clock);
    const c = await demo.createConsignment(req);
    expect(c.trackingCode).toMatch(/^DEMO-PG-1001-[0-9A-Z]+$/);
    expect((await demo.fetchStatus({ trackingCode: c.trackingCode })).status).toBe("in_review");
    clock += 5 * 60_000;
    expect((await demo.fetchStatus({ trackingCode: c.trackingCode })).status).toBe("in_transit");
    clock += 25 * 60_000;
    expect(await demo.fetchStatus({ trackingCode: c.trackingCode })).toMatchObject({
      status: "delivered",
      courierStatus: "delivered",
    });
  });

  it("remembers nothing: another instance (a restart) reads the same status from the code", async () => {
    const booked = await createDemoCourier(() => 1_000_000).createConsignment(req);
    const after = createDemoCourier(() => 1_000_000 + 6 * 60_000);
    expect((await after.fetchStatus({ trackingCode: booked.trackingCode })).status).toBe("in_transit");
  });

  it("knows no parcel it did not book", async () => {
    await expect(createDemoCourier().fetchStatus({ trackingCode: "SF123" })).rejects.toBeInstanceOf(
      CourierError,
    );
  });
});
