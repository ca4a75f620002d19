/**
 * The address book: several addresses per customer, one default, the last used one remembered by
 * checkout; nobody reads or changes another's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ADDRESSES, type SavedAddress, TOO_MANY_ADDRESSES } from "../../src/contracts/addresses";
import { addressToPrefill } from "../../src/server/services/cart/addresses";
import { checkout } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const HOME = {
  name: "Nusrat Jahan",
  phone: "01712345678",
  district: "Dhaka",
  area: "Mirpur",
  address: "House 12, Road 3, Section 6",
};
const list = async (u: TestUser) =>
  (await h.request<SavedAddress[]>("GET", "/api/addresses", { cookie: u.cookie })).body.data ?? [];
const create = (u: TestUser, body: unknown) =>
  h.request<SavedAddress>("POST", "/api/addresses", { body, cookie: u.cookie });

describe("the address book", () => {
  it("keeps several, the first the default, and moves the default on request and on delete", async () => {
    const u = await h.createUser();
    const home = await create(u, HOME);
    expect(home.status, home.text).toBe(201);
    expect(home.body.data).toMatchObject({ ...HOME, isDefault: true, lastUsedAt: null });
    const hall = await create(u, {
      ...HOME,
      district: "Sylhet",
      area: "Zindabazar",
      address: "Shahjalal Hall, Room 204",
    });
    expect(hall.body.data?.isDefault).toBe(false);

    const made = await h.request<SavedAddress>("POST", `/api/addresses/${hall.body.data!.id}/default`, {
      cookie: u.cookie,
    });
    expect(made.body.data?.isDefault).toBe(true);
    expect((await list(u)).map((a) => [a.id, a.isDefault])).toEqual([
      [hall.body.data!.id, true],
      [home.body.data!.id, false],
    ]);

    const edited = await h.request<SavedAddress>("PUT", `/api/addresses/${home.body.data!.id}`, {
      body: { ...HOME, area: "Dhanmondi" },
      cookie: u.cookie,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data?.area).toBe("Dhanmondi");

    const left = await h.request<SavedAddress[]>("DELETE", `/api/addresses/${hall.body.data!.id}`, {
      cookie: u.cookie,
    });
    expect(left.body.data).toHaveLength(1);
    expect(left.body.data![0]).toMatchObject({ id: home.body.data!.id, isDefault: true });
  });

  it("refuses bad input, an eleventh address and another's address, changing nothing", async () => {
    const u = await h.createUser();
    const other = await h.createUser();
    const bad = await create(u, { ...HOME, district: "Atlantis", address: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ district: expect.any(String), address: expect.any(String) });
    expect(await list(u)).toEqual([]);
    const mine = (await create(u, HOME)).body.data!;
    for (const [method, path, body] of [
      ["PUT", `/api/addresses/${mine.id}`, HOME],
      ["DELETE", `/api/addresses/${mine.id}`, undefined],
      ["POST", `/api/addresses/${mine.id}/default`, undefined],
    ] as const) {
      expect((await h.request(method, path, { body, cookie: other.cookie })).status).toBe(404);
    }
    expect(await list(other)).toEqual([]);
    expect((await h.request("GET", "/api/addresses")).status).toBe(401);
    for (let i = 1; i < MAX_ADDRESSES; i++) await create(u, { ...HOME, address: `House ${i}, Road 3` });
    const eleventh = await create(u, { ...HOME, address: "House 99, Road 3" });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe(TOO_MANY_ADDRESSES);
    expect(await list(u)).toHaveLength(MAX_ADDRESSES);
  });

  it("remembers the address of a printed order as the last used, once", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 10 });
    await checkout(h, u, { items: [{ productId: book.id }] });
    const after = await list(u);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ district: "Sylhet", area: "Zindabazar", isDefault: true });
    expect(after[0]!.lastUsedAt).not.toBeNull();
    // The same address again is not kept twice.
    await checkout(h, u, { items: [{ productId: book.id }] });
    expect(await list(u)).toHaveLength(1);
    expect(addressToPrefill(await list(u))?.id).toBe(after[0]!.id);
  });
});

describe("addressToPrefill", () => {
  const a = (id: number, isDefault: boolean, lastUsedAt: string | null): SavedAddress => ({
    id,
    isDefault,
    lastUsedAt,
    name: "N",
    phone: "01712345678",
    district: "Dhaka",
    area: "A",
    address: "Road 1",
  });
  it("fills in the last used address, else the default, else none", () => {
    expect(
      addressToPrefill([a(1, true, "2026-01-01T00:00:00.000Z"), a(2, false, "2026-02-01T00:00:00.000Z")])?.id,
    ).toBe(2);
    expect(addressToPrefill([a(1, false, null), a(2, true, null)])?.id).toBe(2);
    expect(addressToPrefill([])).toBeNull();
  });
});
