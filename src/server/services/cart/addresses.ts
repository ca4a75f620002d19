/**
 * The customer's address book: up to MAX_ADDRESSES delivery addresses, at most one the default.
 * Checkout remembers the address a printed order went to (a new entry, or the same one's
 * `lastUsedAt` renewed) and fills in the last used one next time, else the default.
 */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import {
  addressSchema,
  MAX_ADDRESSES,
  NO_SUCH_ADDRESS,
  type SavedAddress,
  TOO_MANY_ADDRESSES,
} from "../../../contracts/addresses";
import { type Db, inTransaction } from "../../db/client";
import { addresses } from "../../db/schema";
import { requireSignedIn } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";

type Row = typeof addresses.$inferSelect;
type Fields = { name: string; phone: string; district: string; area: string; address: string };

const SIGN_IN_FOR_ADDRESSES = "Please sign in to keep addresses";

function toSaved(r: Row): SavedAddress {
  return {
    id: r.id,
    name: r.name,
    phone: r.phone,
    district: r.district,
    area: r.area,
    address: r.address,
    isDefault: r.isDefault,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  };
}

function readAll(db: Db, userId: number) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), sql`${addresses.lastUsedAt} desc nulls last`, desc(addresses.id));
}

/** The caller's addresses: the default first, then the most recently used. */
export async function listAddresses(ctx: Ctx): Promise<SavedAddress[]> {
  const me = requireSignedIn(ctx, SIGN_IN_FOR_ADDRESSES);
  return (await readAll(ctx.db, me.id)).map(toSaved);
}

/** A customer's addresses as `listAddresses` gives them, for staff taking their order by phone. */
export async function listAddressesOf(db: Db, userId: number): Promise<SavedAddress[]> {
  return (await readAll(db, userId)).map(toSaved);
}

/** The address checkout fills in: the last used one, else the default, else none. */
export function addressToPrefill(list: readonly SavedAddress[]): SavedAddress | null {
  const used = list.filter((a) => a.lastUsedAt).sort((a, b) => (a.lastUsedAt! < b.lastUsedAt! ? 1 : -1));
  return used[0] ?? list.find((a) => a.isDefault) ?? null;
}

/** Locks the user's address rows: one user's changes take turns (the limit and the default hold). */
async function lockBook(tx: Db, userId: number): Promise<Row[]> {
  return tx.select().from(addresses).where(eq(addresses.userId, userId)).for("update");
}

async function makeOnlyDefault(tx: Db, userId: number, id: number, now: Date) {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(addresses.userId, userId), ne(addresses.id, id), eq(addresses.isDefault, true)));
  await tx.update(addresses).set({ isDefault: true, updatedAt: now }).where(eq(addresses.id, id));
}

/** Adds an address; the first one, or one asked to be, becomes the default. */
export async function createAddress(ctx: Ctx, input: unknown): Promise<SavedAddress> {
  const me = requireSignedIn(ctx, SIGN_IN_FOR_ADDRESSES);
  const v = addressSchema.parse(input);
  const now = ctx.now();
  const id = await inTransaction(ctx.db, async (tx) => {
    const book = await lockBook(tx, me.id);
    if (book.length >= MAX_ADDRESSES) throw new DomainError("conflict", TOO_MANY_ADDRESSES);
    const { isDefault, ...fields } = v;
    const [row] = await tx
      .insert(addresses)
      .values({ ...fields, userId: me.id, createdAt: now, updatedAt: now })
      .returning({ id: addresses.id });
    if (isDefault || book.length === 0) await makeOnlyDefault(tx, me.id, row!.id, now);
    return row!.id;
  });
  return findOwn(ctx.db, me.id, id);
}

async function findOwn(db: Db, userId: number, id: number): Promise<SavedAddress> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) throw new DomainError("not_found", NO_SUCH_ADDRESS);
  return toSaved(row);
}

/** Changes one of the caller's addresses (`isDefault: true` also makes it the default). */
export async function updateAddress(ctx: Ctx, id: number, input: unknown): Promise<SavedAddress> {
  const me = requireSignedIn(ctx, SIGN_IN_FOR_ADDRESSES);
  const v = addressSchema.parse(input);
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const book = await lockBook(tx, me.id);
    if (!book.some((a) => a.id === id)) throw new DomainError("not_found", NO_SUCH_ADDRESS);
    const { isDefault, ...fields } = v;
    await tx
      .update(addresses)
      .set({ ...fields, updatedAt: now })
      .where(eq(addresses.id, id));
    if (isDefault) await makeOnlyDefault(tx, me.id, id, now);
  });
  return findOwn(ctx.db, me.id, id);
}

/** Makes one of the caller's addresses the default. */
export async function makeDefaultAddress(ctx: Ctx, id: number): Promise<SavedAddress> {
  const me = requireSignedIn(ctx, SIGN_IN_FOR_ADDRESSES);
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const book = await lockBook(tx, me.id);
    if (!book.some((a) => a.id === id)) throw new DomainError("not_found", NO_SUCH_ADDRESS);
    await makeOnlyDefault(tx, me.id, id, now);
  });
  return findOwn(ctx.db, me.id, id);
}

/** Deletes one of the caller's addresses; when it was the default, the most recent other one is. */
export async function deleteAddress(ctx: Ctx, id: number): Promise<SavedAddress[]> {
  const me = requireSignedIn(ctx, SIGN_IN_FOR_ADDRESSES);
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const book = await lockBook(tx, me.id);
    const gone = book.find((a) => a.id === id);
    if (!gone) throw new DomainError("not_found", NO_SUCH_ADDRESS);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (gone.isDefault) {
      const [next] = await readAll(tx, me.id);
      if (next) await makeOnlyDefault(tx, me.id, next.id, now);
    }
  });
  return listAddresses(ctx);
}

/**
 * Inside checkout's transaction: the address a printed order goes to is kept in the buyer's book
 * (the same address renewed as last used, or a new entry while there is room; the first one
 * becomes the default). One statement, which locks the book as the address calls do: a query
 * builder, awaited or sent with the order's other writes (sendTogether).
 */
export function rememberAddressInTx(tx: Db, userId: number, a: Fields, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return tx.execute(sql`
    with book as (
      select id, name, phone, district, area, address from ${addresses} where user_id = ${userId} for update
    ), same as (
      update ${addresses} set last_used_at = ${at}
      where id = (
        select id from book
        where name = ${a.name} and phone = ${a.phone} and district = ${a.district} and area = ${a.area}
          and address = ${a.address}
        order by id limit 1)
      returning id
    )
    insert into ${addresses} (user_id, name, phone, district, area, address, is_default, last_used_at, created_at, updated_at)
    select ${userId}, ${a.name}, ${a.phone}, ${a.district}, ${a.area}, ${a.address}, not exists (select 1 from book),
      ${at}, ${at}, ${at}
    where not exists (select 1 from same) and (select count(*) from book) < ${MAX_ADDRESSES}`);
}
