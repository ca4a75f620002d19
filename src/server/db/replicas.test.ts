import type pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { connectReplicas, type Replicas } from "./replicas";

/** What a replica answers to the health check: standby, caught up with the primary, seconds since its last replayed transaction. */
type State = { standby: boolean; caughtUp: boolean | null; lag: number | null } | "down";

/** `fail`: the error every statement but the health check's fails with. */
type FakePool = pg.Pool & { state: State; fail: Error | null };

const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5433"), { code: "ECONNREFUSED" });

/** A pool that answers the health check from `state` and any other statement with its own name. */
function fakePool(name: string, state: State): FakePool {
  const pool = {
    state,
    fail: null as Error | null,
    async query(text: unknown) {
      if (pool.state === "down") throw refused();
      if (typeof text === "string" && text.includes("pg_is_in_recovery")) {
        const { standby, caughtUp, lag } = pool.state;
        return { rows: [{ standby, caught_up: caughtUp, lag }] };
      }
      if (typeof text === "string" && text.includes("pg_current_wal_lsn"))
        return { rows: [{ lsn: "0/3000060" }] };
      if (pool.fail) throw pool.fail;
      return { rows: [{ from: name }] };
    },
    on() {
      return pool;
    },
    async end() {},
  };
  return pool as unknown as FakePool;
}

type FakeDb = { pool: FakePool; transaction: (fn: (tx: FakePool) => Promise<unknown>) => Promise<unknown> };

const fakeDb = (pool: FakePool): FakeDb => ({ pool, transaction: (fn) => fn(pool) });

let open: Replicas<FakeDb> | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

/** The primary and replicas a, b…, each in the state given; checked once. */
async function setUp(states: State[], maxLagSeconds = 10) {
  const primary = fakePool("primary", { standby: false, caughtUp: null, lag: null });
  const pools = new Map<string, FakePool>();
  const said: string[] = [];
  const replicas = connectReplicas<FakeDb>({
    urls: states.map((_, i) => `postgres://replica-${i}/shop`),
    primary,
    primaryDb: fakeDb(primary),
    poolSize: 2,
    maxLagSeconds,
    makePool: (url) => {
      const pool = fakePool(url, states[pools.size]!);
      pools.set(url, pool);
      return pool;
    },
    makeDb: (pool) => fakeDb(pool as FakePool),
    onChange: (message) => said.push(message),
  });
  open = replicas;
  await replicas.check();
  const pool = (i: number) => pools.get(`postgres://replica-${i}/shop`)!;
  return { replicas, primary, pool, said };
}

const ask = async (db: FakeDb) =>
  ((await db.pool.query("select 1")) as { rows: { from: string }[] }).rows[0]!.from;

describe("connectReplicas", () => {
  it("takes a replica that has replayed everything the primary wrote, however long ago its last transaction", async () => {
    const { replicas } = await setUp([{ standby: true, caughtUp: true, lag: 3600 }]);
    expect(replicas.health()[0]).toMatchObject({ up: true, lagSeconds: 0, error: null });
    expect(replicas.pick()).not.toBeNull();
  });

  it("takes a replica that is behind by less than the lag allowed, and leaves one further behind", async () => {
    const { replicas } = await setUp([
      { standby: true, caughtUp: false, lag: 2 },
      { standby: true, caughtUp: false, lag: 12 },
    ]);
    expect(replicas.health().map((r) => [r.up, r.lagSeconds])).toEqual([
      [true, 2],
      [false, 12],
    ]);
    expect(replicas.health()[1]?.error).toBe("12.0 s behind");
  });

  it("leaves a server that is not a standby, one that has replayed nothing, and one that does not answer", async () => {
    const { replicas } = await setUp([
      { standby: false, caughtUp: null, lag: null },
      { standby: true, caughtUp: false, lag: null },
      "down",
    ]);
    expect(replicas.health().map((r) => r.up)).toEqual([false, false, false]);
    expect(replicas.pick()).toBeNull();
    expect(replicas.counts).toEqual({ replica: 0, primary: 1, fellBack: 0 });
  });

  it("hands reads to the healthy replicas in turn", async () => {
    const { replicas } = await setUp([
      { standby: true, caughtUp: true, lag: 0 },
      "down",
      { standby: true, caughtUp: true, lag: 0 },
    ]);
    const served = [];
    for (let i = 0; i < 4; i++) served.push(await ask(replicas.pick()!));
    expect(served).toEqual([
      "postgres://replica-0/shop",
      "postgres://replica-2/shop",
      "postgres://replica-0/shop",
      "postgres://replica-2/shop",
    ]);
    expect(replicas.counts.replica).toBe(4);
  });

  it("runs a statement that fails for want of the replica on the primary, and leaves the replica until a check finds it well", async () => {
    const { replicas, pool, said } = await setUp([{ standby: true, caughtUp: true, lag: 0 }]);
    const db = replicas.pick()!;
    pool(0).state = "down";
    expect(await ask(db)).toBe("primary");
    expect(replicas.health()[0]).toMatchObject({ up: false, error: expect.stringMatching(/ECONNREFUSED/) });
    expect(replicas.counts.fellBack).toBe(1);
    expect(replicas.pick()).toBeNull();

    pool(0).state = { standby: true, caughtUp: true, lag: 0 };
    await replicas.check();
    expect(await ask(replicas.pick()!)).toBe("postgres://replica-0/shop");
    // Each change is told once, for the log.
    expect(said).toEqual([
      "replica postgres://replica-0/shop serves the catalogue's reads",
      "replica postgres://replica-0/shop left for the primary: connect ECONNREFUSED 127.0.0.1:5433",
      "replica postgres://replica-0/shop serves the catalogue's reads",
    ]);
  });

  it("passes on a statement's own error (bad SQL is not the replica's fault)", async () => {
    const { replicas, pool } = await setUp([{ standby: true, caughtUp: true, lag: 0 }]);
    pool(0).fail = Object.assign(new Error('column "nope" does not exist'), { code: "42703" });
    await expect(replicas.pick()!.pool.query("select nope")).rejects.toThrow(/nope/);
    expect(replicas.health()[0]?.up).toBe(true);
    expect(replicas.counts.fellBack).toBe(0);
  });
});
